//! The figures of a decision's search: each candidate's outcomes deal by deal, the paired
//! comparison every decision rests on, dropping the clearly worse and choosing the best.

use super::{CandidateReport, DROP_Z};
use crate::estimate::{Estimate, Z95};
use crate::rules::Combo;

/// One candidate's outcomes so far (every alive candidate has one per deal, in deal order).
#[derive(Clone, Debug)]
pub(super) struct CandidateTally {
    pub(super) values: Vec<f64>,
    pub(super) wins: u32,
    pub(super) alive: bool,
}

impl Default for CandidateTally {
    fn default() -> CandidateTally {
        CandidateTally {
            values: Vec::new(),
            wins: 0,
            alive: true,
        }
    }
}

impl CandidateTally {
    /// Deals played out.
    pub(super) fn n(&self) -> u32 {
        self.values.len() as u32
    }

    pub(super) fn push(&mut self, value: f64, won: bool) {
        self.values.push(value);
        self.wins += won as u32;
    }

    pub(super) fn mean(&self) -> f64 {
        Estimate::of(&self.values).mean
    }

    pub(super) fn win_rate(&self) -> f64 {
        if self.n() == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.n())
        }
    }

    pub(super) fn report(&self, play: Combo) -> CandidateReport {
        let e = Estimate::of(&self.values);
        CandidateReport {
            play,
            deals: self.n(),
            mean: e.mean,
            win_rate: self.win_rate(),
            ci95: e.half_width(Z95),
        }
    }
}

/// Mean and standard error of `a`'s lead over `b` on the deals both were played out on (the
/// same deals, in the same order: the comparison the search's decisions rest on). Below two
/// deals the error is unknown and taken as 0: the leader is whichever mean is higher.
pub(super) fn paired_lead(a: &CandidateTally, b: &CandidateTally) -> (f64, f64) {
    let diffs: Vec<f64> = a.values.iter().zip(&b.values).map(|(x, y)| x - y).collect();
    let e = Estimate::of(&diffs);
    (e.mean, e.std_error().unwrap_or(0.0))
}

/// Drops every alive candidate whose paired difference to the leader is clearly negative.
pub(super) fn drop_clearly_worse(tally: &mut [CandidateTally]) {
    let leader = match (0..tally.len())
        .filter(|&i| tally[i].alive)
        .max_by(|&a, &b| {
            tally[a]
                .mean()
                .partial_cmp(&tally[b].mean())
                .unwrap_or(std::cmp::Ordering::Equal)
        }) {
        Some(l) => l,
        None => return,
    };
    for i in 0..tally.len() {
        if i == leader || !tally[i].alive {
            continue;
        }
        let (mean, se) = paired_lead(&tally[i], &tally[leader]);
        if mean + DROP_Z * se < 0.0 {
            tally[i].alive = false;
        }
    }
}

/// The alive candidate with the best mean; the rule player's choice wins ties, and also wins
/// when the best one's paired lead over it is within `stick` standard errors.
pub(super) fn best(
    tally: &[CandidateTally],
    candidates: &[Combo],
    policy_choice: Combo,
    stick: f64,
) -> usize {
    let mut best: Option<usize> = None;
    for i in 0..candidates.len() {
        if !tally[i].alive {
            continue;
        }
        best = match best {
            None => Some(i),
            Some(b) => {
                let (mi, mb) = (tally[i].mean(), tally[b].mean());
                if mi > mb || (mi == mb && candidates[i] == policy_choice) {
                    Some(i)
                } else {
                    Some(b)
                }
            }
        };
    }
    let best = best.unwrap_or(0);
    let policy = candidates.iter().position(|&c| c == policy_choice);
    if let Some(p) = policy {
        if stick > 0.0 && p != best && tally[p].alive {
            let (mean, se) = paired_lead(&tally[best], &tally[p]);
            if mean <= stick * se {
                return p;
            }
        }
    }
    best
}
