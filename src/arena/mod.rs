//! The arena: the tournament referee. It seats three players per table, plays seeded deals
//! the way the tournament does, judges every reply, scores by the official rules and reports
//! each player's strength with confidence intervals.
//!
//! It is built in four parts whose imports point one way, each on those before it:
//!
//! - [`table`]: the players and the table (player specs, built-in and external players, a
//!   Botzone bot, deals, the referee of one game, the official score);
//! - [`wire`]: the wire format and the logs (the JSON lines, game logs and transcripts, the
//!   engine's own log read back);
//! - [`count`]: the counting (the figures per player, the team format, the sequential test);
//! - the runner, here: a match played ([`run`]), with [`request`] (the rules of a valid match:
//!   a match as asked for, checked into one to run), [`gauntlet`] (one candidate against a
//!   list of opponents, each in pairs, same deals), [`log_merge`] (a match cut into runs of
//!   every N-th deal, and their logs merged) and [`text`] (the reports as people read them:
//!   match, team turns, gauntlet).
//!
//! Results do not depend on the number of threads: each deal and each game draws its
//! randomness from its own seed, and results are gathered in deal order.

pub mod count;
pub(crate) mod gauntlet;
pub(crate) mod log_merge;
pub(crate) mod request;
pub(crate) mod table;
pub(crate) mod text;
pub mod wire;

// The arena's face: what a caller outside the crate takes (a tool, tests/suite, the Python
// package), named here so that the rooms behind it (table/, request, gauntlet, text) can move
// without a caller noticing. `count` (the report, the SPRT, the team score) and `wire` (the
// logs' and transcripts' formats) are faces of their own.
pub use gauntlet::{head_to_head, run_gauntlet, run_gauntlet_with, Role};
pub use request::{CheckedMatch, DealFile, Gauntlet, MatchRequest, RequestError, MOST_TIME_SECS};
pub use table::players::{Answer, Fault, FaultKind, Hosting, Player};
pub use table::referee::{play_game, CardOrder, ErrorRecord, GameRecord, GameSlot, MatchRules};
pub use table::spec::{BuiltinSpec, PlayerSpec, BUILTIN_NAMES};
pub use text::match_text;

use crate::game::deal::{mix, Deal};
use crate::game::{BySeat, Seat};
use crate::named::Named;
use count::report::Report;
use count::sprt::{Sprt, SprtConfig};
use count::team::{TeamScore, TEAM_SEATINGS};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use table::players::{Builtin, External};
use table::referee::play_team_game;
use table::spec::SpecError;

/// How the players are seated on each deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Three players, one game per deal, seated A, B, C as given.
    Seats,
    /// Three players, three games per deal: the players rotated through all three seats.
    Duplicate,
    /// Two players X and Y, six games per deal: X alone against two copies of Y in each seat,
    /// then Y alone against two copies of X.
    Pair,
    /// Two players X and Y, two games per deal: X alone against two copies of Y, then Y alone
    /// against two copies of X, the one alone in the deal's landlord seat (with
    /// `--fixed-landlord`, each side alone as the landlord: DouZero's evaluation). They are
    /// the two head-to-head games of [`Format::Pair`] on the same deal, at a third of its cost.
    H2h,
    /// Two players X and Y, three games per deal: X alone against two copies of Y in each
    /// seat, the first half of [`Format::Pair`] at half its cost. A championship seats an
    /// engine so, never beside its own copy: the measure of a bidder, whose deal taken from a
    /// copy of itself would cost that copy's seat what it gains (and of anything X learns
    /// across a match's games, which then come from that table alone).
    Alone,
    /// Two teams X and Y, two tables per deal with the teams' seats swapped, scored by the team
    /// rule (the 2019 server; see [`count::team`]).
    Team,
}

