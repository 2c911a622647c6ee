//! Time, in one place: the referee's reply limit, what is kept back from it, the thinking time
//! aimed at, and the deadlines of one decision.
//!
//! A [`Clock`] holds the settings (the referee's limit, which `INFO` may change, and the
//! thinking time); for each question it gives one [`Deadline`]: soft (start no more work) and
//! hard (answer now), both counted from the moment the question was received. Whoever asks a
//! strategy builds that deadline once (the engine's session, the arena's built-in players,
//! `ddz analyze`, the hints of `ddz play`), and a search bounds itself by it through a
//! [`Budget`], which adds the search's own [`Limit`] and answers only "start more work?" and
//! "must answer now?".
//!
//! A fixed budget ([`Limit::Deals`]) heeds only the hard deadline: the same input gives the
//! same answer under any clock that does not cut it short.

use std::time::{Duration, Instant};

/// The referee's limit for one reply when `INFO` gives none (the 2015 platform) or never
/// comes: the official 15 s (SPEC).
pub const REPLY_LIMIT: Duration = Duration::from_secs(15);
/// Kept back from the limit for what happens outside the strategy: reading and writing the
/// pipe, process scheduling on a loaded judge machine, Wine's overhead on the Windows build.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(1500);
/// The margin is at most this fraction of a (very short) limit, so a 1 s limit still leaves
/// the strategy some time.
pub const MAX_MARGIN_FRACTION: f64 = 0.4;
/// Thinking time aimed at when none is configured: far inside the limit, and enough for the
/// search to settle most decisions (hundreds of sampled deals per candidate).
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// The time settings of a player: the referee's limit and the thinking time aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The referee's limit for one reply.
    pub limit: Duration,
    /// The thinking time aimed at (the soft deadline), capped by the hard one.
    pub think: Duration,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            limit: REPLY_LIMIT,
            think: DEFAULT_THINK,
        }
    }
}

impl Clock {
    /// A clock for a reply `limit`, thinking `think` or the default.
    #[must_use]
    pub fn new(limit: Duration, think: Option<Duration>) -> Clock {
        Clock {
            limit,
            think: think.unwrap_or(DEFAULT_THINK),
        }
    }

    /// A clock at the default limit, thinking `think` or the default.
    #[must_use]
    pub fn thinking(think: Option<Duration>) -> Clock {
        Clock::new(REPLY_LIMIT, think)
    }

    /// Takes the limit from INFO (`None`: keep the default). A limit of 0 seconds is no limit
    /// any platform means; it is read as the default.
    pub fn set_limit(&mut self, seconds: Option<u32>) {
        self.limit = match seconds {
            Some(s) if s > 0 => Duration::from_secs(u64::from(s)),
            _ => REPLY_LIMIT,
        };
    }

    /// What is kept back from the limit: the safety margin, or a share of a very short limit.
    #[must_use]
    pub fn overhead(&self) -> Duration {
        SAFETY_MARGIN.min(self.limit.mul_f64(MAX_MARGIN_FRACTION))
    }

    /// The deadlines for a reply to a question received at `received`: hard at the limit less
    /// the overhead, soft after the thinking time (never past the hard one).
    #[must_use]
    pub fn deadline(&self, received: Instant) -> Deadline {
        let hard = received + self.limit.saturating_sub(self.overhead());
        Deadline {
            soft: (received + self.think).min(hard),
            hard,
        }
    }
}

/// When a decision is due. Past `soft`, start no new work; by `hard`, answer with the best so
/// far. The clock keeps its overhead beyond `hard` before the referee's limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// Start no new work after this.
    pub soft: Instant,
    /// Answer by this.
    pub hard: Instant,
}

impl Deadline {
    /// A deadline far in the future (tests, tools).
    #[must_use]
    pub fn unlimited() -> Deadline {
        let far = Instant::now() + Duration::from_secs(3600);
        Deadline {
            soft: far,
            hard: far,
        }
    }

    /// Whether the soft deadline has passed.
    #[must_use]
    pub fn soft_passed(&self) -> bool {
        Instant::now() >= self.soft
    }

    /// Whether the hard deadline has passed.
    #[must_use]
    pub fn hard_passed(&self) -> bool {
        Instant::now() >= self.hard
    }
}

/// What bounds a search besides its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many units of work (deals), stopped early only by the hard deadline:
    /// reproducible on any machine.
    Deals(u32),
    /// Until the soft deadline, and at most this many units of work.
    Time {
        /// The most units of work, for a decision with time to spare.
        most: u32,
    },
}

