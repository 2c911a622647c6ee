//! `ddz bench [--quick]`: fixed seeded positions, speed figures and a node count that
//! fingerprints behaviour.
//!
//! The positions come from one fixed seed, so every run sees the same hands. Each section times
//! one part of the engine and reports its figures as `label: value` lines; the final line is
//! `<nodes> nodes <nps> nps`. `nodes` counts what one pass over the positions produces (here:
//! legal plays generated), independent of how many timing repetitions ran, so it changes only
//! when behaviour changes; `nps` is the rate of the timed work of all sections together.
//! `--quick` runs fewer repetitions and solves fewer positions (for tests): the figures are
//! noisier, and its node count differs from a full run's but is just as stable.
//!
//! A later section (hand splitting, decisions) is one more entry in [`SECTIONS`].

use crate::cards::{Cards, Counts};
use crate::rules::{classify, follows, leads, Combo};
use crate::strategy::bench_games::{record_everywhere, self_play_positions, SEED, SOLVE_SIZES};
use std::time::{Duration, Instant};

/// Deals in the bench: each gives a 20-card landlord hand and a 17-card farmer hand. Enough
/// hands that the median is stable, few enough that one pass takes milliseconds.
const DEALS: usize = 200;
/// Plays the follow section answers, one of each kind and a few lengths; written as text so
/// the set is visible and stable.
const TARGETS: [&str; 16] = [
    "5",
    "T",
    "99",
    "QQ",
    "777",
    "8885",
    "66644",
    "34567",
    "789TJQ",
    "556677",
    "444555",
    "44455579",
    "3334445566",
    "666678",
    "55556677",
    "7777",
];
/// Timing repetitions of each section in a full run, and with `--quick`.
const REPS_FULL: u32 = 300;
/// Repetitions with `--quick`: enough to exercise every path, not to measure well.
const REPS_QUICK: u32 = 2;

/// The positions every section works on.
pub(crate) struct Positions {
    /// 20-card hands (landlord after taking the bottom cards).
    pub(crate) landlord: Vec<Counts>,
    /// 17-card hands.
    pub(crate) farmer: Vec<Counts>,
    /// The plays to follow.
    pub(crate) targets: Vec<Combo>,
}

impl Positions {
    /// Deals the bench positions from the fixed seed.
    #[must_use]
    pub(crate) fn deal() -> Positions {
        let mut rng = fastrand::Rng::with_seed(SEED);
        let mut landlord = Vec::with_capacity(DEALS);
        let mut farmer = Vec::with_capacity(DEALS);
        let mut deck: Vec<u8> = (0..54).collect();
        for _ in 0..DEALS {
            rng.shuffle(&mut deck);
            landlord.push(cards_of(&deck[..20]));
            farmer.push(cards_of(&deck[20..37]));
        }
        let targets = TARGETS
            .iter()
            .map(|t| {
                let counts: Counts = t.parse().expect("bench targets are valid notation");
                classify(counts).expect("bench targets are legal plays")
            })
            .collect();
        Positions {
            landlord,
            farmer,
            targets,
        }
    }

    /// Every hand, landlord hands first.
    fn hands(&self) -> impl Iterator<Item = Counts> + '_ {
        self.landlord.iter().chain(self.farmer.iter()).copied()
    }
}

fn cards_of(codes: &[u8]) -> Counts {
    codes.iter().copied().collect::<Cards>().counts()
}

/// What one section measured.
pub(crate) struct Figures {
    /// `label: value` lines to print.
    pub(crate) lines: Vec<(String, String)>,
    /// The behaviour fingerprint: units of work in one pass over the positions.
    pub(crate) nodes: u64,
    /// Units of work done while timed (all repetitions), and the time they took.
    pub(crate) timed_nodes: u64,
    /// Time of the timed work.
    pub(crate) elapsed: Duration,
}

