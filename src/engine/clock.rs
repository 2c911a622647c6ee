//! How long to think: from the referee's reply limit (INFO's last field, 15 s when absent)
//! and the thinking time aimed at to the strategy's soft and hard deadlines for one reply.
//! The engine's session, the arena's built-in players, `ddz analyze` and the hints of
//! `ddz play` all take their deadlines from a [`Clock`]; a thinking player with a thinking time
//! of its own narrows the deadline it is given by the same rule ([`Deadline::thinking`]).
//!
//! A fixed budget (`samples`) is the thinking player's, not the clock's: it stops at its count
//! of deals and heeds only the hard deadline, so the same input gives the same answer under
//! any clock that does not cut it short.

use crate::strategy::Deadline;
use std::time::{Duration, Instant};

/// The reply limit when INFO gives none (the 2015 platform) or never comes: the official 15 s.
pub const DEFAULT_LIMIT: Duration = Duration::from_secs(15);
/// Kept back from the limit for what happens outside the strategy: reading and writing the
/// pipe, process scheduling on a loaded judge machine, Wine's overhead on the Windows build.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(1500);
/// The margin is at most this fraction of a (very short) limit, so a 1 s limit still leaves
/// the strategy some time.
pub const MAX_MARGIN_FRACTION: f64 = 0.4;
/// Thinking time aimed at when none is configured: far inside the limit, and enough for the
/// search to settle most decisions (hundreds of sampled deals per candidate).
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// The engine's clock.
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
            limit: DEFAULT_LIMIT,
            think: DEFAULT_THINK,
        }
    }
}

impl Clock {
    /// A clock with this thinking time, or the default one, and the default limit.
    #[must_use]
    pub fn thinking(think: Option<Duration>) -> Clock {
        Clock::with_think(think.unwrap_or(DEFAULT_THINK))
    }

    /// A clock for a reply `limit` (the arena's), thinking `think` or the default.
    #[must_use]
    pub fn for_limit(limit: Duration, think: Option<Duration>) -> Clock {
        Clock {
            limit,
            ..Clock::thinking(think)
        }
    }

    /// A clock with this thinking time and the default limit.
    #[must_use]
    pub fn with_think(think: Duration) -> Clock {
        Clock {
            think,
            ..Clock::default()
        }
    }

    /// Takes the limit from INFO (`None`: keep the default). A limit of 0 seconds is no limit
    /// any platform means; it is read as the default.
    pub fn set_limit(&mut self, seconds: Option<u32>) {
        self.limit = match seconds {
            Some(s) if s > 0 => Duration::from_secs(u64::from(s)),
            _ => DEFAULT_LIMIT,
        };
    }

    /// The time the strategy may use before the safe reply is sent.
    #[must_use]
    pub fn budget(&self) -> Duration {
        let margin = SAFETY_MARGIN.min(self.limit.mul_f64(MAX_MARGIN_FRACTION));
        self.limit.saturating_sub(margin)
    }

    /// The deadlines for a reply to a message received at `received`.
    #[must_use]
    pub fn deadline(&self, received: Instant) -> Deadline {
        Deadline::after(received, self.budget()).thinking(received, self.think)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_stay_inside_the_limit() {
        let now = Instant::now();
        for limit in [None, Some(0), Some(1), Some(2), Some(15), Some(60)] {
            let mut clock = Clock::default();
            clock.set_limit(limit);
            let d = clock.deadline(now);
            assert!(d.soft <= d.hard);
            assert_eq!(d.soft, (now + DEFAULT_THINK).min(d.hard));
            assert!(d.hard < now + clock.limit, "limit {:?}", limit);
            assert!(d.hard > now, "limit {:?} leaves no time", limit);
        }
        let mut clock = Clock::default();
        clock.set_limit(None);
        assert_eq!(clock.limit, DEFAULT_LIMIT);
    }
}
