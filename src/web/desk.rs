//! The person's seat in `ddz serve`: the browser's [`Front`] of the one person's seat
//! ([`Person`]), whose choices come from the page's requests. Each game runs on its own thread
//! ([`super::games`]); when the referee asks the person, the seat parks that thread on the game's
//! [`Desk`] until a request brings a choice, judges it as it judges a typed one
//! ([`crate::play::person::judge`]) and hands the verdict back to the request, so a refused play
//! costs nothing and says why. Requests read the table from the same desk.

use crate::arena::wire::json::GameLine;
use crate::cards::Cards;
use crate::game::GameState;
use crate::play::input::Refusal;
use crate::play::person::{Choice, Front, Left, Person, Question};
use crate::play::view::{self, Style};
use crate::protocol::Command;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// A request the game cannot take, with the HTTP status that says so and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refused {
    /// 400 (not a request of this kind), 404 (no such game), 409 (not now: not the person's
    /// turn, the game is over), 422 (a play or bid the rules refuse), 503 (the server is full).
    pub(crate) status: u16,
    /// What was wrong, for the person.
    pub(crate) reason: String,
}

impl Refused {
    /// A refusal with `status`.
    #[must_use]
    pub(crate) fn new(status: u16, reason: impl Into<String>) -> Refused {
        Refused {
            status,
            reason: reason.into(),
        }
    }
}

/// The game as the person's seat knows it, shared between the game's thread and requests.
#[derive(Default)]
pub(crate) struct Desk {
    /// The game from the person's seat (the engine's own tracker), once dealt.
    pub(crate) state: Option<GameState>,
    /// What the referee waits for the person to answer.
    pub(crate) question: Option<Question>,
    /// The person's choice, until the seat takes it to judge.
    choice: Option<Choice>,
    /// How many choices were brought: the last one's number is its request's ticket.
    offered: u64,
    /// The seat's verdict on the choice of this number (`Err`: why it was refused).
    verdict: Option<(u64, Result<(), Refusal>)>,
    /// Counts the questions asked and the game's end: a request that answered waits for it
    /// to move on.
    pub(crate) moves: u64,
    /// What happened at the table, one line per bid or play, in order.
    pub(crate) events: Vec<String>,
    /// How many events the person had seen when they last answered.
    pub(crate) seen: usize,
    /// The finished game, as the log writes it.
    pub(crate) finished: Option<GameLine>,
    /// Why the game could not be played (an opponent that did not start).
    pub(crate) failed: Option<String>,
    /// The person closed the page: the seat answers no more and the game ends as abandoned.
    pub(crate) left: bool,
}

impl Desk {
    /// Whether the game has ended, one way or another.
    #[must_use]
    pub(crate) fn over(&self) -> bool {
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

    /// Brings the person's `choice` as the answer to `wanted`, for the seat to judge; returns
    /// its ticket, for [`SharedDesk::judged`] to wait for its verdict. One choice at a time:
    /// another request while one is judged is refused.
    fn offer(&mut self, wanted: Question, choice: Choice) -> Result<u64, Refused> {
        self.check_turn(wanted)?;
        let last_judged = self.verdict.as_ref().map_or(0, |v| v.0);
        if self.choice.is_some() || last_judged < self.offered {
            return Err(Refused::new(409, "your last answer is still being judged"));
        }
        self.offered += 1;
        self.choice = Some(choice);
        Ok(self.offered)
    }

    /// Brings the person's bid; returns its ticket.
    pub(crate) fn bid(&mut self, bid: u8) -> Result<u64, Refused> {
        self.offer(Question::Bid, Choice::Typed(bid.to_string()))
    }

    /// Brings the person's play (`None`: a pass); returns its ticket.
    pub(crate) fn play(&mut self, cards: Option<Cards>) -> Result<u64, Refused> {
        self.offer(Question::Play, cards.map_or(Choice::Pass, Choice::Cards))
    }

    /// What happened since the person last answered, for the page's message line.
    #[must_use]
    pub(crate) fn news(&self) -> String {
        self.events[self.seen.min(self.events.len())..].join(" · ")
    }
}

/// A [`Desk`] with the signal its waiters wait on.
#[derive(Clone, Default)]
pub(crate) struct SharedDesk(Arc<(Mutex<Desk>, Condvar)>);

impl SharedDesk {
    /// The desk. A panic on another thread while it held the desk leaves the desk as it was:
    /// every change is a few field writes, so it is still whole.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Desk> {
        self.0 .0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wakes everyone waiting on the desk (after a change).
    pub(crate) fn notify(&self) {
        self.0 .1.notify_all();
    }

    /// Waits, up to `limit`, until the desk's `moves` differs from `seen` (a new question or
    /// the end of the game); returns the desk either way.
    pub(crate) fn wait_past(&self, seen: u64, limit: Duration) -> MutexGuard<'_, Desk> {
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