/// A named part of the bench: its name, the prefix of its labels, and how it runs with this
/// many repetitions.
pub(crate) type Section = (&'static str, fn(&Positions, u32) -> Figures);

/// The sections, in the order they run and print.
pub(crate) const SECTIONS: &[Section] = &[
    ("leads", bench_leads),
    ("follows", bench_follows),
    ("classify", bench_classify),
    ("split", bench_split),
    ("decide", bench_decide),
    ("learned", bench_learned),
    ("solve", bench_solve),
    ("sample", bench_sample),
    ("net", bench_net),
    ("think", bench_think),
];

/// Hides a value from the optimiser so timed work is not folded away (`std::hint::black_box`
/// is newer than the crate's minimum Rust).
#[inline(always)]
fn opaque<T: Copy>(value: T) -> T {
    // SAFETY: reading a live local through a reference to it.
    unsafe { std::ptr::read_volatile(&value) }
}

/// `quick` in a `--quick` run, else `full`.
fn by_reps<T>(reps: u32, quick: T, full: T) -> T {
    if reps == REPS_QUICK {
        quick
    } else {
        full
    }
}

fn per_second(count: u64, elapsed: Duration) -> u64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        (count as f64 / secs) as u64
    } else {
        0
    }
}

fn bench_leads(pos: &Positions, reps: u32) -> Figures {
    let mut out = Vec::with_capacity(1024);
    let mut nodes = 0u64;
    for hand in pos.hands() {
        out.clear();
        leads(hand, &mut out);
        nodes += out.len() as u64;
    }
    // Throughput over all hands.
    let start = Instant::now();
    let mut timed = 0u64;
    for _ in 0..reps {
        for hand in pos.hands() {
            out.clear();
            leads(opaque(hand), &mut out);
            timed += opaque(out.len()) as u64;
        }
    }
    let elapsed = start.elapsed();
    // Median over the 20-card hands of the time of one full generation.
    let mut per_hand: Vec<f64> = pos
        .landlord
        .iter()
        .map(|&hand| {
            let start = Instant::now();
            for _ in 0..reps {
                out.clear();
                leads(opaque(hand), &mut out);
                opaque(out.len());
            }
            start.elapsed().as_nanos() as f64 / f64::from(reps)
        })
        .collect();
    per_hand.sort_by(|a, b| a.partial_cmp(b).expect("times are finite"));
    let median = per_hand[per_hand.len() / 2];
    let max = per_hand[per_hand.len() - 1];
    Figures {
        lines: vec![
            (
                "plays per hand".into(),
                format!("{:.1}", nodes as f64 / (2 * DEALS) as f64),
            ),
            ("plays/s".into(), per_second(timed, elapsed).to_string()),
            (
                "median ns per 20-card hand".into(),
                format!("{:.0}", median),
            ),
            ("max ns per 20-card hand".into(), format!("{:.0}", max)),
        ],
        nodes,
        timed_nodes: timed,
        elapsed,
    }
}

fn bench_follows(pos: &Positions, reps: u32) -> Figures {
    let mut out = Vec::with_capacity(1024);
    let mut nodes = 0u64;
    for hand in pos.hands() {
        for target in &pos.targets {
            out.clear();
            follows(hand, target, &mut out);
            nodes += out.len() as u64;
        }
    }
    let start = Instant::now();
    let mut timed = 0u64;
    for _ in 0..reps {
        for hand in pos.hands() {
            for target in &pos.targets {
                out.clear();
                follows(opaque(hand), target, &mut out);
                timed += opaque(out.len()) as u64;
            }
        }
    }
    let elapsed = start.elapsed();
    let calls = (2 * DEALS * pos.targets.len()) as u64 * u64::from(reps);
    Figures {
        lines: vec![
            ("plays/s".into(), per_second(timed, elapsed).to_string()),
            (
                "ns per call".into(),
                format!("{:.0}", elapsed.as_nanos() as f64 / calls as f64),
            ),
        ],
        nodes,
        timed_nodes: timed,
        elapsed,
    }
}

fn bench_classify(pos: &Positions, reps: u32) -> Figures {
    // Every lead of the 20-card hands, and a copy of each lead with one more card of a
    // neighbouring rank (mostly not a play), so both answers are timed.
    let mut plays = Vec::new();
    let mut out = Vec::new();
    for &hand in &pos.landlord {
        out.clear();
        leads(hand, &mut out);
        for combo in &out {
            plays.push(combo.cards);
            let extra = crate::cards::Rank::ALL[(combo.key.index() + 1) % 15];
            if combo.cards.get(extra) < extra.deck_count() {
                plays.push(combo.cards.with_added(extra, 1));
            }
        }
    }
    let legal = plays.iter().filter(|&&c| classify(c).is_some()).count() as u64;
    let start = Instant::now();
    let mut checksum = 0u64;
    for _ in 0..reps {
        for &cards in &plays {
            if let Some(combo) = classify(opaque(cards)) {
                checksum += combo.key.index() as u64;
            }
        }
    }
    let elapsed = start.elapsed();
    let calls = plays.len() as u64 * u64::from(reps);
    opaque(checksum);
    Figures {
        lines: vec![
            ("calls".into(), plays.len().to_string()),
            (
                "ns per call".into(),
                format!("{:.1}", elapsed.as_nanos() as f64 / calls as f64),
            ),
        ],
        nodes: legal,
        timed_nodes: 0,
        elapsed: Duration::ZERO,
    }
}