/// One decision's time manager: the deadline the decision was given and the search's own
/// limit, built once when the search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    limit: Limit,
    deadline: Deadline,
}

impl Budget {
    /// The budget of a search bounded by `limit` and `deadline`.
    #[must_use]
    pub fn new(limit: Limit, deadline: Deadline) -> Budget {
        Budget { limit, deadline }
    }

    /// The most units of work the search may do (at least 1).
    #[must_use]
    pub fn most(&self) -> u32 {
        match self.limit {
            Limit::Deals(n) | Limit::Time { most: n } => n.max(1),
        }
    }

    /// Whether to start work unit number `done` (counted from 0): the first always, the others
    /// while the limit allows, a fixed count until the hard deadline, a timed search until the
    /// soft one.
    #[must_use]
    pub fn start_more_work(&self, done: u32) -> bool {
        if done >= self.most() {
            return false;
        }
        done == 0
            || match self.limit {
                Limit::Deals(_) => !self.must_answer_now(),
                Limit::Time { .. } => !self.deadline.soft_passed(),
            }
    }

    /// Whether the hard deadline has passed: answer with the best so far.
    #[must_use]
    pub fn must_answer_now(&self) -> bool {
        self.deadline.hard_passed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The deadlines keep inside the referee's limit, with time left to think, whatever the
    /// limit INFO gives: checked against the margins' definitions, not the formula's terms.
    #[test]
    fn deadlines_stay_inside_the_limit() {
        let now = Instant::now();
        for seconds in [None, Some(0), Some(1), Some(2), Some(15), Some(60)] {
            let mut clock = Clock::default();
            clock.set_limit(seconds);
            let d = clock.deadline(now);
            let limit = Duration::from_secs(u64::from(seconds.filter(|&s| s > 0).unwrap_or(15)));
            assert_eq!(clock.limit, limit);
            assert!(d.soft <= d.hard, "limit {:?}", seconds);
            assert!(d.soft <= now + DEFAULT_THINK, "limit {:?}", seconds);
            // The whole safety margin is kept back when the limit allows it, and never more
            // than the fraction of a short limit.
            let kept = now + limit - d.hard;
            assert!(
                kept <= SAFETY_MARGIN,
                "limit {:?}: kept {:?}",
                seconds,
                kept
            );
            assert!(
                kept > Duration::ZERO,
                "limit {:?} keeps nothing back",
                seconds
            );
            if limit >= Duration::from_secs(4) {
                assert_eq!(kept, SAFETY_MARGIN, "limit {:?}", seconds);
                assert_eq!(d.soft, now + DEFAULT_THINK, "limit {:?}", seconds);
            } else {
                assert!(
                    d.hard - now >= limit / 2,
                    "limit {:?} leaves no time",
                    seconds
                );
            }
        }
        // The thinking time is the soft deadline, inside the hard one.
        let long = Clock::new(Duration::from_secs(2), Some(Duration::from_secs(5)));
        let d = long.deadline(now);
        assert_eq!(d.soft, d.hard);
    }

    /// A fixed count ignores the soft deadline and stops at its count or the hard deadline; a
    /// timed search stops at the soft deadline; the first unit is always started.
    #[test]
    fn the_budget_starts_work_by_its_limit() {
        let now = Instant::now();
        let later = now + Duration::from_secs(3600);
        let soft_passed = Deadline {
            soft: now,
            hard: later,
        };
        let both_passed = Deadline {
            soft: now,
            hard: now,
        };
        let fixed = Budget::new(Limit::Deals(3), soft_passed);
        assert!((0..3).all(|n| fixed.start_more_work(n)));
        assert!(!fixed.start_more_work(3));
        assert!(!fixed.must_answer_now());
        let late = Budget::new(Limit::Deals(3), both_passed);
        assert!(late.start_more_work(0) && !late.start_more_work(1));
        assert!(late.must_answer_now());
        let timed = Budget::new(Limit::Time { most: 100 }, soft_passed);
        assert!(timed.start_more_work(0) && !timed.start_more_work(1));
        let open = Budget::new(Limit::Time { most: 2 }, Deadline::unlimited());
        assert_eq!(
            (0..4).map(|n| open.start_more_work(n)).collect::<Vec<_>>(),
            [true, true, false, false]
        );
        assert_eq!(Budget::new(Limit::Deals(0), soft_passed).most(), 1);
    }
}