impl Format {
    /// The player entry in each seat, for each game of deal number `deal`.
    #[must_use]
    pub(crate) fn seatings(self, deal: usize) -> Vec<BySeat<usize>> {
        if self == Format::H2h {
            // The lone player sits where the deal puts the landlord (the referee's fixed
            // landlord is seat `deal % 3`): X alone, then Y alone.
            let alone = Seat::ALL[deal % 3];
            return (0..2)
                .map(|x| BySeat::from_fn(|s| if s == alone { x } else { 1 - x }))
                .collect();
        }
        let seatings: &[[usize; 3]] = match self {
            Format::Seats => &[[0, 1, 2]],
            Format::Duplicate => &[[0, 1, 2], [2, 0, 1], [1, 2, 0]],
            Format::Pair => &[
                [0, 1, 1],
                [1, 0, 1],
                [1, 1, 0],
                [1, 0, 0],
                [0, 1, 0],
                [0, 0, 1],
            ],
            Format::Alone => &[[0, 1, 1], [1, 0, 1], [1, 1, 0]],
            Format::Team => &TEAM_SEATINGS,
            Format::H2h => unreachable!("seated above"),
        };
        seatings.iter().map(|&lineup| BySeat(lineup)).collect()
    }

    /// How many games each deal is played in.
    #[must_use]
    pub(crate) fn games_per_deal(self) -> usize {
        self.seatings(0).len()
    }

    /// How many players the format takes.
    #[must_use]
    pub(crate) fn entries(self) -> usize {
        match self {
            Format::Pair | Format::H2h | Format::Alone | Format::Team => 2,
            _ => 3,
        }
    }
}

impl Named for Format {
    /// The names in flags and shard headers, read exactly, in the order of the `--format` help.
    const NAMES: &'static [(&'static str, Format)] = &[
        ("seats", Format::Seats),
        ("duplicate", Format::Duplicate),
        ("pair", Format::Pair),
        ("h2h", Format::H2h),
        ("alone", Format::Alone),
        ("team", Format::Team),
    ];
}
crate::named_enum!(Format);

/// Text that names no arena format.
pub(crate) type ParseFormatError = crate::named::ParseNameError;

/// A match to run.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// Player specs: `builtin:NAME` or a shell command line (3, or 2 for [`Format::Pair`],
    /// [`Format::H2h`] and [`Format::Team`]).
    pub players: Vec<String>,
    /// How players are seated.
    pub format: Format,
    /// Deals read from a file; `None` to deal from the seed.
    pub deals: Option<Vec<Deal>>,
    /// Number of deals to play (at most the file's when deals come from a file).
    pub games: usize,
    /// The match seed.
    pub seed: u64,
    /// Tables played in parallel.
    pub jobs: usize,
    /// The referee's rules and platform habits.
    pub rules: MatchRules,
    /// End every line sent to external programs with `\r\n`.
    pub crlf: bool,
    /// Let external programs' stderr through (otherwise discarded).
    pub show_stderr: bool,
    /// Run built-in players on the engine's worker thread (see [`Hosting::threaded`]).
    pub threaded: bool,
    /// Draw a progress bar on stderr.
    pub progress: bool,
    /// What the progress bar counts its deals as: `deals`, or `games` where each of the
    /// match's deals is one game of the caller's (self-play deals each deal three times).
    pub progress_unit: &'static str,
    /// Deals per turn in the team format.
    pub turn_deals: usize,
    /// Stop as soon as this sequential test on the first two players' per-deal difference is
    /// decided (at most `games` deals are played).
    pub sprt: Option<SprtConfig>,
    /// Play only this slice of the deals ([`log_merge`]); the deals keep their numbers.
    pub shard: Option<crate::shards::Shard>,
}

/// The player in every seat a match leaves open (`ddz arena` with no players, or fewer than
/// its format seats): the thinking player at a fixed 16 sampled deals per decision. At the
/// engine's own 256 deals per decision the default 100 deals would take many times longer (the
/// times, quiet and loaded, in docs/arena.md, "Recipes sized for two cores"); the report is
/// the same on any machine and under any load (a fixed budget).
/// `builtin:ddz` named outright plays as the engine does.
pub const DEFAULT_PLAYER: &str = "builtin:ddz:samples=16";

