//! The engine: one seat's player behind the protocol. [`Engine::handle`] takes a typed
//! [`Command`] and gives the [`Reply`] the protocol expects (none for `EXIT`); it tracks the
//! game, asks its strategy when it is our turn, and checks every answer, replacing an illegal,
//! failed (panicked) or late one with a safe legal reply. The text loop around it lives in
//! [`session`]; the arena drives `handle` directly for its in-process players.
//!
//! Panic policy: nothing here panics on any input; a panic inside the strategy is caught
//! ([`strategy_runner`]). Confused input (plays out of turn, cards we hold played by others,
//! questions before a deal) is logged as a problem and the engine still answers something legal
//! when it can, taking the platform's word as the truth.

pub(crate) mod config;
pub(crate) mod log;
pub(crate) mod session;
pub(crate) mod strategy_runner;

pub use config::{decode_text, engine_setting_names, EngineConfig, ENGINE_SETTINGS};
pub use log::Log;
pub use session::Session;
pub use session::{hint_if_terminal, HELP, MAX_LINE, TERMINAL_HINT};

use crate::cards::Cards;
use crate::game::state::{BOTTOM_SIZE, HAND_SIZE};
use crate::game::{GameState, Scoring, Seat};
use crate::protocol::message::plural;
use crate::protocol::{Command, Info, Reply};
use crate::rules::{Combo, Kind, Platform};
use crate::strategy::{Ending, Note, Strategy};
use crate::time::Deadline;
use strategy_runner::{Failure, StrategyFactory, StrategyRunner};

/// One seat's engine.
pub struct Engine {
    name: String,
    runner: StrategyRunner,
    state: Option<GameState>,
    /// Our seat in the last deal, used to answer in a confused state with no game.
    last_seat: Option<Seat>,
    problems: Vec<String>,
    /// What the strategy saw at the last question, until the session takes it for the log.
    explained: Option<Note>,
    /// The scoring rule of every game this engine plays, copied into each new game's state.
    scoring: Scoring,
    /// The rules of every game this engine plays (Botzone's variant or the official game).
    platform: Platform,
    /// The last `INFO`, to tell a new match from the next game of this one.
    last_info: Option<Info>,
    /// The strategy was told how the tracked game ended (so a repeated `GAMEOVER` is not
    /// counted twice).
    end_told: bool,
}

impl Engine {
    /// An engine answering `NAME name` and deciding with `strategy` on the caller's thread
    /// (time is the caller's business; panics are caught).
    #[must_use]
    pub fn new(name: &str, strategy: Box<dyn Strategy>) -> Engine {
        Engine::with_runner(name, StrategyRunner::Inline(strategy))
    }

    /// An engine whose strategy runs on a worker thread and is waited for only until each
    /// reply's hard deadline (see [`strategy_runner`] for what happens to one that overruns).
    #[must_use]
    pub fn threaded(name: &str, factory: StrategyFactory) -> Engine {
        Engine::with_runner(name, StrategyRunner::worker(factory))
    }

    fn with_runner(name: &str, runner: StrategyRunner) -> Engine {
        Engine {
            name: name.to_string(),
            runner,
            state: None,
            last_seat: None,
            problems: Vec::new(),
            explained: None,
            scoring: Scoring::default(),
            platform: Platform::default(),
            last_info: None,
            end_told: false,
        }
    }

    /// Plays every following game under `scoring` (`scoring = team` in `ddz.cfg`): each new
    /// game's [`GameState::scoring`] carries it, which is how the strategy learns the rule.
    pub fn set_scoring(&mut self, scoring: Scoring) {
        self.scoring = scoring;
        if let Some(s) = self.state.as_mut() {
            s.scoring = scoring;
        }
    }

    /// Plays every following game by `platform`'s rules ([`GameState::platform`]).
    pub fn set_platform(&mut self, platform: Platform) {
        self.platform = platform;
        if let Some(s) = self.state.as_mut() {
            s.platform = platform;
        }
    }

