//! The race of a play decision's candidates over sampled deals: every candidate judged on the
//! same deals (paired outcomes), the clearly worse dropped at the race's looks
//! ([`super::stats`]), until one is left or the budget ends. The deals are spread over
//! `threads` workers ([`Worker`]) and counted in deal order, so the number of threads changes
//! how soon the answer comes, never what it is.

use super::eval::{Decision, Worker};
use super::stats::{look_at, race_look, CandidateReport, CandidateTally};
use crate::named::Named;
use crate::rules::Combo;
use crate::time::Budget;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

/// Deals per decision at most in timed mode (a decision with time to spare stops here).
pub const MAX_DEALS: u32 = 4_000;
/// What one decision's search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Every candidate, best mean first.
    pub candidates: Vec<CandidateReport>,
    /// The play chosen.
    pub chosen: Combo,
    /// The rule player's own choice, the one the search keeps unless another is clearly
    /// better (`stick`).
    pub policy_choice: Combo,
    /// Deals drawn.
    pub deals: u32,
    /// Why the search stopped.
    pub stopped: Stopped,
}

/// Why a decision's search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// One candidate was left: the rest were clearly worse.
    Decided,
    /// The fixed budget's deals were all judged.
    Budget,
    /// The clock: the thinking time ran out (or a timed search reached its most deals), or a
    /// count of deals reached its share of the time ([`crate::time::COUNT_SHARE`]).
    Time,
    /// The hard deadline came first.
    Deadline,
    /// No search: one candidate, or no deal could be drawn.
    NoSearch,
}

impl Named for Stopped {
    /// The reasons in a word, as logs and `ddz analyze` print them.
    const NAMES: &'static [(&'static str, Stopped)] = &[
        ("decided", Stopped::Decided),
        ("budget", Stopped::Budget),
        ("time", Stopped::Time),
        ("deadline", Stopped::Deadline),
        ("no-search", Stopped::NoSearch),
    ];
}
crate::named_enum!(Stopped);

/// One race of a decision's candidates over its deals, each judged on the same deals, the
/// clearly worse dropped at the race's looks, until one is left or the budget ends.
pub(super) struct Race<'a> {
    /// What the judge of a deal needs ([`Decision`]).
    pub(super) decision: Decision<'a>,
    /// What the race may spend.
    pub(super) budget: Budget,
}

/// What a race found.
pub(super) struct RaceResult {
    pub(super) tally: Vec<CandidateTally>,
    pub(super) deals: u32,
    pub(super) stopped: Stopped,
}

