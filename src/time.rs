//! Time, in one place: the platforms' reply limits, what is kept back from them, what a search
//! spends by default, and the deadlines of one decision.
//!
//! Two values, each resolved once by whoever hosts a player (the engine's session, the arena's
//! built-in players, the Botzone bot, `ddz analyze`, the hints of `ddz play` and `ddz serve`,
//! the bench):
//! - a [`SearchLimit`], what a search may spend on a decision: a count of deals (reproducible:
//!   the same answer on any machine) or a thinking time. It is the thinking player's setting
//!   (`samples = N` or `think = S`, two spellings of the one value, the last given winning
//!   wherever they are given: [`GivenLimit`]); when none is given the host puts in its
//!   platform's ([`TimeRules::search`]);
//! - a [`TimeControl`], the referee's clock: the reply limit in force (which `INFO` or the
//!   arena's table may change) less what is kept back for what happens outside the strategy.
//!   For each question it gives a [`Deadline`]: the instant the question came and the instant
//!   by which the answer must be out (hard). No other module builds a [`Deadline`].
//!
//! A search bounds itself by both through a [`Budget`], which answers only "start more
//! work?" and "must answer now?": a count of deals starts no new deal past [`COUNT_SHARE`] of the
//! time to the hard deadline (a machine too loaded to finish it by then still answers well
//! inside the limit); a thinking time stops at the soft deadline, the question's instant plus
//! the time (never past the hard one).

use crate::registry::{number, FlagRefusal, SettingError};
use std::fmt;
use std::time::{Duration, Instant};

/// How a platform times a reply: the limit, what is kept back from it for what happens outside
/// the strategy, and what a search spends when its player sets nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeRules {
    /// The referee's limit for one reply when it announces none.
    pub limit: Duration,
    /// Kept back from the limit (at most [`MAX_MARGIN_FRACTION`] of it).
    pub(crate) margin: Duration,
    /// What a decision's search spends when its player sets nothing.
    pub search: SearchLimit,
}

/// The protocol's platforms (the official 2015 and 2019 ones, the arena): 15 s a reply when
/// `INFO` gives no limit or never comes (SPEC); 1.5 s kept back for reading and writing the
/// pipe, process scheduling on a loaded judge machine and Wine's overhead on the Windows build;
/// [`DEFAULT_DEALS`] deals a decision (docs/figures.md, "Time against strength").
pub const ENGINE: TimeRules = TimeRules {
    limit: REPLY_LIMIT,
    margin: SAFETY_MARGIN,
    search: SearchLimit::Deals(DEFAULT_DEALS),
};

/// Botzone: about 1 s a turn for a compiled bot, the process start included (simple
/// interaction), counted by the bot from its start. It thinks 0.5 s and answers by 0.8 s: the
/// 0.2 s kept back are for the process start, Botzone's own overhead and a busy machine
/// (docs/botzone.md).
pub const BOTZONE: TimeRules = TimeRules {
    limit: Duration::from_secs(1),
    margin: Duration::from_millis(200),
    search: SearchLimit::Time(Duration::from_millis(500)),
};

/// The protocol's reply limit when `INFO` gives none (the 2015 platform) or never comes: the
/// official 15 s (SPEC).
pub const REPLY_LIMIT: Duration = Duration::from_secs(15);
/// Kept back from the protocol's limit: see [`ENGINE`].
pub const SAFETY_MARGIN: Duration = Duration::from_millis(1500);
/// The margin is at most this fraction of a (very short) limit, so a 1 s limit still leaves
/// the strategy some time.
pub(crate) const MAX_MARGIN_FRACTION: f64 = 0.4;
/// Deals a decision takes on the protocol's platforms when the player sets no limit: the
/// measured best of strength against time, and a count gives the same answer on any machine.
pub const DEFAULT_DEALS: u32 = 256;
/// The share of the time to the hard deadline past which a count of deals starts no new deal
/// ([`Deadline::count_stop`]): 6.75 s of the protocol's 15 s. A count is a tenth of a second to
/// a few seconds on one core; where a loaded machine makes it longer, the search answers with
/// the deals it has rather than run to the hard deadline (13.5 s), which left the referee's
/// limit 1.5 s and the platform's own overhead (Wine, a busy judge machine) to fit in them
/// (docs/figures.md, "A count's share of the clock"). On a machine that finishes the count by
/// then, which is all but a few decisions in a thousand, the answer is the count's.
pub(crate) const COUNT_SHARE: f64 = 0.5;
/// Longest thinking time accepted, in seconds (the hard deadline caps it anyway).
pub(crate) const MAX_THINK_SECONDS: f64 = 600.0;