    /// The name answered to `DOUDIZHUVER`.
    #[must_use]
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// The tracked game, once a `DEAL` has come.
    #[must_use]
    pub fn state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    /// Problems noticed since the last call (bad input, illegal strategy answers), for the log.
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }

    /// What the strategy saw when it answered the last question (taken: once per question),
    /// for the log; `None` when it said nothing or failed.
    pub fn take_explanation(&mut self) -> Option<Note> {
        self.explained.take()
    }

    /// Answers one command. `deadline` bounds the strategy's thinking on `BID WHAT` and
    /// `PLAY WHAT`.
    pub fn handle(&mut self, command: &Command, deadline: Deadline) -> Option<Reply> {
        match command {
            Command::Version(_) => Some(Reply::Name(self.name.clone())),
            Command::Exit => None,
            Command::BidWhat => Some(self.our_bid(deadline)),
            Command::PlayWhat => Some(self.our_play(deadline)),
            other => {
                if let Command::Info(info) = other {
                    if self
                        .last_info
                        .map_or(false, |last| !same_match(&last, info))
                    {
                        // The last game's end, if still untold (a deal nobody bid), belongs to
                        // the old table.
                        self.tell_end(None);
                        self.runner.new_table();
                    }
                    self.last_info = Some(*info);
                }
                if let Command::Deal { seat, .. } = other {
                    // A deal all three passed gets no GAMEOVER: its next line is this DEAL.
                    self.tell_end(None);
                    self.last_seat = Some(*seat);
                    self.runner.new_game();
                    self.end_told = false;
                }
                track(&mut self.state, other, &mut self.problems);
                if let (Command::Deal { .. }, Some(s)) = (other, self.state.as_mut()) {
                    s.scoring = self.scoring;
                    s.platform = self.platform;
                }
                if let Command::GameOver { winner: Some(w) } = other {
                    self.tell_end(Some(*w));
                }
                other.ack().map(Reply::Ok)
            }
        }
    }

    /// Tells the strategy the tracked game's end once, if the tracker saw it ([`seen_ending`]:
    /// `gameover` the seat a `GAMEOVER` named, `None` for a deal nobody bid). A `GAMEOVER` the
    /// tracker cannot follow (after a fault, a game joined midway) teaches nothing.
    fn tell_end(&mut self, gameover: Option<Seat>) {
        if self.end_told {
            return;
        }
        if let Some((s, ending)) = self
            .state
            .as_ref()
            .and_then(|s| seen_ending(s, gameover).map(|e| (s, e)))
        {
            self.runner.game_over(s, ending);
            self.end_told = true;
        }
    }

    /// A `DEAL` that could not be read ([`crate::protocol::message::salvage`]: no seat): the
    /// game before it is over all the same (a new `DEAL` always starts a new game), and no
    /// game is tracked until the next one; questions meanwhile get the no-game answers.
    pub(crate) fn refuse_deal(&mut self) {
        self.tell_end(None);
        self.runner.new_game();
        self.end_told = false;
        self.state = None;
    }

    /// The seat to answer `question` as with no game tracked, the answer (`what`) noted with
    /// where the seat comes from: the last `DEAL` that named one, else A, a guess.
    fn seat_without_game(&mut self, question: &str, what: &str) -> Seat {
        let (seat, from) = match self.last_seat {
            Some(s) => (s, "the seat of the last DEAL that named one"),
            None => (Seat::A, "a guess: no DEAL has named our seat"),
        };
        self.problems.push(format!(
            "{} with no game tracked: {} as {} ({})",
            question, what, seat, from
        ));
        seat
    }

    fn our_bid(&mut self, deadline: Deadline) -> Reply {
        let state = match self.state.as_mut() {
            Some(s) => s,
            None => {
                let seat = self.seat_without_game("BID WHAT", "bidding 0");
                return Reply::Bid { seat, bid: 0 };
            }
        };
        let seat = state.me;
        if let Some(earlier) = state.bids[seat] {
            // The platform asks again: it did not register our bid. Forget it and decide
            // afresh against the others' bids.
            self.problems.push(format!(
                "BID WHAT after our own bid {}: bidding again",
                earlier
            ));
            state.bids[seat] = None;
        }
        let answer = self.runner.explained_bid(state, deadline).map(|(b, why)| {
            self.explained = why;
            b
        });
        let bid = legal_bid(answer, state, &mut self.problems);
        let _ = state.record_bid(seat, bid);
        Reply::Bid { seat, bid }
    }

    fn our_play(&mut self, deadline: Deadline) -> Reply {
        let state = match self.state.as_mut() {
            Some(s) => s,
            None => {
                let seat = self.seat_without_game("PLAY WHAT", "passing");
                return Reply::Play { seat, cards: None };
            }
        };
        let me = state.me;
        if state.to_move != Some(me) {
            if state.to_move.is_some() {
                self.problems.push(format!(
                    "PLAY WHAT while the tracker expected {} to play: playing anyway",
                    state.to_move.map_or('-', Seat::letter)
                ));
            }
            state.to_move = Some(me);
        }
        let legal = state.legal_plays();
        let answer = self.runner.explained_play(state, deadline).map(|(c, why)| {
            self.explained = why;
            c
        });
        let combo = legal_play(answer, &legal, &mut self.problems);
        if legal.is_empty() {
            self.problems
                .push("PLAY WHAT with no legal play (no cards left?): passing".into());
        }
        let cards = to_cards(state.hand, &combo);
        if let Err(e) = state.record_play(me, cards) {
            self.problems
                .push(format!("tracker on our own play: {}", e));
        }
        Reply::Play { seat: me, cards }
    }
}

