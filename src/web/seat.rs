//! The person's seat in `ddz serve`: a [`Player`] the arena's referee seats like any engine,
//! whose answers come from the browser. Each game runs on its own thread ([`super::games`]);
//! when the referee asks the person, this seat parks that thread on the game's [`Desk`] until
//! a request answers, and requests read the table from the same desk. The desk checks an answer
//! with `ddz play`'s own checks ([`crate::play::input`]) before the referee sees it, so a refused
//! play costs nothing and says why.

use crate::arena::json::GameLine;
use crate::arena::players::{Answer, Fault, FaultKind, Player};
use crate::cards::Cards;
use crate::engine::track;
use crate::game::GameState;
use crate::play::human::{acknowledge, Question};
use crate::play::input::{read_bid, read_cards, read_pass};
use crate::play::view;
use crate::protocol::{Command, Reply};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// A request the game cannot take, with the HTTP status that says so and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// 400 (not a request of this kind), 404 (no such game), 409 (not now: not the person's
    /// turn, the game is over), 422 (a play or bid the rules refuse), 503 (the server is full).
    pub status: u16,
    /// What was wrong, for the person.
    pub reason: String,
}

impl Refused {
    /// A refusal with `status`.
    #[must_use]
    pub fn new(status: u16, reason: impl Into<String>) -> Refused {
        Refused {
            status,
            reason: reason.into(),
        }
    }
}

/// The game as the person's seat knows it, shared between the game's thread and requests.
#[derive(Default)]
pub struct Desk {
    /// The game from the person's seat (the engine's own tracker), once dealt.
    pub state: Option<GameState>,
    /// What the referee waits for the person to answer.
    pub question: Option<Question>,
    /// The person's checked answer, until the seat hands it to the referee.
    answer: Option<Reply>,
    /// Counts the questions asked and the game's end: a request that answered waits for it
    /// to move on.
    pub moves: u64,
    /// What happened at the table, one line per bid or play, in order.
    pub events: Vec<String>,
    /// How many events the person had seen when they last answered.
    pub seen: usize,
    /// The finished game, as the log writes it.
    pub finished: Option<GameLine>,
    /// Why the game could not be played (an opponent that did not start).
    pub failed: Option<String>,
    /// The person closed the page: the seat answers no more and the game ends as abandoned.
    pub left: bool,
}

impl Desk {
    /// Whether the game has ended, one way or another.
    #[must_use]
    pub fn over(&self) -> bool {
        self.finished.is_some() || self.failed.is_some()
    }

    /// Why the person cannot answer `wanted` now, if they cannot.
    fn check_turn(&self, wanted: Question) -> Result<(), Refused> {
        if self.over() {
            return Err(Refused::new(409, "the game is over: start a new deal"));
        }
        match self.question {
            Some(q) if q == wanted => Ok(()),
            Some(Question::Bid) => Err(Refused::new(409, "it is your turn to bid, not to play")),
            Some(Question::Play) => Err(Refused::new(409, "it is your turn to play, not to bid")),
            None => Err(Refused::new(
                409,
                "it is not your turn: the others are thinking",
            )),
        }
    }

    /// Takes the person's bid, checked as `ddz play` checks a typed one.
    pub fn bid(&mut self, bid: u8) -> Result<(), Refused> {
        self.check_turn(Question::Bid)?;
        let state = self
            .state
            .as_mut()
            .expect("a question comes after the deal");
        let bid = read_bid(&bid.to_string(), state.highest_bid())
            .map_err(|r| Refused::new(422, r.to_string()))?;
        let me = state.me;
        let _ = state.record_bid(me, bid);
        self.events.push(match bid {
            0 => "you do not bid".to_string(),
            b => format!("you bid {}", b),
        });
        self.answer = Some(Reply::Bid { seat: me, bid });
        self.seen = self.events.len();
        Ok(())
    }