/// Best splits without the memo (a fresh search each time): nodes are the chain sets visited.
fn bench_split(pos: &Positions, reps: u32) -> Figures {
    use crate::strategy::splitter::{Mode, Splitter};
    let mut splitter = Splitter::new();
    let mut checksum = 0i64;
    for hand in pos.hands() {
        checksum += i64::from(splitter.search_only(hand, Mode::Normal).value);
    }
    let nodes = splitter.nodes;
    opaque(checksum);
    let start = Instant::now();
    let before = splitter.nodes;
    let mut splits = 0u64;
    for _ in 0..reps.max(1) / 10 + 1 {
        for hand in pos.hands() {
            opaque(splitter.search_only(opaque(hand), Mode::Normal).value);
            splits += 1;
        }
    }
    let elapsed = start.elapsed();
    let timed = splitter.nodes - before;
    let per_hand = |hands: &[Counts], splitter: &mut Splitter| -> Vec<f64> {
        let inner = reps.max(1) / 10 + 1;
        let mut t: Vec<f64> = hands
            .iter()
            .map(|&hand| {
                let start = Instant::now();
                for _ in 0..inner {
                    opaque(splitter.search_only(opaque(hand), Mode::Normal).value);
                }
                start.elapsed().as_nanos() as f64 / f64::from(inner)
            })
            .collect();
        t.sort_by(|a, b| a.partial_cmp(b).expect("times are finite"));
        t
    };
    let t20 = per_hand(&pos.landlord, &mut splitter);
    let t17 = per_hand(&pos.farmer, &mut splitter);
    Figures {
        lines: vec![
            ("splits/s".into(), per_second(splits, elapsed).to_string()),
            (
                "median us per 20-card hand".into(),
                format!("{:.1}", t20[t20.len() / 2] / 1000.0),
            ),
            (
                "max us per 20-card hand".into(),
                format!("{:.1}", t20[t20.len() - 1] / 1000.0),
            ),
            (
                "median us per 17-card hand".into(),
                format!("{:.1}", t17[t17.len() / 2] / 1000.0),
            ),
        ],
        nodes,
        timed_nodes: timed,
        elapsed,
    }
}

/// Full decisions of the rule-based player: every bench deal is played out by three of them
/// (the 20-card hand's seat is the landlord), and every lead or follow is timed. Nodes are the
/// splitter's leaf evaluations and the decisions made; the games are deterministic, so they
/// fingerprint the player's behaviour. Repetitions do not apply: one pass is a few thousand
/// decisions.
fn bench_decide(_pos: &Positions, _reps: u32) -> Figures {
    use crate::strategy::rules_player::RulesPlayer;
    let mut players: Vec<RulesPlayer> = (0..3).map(|_| RulesPlayer::new()).collect();
    let times = play_bench_deals(&mut players);
    let nodes: u64 = players.iter().map(|p| p.nodes() + p.decisions).sum();
    decision_figures(times, nodes)
}

/// The same for the learned policy, and its time per decision against the rule player's over
/// the same deals in the same run (the two play different games: the ratio is of medians).
fn bench_learned(_pos: &Positions, _reps: u32) -> Figures {
    use crate::strategy::learned_policy::LearnedPlayer;
    use crate::strategy::rules_player::RulesPlayer;
    let mut rules: Vec<RulesPlayer> = (0..3).map(|_| RulesPlayer::new()).collect();
    let rules_times = play_bench_deals(&mut rules);
    let mut players: Vec<LearnedPlayer> = (0..3).map(|_| LearnedPlayer::new()).collect();
    let times = play_bench_deals(&mut players);
    let nodes: u64 = players.iter().map(|p| p.nodes() + p.decisions).sum();
    let median = |t: &[u64]| {
        let mut t = t.to_vec();
        t.sort_unstable();
        t[t.len() / 2] as f64
    };
    let ratio = median(&times) / median(&rules_times).max(1.0);
    let mut figures = decision_figures(times, nodes);
    figures.lines.push((
        "median time per decision / the rule player's".into(),
        format!("{:.2}", ratio),
    ));
    figures
}