/// Applies a platform message that is not a question to the tracked game, noting what does
/// not fit in `problems`. Shared by the engine and the transcript checker so both read a
/// platform the same way:
/// - `DEAL` starts a new game whatever came before: of 1 to 17 cards (fewer are played as
///   dealt, noted); of none or more than 17 it is refused and no game is tracked until the next;
/// - `LEFTOVER` is taken as the platform says, each contradiction with what we know noted
///   ([`GameState::leftover_contradictions`]); fewer than 3 cards are taken as shown, noted
///   with the counts they leave; more than 3 are refused and no landlord is recorded;
/// - `PLAY` for our own seat: a pass when it is our turn is the platform passing for us and is
///   recorded; a repeat of our last answer is an echo and is ignored; anything else is
///   recorded as the platform says (the tracker resyncs to it);
/// - messages with no game tracked are noted and ignored.
pub fn track(state: &mut Option<GameState>, command: &Command, problems: &mut Vec<String>) {
    if let Command::Deal { seat, cards } = command {
        *state = track_deal(*seat, *cards, problems);
        return;
    }
    let needs_game = matches!(
        command,
        Command::Bid { .. } | Command::Leftover { .. } | Command::Play { .. }
    );
    let s = match state.as_mut() {
        Some(s) => s,
        None => {
            if needs_game {
                problems.push(format!("'{}' with no game tracked: ignored", command));
            }
            return;
        }
    };
    let result = match command {
        Command::Bid { seat, bid } => {
            if *seat == s.me && s.bids[*seat] == Some(*bid) {
                return; // our own bid echoed back
            }
            s.record_bid(*seat, *bid)
        }
        Command::Leftover { landlord, cards } => {
            track_leftover(s, *landlord, *cards, command, problems);
            Ok(())
        }
        Command::Play { seat, cards } => {
            if *seat == s.me && s.to_move != Some(s.me) {
                let echo = s.history.last().map_or(false, |t| {
                    t.seat == s.me && cards.unwrap_or(Cards::EMPTY) == t.cards
                });
                if echo {
                    return;
                }
            }
            s.record_play(*seat, *cards)
        }
        _ => Ok(()),
    };
    if let Err(e) = result {
        problems.push(format!("tracker: {} (after '{}')", e, command));
    }
}

/// The game a `DEAL` of `cards` to `seat` starts, or `None` when they cannot be a hand; a hand
/// of another size than the deal's is noted in `problems`.
fn track_deal(seat: Seat, cards: Cards, problems: &mut Vec<String>) -> Option<GameState> {
    let n = cards.len();
    if n == 0 || n > usize::from(HAND_SIZE) {
        // No hand: the extra cards cannot all be ours, and a game tracked on them would
        // answer with plays no referee accepts.
        problems.push(format!(
            "DEAL with {} {}: refused (a hand is 1 to {} cards); no game is tracked until \
             the next DEAL",
            n,
            plural(n, "card", "cards"),
            HAND_SIZE
        ));
        return None;
    }
    if n != usize::from(HAND_SIZE) {
        problems.push(format!(
            "DEAL with {} {}, not {}: playing the {} dealt",
            n,
            plural(n, "card", "cards"),
            HAND_SIZE,
            n
        ));
    }
    Some(GameState::new(seat, cards))
}

