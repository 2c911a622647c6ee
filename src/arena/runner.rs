//! The runner: a match played ([`run`]): the specs read once, the deals handed out to the
//! jobs, each deal's games played at its seatings' tables, and the games gathered in deal order
//! into the report.

use super::config::{labels, make_player, ArenaConfig, Format};
use super::count::report::Report;
use super::count::sprt::Sprt;
use super::count::team::TeamScore;
use super::progress::{progress_line, ProgressLine, PROGRESS_EVERY};
use super::table::players::{Hosting, Player};
use super::table::referee::{play_game, play_team_game, GameRecord, GameSlot, MatchRules};
use super::table::spec::PlayerSpec;
use crate::game::deal::mix;
use crate::game::{BySeat, Seat};
use crate::strategy::kinds::SpecError;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Salt separating game seeds from deal seeds drawn from the same match seed.
const GAME_SEED_SALT: u64 = 0x6761_6D65; // "game"
/// Seatings per deal are at most this many, so `deal × this + seating` numbers games uniquely.
const MAX_SEATINGS: u64 = 8;

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

/// The players one thread seats: per entry, instances created as the seatings need them.
struct Pool {
    specs: Vec<PlayerSpec>,
    hosting: Hosting,
    instances: Vec<Vec<Option<Box<dyn Player>>>>,
}

impl Pool {
    fn take(&mut self, lineup: BySeat<usize>) -> BySeat<Box<dyn Player>> {
        BySeat::from_fn(|seat| {
            let (entry, copy) = instance_of(lineup, seat);
            let list = &mut self.instances[entry];
            while list.len() <= copy {
                list.push(None);
            }
            list[copy]
                .take()
                .unwrap_or_else(|| make_player(&self.specs[entry], self.hosting))
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
            .unwrap_or_else(|| make_player(&self.specs[entry], self.hosting))
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
    // Each player's spec read once (a network file it names with it), then shared by every game.
    let specs = config.players.iter().map(|text| text.parse::<PlayerSpec>());
    let specs = specs.collect::<Result<Vec<_>, _>>();
    run_with(config, &specs.map_err(MatchError::Spec)?, on_deal)
}

/// Runs a match as [`run`] does, its players given as values, one per entry of
/// `config.players` (their texts, the reports' labels): a program embedding the arena seats
/// players of its own so ([`PlayerSpec::Supplied`], the Python package's callables).
pub fn run_with(
    config: &ArenaConfig,
    specs: &[PlayerSpec],
    on_deal: &mut dyn FnMut(&[GameRecord]) -> Result<(), Stop>,
) -> Result<Report, MatchError> {
    let entries = config.format.entries();
    for given in [config.players.len(), specs.len()] {
        if given != entries {
            let wanted = entries;
            return Err(MatchError::Players { wanted, given });
        }
    }
    let mut report = Report::new(&labels(&config.players));
    if config.format == Format::Team {
        report.team = Some(TeamScore::new(config.turn_deals));
    }
    report.sprt = config.sprt.map(Sprt::new);
    // `INFO` tells the whole match's length, in a shard too.
    let mut rules = config.rules.clone();
    rules.match_games = config.deal_count() as u32;
    let dealer = Dealer {
        config,
        rules,
        numbers: config.deal_numbers(),
        groups: config.deal_groups(),
        next: AtomicUsize::new(0),
        stopped: AtomicBool::new(false),
    };
    let start = Instant::now();
    let jobs = config.jobs.max(1).min(dealer.groups.len().max(1));
    let (tx, rx) = mpsc::channel::<(usize, Vec<GameRecord>)>();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let dealer = &dealer;
            scope.spawn(move || dealer.work(specs, &tx));
        }
        drop(tx);
        dealer.gather(rx, &mut report, on_deal, start)
    });
    report.seconds = start.elapsed().as_secs_f64();
    outcome.map_err(MatchError::Stopped)?;
    Ok(report)
}

