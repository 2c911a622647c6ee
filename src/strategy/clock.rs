//! Time, in one place: the platforms' reply limits, what is kept back from them, the thinking
//! time aimed at, and the deadlines of one decision.
//!
//! A [`TimeControl`] holds a player's time: its platform's rules ([`TimeRules`]: the reply
//! limit, the margin kept back, the thinking time aimed at by default; [`ENGINE`] for the
//! protocol's platforms, [`BOTZONE`] for Botzone's), the reply limit in force (which `INFO` or
//! the arena's table may change) and the thinking time set (`think`, read and checked by
//! [`parse_think`] alone). For each question it gives one [`Deadline`]: soft (start no more
//! work) and hard (answer now), both counted from the moment the question was received. Every
//! caller that asks a strategy builds that deadline from its time control, once per question
//! (the engine's session, the arena's built-in players, `ddz analyze`, the hints of `ddz play`
//! and `ddz serve`, the Botzone bot, the bench's timed figures), and a search bounds itself by
//! it through a [`Budget`], which adds the search's own [`Limit`] and answers only "start more
//! work?" and "must answer now?". No other module builds a [`Deadline`].
//!
//! One precedence rule for the thinking time: the setting nearest the player wins, its own
//! (`builtin:ddz:think=S`) over its host's (`--think`, the arena's `--think`), over the
//! platform's default ([`TimeControl::thinking`], applied from the host to the player).
//!
//! A fixed budget ([`Limit::Deals`], the search's `samples`) heeds only the hard deadline: the
//! same input gives the same answer under any time control that does not cut it short.
//!
//! What a decision spends when nothing is set is the platform's: on the protocol's platforms a
//! budget of deals ([`DEFAULT_DEALS`], a fixed budget as above: the measured best of the curve
//! of strength against time), on Botzone half a second. A thinking time set (`think`) makes any
//! platform's decisions timed; a search's own `samples` overrides both ([`Limit::of`]).

use crate::registry::{number, Setting, SettingError};
use std::time::{Duration, Instant};

/// How a platform times a reply: the limit, what is kept back from it for what happens outside
/// the strategy, and the thinking time aimed at when none is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeRules {
    /// The referee's limit for one reply when it announces none.
    pub limit: Duration,
    /// Kept back from the limit (at most [`MAX_MARGIN_FRACTION`] of it).
    pub margin: Duration,
    /// The thinking time aimed at when none is set.
    pub think: Duration,
    /// What a decision spends when no thinking time is set: this many deals, heeding only the
    /// hard deadline (reproducible); `None`: the thinking time `think`.
    pub deals: Option<u32>,
}

/// The protocol's platforms (the official 2015 and 2019 ones, the arena): 15 s a reply when
/// `INFO` gives no limit or never comes (SPEC); 1.5 s kept back for reading and writing the
/// pipe, process scheduling on a loaded judge machine and Wine's overhead on the Windows build;
/// [`DEFAULT_DEALS`] deals a decision by default (a tenth of a second to a few seconds on one
/// core, far inside the limit), or a second of thought once `think` is set without a value of
/// its own.
pub const ENGINE: TimeRules = TimeRules {
    limit: REPLY_LIMIT,
    margin: SAFETY_MARGIN,
    think: DEFAULT_THINK,
    deals: Some(DEFAULT_DEALS),
};

/// Botzone: about 1 s a turn for a compiled bot, the process start included (simple
/// interaction), counted by the bot from its start. It thinks 0.5 s by default and answers by
/// 0.8 s: the 0.2 s kept back are for the process start, Botzone's own overhead and a busy
/// machine (docs/botzone.md).
pub const BOTZONE: TimeRules = TimeRules {
    limit: Duration::from_secs(1),
    margin: Duration::from_millis(200),
    think: Duration::from_millis(500),
    deals: None,
};

/// The protocol's reply limit when `INFO` gives none (the 2015 platform) or never comes: the
/// official 15 s (SPEC).
pub const REPLY_LIMIT: Duration = Duration::from_secs(15);
/// Kept back from the protocol's limit: see [`ENGINE`].
pub const SAFETY_MARGIN: Duration = Duration::from_millis(1500);
/// The margin is at most this fraction of a (very short) limit, so a 1 s limit still leaves
/// the strategy some time.
pub const MAX_MARGIN_FRACTION: f64 = 0.4;
/// Thinking time of a timed decision on the protocol's platforms: see [`ENGINE`].
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);
/// Deals a decision takes on the protocol's platforms when neither `think` nor `samples` is
/// set. Against RHCP (seed 777, the same 1,000 deals, head-to-head; docs/figures.md, "Time
/// against strength"): 256 deals 77.7% as the landlord and 83.4% as the farmers; timed at 1 s
/// (one core a game) 77.3 / 82.6, −0.6 ± 1.0 paired; 1,024 deals 76.6 / 82.1 (822 deals),
/// −1.2 ± 1.2; 64 deals 1.0 ± 1.3 below 256 with the judge of then. More deals of the same
/// judge buy nothing past 256, and a count of deals gives the same answer on any machine.
pub const DEFAULT_DEALS: u32 = 256;
/// Longest thinking time accepted, in seconds (the hard deadline caps it anyway).
pub const MAX_THINK_SECONDS: f64 = 600.0;

