//! The person's seat: a [`Player`] the arena's referee seats like any engine. It tracks the
//! game with the engine's own tracker ([`crate::engine::track`]), tells the person what the
//! others do, and on `BID WHAT` / `PLAY WHAT` shows the table and asks until the answer is
//! legal. The referee still judges every answer; the person is never timed.

use super::console::{Console, SharedConsole};
use super::input::{read_bid, read_pass, read_play, request, Refusal, Request};
use super::view::{self, Paint};
use crate::arena::players::{Answer, Fault, FaultKind, Player};
use crate::engine::track;
use crate::game::GameState;
use crate::protocol::{Command, Reply};
use crate::rules::Combo;
use crate::strategy::clock::Clock;
use crate::strategy::thinker::{Thinker, ThinkerSettings};
use crate::strategy::Strategy;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// What the engine would do in the person's place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    /// The bid or the play.
    pub advice: Advice,
    /// The score the engine expects from it, when its strategy estimates one (the thinking
    /// player's search does; the rules player does not).
    pub expected: Option<f64>,
}

/// A hint's bid or play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Bid this (0: no bid).
    Bid(u8),
    /// Play this (or pass).
    Play(Combo),
}

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.advice {
            Advice::Bid(0) => write!(f, "hint: no bid (0)")?,
            Advice::Bid(b) => write!(f, "hint: bid {}", b)?,
            Advice::Play(c) if c.is_pass() => write!(f, "hint: pass")?,
            Advice::Play(c) => write!(f, "hint: {}", view::describe(&c))?,
        }
        if let Some(e) = self.expected {
            write!(f, " · expected score {:+.0}", e)?;
        }
        Ok(())
    }
}

const HELP: &str = "\
   type a play in human notation: 33344, 3 3 3 4 4, T or 10 for ten, xd for the rocket
   (any order, any case; a lone queen is Q); p or pass to pass; ? the legal plays; hint what
   the engine would play; q to leave the table (asked again first: the game is scored as your
   fault). When bidding: 0 to 3.
   A hint's expected score is the engine's estimate of your side's score on this deal, in the
   scoring rule's points, if you play (or bid) so: the mean over the deals it drew for the
   cards you cannot see, each played out as it would play. A bid's is for you as landlord at
   that bid. It shows no score when its search did not run (bidding by value thresholds).";

/// What the referee asks the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// `BID WHAT`.
    Bid,
    /// `PLAY WHAT`.
    Play,
}

/// What `thinker` (the engine's default player) would answer to `question` in `state`, thinking
/// for `think` (the engine's default when `None`), checked legal, with the score it expects;
/// `None` when it has no legal answer (a panic, an illegal choice). The terminal's `hint` and
/// `ddz serve`'s hint button both ask this.
pub fn hint(
    thinker: &mut Thinker,
    state: &GameState,
    think: Option<Duration>,
    question: Question,
) -> Option<Hint> {
    let deadline = Clock::thinking(think).deadline(Instant::now());
    // A hint is never worth a crash: a panic in the search gives no hint.
    let (advice, expected) = catch_unwind(AssertUnwindSafe(|| {
        if question == Question::Bid {
            if thinker.settings().bidder == crate::strategy::thinker::Bidder::Simulate {
                let b = thinker.analyze_bid(state, deadline);
                // The stake is linear in the bid: the mean at base 1 times the bid.
                let expected = (b.deals > 0 && b.bid > 0).then(|| b.mean * f64::from(b.bid));
                (Advice::Bid(b.bid), expected)
            } else {
                // The value thresholds estimate no score.
                (Advice::Bid(thinker.bid(state, deadline)), None)
            }
        } else {
            let a = thinker.analyze(state, deadline);
            let expected = a
                .candidates
                .iter()
                .find(|c| c.play == a.chosen)
                .map(|c| c.mean);
            (Advice::Play(a.chosen), expected)
        }
    }))
    .ok()?;
    let legal = match advice {
        Advice::Bid(bid) => state.bid_is_legal(bid),
        Advice::Play(play) => state.legal_plays().contains(&play),
    };
    legal.then_some(Hint { advice, expected })
}

/// The answer a person's seat owes a message that asks nothing of the person (every message
/// but the handshake and the two questions): its `OK`.
pub fn acknowledge(command: &Command) -> Answer {
    match command.ack() {
        Some(ack) => Ok((Reply::Ok(ack), None)),
        None => Err(Fault::new(
            FaultKind::Malformed,
            "no answer to this message",
        )),
    }
}

/// A person at the table, on a shared console.
pub struct Human {
    console: SharedConsole,
    state: Option<GameState>,
    think: Option<Duration>,
    /// The engine's default player (`builtin:ddz`), asked for hints: its search gives the
    /// expected score too.
    hints: Option<Thinker>,
    greeted: bool,
    /// The table as last shown in this game, line by line: the next one shows only the lines
    /// that changed (and always the hand).
    shown: Vec<String>,
}

impl Human {
    /// The person on `console`; hints think for `think` per decision (the default: the
    /// engine's).
    #[must_use]
    pub fn new(console: SharedConsole, think: Option<Duration>) -> Human {
        Human {
            console,
            state: None,
            think,
            hints: None,
            greeted: false,
            shown: Vec::new(),
        }
    }

    /// The person left (`how`): the game ends as abandoned (the referee charges the fault
    /// penalty).
    fn leave(&mut self, console: &mut Console, how: &str) -> Answer {
        console.left = true;
        Err(Fault::new(FaultKind::Left, how))
    }