impl Default for ArenaConfig {
    fn default() -> ArenaConfig {
        ArenaConfig {
            players: vec![DEFAULT_PLAYER.into(); 3],
            format: Format::Seats,
            deals: None,
            games: 100,
            seed: 1,
            jobs: 1,
            rules: MatchRules::default(),
            crlf: false,
            show_stderr: false,
            threaded: false,
            progress: false,
            progress_unit: "deals",
            turn_deals: count::team::DEFAULT_TURN_DEALS,
            sprt: None,
            shard: None,
        }
    }
}

/// The player `spec` names, hosted as `hosting` says: a built-in strategy, a Botzone bot
/// ([`table::botzone_player`]), or an engine program.
#[must_use]
pub fn make_player(spec: &PlayerSpec, hosting: Hosting) -> Box<dyn Player> {
    match spec {
        PlayerSpec::Botzone(command) => Box::new(table::botzone_player::BotzonePlayer::new(
            command,
            hosting.show_stderr,
        )),
        PlayerSpec::Builtin(builtin) => Box::new(
            Builtin::new(builtin.hosted(hosting.search), hosting.threaded)
                .kept(hosting.keep)
                .with_scoring(hosting.scoring)
                .on_platform(hosting.platform),
        ),
        PlayerSpec::Program(command) => {
            Box::new(External::new(command, hosting.crlf, hosting.show_stderr))
        }
    }
}

/// Labels for player specs: the spec itself, with `#2`, `#3` added to repeats.
#[must_use]
pub fn labels(specs: &[String]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let before = specs[..i].iter().filter(|t| *t == s).count();
            if before == 0 {
                s.clone()
            } else {
                format!("{}#{}", s, before + 1)
            }
        })
        .collect()
}

impl ArenaConfig {
    /// The deal with this number.
    #[must_use]
    pub fn deal(&self, index: usize) -> Deal {
        match &self.deals {
            Some(d) => d[index],
            None => Deal::seeded(self.seed, index as u64),
        }
    }

    /// How players are hosted.
    #[must_use]
    pub(crate) fn hosting(&self) -> Hosting {
        Hosting {
            crlf: self.crlf,
            show_stderr: self.show_stderr,
            threaded: self.threaded,
            search: None,
            scoring: self.rules.scoring,
            platform: self.rules.platform,
            keep: self.rules.match_deals.is_some(),
        }
    }

    /// The deals this run plays, as positions in [`ArenaConfig::deal_numbers`], in the units
    /// one table plays in order: each deal alone, or each match's deals
    /// ([`MatchRules::match_deals`]: a match is deals `m × N .. (m + 1) × N`, its players
    /// hosted afresh for it).
    #[must_use]
    pub(crate) fn deal_groups(&self) -> Vec<Vec<usize>> {
        let numbers = self.deal_numbers();
        let per = self.rules.match_deals.map_or(0, |n| n as usize);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (k, &i) in numbers.iter().enumerate() {
            let together = per > 0 && k > 0 && numbers[k - 1] / per == i / per;
            match groups.last_mut() {
                Some(g) if together => g.push(k),
                _ => groups.push(vec![k]),
            }
        }
        groups
    }

    /// Deals the match has: `games`, or as many as its deal file holds when fewer (a shard
    /// plays some of them).
    #[must_use]
    pub fn deal_count(&self) -> usize {
        match &self.deals {
            Some(d) => self.games.min(d.len()),
            None => self.games,
        }
    }

    /// The numbers of the deals this run plays, in order: all, or its shard's.
    #[must_use]
    pub(crate) fn deal_numbers(&self) -> Vec<usize> {
        (0..self.deal_count())
            .filter(|&i| self.shard.map_or(true, |s| s.holds(i)))
            .collect()
    }
}

/// Salt separating game seeds from deal seeds drawn from the same match seed.
const GAME_SEED_SALT: u64 = 0x6761_6D65; // "game"
/// Seatings per deal are at most this many, so `deal × this + seating` numbers games uniquely.
const MAX_SEATINGS: u64 = 8;
/// How often the progress bar is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The seed of game `seating` of deal `deal` in the match seeded with `match_seed`: the
/// randomness of its built-in players. `ddz play` seats a person in the same games.
#[must_use]
pub(crate) fn game_seed(match_seed: u64, deal: usize, seating: usize) -> u64 {
    mix(
        match_seed ^ GAME_SEED_SALT,
        deal as u64 * MAX_SEATINGS + seating as u64,
    )
}