/// What the jobs share: the match, the groups of deals handed out in turn, and whether it
/// stopped early.
struct Dealer<'a> {
    config: &'a ArenaConfig,
    /// The match's rules, its length as `INFO` tells it.
    rules: MatchRules,
    /// The numbers of the deals this run plays, in order.
    numbers: Vec<usize>,
    /// The deals (places in `numbers`) a job plays together, a platform's match each.
    groups: Vec<Vec<usize>>,
    /// The next group to hand out.
    next: AtomicUsize,
    /// Set when the match stops early (a decided test, a hook's error): a table stops within
    /// its match too.
    stopped: AtomicBool,
}

impl Dealer<'_> {
    /// One job: takes groups of deals until none are left or the match stops, and sends each
    /// deal's games, with the deal's place, to `tx`.
    fn work(&self, specs: &[PlayerSpec], tx: &mpsc::Sender<(usize, Vec<GameRecord>)>) {
        let config = self.config;
        let mut pool = Pool {
            specs: specs.to_vec(),
            hosting: config.hosting(),
            instances: (0..config.format.entries()).map(|_| Vec::new()).collect(),
        };
        let matches = config.rules.match_deals.is_some();
        'groups: loop {
            let g = self.next.fetch_add(1, Ordering::Relaxed);
            if g >= self.groups.len() {
                break;
            }
            if matches {
                // A new match: every player afresh, as the platform starts them.
                pool.finish();
                pool.instances.iter_mut().for_each(Vec::clear);
            }
            for &k in &self.groups[g] {
                if self.stopped.load(Ordering::Relaxed) {
                    break 'groups;
                }
                // `k` orders the deals this run plays; the deal's number is `numbers[k]`.
                let games = self.play_deal(&mut pool, self.numbers[k]);
                if tx.send((k, games)).is_err() {
                    break 'groups;
                }
            }
        }
        pool.finish();
    }

    /// The games of deal `i`, one at each of its seatings' tables.
    fn play_deal(&self, pool: &mut Pool, i: usize) -> Vec<GameRecord> {
        let config = self.config;
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
                    &self.rules,
                    &deal,
                    slot,
                ));
                pool.put_back_spare(lineup, spare);
            } else {
                games.push(play_game(&mut players, &self.rules, &deal, slot));
            }
            pool.put_back(lineup, players);
        }
        games
    }

    /// No more deals handed out; the jobs finish their current one.
    fn stop(&self) {
        self.next.store(self.groups.len(), Ordering::Relaxed);
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// The deals' games from the jobs, taken in deal order into `report` and shown to
    /// `on_deal`, the progress line drawn as they come; what the hook answered.
    fn gather(
        &self,
        rx: mpsc::Receiver<(usize, Vec<GameRecord>)>,
        report: &mut Report,
        on_deal: &mut dyn FnMut(&[GameRecord]) -> Result<(), Stop>,
        start: Instant,
    ) -> Result<(), Stop> {
        let config = self.config;
        let decided = |report: &Report| {
            report
                .sprt
                .as_ref()
                .map_or(false, |s| s.decision().is_some())
        };
        let mut outcome: Result<(), Stop> = Ok(());
        let mut pending: BTreeMap<usize, Vec<GameRecord>> = BTreeMap::new();
        let mut done = 0;
        let mut drawn = Instant::now();
        let mut bar = ProgressLine::default();
        for (i, games) in rx.iter() {
            pending.insert(i, games);
            while let Some(games) = pending.remove(&done) {
                done += 1;
                if decided(report) {
                    // Decided: deals still under way when it was are dropped, so the
                    // figures do not depend on the number of jobs.
                    continue;
                }
                if outcome.is_ok() {
                    outcome = on_deal(&games);
                    if outcome.is_err() {
                        self.stop();
                    }
                }
                report.add_deal(&games);
                if decided(report) {
                    self.stop();
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
                    self.groups.len(),
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
        outcome
    }
}