    /// Takes the person's play (`None`: a pass), checked as `ddz play` checks a typed one.
    pub fn play(&mut self, cards: Option<Cards>) -> Result<(), Refused> {
        self.check_turn(Question::Play)?;
        let state = self
            .state
            .as_mut()
            .expect("a question comes after the deal");
        let me = state.me;
        let to_beat = state.to_beat_for(me).copied();
        match cards {
            Some(c) => read_cards(c, state.hand, to_beat.as_ref()).map(|_| ()),
            None => read_pass(to_beat.as_ref()),
        }
        .map_err(|r| Refused::new(422, r.to_string()))?;
        let _ = state.record_play(me, cards);
        self.events.push(match cards {
            Some(c) => format!("you play {}", view::played(c)),
            None => "you pass".to_string(),
        });
        self.answer = Some(Reply::Play { seat: me, cards });
        self.seen = self.events.len();
        Ok(())
    }

    /// What happened since the person last answered, for the page's message line.
    #[must_use]
    pub fn news(&self) -> String {
        self.events[self.seen.min(self.events.len())..].join(" · ")
    }
}

/// A [`Desk`] with the signal its waiters wait on.
#[derive(Clone, Default)]
pub struct SharedDesk(Arc<(Mutex<Desk>, Condvar)>);

impl SharedDesk {
    /// The desk. A panic on another thread while it held the desk leaves the desk as it was:
    /// every change is a few field writes, so it is still whole.
    pub fn lock(&self) -> MutexGuard<'_, Desk> {
        self.0 .0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wakes everyone waiting on the desk (after a change).
    pub fn notify(&self) {
        self.0 .1.notify_all();
    }

    /// Waits, up to `limit`, until the desk's `moves` differs from `seen` (a new question or
    /// the end of the game); returns the desk either way.
    pub fn wait_past(&self, seen: u64, limit: Duration) -> MutexGuard<'_, Desk> {
        let desk = self.lock();
        match self
            .0
             .1
            .wait_timeout_while(desk, limit, |d| d.moves == seen)
        {
            Ok((desk, _)) => desk,
            Err(poisoned) => poisoned.into_inner().0,
        }
    }

    /// Waits until the person answered or left; returns the desk.
    fn wait_answer(&self) -> MutexGuard<'_, Desk> {
        let desk = self.lock();
        self.0
             .1
            .wait_while(desk, |d| d.answer.is_none() && !d.left)
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The person's seat.
pub struct WebSeat {
    desk: SharedDesk,
    greeted: bool,
}

impl WebSeat {
    /// The seat that answers from `desk`.
    #[must_use]
    pub fn new(desk: SharedDesk) -> WebSeat {
        WebSeat {
            desk,
            greeted: false,
        }
    }

    /// Puts `question` on the desk and waits for the person's answer.
    fn ask(&mut self, question: Question) -> Answer {
        {
            let mut desk = self.desk.lock();
            let state = match desk.state.as_mut() {
                Some(s) => s,
                None => return Err(Fault::new(FaultKind::Malformed, "asked before any deal")),
            };
            if question == Question::Play {
                // As the engine does: the referee's question says whose turn it is.
                state.to_move = Some(state.me);
            }
            desk.question = Some(question);
            desk.answer = None;
            desk.moves += 1;
        }
        self.desk.notify();
        let mut desk = self.desk.wait_answer();
        desk.question = None;
        match desk.answer.take() {
            Some(reply) => Ok((reply, None)),
            None => Err(Fault::new(FaultKind::Left, "the page was closed")),
        }
    }
}

impl Player for WebSeat {
    fn reads_text(&self) -> bool {
        false
    }

    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
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
                let mut desk = self.desk.lock();
                track(&mut desk.state, other, &mut problems);
                for p in problems {
                    // The referee checked the play already: a tracker problem is our bug.
                    eprintln!("ddz serve: tracker: {}", p);
                }
                if let Some(line) = event(other) {
                    desk.events.push(line);
                }
                drop(desk);
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

/// The line the page shows for another seat's bid or play, or the bottom's turning up.
fn event(command: &Command) -> Option<String> {
    match command {
        Command::Bid { seat, bid: 0 } => Some(format!("{} does not bid", seat)),
        Command::Bid { seat, bid } => Some(format!("{} bids {}", seat, bid)),
        Command::Leftover { landlord, cards } => {
            Some(format!("{} is the landlord and takes {}", landlord, cards))
        }
        Command::Play {
            seat,
            cards: Some(c),
        } => Some(format!("{} plays {}", seat, view::played(*c))),
        Command::Play { seat, cards: None } => Some(format!("{} passes", seat)),
        _ => None,
    }
}