/// Which of its entry's instances sits at `seat` in `lineup`: the entry, and how many seats
/// before this one the same entry holds (an entry seated twice needs two instances).
fn instance_of(lineup: BySeat<usize>, seat: Seat) -> (usize, usize) {
    let entry = lineup[seat];
    let copy = lineup.0[..seat.index()]
        .iter()
        .filter(|&&e| e == entry)
        .count();
    (entry, copy)
}

/// Makes the player a spec names for a table: [`make_player`] for a match run by [`run`]; a
/// program embedding the arena ([`run_with`]) seats players of its own (the Python package
/// hosts its callables so).
pub(crate) type MakePlayer<'a> = &'a (dyn Fn(&PlayerSpec, Hosting) -> Box<dyn Player> + Sync);

/// The players one thread seats: per entry, instances created as the seatings need them.
struct Pool<'a> {
    specs: Vec<PlayerSpec>,
    hosting: Hosting,
    make: MakePlayer<'a>,
    instances: Vec<Vec<Option<Box<dyn Player>>>>,
}

impl<'a> Pool<'a> {
    fn take(&mut self, lineup: BySeat<usize>) -> BySeat<Box<dyn Player>> {
        BySeat::from_fn(|seat| {
            let (entry, copy) = instance_of(lineup, seat);
            let list = &mut self.instances[entry];
            while list.len() <= copy {
                list.push(None);
            }
            list[copy]
                .take()
                .unwrap_or_else(|| (self.make)(&self.specs[entry], self.hosting))
        })
    }

    /// The team format's spare: the second instance of the team at B, not seated.
    fn take_spare(&mut self, lineup: BySeat<usize>) -> Box<dyn Player> {
        let entry = lineup[Seat::B];
        let list = &mut self.instances[entry];
        while list.len() < 2 {
            list.push(None);
        }
        list[1]
            .take()
            .unwrap_or_else(|| (self.make)(&self.specs[entry], self.hosting))
    }

    fn put_back_spare(&mut self, lineup: BySeat<usize>, spare: Box<dyn Player>) {
        self.instances[lineup[Seat::B]][1] = Some(spare);
    }

    fn put_back(&mut self, lineup: BySeat<usize>, players: BySeat<Box<dyn Player>>) {
        for (seat, p) in Seat::ALL.into_iter().zip(players.0) {
            let (entry, copy) = instance_of(lineup, seat);
            self.instances[entry][copy] = Some(p);
        }
    }

    fn finish(&mut self) {
        for list in &mut self.instances {
            for p in list.iter_mut().flatten() {
                p.finish();
            }
        }
    }
}

/// Why a caller's hook stopped a match (a log that could not be written): any error, kept
/// as it is for the caller's message.
pub type Stop = Box<dyn std::error::Error + Send + Sync>;

/// What a caller's hook answers: go on, or stop the match and say why.
pub(crate) type Hook = Result<(), Stop>;