/// Every bench deal played out by `players` (three of them, the 20-card hand's seat the
/// landlord), each decision timed: the times in nanoseconds.
fn play_bench_deals<P: crate::strategy::Strategy>(players: &mut [P]) -> Vec<u64> {
    use crate::game::{GameState, Seat};
    use crate::time::Deadline;
    let mut times: Vec<u64> = Vec::new();
    let mut rng = fastrand::Rng::with_seed(SEED ^ 0xdec1de);
    let mut deck: Vec<u8> = (0..54).collect();
    for _ in 0..DEALS {
        rng.shuffle(&mut deck);
        let hand = |codes: &[u8]| codes.iter().copied().collect::<Cards>();
        let hands = [hand(&deck[0..17]), hand(&deck[17..34]), hand(&deck[34..51])];
        let bottom = hand(&deck[51..54]);
        let mut states: Vec<GameState> = Seat::ALL
            .iter()
            .map(|&s| {
                let mut st = GameState::new(s, hands[s.index()]);
                st.set_landlord(Seat::A, bottom).expect("fresh deal");
                st
            })
            .collect();
        let mut seat = Seat::A;
        for _ in 0..200 {
            let start = Instant::now();
            let combo = players[seat.index()].play(&states[seat.index()], Deadline::unlimited());
            times.push(start.elapsed().as_nanos() as u64);
            record_everywhere(&mut states, seat, &combo);
            if states[0].winner().is_some() {
                break;
            }
            seat = seat.next();
        }
    }
    times
}

/// The figures of timed decisions (nanoseconds each).
fn decision_figures(mut times: Vec<u64>, nodes: u64) -> Figures {
    let elapsed = Duration::from_nanos(times.iter().sum());
    let decisions = times.len() as u64;
    times.sort_unstable();
    Figures {
        lines: vec![
            ("decisions".into(), decisions.to_string()),
            (
                "decisions/s".into(),
                per_second(decisions, elapsed).to_string(),
            ),
            (
                "median us per decision".into(),
                format!("{:.1}", times[times.len() / 2] as f64 / 1000.0),
            ),
            (
                "p99 us per decision".into(),
                format!("{:.1}", times[times.len() * 99 / 100] as f64 / 1000.0),
            ),
            (
                "max us per decision".into(),
                format!("{:.1}", times[times.len() - 1] as f64 / 1000.0),
            ),
        ],
        nodes,
        timed_nodes: nodes,
        elapsed,
    }
}

/// Games whose positions the solve section solves, in a full run and with `--quick`.
const SOLVE_GAMES_FULL: usize = 100;
/// With `--quick`: enough to run every path.
const SOLVE_GAMES_QUICK: usize = 4;
/// The solve section's node budget per position: about 50 ms of search on the bench machine
/// (the thinking player's order of magnitude), fixed in nodes so the fingerprint is stable.
/// A proof-number node looks up every child in the table: roughly 0.5–1 million nodes/s here.
pub(crate) const SOLVE_NODE_BUDGET: u64 = 50_000;
/// The solve section's table: the engine's default size.
const SOLVE_TABLE_BYTES: usize = crate::search::solver::DEFAULT_TABLE_BYTES;