    /// Waits, up to `limit`, for the seat's verdict on the choice with `ticket`: `Err` (422)
    /// with the reason when it was refused. A game that ended meanwhile gives no verdict.
    pub(crate) fn judged(&self, ticket: u64, limit: Duration) -> Result<(), Refused> {
        let desk = self.lock();
        let pending = |d: &mut Desk| {
            d.verdict.as_ref().map_or(true, |v| v.0 != ticket) && !d.over() && !d.left
        };
        let desk = match self.0 .1.wait_timeout_while(desk, limit, pending) {
            Ok((desk, _)) => desk,
            Err(poisoned) => poisoned.into_inner().0,
        };
        match &desk.verdict {
            Some((judged, Err(reason))) if *judged == ticket => {
                Err(Refused::new(422, reason.to_string()))
            }
            _ => Ok(()),
        }
    }

    /// Waits until the person brought a choice or left; returns the desk.
    fn wait_choice(&self) -> MutexGuard<'_, Desk> {
        let desk = self.lock();
        self.0
             .1
            .wait_while(desk, |d| d.choice.is_none() && !d.left)
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// The browser's side of a person's seat: the game's [`Desk`].
pub(crate) struct WebFront {
    desk: SharedDesk,
    /// The ticket of the choice being judged.
    judging: u64,
}

/// The person's seat in `ddz serve`.
pub(crate) type WebSeat = Person<WebFront>;

/// The seat that answers from `desk`.
#[must_use]
pub(crate) fn web_seat(desk: SharedDesk) -> WebSeat {
    Person::new(WebFront { desk, judging: 0 })
}

impl Front for WebFront {
    fn tell(&mut self, command: &Command, state: &GameState) {
        let mut desk = self.desk.lock();
        desk.state = Some(state.clone());
        // The page tells the end in its result (the game's headline), not as an event.
        if !matches!(command, Command::GameOver { .. } | Command::Error { .. }) {
            if let Some(line) = view::event(command, state, Style::default()) {
                desk.events.push(line);
            }
        }
    }

    fn ask(&mut self, question: Question, state: &GameState) -> Result<Choice, Left> {
        {
            let mut desk = self.desk.lock();
            desk.state = Some(state.clone());
            // Asked again after a refusal, the question stands: nobody waits for a new one.
            if desk.question != Some(question) {
                desk.question = Some(question);
                desk.moves += 1;
            }
        }
        self.desk.notify();
        let mut desk = self.desk.wait_choice();
        match desk.choice.take() {
            Some(choice) => {
                self.judging = desk.offered;
                Ok(choice)
            }
            None => {
                desk.question = None;
                Err(Left::PageClosed)
            }
        }
    }

    fn refused(&mut self, why: &Refusal) {
        self.desk.lock().verdict = Some((self.judging, Err(why.clone())));
        self.desk.notify();
    }

    fn taken(&mut self, said: &str, state: &GameState) {
        let mut desk = self.desk.lock();
        desk.state = Some(state.clone());
        desk.events.push(said.to_string());
        desk.seen = desk.events.len();
        desk.question = None;
        desk.verdict = Some((self.judging, Ok(())));
        drop(desk);
        self.desk.notify();
    }

    fn problem(&mut self, problem: &str) {
        eprintln!("ddz serve: tracker: {}", problem);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request's verdict is its own: a second answer while the first is judged is refused,
    /// and a verdict given for one ticket is not read by another.
    #[test]
    fn one_choice_is_judged_at_a_time() {
        let shared = SharedDesk::default();
        let not_now = Refusal::NotABid {
            text: "x".into(),
            highest: 0,
        };
        let first = {
            let mut desk = shared.lock();
            desk.question = Some(Question::Play);
            let first = desk.play(None).unwrap();
            assert_eq!(
                desk.play(None).unwrap_err().status,
                409,
                "brought, not taken"
            );
            desk.choice = None;
            assert_eq!(
                desk.play(None).unwrap_err().status,
                409,
                "taken, not judged"
            );
            desk.verdict = Some((first, Err(not_now.clone())));
            first
        };
        let refused = shared.judged(first, Duration::from_secs(1)).unwrap_err();
        assert_eq!((refused.status, refused.reason), (422, not_now.to_string()));
        let second = shared.lock().play(None).unwrap();
        assert_ne!(first, second);
        // The first verdict does not answer the second request: its wait ends without one.
        let unanswered = shared.judged(second, Duration::from_millis(10));
        assert!(
            unanswered.is_ok(),
            "the first's refusal is not the second's"
        );
        shared.lock().verdict = Some((second, Ok(())));
        assert!(shared.judged(second, Duration::from_secs(1)).is_ok());
    }
}