/// A match that could not be played, or was stopped.
#[derive(Debug)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum MatchError {
    /// The format takes another number of players.
    Players { wanted: usize, given: usize },
    /// A gauntlet without an opponent.
    NoOpponent,
    /// A player's spec refused.
    Spec(SpecError),
    /// The caller's hook stopped it.
    Stopped(Stop),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Players { wanted, given } => {
                write!(f, "this format takes {} players, {} given", wanted, given)
            }
            MatchError::NoOpponent => f.write_str("a gauntlet needs an opponent"),
            MatchError::Spec(e) => e.fmt(f),
            // The hook's own message, its causes included when the caller asks (`{:#}`).
            MatchError::Stopped(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for MatchError {}

/// Runs a match. `on_deal` sees each deal's games in deal order (for logs); the report is
/// returned at the end.
pub fn run(
    config: &ArenaConfig,
    on_deal: &mut dyn FnMut(&[GameRecord]) -> Result<(), Stop>,
) -> Result<Report, MatchError> {
    run_with(config, &make_player, on_deal)
}

/// Runs a match as [`run`] does, its players made by `make` from their specs.
pub fn run_with(
    config: &ArenaConfig,
    make: MakePlayer<'_>,
    on_deal: &mut dyn FnMut(&[GameRecord]) -> Result<(), Stop>,
) -> Result<Report, MatchError> {
    let entries = config.format.entries();
    if config.players.len() != entries {
        return Err(MatchError::Players {
            wanted: entries,
            given: config.players.len(),
        });
    }
    // Each spec read once (a network file it names with it), then shared by every game.
    let specs = config
        .players
        .iter()
        .map(|text| text.parse::<PlayerSpec>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(MatchError::Spec)?;
    let labels = labels(&config.players);
    let mut report = Report::new(&labels);
    if config.format == Format::Team {
        report.team = Some(TeamScore::new(config.turn_deals));
    }
    report.sprt = config.sprt.map(Sprt::new);
    // `INFO` tells the whole match's length, in a shard too.
    let mut rules = config.rules.clone();
    rules.match_games = config.deal_count() as u32;
    let numbers = config.deal_numbers();
    let groups = config.deal_groups();
    let n = groups.len();
    let next = AtomicUsize::new(0);
    // Set when the match stops early (a decided test, a hook's error): a table stops within
    // its match too.
    let stopped = AtomicBool::new(false);
    let start = Instant::now();
    let jobs = config.jobs.max(1).min(n.max(1));
    let (tx, rx) = mpsc::channel::<(usize, Vec<GameRecord>)>();
    let mut outcome: Result<(), Stop> = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            let stopped = &stopped;
            let rules = &rules;
            let numbers = &numbers;
            let groups = &groups;
            let specs = &specs;
            scope.spawn(move || {
                let mut pool = Pool {
                    specs: specs.clone(),
                    hosting: config.hosting(),
                    make,
                    instances: (0..entries).map(|_| Vec::new()).collect(),
                };
                let matches = config.rules.match_deals.is_some();
                'groups: loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= n {
                        break;
                    }
                    if matches {
                        // A new match: every player afresh, as the platform starts them.
                        pool.finish();
                        pool.instances.iter_mut().for_each(Vec::clear);
                    }
                    for &k in &groups[g] {
                        if stopped.load(Ordering::Relaxed) {
                            break 'groups;
                        }
                        // `k` orders the deals this run plays; `i` is the deal's number.
                        let i = numbers[k];
                        let deal = config.deal(i);
                        let seatings = config.format.seatings(i);
                        let mut games = Vec::with_capacity(seatings.len());
                        for (k, &lineup) in seatings.iter().enumerate() {
                            let seed = game_seed(config.seed, i, k);
                            let mut players = pool.take(lineup);
                            let slot = GameSlot {
                                deal_index: i,
                                seating: k,
                                lineup,
                                seed,
                            };
                            if config.format == Format::Team {
                                let mut spare = pool.take_spare(lineup);
                                games.push(play_team_game(
                                    &mut players,
                                    &mut spare,
                                    rules,
                                    &deal,
                                    slot,
                                ));
                                pool.put_back_spare(lineup, spare);
                            } else {
                                games.push(play_game(&mut players, rules, &deal, slot));
                            }
                            pool.put_back(lineup, players);
                        }
                        if tx.send((k, games)).is_err() {
                            break 'groups;
                        }
                    }
                }
                pool.finish();
            });
        }
        drop(tx);
        let mut pending: BTreeMap<usize, Vec<GameRecord>> = BTreeMap::new();
        let mut done = 0;
        let mut drawn = Instant::now();
        let mut bar = ProgressLine::default();
        for (i, games) in rx.iter() {
            pending.insert(i, games);
            while let Some(games) = pending.remove(&done) {
                done += 1;
                if report
                    .sprt
                    .as_ref()
                    .map_or(false, |s| s.decision().is_some())
                {
                    // Decided: deals still under way when it was are dropped, so the
                    // figures do not depend on the number of jobs.
                    continue;
                }
                if outcome.is_ok() {
                    outcome = on_deal(&games);
                    if outcome.is_err() {
                        // Stop handing out deals; the threads finish their current one.
                        next.store(n, Ordering::Relaxed);
                        stopped.store(true, Ordering::Relaxed);
                    }
                }
                report.add_deal(&games);
                if report
                    .sprt
                    .as_ref()
                    .map_or(false, |s| s.decision().is_some())
                {
                    next.store(n, Ordering::Relaxed);
                    stopped.store(true, Ordering::Relaxed);
                }
            }
            if config.progress && drawn.elapsed() >= PROGRESS_EVERY {
                drawn = Instant::now();
                let llr = report
                    .sprt
                    .as_ref()
                    .map(|s| (s.llr(), s.config.lower(), s.config.upper()));
                let line = progress_line(
                    done,
                    n,
                    config.progress_unit,
                    start.elapsed(),
                    report.games,
                    llr,
                );
                eprint!("{}", bar.draw(&line));
            }
        }
        if config.progress {
            eprint!("{}", bar.clear());
        }
    });
    report.seconds = start.elapsed().as_secs_f64();
    outcome.map_err(MatchError::Stopped)?;
    Ok(report)
}