/// The exact solver on positions from self-play games: per size, the median and max time, the
/// share solved within [`SOLVE_NODE_BUDGET`] nodes, and nodes per second. The table is cleared
/// before each position (outside the timing), so each figure is one position's own work.
fn bench_solve(_pos: &Positions, reps: u32) -> Figures {
    use crate::search::Solver;
    let games = by_reps(reps, SOLVE_GAMES_QUICK, SOLVE_GAMES_FULL);
    let mut by_size: Vec<Vec<crate::search::SolverPosition>> = vec![Vec::new(); SOLVE_SIZES.len()];
    for deal in 0..games {
        for m in self_play_positions(deal) {
            let i = SOLVE_SIZES
                .iter()
                .position(|&s| s == m.size)
                .expect("a bench size");
            by_size[i].push(m.position);
        }
    }
    let mut solver = Solver::new(SOLVE_TABLE_BYTES);
    let mut lines = Vec::new();
    let mut nodes = 0u64;
    let mut elapsed = Duration::ZERO;
    for (i, positions) in by_size.iter().enumerate() {
        let mut times = Vec::with_capacity(positions.len());
        let mut solved = 0;
        let mut size_nodes = 0u64;
        let mut size_time = Duration::ZERO;
        for pos in positions {
            solver.clear();
            let start = Instant::now();
            let solution = solver.solve(pos, SOLVE_NODE_BUDGET);
            let took = start.elapsed();
            times.push(took);
            size_time += took;
            size_nodes += solution.nodes;
            solved += solution.winner.is_some() as usize;
        }
        times.sort_unstable();
        let n = SOLVE_SIZES[i];
        if let (Some(median), Some(max)) = (times.get(times.len() / 2), times.last()) {
            lines.push((
                format!("{} cards median ms", n),
                format!("{:.3}", median.as_secs_f64() * 1000.0),
            ));
            lines.push((
                format!("{} cards max ms", n),
                format!("{:.3}", max.as_secs_f64() * 1000.0),
            ));
            lines.push((
                format!("{} cards solved", n),
                format!("{}/{}", solved, positions.len()),
            ));
            lines.push((
                format!("{} cards nps", n),
                per_second(size_nodes, size_time).to_string(),
            ));
        }
        nodes += size_nodes;
        elapsed += size_time;
    }
    Figures {
        lines,
        nodes,
        timed_nodes: nodes,
        elapsed,
    }
}

/// Deals the sample section makes per view in a full run (`--quick`: one).
const SAMPLE_DEALS: usize = 200;

/// The sampler of the hidden hands: every seat's view at the solve section's moments, many
/// deals each.
/// Reports the time per deal; nodes are the deals made.
fn bench_sample(_pos: &Positions, reps: u32) -> Figures {
    use crate::game::Seat;
    use crate::search::Sampler;
    let (games, deals) = by_reps(
        reps,
        (SOLVE_GAMES_QUICK, 1),
        (SOLVE_GAMES_FULL, SAMPLE_DEALS),
    );
    let samplers: Vec<Sampler> = (0..games)
        .flat_map(self_play_positions)
        .flat_map(|m| m.views)
        .map(|view| Sampler::new(&view).expect("a consistent view"))
        .collect();
    let mut rng = fastrand::Rng::with_seed(SEED ^ 0x5a3);
    let mut check = 0u64;
    let start = Instant::now();
    for s in &samplers {
        for _ in 0..deals {
            let hands = s.deal(&mut rng);
            check ^= hands[Seat::B].0;
        }
    }
    let elapsed = start.elapsed();
    opaque(check);
    let made = (samplers.len() * deals) as u64;
    Figures {
        lines: vec![(
            "ns per deal".into(),
            format!("{:.0}", elapsed.as_nanos() as f64 / made.max(1) as f64),
        )],
        nodes: 0,
        timed_nodes: made,
        elapsed,
    }
}

/// Evaluations per position in a full run of the net section (`--quick`: one).
const NET_EVALS: usize = 200;

