//! The person at the terminal: the [`Front`] of a [`Person`] seat that shows the table and the
//! events on the console and reads what the person types (with help, the legal plays and
//! hints between answers); and the hints themselves, which `ddz serve` asks too.

use super::console::{Console, SharedConsole};
use super::input::{request, Refusal, Request};
use super::person::{Choice, Front, Left, Person, Question};
use super::view::{self, Paint};
use crate::game::GameState;
use crate::protocol::Command;
use crate::rules::Combo;
use crate::strategy::thinker::{Thinker, ThinkerSettings};
use crate::strategy::Strategy;
use crate::time::{SearchLimit, TimeControl};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// What the engine would do in the person's place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Hint {
    /// The bid or the play.
    pub(crate) advice: Advice,
    /// The score the engine expects from it, when its strategy estimates one (the thinking
    /// player's search does; the rules player does not).
    pub(crate) expected: Option<f64>,
}

/// A hint's bid or play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advice {
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
   cards you cannot see, each played out as it would play. A bid's is the bid network's, for
   you as landlord at that bid (none when bidding by value thresholds).";

/// What `thinker` (the engine's default player, [`hint_player`]) would answer to `question`
/// in `state`, by the engine's clock, checked legal, with the score it expects; `None` when it
/// has no legal answer (a panic, an illegal choice). The terminal's `hint` and `ddz serve`'s
/// hint button both ask this.
pub(crate) fn hint(thinker: &mut Thinker, state: &GameState, question: Question) -> Option<Hint> {
    let deadline = TimeControl::default().deadline(Instant::now());
    // A hint is never worth a crash: a panic in the search gives no hint.
    let (advice, expected) = catch_unwind(AssertUnwindSafe(|| {
        if question == Question::Bid {
            if thinker.settings().bidder != crate::strategy::thinker::Bidder::Value {
                // The bid network's values, at this table where it bids for the table.
                let b = thinker.net_bid(state);
                // The stake is linear in the bid: the value at base 1 times the bid.
                let expected = (b.bid > 0).then(|| b.value * f64::from(b.bid));
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

/// The player [`hint`] asks, fresh for a game: the engine's default player (`builtin:ddz`),
/// whose search gives the expected score too, spending `search` a decision (the table's
/// [`crate::play::setup::PlaySettings::search`], as its built-in opponents do) or the
/// engine's default. It draws its deals from the position, not from the game's seed.
#[must_use]
pub(crate) fn hint_player(search: Option<SearchLimit>) -> Thinker {
    let mut thinker = Thinker::new(ThinkerSettings {
        limit: search,
        ..ThinkerSettings::default()
    });
    thinker.new_game();
    thinker
}

/// The terminal's side of a person's seat: the table and the events on a shared console,
/// answers typed at its prompt, with help, the legal plays and hints between them.
pub(crate) struct Terminal {
    console: SharedConsole,
    /// What the hints spend: the table's, else the engine's default.
    search: Option<SearchLimit>,
    /// The engine's default player (`builtin:ddz`), asked for hints: its search gives the
    /// expected score too.
    hints: Option<Thinker>,
    /// The table as last shown in this game, line by line: the next one shows only the lines
    /// that changed (and always the hand).
    shown: Vec<String>,
    /// The last answer was refused: the next question is the same, its table already shown.
    asking_again: bool,
}

/// A person at the terminal: the seat [`Person`] answered by a [`Terminal`].
pub(crate) type Human = Person<Terminal>;

impl Human {
    /// The person on `console`; hints spend `search` (the table's).
    #[must_use]
    pub(crate) fn on_console(console: SharedConsole, search: Option<SearchLimit>) -> Human {
        Person::new(Terminal {
            console,
            search,
            hints: None,
            shown: Vec::new(),
            asking_again: false,
        })
    }
}

impl Terminal {
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
}

impl Front for Terminal {
    fn begin_game(&mut self) {
        self.hints = Some(hint_player(self.search));
        self.shown.clear();
    }

    fn tell(&mut self, command: &Command, state: &GameState) {
        let mut console = Console::lock(&self.console);
        if let Command::Deal { seat, .. } = command {
            let title = format!("{} · you sit at {}", console.title, seat);
            console.say_in(Paint::Bold, &title);
        }
        if let Some(line) = view::event(command, state, console.style) {
            console.say(&line);
        }
    }

    /// Shows the table (the lines that changed) and reads lines until one is a bid or a play;
    /// help, the legal plays and hints are answered on the way.
    fn ask(&mut self, question: Question, state: &GameState) -> Result<Choice, Left> {
        let shared = self.console.clone();
        let mut console = Console::lock(&shared);
        let style = console.style;
        let (prompt, listing) = match question {
            Question::Bid => (
                view::bid_prompt(state, style),
                format!("   legal bids: {}", view::bid_choices(state)),
            ),
            Question::Play => {
                let legal = state.legal_plays();
                let can_beat = legal.iter().any(|c| !c.is_pass());
                (
                    view::play_prompt(state, can_beat, style),
                    view::legal_list(&legal),
                )
            }
        };
        if !std::mem::take(&mut self.asking_again) {
            let table = view::table(state, &console.title, style);
            console.say(&view::changed_lines(&self.shown, &table));
            self.shown = table.lines().map(String::from).collect();
        }
        loop {
            let line = match console.ask(&prompt) {
                Some(l) => l,
                None => {
                    console.left = true;
                    return Err(Left::InputEnded);
                }
            };
            match request(&line) {
                None => {}
                Some(Request::Quit) => {
                    if Self::confirms_leaving(&mut console) {
                        console.left = true;
                        return Err(Left::Quit);
                    }
                    console.say_in(Paint::Dim, "   the game goes on");
                }
                Some(Request::Help) => console.say_in(Paint::Dim, HELP),
                Some(Request::Legal) => console.say(&listing),
                Some(Request::Hint) => {
                    let found = self
                        .hints
                        .as_mut()
                        .and_then(|thinker| hint(thinker, state, question));
                    match found {
                        Some(h) => console.say_in(Paint::Cyan, &format!("   {}", h)),
                        None => console.say_in(Paint::Cyan, "   no hint here"),
                    }
                }
                Some(Request::Pass) => return Ok(Choice::Pass),
                Some(Request::Text(text)) => return Ok(Choice::Typed(text)),
            }
        }
    }

    fn refused(&mut self, why: &Refusal) {
        self.asking_again = true;
        let said = match why.keys() {
            Some(keys) => format!("   {} ({})", why, keys),
            None => format!("   {}", why),
        };
        Console::lock(&self.console).say_in(Paint::Red, &said);
    }

    fn taken(&mut self, said: &str, _state: &GameState) {
        Console::lock(&self.console).say_in(Paint::Bold, said);
    }

    fn problem(&mut self, problem: &str) {
        Console::lock(&self.console).say_in(Paint::Dim, &format!("   (tracker: {})", problem));
    }
}