/// What a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// Exactly this many deals, stopped early only by the clock ([`COUNT_SHARE`]): reproducible
    /// on any machine not too loaded to finish them in time (`samples = N`).
    Deals(u32),
    /// Until this long after the question came (the soft deadline), at most a search's own
    /// most deals (`think = S`).
    Time(Duration),
}

impl fmt::Display for SearchLimit {
    /// As a setting spells it, and the log's start line records it: `samples=256`, `think=0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchLimit::Deals(n) => write!(f, "samples={}", n),
            SearchLimit::Time(t) => write!(f, "think={}", think_seconds(*t)),
        }
    }
}

impl SearchLimit {
    /// What a decision spends, in words: `plays 64 deals a decision`, `thinks 0.5 s a decision`.
    #[must_use]
    pub(crate) fn in_words(&self) -> String {
        match self {
            SearchLimit::Deals(n) => format!("plays {} deals a decision", n),
            SearchLimit::Time(t) => format!("thinks {} s a decision", think_seconds(*t)),
        }
    }
}

/// A search limit as a front end was given it, the one type every front end keeps it in: it
/// reads the limits given in order (`ddz.cfg`'s lines, then the flags; a spec's keys; a tool's
/// flags), the last one wins, and one that replaced another given before it leaves a note,
/// which the front end says on stderr (and the engine in its log's start line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GivenLimit {
    /// The limit in force, the last given; `None` when none was (the host's platform's then).
    pub limit: Option<SearchLimit>,
    /// How the limit in force was given: `--think 2`, `think = 2 (ddz.cfg line 3)`, `think=2`.
    by: String,
    /// One line a replacement: `--samples 64 replaces --think 2: plays 64 deals a decision`.
    pub notes: Vec<String>,
}

impl GivenLimit {
    /// `given`, spelled `by` (`--samples 64`), read: the limit now, noted when it replaced
    /// one given before.
    pub(crate) fn give(&mut self, given: SearchLimit, by: &str) {
        self.follow(Some(given), by);
    }

    /// Reading what was given as `by` left the limit at `now` (the same when it set no limit,
    /// or the one in force again): for a front end whose player's settings read the limit
    /// (the engine, a `builtin:ddz` spec, `ddz analyze`), whose limit this follows.
    pub(crate) fn follow(&mut self, now: Option<SearchLimit>, by: &str) {
        if now == self.limit {
            return;
        }
        if let (Some(_), Some(now)) = (self.limit, now) {
            let note = format!("{} replaces {}: {}", by, self.by, now.in_words());
            self.notes.push(note);
        }
        self.limit = now;
        self.by = by.to_string();
    }
}

/// The flags `--think SECONDS` and `--samples N` of a tool whose settings keep a
/// [`GivenLimit`]: the one reading of them ([`think_flag`], [`samples_flag`]), so the engine
/// and the tools accept the same and say the same of a limit given after another.
pub(crate) fn think_flag<T: AsMut<GivenLimit>>(
    settings: &mut T,
    words: &[String],
) -> Result<(), FlagRefusal> {
    let limit = SearchLimit::Time(parse_think(&words[0])?);
    let by = format!("--think {}", words[0]);
    settings.as_mut().give(limit, &by);
    Ok(())
}

/// `--samples N`, as [`think_flag`] reads `--think`.
pub(crate) fn samples_flag<T: AsMut<GivenLimit>>(
    settings: &mut T,
    words: &[String],
) -> Result<(), FlagRefusal> {
    let limit = SearchLimit::Deals(parse_samples(&words[0])?);
    let by = format!("--samples {}", words[0]);
    settings.as_mut().give(limit, &by);
    Ok(())
}