/// Width of the progress bar, in characters.
const BAR_WIDTH: usize = 30;

/// A line of stderr redrawn in place. Each drawing covers all the last one wrote: a shorter
/// line after a longer one would otherwise leave the longer one's tail (`ETA 48s s`). Padding
/// to the last line's length, not to a fixed width, keeps a narrow terminal from wrapping.
#[derive(Default)]
struct ProgressLine {
    /// Characters the last drawing left on the line.
    width: usize,
}

impl ProgressLine {
    /// What to write to draw `line` over the last one.
    fn draw(&mut self, line: &str) -> String {
        let len = line.chars().count();
        let cover = self.width.saturating_sub(len);
        self.width = len;
        format!("\r{}{}", line, " ".repeat(cover))
    }

    /// What to write to leave the line empty, the cursor at its start.
    fn clear(&mut self) -> String {
        let text = format!("\r{}\r", " ".repeat(self.width));
        self.width = 0;
        text
    }
}

/// The progress line: the bar, deals done (counted as `unit`), games per second (one decimal: slow players play
/// well under one game a second) and the time left at the pace so far; the SPRT's LLR and
/// bounds when one runs.
fn progress_line(
    done: usize,
    total: usize,
    unit: &str,
    elapsed: Duration,
    games: u64,
    llr: Option<(f64, f64, f64)>,
) -> String {
    let filled = (done * BAR_WIDTH)
        .checked_div(total)
        .unwrap_or(BAR_WIDTH)
        .min(BAR_WIDTH);
    let secs = elapsed.as_secs_f64();
    let rate = games as f64 / secs.max(1e-9);
    let eta = if done == 0 {
        "ETA ?".to_string()
    } else {
        let left = secs * total.saturating_sub(done) as f64 / done as f64;
        format!("ETA {}", clock_time(left))
    };
    let llr = match llr {
        Some((l, lower, upper)) => format!(", LLR {:.2} ({:.2}, {:.2})", l, lower, upper),
        None => String::new(),
    };
    format!(
        "[{}{}] {}/{} {}, {:.1} games/s, {}{}",
        "#".repeat(filled),
        " ".repeat(BAR_WIDTH - filled),
        done,
        total,
        unit,
        rate,
        eta,
        llr
    )
}

