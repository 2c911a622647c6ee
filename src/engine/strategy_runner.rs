//! The strategy run for a seat: asked for a decision, guarded. [`StrategyRunner::Inline`] calls
//! it on the caller's thread (the arena's fast in-process path); [`StrategyRunner::Worker`] runs
//! it on a persistent worker thread and waits for the answer only until the deadline's
//! `give_up`, a little past the hard deadline the strategy answers by (the binary's protocol
//! loop). Either way a panic inside the strategy is caught and reported as
//! [`Failure::Panicked`], so one bug never costs a game.
//!
//! Overrun policy of the worker: a strategy that has not answered by then is abandoned. Its thread is left to finish on its own (its answer goes to a channel nobody
//! reads any more) and a fresh strategy instance on a fresh thread takes the following
//! decisions. Waiting for the old one to return before reusing it could make the next reply
//! late too; a fresh instance only loses what the strategy had learned of this game.

use crate::game::GameState;
use crate::rules::Combo;
use crate::strategy::{Ending, Note, Strategy};
use crate::time::Deadline;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Instant;

/// Builds a fresh strategy: the worker needs one at start and after every overrun.
pub(crate) type StrategyFactory = Box<dyn Fn() -> Box<dyn Strategy> + Send>;

/// Why the strategy gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// It panicked; the panic's message.
    Panicked(String),
    /// It had not answered by the hard deadline.
    TimedOut,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Panicked(m) => write!(f, "the strategy panicked: {}", m),
            Failure::TimedOut => write!(f, "the strategy missed the hard deadline"),
        }
    }
}

/// A decision the strategy is asked for.
enum Job {
    NewGame,
    GameOver(Box<GameState>, Ending),
    NewTable,
    Bid(Box<GameState>, Deadline),
    Play(Box<GameState>, Deadline),
}

/// The strategy's answer to a [`Job`], with what it saw ([`Strategy::take_explanation`]).
enum Answer {
    Bid(u8, Option<Note>),
    Play(Combo, Option<Note>),
    Failed(String),
}

/// An answer and what the strategy saw when it gave it (for the log).
pub(crate) type Explained<T> = (T, Option<Note>);

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// Runs one job on a strategy, catching a panic. A job that wants no answer gets none, a
/// panic included: an answer nobody waits for would be read as the next question's.
fn run_job(strategy: &mut dyn Strategy, job: Job) -> Option<Answer> {
    let answered = matches!(job, Job::Bid(..) | Job::Play(..));
    let result = catch_unwind(AssertUnwindSafe(|| match job {
        Job::NewGame => {
            strategy.new_game();
            None
        }
        Job::GameOver(state, ending) => {
            strategy.game_over(&state, &ending);
            None
        }
        Job::NewTable => {
            strategy.new_table();
            None
        }
        Job::Bid(state, deadline) => {
            let bid = strategy.bid(&state, deadline);
            Some(Answer::Bid(bid, strategy.take_explanation()))
        }
        Job::Play(state, deadline) => {
            let play = strategy.play(&state, deadline);
            Some(Answer::Play(play, strategy.take_explanation()))
        }
    }));
    match result {
        Ok(answer) => answer,
        Err(payload) if answered => Some(Answer::Failed(panic_text(payload.as_ref()))),
        Err(_) => None,
    }
}

/// A strategy on its own thread.
struct Worker {
    jobs: Sender<Job>,
    answers: Receiver<Answer>,
}

impl Worker {
    fn spawn(strategy: Box<dyn Strategy>) -> Worker {
        let (jobs, job_rx) = channel::<Job>();
        let (answer_tx, answers) = channel::<Answer>();
        let spawned = std::thread::Builder::new()
            .name("ddz-strategy".into())
            .spawn(move || {
                let mut strategy = strategy;
                for job in job_rx {
                    if let Some(answer) = run_job(strategy.as_mut(), job) {
                        if answer_tx.send(answer).is_err() {
                            return; // abandoned after an overrun
                        }
                    }
                }
            });
        if let Err(e) = spawned {
            // No thread: the channels are dead and every question fails over to the safe
            // reply, which still keeps the engine playing legally.
            eprintln!("ddz: cannot start the strategy thread: {}", e);
        }
        Worker { jobs, answers }
    }
}

/// Where the strategy runs.
pub(crate) enum StrategyRunner {
    /// On the caller's thread; a panic is caught, time is the caller's business.
    Inline(Box<dyn Strategy>),
    /// On a worker thread, waited for until the hard deadline.
    Worker {
        /// Makes the replacement after an overrun.
        factory: StrategyFactory,
        /// The current worker.
        worker: Box<WorkerSlot>,
    },
}