/// A count of deals as a person writes it (`64`: a whole number ≥ 1): the one reading of
/// `samples`, whether it comes from `ddz.cfg`, a flag or a player spec.
pub(crate) fn parse_samples(text: &str) -> Result<u32, SettingError> {
    number(text.trim(), |n: &u32| *n >= 1, "a whole number ≥ 1").map_err(|e| e.named("samples"))
}

/// A thinking time as a person writes it (`2`, `0.5`: seconds in (0, [`MAX_THINK_SECONDS`]]),
/// to the microsecond: the one reading of `think`, whether it comes from `ddz.cfg`, a flag or a
/// player spec. Whole microseconds read back as they are written (`Duration::as_secs_f64`
/// shown, then read), which nanoseconds of a binary fraction need not.
pub(crate) fn parse_think(text: &str) -> Result<Duration, SettingError> {
    let must_be = format!("seconds in (0, {}]", MAX_THINK_SECONDS);
    let in_range = |t: &f64| *t >= 1e-6 && *t <= MAX_THINK_SECONDS;
    number(text.trim(), in_range, &must_be)
        .map(|t: f64| Duration::from_micros((t * 1e6).round() as u64))
        .map_err(|e| e.named("think"))
}

/// A thinking time in seconds as [`parse_think`] reads it back: whole microseconds over a
/// million (`1.594`, where `Duration::as_secs_f64` adds the fraction and can give
/// `1.5939999999999999`).
#[must_use]
pub(crate) fn think_seconds(think: Duration) -> f64 {
    think.as_micros() as f64 / 1e6
}

/// The referee's clock of one player: its platform's rules and the reply limit in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    rules: TimeRules,
    /// The referee's limit for one reply, in force.
    limit: Duration,
}

impl Default for TimeControl {
    /// The engine's, on the protocol's platforms.
    fn default() -> TimeControl {
        TimeControl::of(ENGINE)
    }
}

impl TimeControl {
    /// The time control of a platform, at its own limit.
    #[must_use]
    pub(crate) fn of(rules: TimeRules) -> TimeControl {
        TimeControl {
            rules,
            limit: rules.limit,
        }
    }

    /// The same at a reply limit of `limit` (the arena's table).
    #[must_use]
    pub(crate) fn with_limit(self, limit: Duration) -> TimeControl {
        TimeControl { limit, ..self }
    }

    /// Takes the limit from INFO (`None`: keep the platform's). A limit of 0 seconds is no
    /// limit any platform means; it is read as the platform's.
    pub(crate) fn set_limit(&mut self, seconds: Option<u32>) {
        self.limit = match seconds {
            Some(s) if s > 0 => Duration::from_secs(u64::from(s)),
            _ => self.rules.limit,
        };
    }

    #[cfg(test)] // read by the tests alone
    /// The referee's limit in force.
    #[must_use]
    pub(crate) fn limit(&self) -> Duration {
        self.limit
    }

    /// What is kept back from the limit: the platform's margin, or a share of a very short
    /// limit.
    #[must_use]
    pub(crate) fn overhead(&self) -> Duration {
        self.rules
            .margin
            .min(self.limit.mul_f64(MAX_MARGIN_FRACTION))
    }

    /// The deadline of a reply to a question received at `received`: hard at the limit less
    /// the overhead; the host gives up on the strategy half the overhead later.
    #[must_use]
    pub fn deadline(&self, received: Instant) -> Deadline {
        let overhead = self.overhead();
        Deadline {
            start: received,
            hard: received + self.limit.saturating_sub(overhead),
            give_up: received + self.limit.saturating_sub(overhead / 2),
        }
    }
}

/// When a decision is due: the question came at `start`, and the strategy answers by `hard`
/// (the clock keeps its overhead beyond it before the referee's limit). A thinking time counts
/// from `start` ([`Deadline::soft`]). The host waits for the strategy until `give_up`, a little
/// past `hard`, so an answer made at the hard deadline (the work under way stopped there)
/// still counts; past it the host answers safely on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// When the question came.
    pub(crate) start: Instant,
    /// Answer by this.
    pub(crate) hard: Instant,
    /// The host waits for the strategy until this, then answers without it.
    pub(crate) give_up: Instant,
}

impl Deadline {
    /// A deadline far in the future (tests, tools, fixed budgets).
    #[must_use]
    pub fn unlimited() -> Deadline {
        Deadline::by(Instant::now(), Duration::from_secs(3600))
    }