/// A thinking time as a person writes it (`2`, `0.5`: seconds in (0, [`MAX_THINK_SECONDS`]]):
/// the one reading of `think`, whether it comes from `ddz.cfg`, a flag or a player spec.
pub fn parse_think(text: &str) -> Result<Duration, SettingError> {
    let must_be = format!("seconds in (0, {}]", MAX_THINK_SECONDS);
    let in_range = |t: &f64| *t > 0.0 && *t <= MAX_THINK_SECONDS;
    number("think", text.trim(), in_range, &must_be).map(Duration::from_secs_f64)
}

/// A player's time: its platform's rules, the reply limit in force and the thinking time set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    rules: TimeRules,
    /// The referee's limit for one reply, in force.
    limit: Duration,
    /// The thinking time set; `None`: the platform's default.
    think: Option<Duration>,
}

impl Default for TimeControl {
    /// The engine's, on the protocol's platforms.
    fn default() -> TimeControl {
        TimeControl::of(ENGINE)
    }
}

impl TimeControl {
    /// The time control of a platform: its limit, its default thinking time.
    #[must_use]
    pub fn of(rules: TimeRules) -> TimeControl {
        TimeControl {
            rules,
            limit: rules.limit,
            think: None,
        }
    }

    /// The same, thinking `think` when it is set (the precedence rule: apply the host's, then
    /// the player's own; a `None` keeps what was there).
    #[must_use]
    pub fn thinking(self, think: Option<Duration>) -> TimeControl {
        TimeControl {
            think: think.or(self.think),
            ..self
        }
    }

    /// The same at a reply limit of `limit` (the arena's table).
    #[must_use]
    pub fn with_limit(self, limit: Duration) -> TimeControl {
        TimeControl { limit, ..self }
    }

    /// Takes the limit from INFO (`None`: keep the platform's). A limit of 0 seconds is no
    /// limit any platform means; it is read as the platform's.
    pub fn set_limit(&mut self, seconds: Option<u32>) {
        self.limit = match seconds {
            Some(s) if s > 0 => Duration::from_secs(u64::from(s)),
            _ => self.rules.limit,
        };
    }

    /// The thinking time set, if any (`None`: the platform's default).
    #[must_use]
    pub fn think_set(&self) -> Option<Duration> {
        self.think
    }

    /// The thinking time aimed at: the one set, else the platform's default.
    #[must_use]
    pub fn think(&self) -> Duration {
        self.think.unwrap_or(self.rules.think)
    }

    /// The referee's limit in force.
    #[must_use]
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// What is kept back from the limit: the platform's margin, or a share of a very short
    /// limit.
    #[must_use]
    pub fn overhead(&self) -> Duration {
        self.rules
            .margin
            .min(self.limit.mul_f64(MAX_MARGIN_FRACTION))
    }

    /// The deals a decision takes by this control: the platform's count when no thinking time
    /// is set and the platform counts deals; `None`: the decision is timed.
    #[must_use]
    pub fn deals(&self) -> Option<u32> {
        match self.think {
            Some(_) => None,
            None => self.rules.deals,
        }
    }

    /// The deadlines for a reply to a question received at `received`: hard at the limit less
    /// the overhead, soft after the thinking time (never past the hard one), and the deals the
    /// decision takes when the control counts deals.
    #[must_use]
    pub fn deadline(&self, received: Instant) -> Deadline {
        let hard = received + self.limit.saturating_sub(self.overhead());
        Deadline {
            soft: (received + self.think()).min(hard),
            hard,
            deals: self.deals(),
        }
    }