/// The play network on the solve section's moments (features and forward pass, as the
/// thinking player calls it), and the forward pass alone. Nodes: none (the network's speed
/// changes nothing the fingerprint counts).
fn bench_net(_pos: &Positions, reps: u32) -> Figures {
    use crate::game::BySeat;
    use crate::strategy::networks::features::{play_features, PLAY_INPUTS};
    use crate::strategy::networks::{open_position, PlayNet};
    let (games, evals) = by_reps(reps, (SOLVE_GAMES_QUICK, 1), (SOLVE_GAMES_FULL, NET_EVALS));
    let positions: Vec<_> = (0..games)
        .flat_map(self_play_positions)
        .filter_map(|m| open_position(&m.views[0], &BySeat::from_fn(|s| m.views[s.index()].hand)))
        .collect();
    let mut net = PlayNet::embedded();
    let mut check = 0.0f32;
    let start = Instant::now();
    for p in &positions {
        for _ in 0..evals {
            check += net.value(opaque(p)).official;
        }
    }
    let elapsed = start.elapsed();
    let made = (positions.len() * evals) as u64;
    let mut inputs = Vec::with_capacity(positions.len());
    let mut splitter = crate::strategy::splitter::Splitter::new();
    for p in &positions {
        let mut x = [0.0f32; PLAY_INPUTS];
        play_features(p, &mut splitter, &mut x);
        inputs.push(x);
    }
    let mlp =
        crate::strategy::networks::mlp::Mlp::from_bytes(crate::strategy::networks::PLAY_WEIGHTS)
            .expect("the embedded network reads");
    let mut out = [0.0f32; 3];
    let forward_start = Instant::now();
    for x in &inputs {
        for _ in 0..evals {
            mlp.forward(opaque(x), &mut out);
            check += out[0];
        }
    }
    let forward = forward_start.elapsed();
    opaque(check);
    let ns = |t: Duration| format!("{:.0}", t.as_nanos() as f64 / made.max(1) as f64);
    Figures {
        lines: vec![
            (
                "evals per second".into(),
                per_second(made, elapsed).to_string(),
            ),
            ("ns per eval".into(), ns(elapsed)),
            ("ns per forward pass".into(), ns(forward)),
            ("parameters".into(), mlp.parameters().to_string()),
        ],
        nodes: 0,
        timed_nodes: 0,
        elapsed: Duration::ZERO,
    }
}

/// Decisions of the think section in a full run (`--quick`: [`THINK_DECISIONS_QUICK`]).
const THINK_DECISIONS: usize = 24;
/// Decisions of the think section with `--quick`.
const THINK_DECISIONS_QUICK: usize = 4;
/// Time per decision of the think section's timed runs (the engine's way: a deadline, no
/// deal budget).
const THINK_TIME: Duration = Duration::from_millis(50);
/// The same with `--quick`.
const THINK_TIME_QUICK: Duration = Duration::from_millis(20);
/// Deals per decision of the think section (a fixed budget: the same work on any machine).
const THINK_DEALS: u32 = 64;
/// The same with `--quick`.
const THINK_DEALS_QUICK: u32 = 16;