    /// A question at `start` to be answered `within` (the host waiting as long): tests and
    /// tools with a time of their own.
    #[must_use]
    pub fn by(start: Instant, within: Duration) -> Deadline {
        Deadline {
            start,
            hard: start + within,
            give_up: start + within,
        }
    }

    /// When a search thinking `think` starts no more work: that long after the question,
    /// never past the hard deadline.
    #[must_use]
    pub(crate) fn soft(&self, think: Duration) -> Instant {
        (self.start + think).min(self.hard)
    }

    /// When a count of deals starts no more work: [`COUNT_SHARE`] of the way from the question
    /// to the hard deadline.
    #[must_use]
    pub(crate) fn count_stop(&self) -> Instant {
        let to_hard = self.hard.saturating_duration_since(self.start);
        self.start + to_hard.mul_f64(COUNT_SHARE)
    }
}

/// One decision's time manager: the search's limit, its most units of work when timed, and the
/// deadline the decision was given, built once when the search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    limit: SearchLimit,
    /// The most units of work, for a timed search with time to spare.
    most: u32,
    deadline: Deadline,
}

impl Budget {
    /// The budget of a search bounded by `limit` (at most `most` units when timed) and
    /// `deadline`.
    #[must_use]
    pub(crate) fn new(limit: SearchLimit, most: u32, deadline: Deadline) -> Budget {
        Budget {
            limit,
            most,
            deadline,
        }
    }

    /// The most units of work the search may do (at least 1).
    #[must_use]
    pub(crate) fn most(&self) -> u32 {
        match self.limit {
            SearchLimit::Deals(n) => n.max(1),
            SearchLimit::Time(_) => self.most.max(1),
        }
    }

    /// Whether the limit is a fixed count of units (reproducible) rather than the clock.
    #[must_use]
    pub(crate) fn is_fixed(&self) -> bool {
        matches!(self.limit, SearchLimit::Deals(_))
    }

    /// Whether to start work unit number `done` (counted from 0): the first always, the others
    /// while the limit allows, a fixed count until its share of the clock
    /// ([`Deadline::count_stop`]), a timed search until the soft deadline.
    #[must_use]
    pub(crate) fn start_more_work(&self, done: u32) -> bool {
        if done >= self.most() {
            return false;
        }
        done == 0
            || Instant::now()
                < match self.limit {
                    SearchLimit::Deals(_) => self.deadline.count_stop(),
                    SearchLimit::Time(think) => self.deadline.soft(think),
                }
    }

    /// The hard deadline: answer by this.
    #[must_use]
    pub(crate) fn hard(&self) -> Instant {
        self.deadline.hard
    }