    /// The thinking time as a log records it: `think=2`, or `think=clock` for the platform's
    /// default (on the protocol's platforms [`DEFAULT_DEALS`] deals, on Botzone 0.5 s).
    #[must_use]
    pub fn describe(&self) -> String {
        TIME_SETTINGS
            .iter()
            .map(|s| format!("{}={}", s.name, (s.show)(self)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The time's settings, beside the thinking player's: `think`, a key of `ddz.cfg`, a flag of
/// the engine and the tools, a `builtin:ddz:think=S` pair.
pub static TIME_SETTINGS: &[Setting<TimeControl>] = &[Setting {
    name: "think",
    value: "S",
    help: "seconds per decision (default: 256 deals a decision; on Botzone 0.5 s)",
    file: false,
    read: |t, v| {
        t.think = Some(parse_think(v)?);
        Ok(())
    },
    show: |t| {
        t.think
            .map_or("clock".to_string(), |t| t.as_secs_f64().to_string())
    },
}];

/// When a decision is due. Past `soft`, start no new work; by `hard`, answer with the best so
/// far. The clock keeps its overhead beyond `hard` before the referee's limit. When the time
/// control counts deals instead (`deals`), a search without its own budget takes that many and
/// heeds only `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// Start no new work after this.
    pub soft: Instant,
    /// Answer by this.
    pub hard: Instant,
    /// The time control's budget in deals, when it counts deals ([`TimeControl::deals`]).
    pub deals: Option<u32>,
}

impl Deadline {
    /// A deadline far in the future (tests, tools, fixed budgets).
    #[must_use]
    pub fn unlimited() -> Deadline {
        let far = Instant::now() + Duration::from_secs(3600);
        Deadline {
            soft: far,
            hard: far,
            deals: None,
        }
    }

    /// The same hard deadline with the soft one halfway from now: the first of two stages of
    /// a search that keeps half its thinking time for the second.
    #[must_use]
    pub fn halfway(&self) -> Deadline {
        let now = Instant::now();
        Deadline {
            soft: now + self.soft.saturating_duration_since(now) / 2,
            ..*self
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

impl Limit {
    /// The limit of a search: its own fixed budget (`samples`) when set, else the deals of its
    /// time control when it counts deals, else the clock's soft deadline and at most `most`.
    #[must_use]
    pub fn of(samples: Option<u32>, deadline: &Deadline, most: u32) -> Limit {
        match samples.or(deadline.deals) {
            Some(n) => Limit::Deals(n),
            None => Limit::Time { most },
        }
    }
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

    /// Whether the limit is a fixed count of units (reproducible) rather than the clock.
    #[must_use]
    pub fn is_fixed(&self) -> bool {
        matches!(self.limit, Limit::Deals(_))
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
            let mut clock = TimeControl::default();
            clock.set_limit(seconds);
            let d = clock.deadline(now);
            let limit = Duration::from_secs(u64::from(seconds.filter(|&s| s > 0).unwrap_or(15)));
            assert_eq!(clock.limit(), limit);
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
        let long = TimeControl::default()
            .with_limit(Duration::from_secs(2))
            .thinking(Some(Duration::from_secs(5)));
        let d = long.deadline(now);
        assert_eq!(d.soft, d.hard);
    }

    /// Botzone's time is the same control with its own rules: half a second of thought, the
    /// answer by 0.8 s from the turn's start (docs/botzone.md), a longer thought capped there.
    #[test]
    fn botzone_answers_by_its_own_limit() {
        let now = Instant::now();
        let d = TimeControl::of(BOTZONE).deadline(now);
        assert_eq!(d.soft, now + Duration::from_millis(500));
        assert_eq!(d.hard, now + Duration::from_millis(800));
        let long = TimeControl::of(BOTZONE).thinking(Some(Duration::from_secs(2)));
        assert_eq!(long.deadline(now).soft, now + Duration::from_millis(800));
    }

    /// The setting nearest the player wins: a host's thinking time over the platform's, the
    /// player's own over the host's, and an unset one changes nothing.
    #[test]
    fn the_nearest_thinking_time_wins() {
        let secs = |s: u64| Some(Duration::from_secs(s));
        let host = TimeControl::default().thinking(secs(3));
        assert_eq!(host.think(), Duration::from_secs(3));
        assert_eq!(host.thinking(secs(2)).think(), Duration::from_secs(2));
        assert_eq!(host.thinking(None).think(), Duration::from_secs(3));
        assert_eq!(TimeControl::default().think(), DEFAULT_THINK);
        assert_eq!(TimeControl::of(BOTZONE).think(), BOTZONE.think);
    }

    /// What a decision spends, by one precedence: the search's own `samples`, else the
    /// platform's deals when no thinking time is set (the protocol's platforms), else the
    /// clock (Botzone, or any platform once `think` is set).
    #[test]
    fn a_decision_spends_samples_then_the_platforms_deals_then_time() {
        let now = Instant::now();
        let engine = TimeControl::default().deadline(now);
        assert_eq!(engine.deals, Some(DEFAULT_DEALS));
        assert_eq!(Limit::of(None, &engine, 4000), Limit::Deals(DEFAULT_DEALS));
        assert_eq!(Limit::of(Some(16), &engine, 4000), Limit::Deals(16));
        let thinking = TimeControl::default()
            .thinking(Some(Duration::from_secs(2)))
            .deadline(now);
        assert_eq!(thinking.deals, None);
        assert_eq!(Limit::of(None, &thinking, 4000), Limit::Time { most: 4000 });
        assert_eq!(Limit::of(Some(16), &thinking, 4000), Limit::Deals(16));
        let botzone = TimeControl::of(BOTZONE).deadline(now);
        assert_eq!(Limit::of(None, &botzone, 4000), Limit::Time { most: 4000 });
        // The first of two stages keeps the count: its soft deadline alone moves.
        assert_eq!(engine.halfway().deals, Some(DEFAULT_DEALS));
        assert_eq!(Deadline::unlimited().deals, None);
    }

    /// `think` is read one way: seconds in (0, 600], whatever spells it.
    #[test]
    fn think_is_read_one_way() {
        assert_eq!(parse_think(" 2.5 "), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_think("600"), Ok(Duration::from_secs(600)));
        for bad in ["0", "-1", "601", "soon", "NaN", ""] {
            let e = parse_think(bad).unwrap_err().to_string();
            assert!(e.contains("seconds in (0, 600]"), "{}: {}", bad, e);
        }
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
            deals: None,
        };
        let both_passed = Deadline {
            soft: now,
            hard: now,
            deals: None,
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