/// The current worker (opaque).
pub(crate) struct WorkerSlot(Worker);

impl StrategyRunner {
    /// A worker-thread runner whose strategies come from `factory`.
    #[must_use]
    pub(crate) fn worker(factory: StrategyFactory) -> StrategyRunner {
        let worker = Worker::spawn(factory());
        StrategyRunner::Worker {
            factory,
            worker: Box::new(WorkerSlot(worker)),
        }
    }

    /// Tells the strategy a new game starts.
    pub(crate) fn new_game(&mut self) {
        self.tell(Job::NewGame);
    }

    /// Tells the strategy how the game of `state` ended ([`Strategy::game_over`]).
    pub(crate) fn game_over(&mut self, state: &GameState, ending: Ending) {
        self.tell(Job::GameOver(Box::new(state.clone()), ending));
    }

    /// Tells the strategy the table changed ([`Strategy::new_table`]).
    pub(crate) fn new_table(&mut self) {
        self.tell(Job::NewTable);
    }

    /// Hands the strategy a job that wants no answer: inline at once, to a worker in its turn
    /// (it works while the engine reads on). A panic there is caught and forgotten.
    fn tell(&mut self, job: Job) {
        match self {
            StrategyRunner::Inline(s) => {
                let _ = run_job(s.as_mut(), job);
            }
            StrategyRunner::Worker { worker, .. } => {
                // A dead worker is noticed (and replaced) at the next question.
                let _ = worker.0.jobs.send(job);
            }
        }
    }

    /// The strategy's bid.
    pub(crate) fn bid(&mut self, state: &GameState, deadline: Deadline) -> Result<u8, Failure> {
        self.explained_bid(state, deadline).map(|(b, _)| b)
    }

    /// The strategy's play.
    pub(crate) fn play(&mut self, state: &GameState, deadline: Deadline) -> Result<Combo, Failure> {
        self.explained_play(state, deadline).map(|(c, _)| c)
    }

    /// The strategy's bid, and what it saw.
    pub(crate) fn explained_bid(
        &mut self,
        state: &GameState,
        deadline: Deadline,
    ) -> Result<Explained<u8>, Failure> {
        match self.ask(
            Job::Bid(Box::new(state.clone()), deadline),
            deadline.give_up,
        )? {
            Answer::Bid(b, why) => Ok((b, why)),
            Answer::Failed(m) => Err(Failure::Panicked(m)),
            Answer::Play(..) => Err(Failure::Panicked("a play where a bid was due".into())),
        }
    }

    /// The strategy's play, and what it saw.
    pub(crate) fn explained_play(
        &mut self,
        state: &GameState,
        deadline: Deadline,
    ) -> Result<Explained<Combo>, Failure> {
        match self.ask(
            Job::Play(Box::new(state.clone()), deadline),
            deadline.give_up,
        )? {
            Answer::Play(c, why) => Ok((c, why)),
            Answer::Failed(m) => Err(Failure::Panicked(m)),
            Answer::Bid(..) => Err(Failure::Panicked("a bid where a play was due".into())),
        }
    }

    fn ask(&mut self, job: Job, give_up: Instant) -> Result<Answer, Failure> {
        match self {
            StrategyRunner::Inline(s) => run_job(s.as_mut(), job).ok_or(Failure::TimedOut),
            StrategyRunner::Worker { factory, worker } => {
                let sent = worker.0.jobs.send(job).is_ok();
                let answer = if sent {
                    let wait = give_up.saturating_duration_since(Instant::now());
                    match worker.0.answers.recv_timeout(wait) {
                        Ok(a) => Ok(a),
                        Err(RecvTimeoutError::Timeout) => Err(Failure::TimedOut),
                        Err(RecvTimeoutError::Disconnected) => {
                            Err(Failure::Panicked("the strategy thread is gone".into()))
                        }
                    }
                } else {
                    Err(Failure::Panicked("the strategy thread is gone".into()))
                };
                if answer.is_err() {
                    // Abandon the old worker (see the module doc) and start a fresh one.
                    // A fresh strategy on the current thread could itself panic: catch it
                    // and leave the dead slot, which fails over to safe replies.
                    if let Ok(fresh) = catch_unwind(AssertUnwindSafe(&**factory)) {
                        worker.0 = Worker::spawn(fresh);
                    }
                }
                answer
            }
        }
    }
}