    /// Whether the person, having typed `q` during a game, confirms leaving it (the end of
    /// input confirms: nobody is left to play).
    fn confirms_leaving(console: &mut Console) -> bool {
        let question = console.style.paint(
            Paint::Bold,
            "leave this game? it is scored as your fault (y/n)",
        );
        match console.ask(&question) {
            None => true,
            Some(answer) => matches!(answer.to_ascii_lowercase().as_str(), "y" | "yes"),
        }
    }

    /// What the engine's default player would do here ([`hint`]).
    fn hint(&mut self, question: Question) -> Option<Hint> {
        hint(
            self.hints.as_mut()?,
            self.state.as_ref()?,
            self.think,
            question,
        )
    }

    /// Shows the table and asks until the person answers `question` legally (or leaves).
    fn ask(&mut self, question: Question) -> Answer {
        let shared = self.console.clone();
        let mut console = Console::lock(&shared);
        let style = console.style;
        let state = match self.state.as_mut() {
            Some(s) => s,
            None => return Err(Fault::new(FaultKind::Malformed, "asked before any deal")),
        };
        let (prompt, listing) = match question {
            Question::Bid => (
                view::bid_prompt(state, style),
                format!("   legal bids: {}", view::bid_choices(state)),
            ),
            Question::Play => {
                // As the engine does: the referee's question says whose turn it is.
                state.to_move = Some(state.me);
                let legal = state.legal_plays();
                let can_beat = legal.iter().any(|c| !c.is_pass());
                (
                    view::play_prompt(state, can_beat, style),
                    view::legal_list(&legal),
                )
            }
        };
        let table = view::table(state, &console.title, style);
        console.say(&view::changed_lines(&self.shown, &table));
        self.shown = table.lines().map(String::from).collect();
        loop {
            let line = match console.ask(&prompt) {
                Some(l) => l,
                None => return self.leave(&mut console, "the input ended"),
            };
            match request(&line) {
                None => {}
                Some(Request::Quit) => {
                    if Self::confirms_leaving(&mut console) {
                        return self.leave(&mut console, "typed q and confirmed");
                    }
                    console.say_in(Paint::Dim, "   the game goes on");
                }
                Some(Request::Help) => console.say_in(Paint::Dim, HELP),
                Some(Request::Legal) => console.say(&listing),
                Some(Request::Hint) => self.say_hint(&mut console, question),
                Some(answer) => match self.answer(question, &answer) {
                    Ok((reply, said)) => {
                        console.say_in(Paint::Bold, &said);
                        return Ok((reply, None));
                    }
                    Err(why) => {
                        let said = match why.keys() {
                            Some(keys) => format!("   {} ({})", why, keys),
                            None => format!("   {}", why),
                        };
                        console.say_in(Paint::Red, &said)
                    }
                },
            }
        }
    }

    /// Reads a pass or typed text as the answer to `question`; when legal, records it in the
    /// tracker and returns the reply with what to tell the person.
    fn answer(&mut self, question: Question, typed: &Request) -> Result<(Reply, String), Refusal> {
        let state = self.state.as_mut().expect("asked only with a game");
        let me = state.me;
        let to_beat = state.to_beat_for(me).copied();
        let text = match typed {
            Request::Text(t) => Some(t.as_str()),
            _ => None,
        };
        match question {
            Question::Bid => {
                let bid = read_bid(text.unwrap_or("0"), state.highest_bid())?;
                let _ = state.record_bid(me, bid);
                let said = match bid {
                    0 => "you do not bid".to_string(),
                    b => format!("you bid {}", b),
                };
                Ok((Reply::Bid { seat: me, bid }, said))
            }
            Question::Play => {
                let cards = match text {
                    Some(t) => Some(read_play(t, state.hand, to_beat.as_ref())?.0),
                    None => read_pass(to_beat.as_ref()).map(|()| None)?,
                };
                let _ = state.record_play(me, cards);
                let said = match cards {
                    Some(c) => format!("you play {}", view::played(c)),
                    None => "you pass".to_string(),
                };
                Ok((Reply::Play { seat: me, cards }, said))
            }
        }
    }

    fn say_hint(&mut self, console: &mut Console, question: Question) {
        match self.hint(question) {
            Some(h) => console.say_in(Paint::Cyan, &format!("   {}", h)),
            None => console.say_in(Paint::Cyan, "   no hint here"),
        }
    }
}

impl Player for Human {
    fn reads_text(&self) -> bool {
        false
    }

    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        // The thinking player draws its deals from the position, not from the game's seed.
        let mut thinker = Thinker::new(ThinkerSettings::default());
        thinker.new_game();
        self.hints = Some(thinker);
        self.shown.clear();
        let fresh = !self.greeted;
        self.greeted = true;
        Ok(fresh)
    }

    fn exchange(&mut self, command: &Command, _line: &str, _limit: Duration) -> Answer {
        match command {
            Command::Version(_) => Ok((Reply::Name("person".into()), None)),
            Command::BidWhat => self.ask(Question::Bid),
            Command::PlayWhat => self.ask(Question::Play),
            other => {
                let mut problems = Vec::new();
                track(&mut self.state, other, &mut problems);
                let shared = self.console.clone();
                let mut console = Console::lock(&shared);
                if let Command::Deal { seat, .. } = other {
                    let title = format!("{} · you sit at {}", console.title, seat);
                    console.say_in(Paint::Bold, &title);
                }
                if let Some(state) = self.state.as_ref() {
                    if let Some(line) = view::event(other, state, console.style) {
                        console.say(&line);
                    }
                }
                for p in problems {
                    // The referee checked the play already: a tracker problem is our bug.
                    console.say_in(Paint::Dim, &format!("   (tracker: {})", p));
                }
                acknowledge(other)
            }
        }
    }

    fn fault(&mut self) {}

    fn finish(&mut self) {}

    fn timed(&self) -> bool {
        false
    }
}