/// Seconds as `45s`, `12m05s` or `3h07m`.
fn clock_time(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s < 60 {
        format!("{}s", s)
    } else if s < 3600 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{}h{:02}m", s / 3600, s % 3600 / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The head-to-head format's two games are the pair format's two games whose lone player
    /// sits in the deal's landlord seat, X's first: the same games at a third of the cost.
    #[test]
    fn h2h_plays_the_pair_games_whose_lone_player_is_the_landlord() {
        for deal in 0..6 {
            let landlord = Seat::ALL[deal % 3];
            let alone = |lineup: &BySeat<usize>| {
                Seat::ALL
                    .into_iter()
                    .find(|&s| Seat::ALL.iter().all(|&o| o == s || lineup[o] != lineup[s]))
            };
            let pair: Vec<BySeat<usize>> = Format::Pair
                .seatings(deal)
                .into_iter()
                .filter(|l| alone(l) == Some(landlord))
                .collect();
            assert_eq!(pair.len(), 2);
            assert_eq!(Format::H2h.seatings(deal), pair, "deal {}", deal);
            assert_eq!(pair[0][landlord], 0);
        }
        assert_eq!(Format::H2h.games_per_deal(), 2);
        assert_eq!(Format::Pair.games_per_deal(), 6);
    }

    /// The alone format's games are the pair format's games where X holds one seat, in the
    /// pair's order, X's seat a different one each game: never X beside its own copy.
    #[test]
    fn alone_plays_the_pair_games_where_x_holds_one_seat() {
        for deal in 0..3 {
            let pair: Vec<BySeat<usize>> = Format::Pair
                .seatings(deal)
                .into_iter()
                .filter(|l| l.0.iter().filter(|&&p| p == 0).count() == 1)
                .collect();
            let alone = Format::Alone.seatings(deal);
            assert_eq!(alone, pair, "deal {}", deal);
            let seats: Vec<usize> = alone
                .iter()
                .map(|l| l.0.iter().position(|&p| p == 0).unwrap())
                .collect();
            assert_eq!(seats, [0, 1, 2]);
        }
        assert_eq!(Format::Alone.entries(), 2);
    }

    #[test]
    fn the_progress_line_shows_tenths_of_games_per_second_and_the_time_left() {
        // 10 of 40 deals in 20 s: 30 more deals at 2 s each.
        let line = progress_line(10, 40, "deals", Duration::from_secs(20), 6, None);
        assert!(line.contains("10/40 deals"), "{}", line);
        assert!(line.contains("0.3 games/s"), "{}", line);
        assert!(line.contains("ETA 1m00s"), "{}", line);
        assert!(line.starts_with(&format!("[{}{}]", "#".repeat(7), " ".repeat(23))));
        let line = progress_line(
            0,
            40,
            "deals",
            Duration::from_secs(1),
            0,
            Some((1.5, -2.9, 2.9)),
        );
        assert!(line.contains("ETA ?"), "{}", line);
        assert!(line.contains("LLR 1.50 (-2.90, 2.90)"), "{}", line);
        let line = progress_line(1, 1000, "games", Duration::from_secs(13), 6, None);
        assert!(line.contains("ETA 3h36m"), "{}", line);
        assert!(line.contains("1/1000 games"), "{}", line);
        assert_eq!(clock_time(59.4), "59s");
        assert_eq!(clock_time(3599.0), "59m59s");
    }

    /// What a terminal line shows after `written`: `\r` goes back to its start, every other
    /// character overwrites the one under the cursor.
    fn screen(written: &str) -> String {
        let mut line: Vec<char> = Vec::new();
        let mut at = 0;
        for c in written.chars() {
            if c == '\r' {
                at = 0;
            } else {
                if at == line.len() {
                    line.push(c);
                } else {
                    line[at] = c;
                }
                at += 1;
            }
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    }

    #[test]
    fn each_progress_line_covers_what_the_last_one_left() {
        let mut bar = ProgressLine::default();
        let mut written = String::new();
        let lines = [
            progress_line(1, 900, "games", Duration::from_secs(48), 1, None),
            progress_line(899, 900, "games", Duration::from_secs(48), 899, None),
            "short".to_string(),
            progress_line(
                10,
                40,
                "deals",
                Duration::from_secs(20),
                6,
                Some((1.5, -2.9, 2.9)),
            ),
            "[##] 3/4 deals, ETA 48s".to_string(),
        ];
        for line in &lines {
            written += &bar.draw(line);
            assert_eq!(screen(&written), line.trim_end(), "{:?}", written);
        }
        written += &bar.clear();
        assert_eq!(screen(&written), "");
        assert!(written.ends_with('\r'));
    }
}