impl Race<'_> {
    /// Runs the race on `workers` (one per thread).
    pub(super) fn run(&self, workers: &mut [Worker]) -> RaceResult {
        let count = DealCount::new(self.decision.candidates.len());
        let budget = self.budget;
        let decision = &self.decision;
        // One loop for one thread or many. Each thread, the calling one among them, takes the
        // next deal number, judges every candidate alive when it starts (a superset of those
        // alive when the deal is counted: candidates are only ever dropped) and counts what it
        // judged under one lock, deals in order (a deal that arrives early waits for those
        // before it). So the figures are those of one thread; the threads only stop sooner or
        // later. No thread sits waiting to count: on two cores a third one woken at every deal
        // cost a tenth of the search's time in switches.
        let next = AtomicU32::new(0);
        let stop = AtomicBool::new(count.done);
        let counted = Mutex::new((count, std::collections::BTreeMap::new()));
        let lock = || {
            counted
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        let work = |worker: &mut Worker| loop {
            let deal = next.fetch_add(1, Ordering::Relaxed);
            if stop.load(Ordering::Relaxed) || !budget.start_more_work(deal) {
                break;
            }
            let alive = lock().0.alive();
            // A deal given up half judged (the race ended meanwhile) would never be counted.
            let judged = match worker.judge_deal(decision, deal, &alive, &stop) {
                Some(judged) => judged,
                None => break,
            };
            let mut guard = lock();
            let (count, waiting) = &mut *guard;
            waiting.insert(deal, (alive, judged));
            while let Some((alive, judged)) = waiting.remove(&count.deals) {
                if count.done {
                    break;
                }
                count.add(&alive, &judged);
            }
            if count.done || count.deals >= budget.most() {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let (first, others) = workers.split_first_mut().expect("at least one worker");
        std::thread::scope(|scope| {
            for worker in others {
                let work = &work;
                scope.spawn(move || work(worker));
            }
            work(first);
        });
        let count = counted
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .0;
        let stopped = if count.done {
            Stopped::Decided
        } else if budget.must_answer_now() {
            Stopped::Deadline
        } else if budget.is_fixed() && count.deals >= budget.most() {
            Stopped::Budget
        } else {
            Stopped::Time
        };
        RaceResult {
            tally: count.tally,
            deals: count.deals,
            stopped,
        }
    }
}

/// One deal's outcome for one candidate: our side's score and whether it won; `None` when the
/// rollout failed.
type Judged = Option<(f64, bool)>;

/// The count of a decision's deals, in deal order whatever thread judged them.
struct DealCount {
    tally: Vec<CandidateTally>,
    /// Deals counted.
    deals: u32,
    /// Deals every alive candidate was scored on (a deal with a failed rollout is not).
    scored: u32,
    /// The race is decided ([`race_look`]).
    done: bool,
}

impl DealCount {
    /// No deal counted yet, `candidates` candidates alive.
    fn new(candidates: usize) -> DealCount {
        DealCount {
            tally: vec![CandidateTally::default(); candidates],
            deals: 0,
            scored: 0,
            done: candidates <= 1,
        }
    }

    /// The candidates still in the search.
    fn alive(&self) -> Vec<usize> {
        (0..self.tally.len())
            .filter(|&i| self.tally[i].alive)
            .collect()
    }

    /// The next deal's outcomes, `judged[k]` that of candidate `judged_alive[k]` (those alive
    /// when it was judged, which may since have been dropped).
    fn add(&mut self, judged_alive: &[usize], judged: &[Judged]) {
        // A rollout that fails (the policy answered illegally, or the game did not end) says
        // nothing about the deal: the deal is dropped for every candidate, so each alive
        // candidate's outcomes stay paired deal by deal with every other's.
        let mut results = Vec::with_capacity(judged.len());
        for (&i, &result) in judged_alive.iter().zip(judged) {
            if !self.tally[i].alive {
                continue;
            }
            match result {
                Some(r) => results.push((i, r)),
                None => {
                    self.deals += 1;
                    return;
                }
            }
        }
        self.deals += 1;
        for (i, (value, won)) in results {
            self.tally[i].push(value, won);
        }
        self.scored += 1;
        let decided = match look_at(self.scored) {
            Some(look) => race_look(&mut self.tally, look),
            None => false,
        };
        self.done = decided || self.tally.iter().filter(|t| t.alive).count() == 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Counts;
    use crate::rules::classify;
    use crate::strategy::thinker::stats::best;

    fn play(ranks: &str) -> Combo {
        classify(ranks.parse::<Counts>().unwrap()).unwrap()
    }

    /// `deals` deals of `n` candidates counted, candidate `i` scoring `i` on each, except
    /// where `fails(deal, i)`: that rollout failed.
    fn counted(n: usize, deals: u32, fails: impl Fn(u32, usize) -> bool) -> DealCount {
        let mut count = DealCount::new(n);
        for deal in 0..deals {
            if count.done {
                break;
            }
            let alive = count.alive();
            let judged: Vec<Judged> = alive
                .iter()
                .map(|&i| Some((i as f64, i > 0)).filter(|_| !fails(deal, i)))
                .collect();
            count.add(&alive, &judged);
        }
        count
    }

    /// A failed rollout drops its deal for every candidate: the others' outcomes stay paired
    /// deal by deal, and the deal still counts toward the budget.
    #[test]
    fn a_failed_rollout_drops_its_deal_for_every_candidate() {
        // Candidate 3, the leader (never dropped), fails on deals 0, 3, 6, … and every
        // candidate on deal 7.
        let fails = |deal: u32, i: usize| (deal % 3 == 0 && i == 3) || deal == 7;
        let count = counted(4, 40, fails);
        let lost = (0..count.deals).filter(|&d| fails(d, 3)).count() as u32;
        assert!(count.deals >= 16 && lost > 0, "{} {}", count.deals, lost);
        assert_eq!(count.scored, count.deals - lost);
        for t in count.tally.iter().filter(|t| t.alive) {
            assert_eq!(t.n(), count.scored, "{:?}", t);
        }
        assert!(count.tally[3].alive);
    }

    /// Two candidates failing on the same deals leave the statistics finite (as lost games, −∞
    /// each, their paired difference would be NaN).
    #[test]
    fn two_failed_rollouts_on_one_deal_leave_the_statistics_finite() {
        let count = counted(3, 48, |deal, i| deal % 4 == 1 && i < 2);
        assert!(count.scored > 0 && count.scored < 48);
        for t in &count.tally {
            let r = t.report(Combo::PASS);
            assert!(r.mean.is_finite() && (0.0..=1.0).contains(&r.win_rate));
            assert!(r.deals < 2 || r.ci95.is_finite(), "{:?}", r);
        }
    }

    /// With every rollout failed no candidate has an outcome, and the rule player's choice
    /// stands, wherever it is among the candidates.
    #[test]
    fn with_every_rollout_failed_the_rule_choice_stands() {
        let count = counted(3, 16, |_, _| true);
        assert_eq!((count.deals, count.scored), (16, 0));
        let candidates = [play("3"), play("4"), play("5")];
        for (i, &choice) in candidates.iter().enumerate() {
            assert_eq!(best(&count.tally, &candidates, choice, 1.0), i);
        }
    }
}