    /// Whether the hard deadline has passed: answer with the best so far.
    #[must_use]
    pub(crate) fn must_answer_now(&self) -> bool {
        Instant::now() >= self.deadline.hard
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
        let think = Duration::from_secs(1);
        for seconds in [None, Some(0), Some(1), Some(2), Some(15), Some(60)] {
            let mut clock = TimeControl::default();
            clock.set_limit(seconds);
            let d = clock.deadline(now);
            let limit = Duration::from_secs(u64::from(seconds.filter(|&s| s > 0).unwrap_or(15)));
            assert_eq!(clock.limit(), limit);
            assert_eq!(d.start, now);
            assert!(d.soft(think) <= d.hard, "limit {:?}", seconds);
            // The host waits a little past the hard deadline, and gives up inside the limit.
            assert!(
                d.hard < d.give_up && d.give_up < now + limit,
                "limit {:?}",
                seconds
            );
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
                assert_eq!(d.soft(think), now + think, "limit {:?}", seconds);
            } else {
                assert!(
                    d.hard - now >= limit / 2,
                    "limit {:?} leaves no time",
                    seconds
                );
            }
        }
        // A thinking time past the hard deadline stops there.
        let short = TimeControl::default()
            .with_limit(Duration::from_secs(2))
            .deadline(now);
        assert_eq!(short.soft(Duration::from_secs(5)), short.hard);
    }

    /// Botzone's time is the same control with its own rules: half a second of thought, the
    /// answer by 0.8 s from the turn's start (docs/botzone.md), a longer thought capped there.
    #[test]
    fn botzone_answers_by_its_own_limit() {
        let now = Instant::now();
        let botzone = TimeControl::of(BOTZONE);
        let d = botzone.deadline(now);
        assert_eq!(
            BOTZONE.search,
            SearchLimit::Time(Duration::from_millis(500))
        );
        assert_eq!(
            d.soft(Duration::from_millis(500)),
            now + Duration::from_millis(500)
        );
        assert_eq!(d.hard, now + Duration::from_millis(800));
        assert_eq!(d.soft(Duration::from_secs(2)), d.hard);
        assert_eq!(ENGINE.search, SearchLimit::Deals(DEFAULT_DEALS));
    }

    /// The last limit given wins; one that replaced another given before is noted, a first one
    /// or the same again is not.
    #[test]
    fn a_later_limit_replaces_and_is_noted() {
        let (two, deals) = (
            SearchLimit::Time(Duration::from_secs(2)),
            SearchLimit::Deals(64),
        );
        let mut given = GivenLimit::default();
        given.give(two, "--think 2");
        given.give(two, "--think 2");
        assert!(given.notes.is_empty());
        given.give(deals, "--samples 64");
        given.follow(Some(two), "think=2");
        assert_eq!(given.limit, Some(two));
        assert_eq!(
            given.notes,
            [
                "--samples 64 replaces --think 2: plays 64 deals a decision",
                "think=2 replaces --samples 64: thinks 2 s a decision"
            ]
        );
        assert_eq!(parse_samples(" 8 "), Ok(8));
        let e = parse_samples("0").unwrap_err().to_string();
        assert_eq!(e, "samples '0' must be a whole number ≥ 1");
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

    /// A fixed count ignores the thinking time and stops at its count or its share of the time
    /// to the hard deadline; a timed search stops at the soft deadline; the first unit is
    /// always started.
    #[test]
    fn the_budget_starts_work_by_its_limit() {
        let now = Instant::now();
        let open = Deadline::by(now, Duration::from_secs(3600));
        let both_passed = Deadline::by(now, Duration::ZERO);
        let fixed = Budget::new(SearchLimit::Deals(3), 100, open);
        assert!((0..3).all(|n| fixed.start_more_work(n)));
        assert!(!fixed.start_more_work(3));
        assert!(!fixed.must_answer_now());
        let late = Budget::new(SearchLimit::Deals(3), 100, both_passed);
        assert!(late.start_more_work(0) && !late.start_more_work(1));
        assert!(late.must_answer_now());
        // Three quarters of the way to the hard deadline: past the count's share (a half), not
        // yet at the deadline. A count stops starting deals; a thinking time not over goes on.
        let three_quarters = Deadline::by(now - Duration::from_secs(3), Duration::from_secs(4));
        let counted = Budget::new(SearchLimit::Deals(3), 100, three_quarters);
        assert!(counted.start_more_work(0) && !counted.start_more_work(1));
        assert!(!counted.must_answer_now());
        let timed_on = Budget::new(
            SearchLimit::Time(Duration::from_secs(30)),
            100,
            three_quarters,
        );
        assert!(timed_on.start_more_work(1));
        // On the protocol's 15 s a count has most of the time a reply needs (past 6 s) and
        // stops far inside the limit (by 7 s).
        let engine = TimeControl::default().deadline(now);
        let share = engine.count_stop() - now;
        assert!(
            Duration::from_secs(6) < share && share < Duration::from_secs(7),
            "{:?}",
            share
        );
        let thought = Budget::new(SearchLimit::Time(Duration::ZERO), 100, open);
        assert!(thought.start_more_work(0) && !thought.start_more_work(1));
        let timed = Budget::new(SearchLimit::Time(Duration::from_secs(3600)), 2, open);
        assert_eq!(
            (0..4).map(|n| timed.start_more_work(n)).collect::<Vec<_>>(),
            [true, true, false, false]
        );
        assert_eq!(Budget::new(SearchLimit::Deals(0), 1, open).most(), 1);
        assert_eq!(
            SearchLimit::Deals(256).to_string(),
            "samples=256",
            "as the log writes it"
        );
        assert_eq!(
            SearchLimit::Time(Duration::from_millis(500)).to_string(),
            "think=0.5"
        );
    }
}