/// The thinking player as the engine plays by default, at a fixed budget, on seeded mid-game
/// decisions with several legal plays: deals per second with one search thread and with one
/// per core, and the ratio. Nodes: the deals every candidate was judged on and its mean score in
/// whole points, summed over the decisions, so any change of the default player's search or of
/// its judge shows in the fingerprint.
fn bench_think(_pos: &Positions, reps: u32) -> Figures {
    use crate::strategy::thinker::ThinkerSettings;
    let (decisions, deals) = by_reps(
        reps,
        (THINK_DECISIONS_QUICK, THINK_DEALS_QUICK),
        (THINK_DECISIONS, THINK_DEALS),
    );
    let views: Vec<crate::game::GameState> = (0..)
        .flat_map(self_play_positions)
        .flat_map(|m| m.views)
        .filter(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
        .take(decisions)
        .collect();
    let cores = ThinkerSettings::default().threads();
    let (one, one_time) = think_counted(&views, deals, 1);
    let (all, all_time) = think_counted(&views, deals, cores);
    assert_eq!(one, all, "threads changed a fixed-budget answer");
    // As the engine thinks: each decision given the same time, no deal budget. Counted in
    // play-outs (a deal judged for one candidate), the unit of the search's work: a deal costs
    // less once candidates are dropped, and more threads drop them sooner, so deals drawn would
    // flatter the threads. A decision left with one candidate ends early: all its time counts.
    let think = by_reps(reps, THINK_TIME_QUICK, THINK_TIME);
    let (one_timed, one_timed_time) = think_timed(&views, think, 1);
    let (all_timed, all_timed_time) = think_timed(&views, think, cores);
    let rate = |work: u64, time: Duration| work as f64 / time.as_secs_f64().max(1e-9);
    let timed_ratio = rate(all_timed, all_timed_time) / rate(one_timed, one_timed_time).max(1e-9);
    let drawn: u64 = one.iter().map(|a| u64::from(a.deals)).sum();
    let judged: u64 = one
        .iter()
        .flat_map(|a| &a.candidates)
        .map(|c| u64::from(c.deals))
        .sum();
    // What the judge made of them, in whole points: a change of how a deal is judged (the
    // aim, the solver's reach) that leaves every count of deals alone still shows.
    let judgement: u64 = one
        .iter()
        .flat_map(|a| &a.candidates)
        .map(|c| (c.mean.round() as i64).unsigned_abs())
        .sum();
    Figures {
        lines: vec![
            (
                "deals per second, 1 thread".into(),
                per_second(drawn, one_time).to_string(),
            ),
            (
                format!("deals per second, {} threads", cores),
                per_second(drawn, all_time).to_string(),
            ),
            (
                format!("speed-up, deals per second at {} threads / 1", cores),
                format!(
                    "{:.2}",
                    one_time.as_secs_f64() / all_time.as_secs_f64().max(1e-9)
                ),
            ),
            (
                format!(
                    "play-outs in {} ms a decision, {} threads / 1",
                    think.as_millis(),
                    cores
                ),
                format!("{:.2}", timed_ratio),
            ),
        ],
        nodes: judged + judgement,
        timed_nodes: 0,
        elapsed: Duration::ZERO,
    }
}

/// The thinking player's analyses of `views` at `deals` deals a decision on `threads` search
/// threads, and the time they took (the first decision, which warms the tables and the
/// network up, played once more outside it).
fn think_counted(
    views: &[crate::game::GameState],
    deals: u32,
    threads: usize,
) -> (Vec<crate::strategy::thinker::Analysis>, Duration) {
    use crate::strategy::thinker::{Thinker, ThinkerSettings};
    use crate::time::{Deadline, SearchLimit};
    let settings = ThinkerSettings {
        limit: Some(SearchLimit::Deals(deals)),
        threads: Some(threads),
        ..ThinkerSettings::default()
    };
    let mut thinker = Thinker::new(settings);
    thinker.analyze(&views[0], Deadline::unlimited());
    let start = Instant::now();
    let found = views
        .iter()
        .map(|v| thinker.analyze(v, Deadline::unlimited()))
        .collect();
    (found, start.elapsed())
}

/// The play-outs the thinking player ran on `views` thinking `think` a decision on `threads`
/// search threads under the engine's time control, and the time they took.
fn think_timed(
    views: &[crate::game::GameState],
    think: Duration,
    threads: usize,
) -> (u64, Duration) {
    use crate::strategy::thinker::{Thinker, ThinkerSettings};
    use crate::time::{SearchLimit, TimeControl};
    let mut thinker = Thinker::new(ThinkerSettings {
        limit: Some(SearchLimit::Time(think)),
        threads: Some(threads),
        ..ThinkerSettings::default()
    });
    // The engine's own time control: the deadlines a decision gets.
    let time = TimeControl::default();
    let deadline = || time.deadline(Instant::now());
    thinker.analyze(&views[0], deadline());
    let start = Instant::now();
    let playouts = views
        .iter()
        .flat_map(|v| thinker.analyze(v, deadline()).candidates)
        .map(|c| u64::from(c.deals))
        .sum();
    (playouts, start.elapsed())
}

/// Usage of `ddz bench`.
pub(crate) const USAGE: &str = "\
usage: ddz bench [--quick]
Fixed seeded positions: speed figures of each part of the engine, one `section label: value`
line each, then `<nodes> nodes <nps> nps`, where nodes is a fingerprint of behaviour (the same
on every run until behaviour changes). --quick: fewer timing repetitions and solver positions
(a smoke test; its time in docs/tools.md): the figures are noisier, and the node count is its own, as
stable (compare a --quick count with a --quick count).";

/// Runs the bench: `ddz bench [--quick]`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut reps = REPS_FULL;
    let mut line = crate::cli::Args::new("bench", USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            crate::cli::Arg::Flag(f) if f == "--quick" => reps = REPS_QUICK,
            other => return Err(line.unknown(&other).into()),
        }
    }
    let positions = Positions::deal();
    let mut nodes = 0u64;
    let mut timed_nodes = 0u64;
    let mut elapsed = Duration::ZERO;
    for (name, run) in SECTIONS {
        let figures = run(&positions, reps);
        for (label, value) in &figures.lines {
            println!("{} {}: {}", name, label, value);
        }
        nodes += figures.nodes;
        timed_nodes += figures.timed_nodes;
        elapsed += figures.elapsed;
    }
    println!("{} nodes {} nps", nodes, per_second(timed_nodes, elapsed));
    Ok(())
}