/// `command`, a `LEFTOVER` giving `cards` to `landlord`, taken into `s` as the platform says,
/// each contradiction and odd count noted in `problems`; more than a bottom is refused.
fn track_leftover(
    s: &mut GameState,
    landlord: Seat,
    cards: Cards,
    command: &Command,
    problems: &mut Vec<String>,
) {
    let n = cards.len();
    if n > usize::from(BOTTOM_SIZE) {
        // Not all of them are the bottom: taking them would put cards in a hand that
        // are not there.
        problems.push(format!(
            "LEFTOVER with {} cards: refused (a bottom is {}); no landlord is recorded",
            n, BOTTOM_SIZE
        ));
        return;
    }
    // Every contradiction is named; the platform's word is taken all the same (its
    // only complaint, the bottom in our hand, is among them).
    for e in s.leftover_contradictions(landlord, cards) {
        problems.push(format!("tracker: {} (after '{}')", e, command));
    }
    let _ = s.set_landlord(landlord, cards);
    if n != usize::from(BOTTOM_SIZE) {
        let counted = if landlord == s.me {
            format!("we hold {}", s.cards_left[landlord])
        } else {
            format!("{} is counted {}", landlord, s.cards_left[landlord])
        };
        let takes = if n == 0 {
            "no bottom".to_string()
        } else {
            format!("the {} shown ({})", n, cards)
        };
        problems.push(format!(
            "LEFTOVER with {} {}, not {}: landlord {} takes {}, and {}",
            n,
            plural(n, "card", "cards"),
            BOTTOM_SIZE,
            landlord,
            takes,
            counted
        ));
    }
}

/// How the game of `state` ended, when the tracker saw it end: `gameover` is the seat a
/// `GAMEOVER` named, which counts only when that seat emptied its hand in the game tracked
/// (after a fault, or in a game that does not add up, the tracker cannot say who won what);
/// without one, a game where all three seats passed ended with no landlord. `None`: an end not
/// seen, which teaches nothing. The engine and `ddz analyze` read a game's end by this alone.
#[must_use]
pub(crate) fn seen_ending(state: &GameState, gameover: Option<Seat>) -> Option<Ending> {
    match gameover {
        Some(w) if state.winner() == Some(w) => Some(Ending::Played(state.outcome(w))),
        Some(_) => None,
        None if state.landlord.is_none() && state.bids.0.iter().all(|&b| b == Some(0)) => {
            Some(Ending::NoBid)
        }
        None => None,
    }
}

/// Whether `next` announces a game of the same match as `last`: the same tournament round
/// (`turn`) of the same shape, at the same game or a later one. Another turn is another table
/// (the Swiss pairing changes the opponents); numbers going back are a new match.
fn same_match(last: &Info, next: &Info) -> bool {
    let shape = |i: &Info| (i.turns, i.rounds, i.up, i.max_score);
    shape(last) == shape(next) && last.turn == next.turn && next.round >= last.round
}

/// The concrete cards for a rank-level play (`None` for the pass).
fn to_cards(hand: Cards, combo: &Combo) -> Option<Cards> {
    if combo.is_pass() {
        None
    } else {
        hand.pick(combo.cards)
    }
}

/// The strategy's bid when `state` allows it, else 0, what went wrong noted in `problems`.
pub(crate) fn legal_bid(
    answer: Result<u8, Failure>,
    state: &GameState,
    problems: &mut Vec<String>,
) -> u8 {
    match answer {
        Ok(b) if state.bid_is_legal(b) => b,
        Ok(b) => {
            problems.push(format!("strategy bid {} illegally: bidding 0", b));
            0
        }
        Err(f) => {
            problems.push(format!("{}: bidding 0", f));
            0
        }
    }
}

/// The strategy's play when it is in `legal`, else [`safe_play`], what went wrong noted in
/// `problems`.
pub(crate) fn legal_play(
    answer: Result<Combo, Failure>,
    legal: &[Combo],
    problems: &mut Vec<String>,
) -> Combo {
    let fallback = safe_play(legal);
    match answer {
        Ok(c) if legal.contains(&c) => c,
        Ok(c) => {
            problems.push(format!(
                "strategy chose {} (not legal here): playing {}",
                c, fallback
            ));
            fallback
        }
        Err(f) => {
            problems.push(format!("{}: playing {}", f, fallback));
            fallback
        }
    }
}

/// The simplest legal answer: pass when allowed, otherwise the lowest single (the smallest
/// card), otherwise any legal play; the pass when nothing is legal.
#[must_use]
pub(crate) fn safe_play(legal: &[Combo]) -> Combo {
    if legal.iter().any(Combo::is_pass) {
        return Combo::PASS;
    }
    legal
        .iter()
        .filter(|c| c.kind == Kind::Single)
        .min_by_key(|c| c.key)
        .or_else(|| legal.first())
        .copied()
        .unwrap_or(Combo::PASS)
}
