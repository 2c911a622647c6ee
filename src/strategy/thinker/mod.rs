//! The thinking player: turns its time into strength by search over sampled hidden hands.
//!
//! At each decision it takes a few candidate plays (every legal play when there are few; else
//! the rule player's choice, the plays that leave the best split of the hand, every bomb, the
//! rocket and the pass), deals the hidden cards many times ([`Sampler`]), and for each deal and
//! candidate plays the rest of the game out: the rule player in every seat ([`Policy`]), the
//! exact solver once few cards are left ([`Finisher`](crate::search::rollout::Finisher)); the play
//! network's value of the position right after the candidate counts `net-weight` of each
//! deal's value (half by default), the play-out the rest. It chooses the candidate with the best
//! mean score for our side under the scoring rule in use (`GameState::scoring`: bombs, rocket
//! and spring change the stake), not only the best win rate.
//!
//! Samples go where they decide something: every candidate sees the same deals (so candidates
//! are compared on paired outcomes, which removes the luck of the deal from the comparison), and
//! a candidate whose paired difference to the leader is clearly below zero is dropped. The loop
//! is anytime: it checks its budget between deals, a number of deals in fixed-budget mode (same
//! input, same answer on any machine), the soft deadline otherwise. The deals are spread over
//! `threads` workers (`eval::Worker`) and counted in deal order, so the number of threads
//! changes how soon the answer comes, never what it is.
//!
//! It bids by the bid network's expected score of each bid against passing (`bid = net`), or
//! by the rule player's value thresholds (`bid = value`).
//!
//! Here: the search of a play decision and its tuning numbers. Beside it: `settings` (what
//! can be set, and how it is read), `candidates` (which plays are searched), `proposal` (where
//! the deals are drawn from), `eval` (a candidate's score on one deal), `stats` (the paired
//! figures, dropping and choosing), `bid` (bidding by the bid network).

mod bid;
mod candidates;
mod eval;
mod explained;
mod proposal;
pub mod seats;
mod settings;
mod stats;
pub mod table;

pub use bid::{farmer_share, NetBid, PASS_BASE, PASS_TAKEN};
pub use explained::{BidExplained, BidSeen, Explanation, PlayExplained};
pub use settings::{
    player_setting_names, player_usage_lines, retired, Aim, Bidder, Infer, Judge, Playout,
    PlayoutSeats, ThinkerSettings, DEFAULT_NET_WEIGHT, DEFAULT_STICK, DEFAULT_TABLE_BYTES,
    MAX_TABLE_MB, MAX_THREADS, SETTINGS,
};

use super::splitter::Splitter;
use super::{Ending, Note, Strategy};
use crate::cards::Cards;
use crate::game::{BySeat, GameState, Seat};
use crate::named::Named;
use crate::rules::Combo;
use crate::search::Sampler;
use crate::strategy::networks::{BidNet, HiddenNet};
use crate::time::{Budget, Deadline};
use eval::{Deals, Worker};
use seats::{Population, SeatModels};
use stats::{best, look_at, race_look, CandidateTally};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use table::TableEstimate;

pub use crate::strategy::choices::{ALL_PLAYS_UP_TO, PREFERRED_PLAYS};
/// The race's first look, in deals scored: fewer give too rough a spread estimate.
pub const FIRST_LOOK: u32 = 16;
/// Each look of the race comes after this many times the deals of the one before: looks
/// spaced out geometrically cost the error budget little, however long a decision runs.
pub const LOOK_GROWTH: f64 = 1.5;
/// The chance, over a whole decision, of ever dropping a candidate that is as good as the
/// leader (spent over the looks and shared among the rivals: [`stats::drop_threshold`]).
pub const RACE_ERROR: f64 = 0.1;
/// A race is decided once no candidate left can beat the leader by more than this many points
/// (2.5% of the landlord's stake at base 1) at the race's confidence: what more deals could
/// still change is worth less than they cost.
pub const INDIFFERENT: f64 = 5.0;
/// Deals per decision at most in timed mode (a decision with time to spare stops here).
pub const MAX_DEALS: u32 = 4_000;
/// The solver takes over a rollout once the hands hold this many cards together: its median
/// time there is a few hundredths of a millisecond (ddz bench, solve section).
pub const SOLVE_AT_CARDS: u32 = 16;
/// Node budget of one solve inside a rollout (a few milliseconds at most; most solves at 16
/// cards need under 200 nodes): past it the policy plays on and the solver tries again a few
/// cards later.
pub const SOLVE_NODES: u64 = 4_000;

/// One candidate's figures after a decision's search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CandidateReport {
    /// The play.
    pub play: Combo,
    /// Deals it was played out on (fewer than the decision's when it was dropped).
    pub deals: u32,
    /// Mean score for our side, in the scoring rule's points.
    pub mean: f64,
    /// Share of deals our side won.
    pub win_rate: f64,
    /// Half-width of the 95% confidence interval of the mean (infinite below two deals).
    pub ci95: f64,
}

/// What one decision's search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Every candidate, best mean first.
    pub candidates: Vec<CandidateReport>,
    /// The play chosen.
    pub chosen: Combo,
    /// The starting policy's own choice (the rule player's, or the learned policy's with
    /// `prior = learned`).
    pub policy_choice: Combo,
    /// Deals drawn.
    pub deals: u32,
    /// Why the search stopped.
    pub stopped: Stopped,
    /// With `playout-seats = match`: the policy each other seat was played out by and how it
    /// was told ([`explained::seats_text`]).
    pub seats: Option<String>,
}

/// The thinking player.
pub struct Thinker {
    settings: ThinkerSettings,
    /// The players of our own decisions: the search starts from the `prior` one's choice, and
    /// the rule player bids by its value thresholds (`bid = value`).
    players: Population,
    splitter: Splitter,
    /// One per search thread, the first also bidding's (each makes its solver and network at
    /// its first search, so players that never search cost no table memory).
    workers: Vec<Worker>,
    /// The bid network, made at the first bid that uses it.
    bid_net: Option<BidNet>,
    /// What the games of this table have shown (`bid = table`), from the match's first game.
    table: TableEstimate,
    /// How the other seats of this match play (`playout-seats = match`), from its first game.
    seats: SeatModels,
    /// The hidden-hand network, made at the first decision that draws deals by it.
    hidden_net: Option<HiddenNet>,
    /// The deal the arena showed its measurement player ([`Thinker::show_deal`]): every
    /// seat's dealt hand and the bottom.
    shown: Option<(BySeat<Cards>, Cards)>,
    /// What the last decision saw, until the engine takes it for its log.
    explained: Option<Explanation>,
    /// Test hook: the rollouts (deal number, candidate index) for which this is true fail,
    /// as a policy's illegal answer would make them.
    #[cfg(test)]
    fail_rollout: Option<fn(u32, usize) -> bool>,
}

impl Thinker {
    /// A player with these settings.
    #[must_use]
    pub fn new(settings: ThinkerSettings) -> Thinker {
        Thinker {
            settings,
            players: Population::default(),
            splitter: Splitter::new(),
            workers: vec![Worker::default()],
            bid_net: None,
            table: TableEstimate::default(),
            seats: SeatModels::default(),
            hidden_net: None,
            shown: None,
            explained: None,
            #[cfg(test)]
            fail_rollout: None,
        }
    }

    /// Measurement only: search the true deal instead of sampled ones, every deal the hands
    /// each seat holds. The arena's `builtin:ddz:peek=on` shows it the deal before the game:
    /// the thinker that sees every card bounds what any sampler could buy. The engine never
    /// calls it.
    pub fn show_deal(&mut self, hands: &BySeat<Cards>, bottom: Cards) {
        self.shown = Some((*hands, bottom));
    }

    /// The hands each seat holds now, from the deal shown ([`Thinker::show_deal`]); `None`
    /// when none was shown or it does not fit the table (then the search samples as always).
    fn shown_hands(&self, state: &GameState) -> Option<BySeat<Cards>> {
        let (dealt, bottom) = self.shown?;
        let mut hands = dealt;
        if let Some(landlord) = state.landlord {
            hands[landlord] = hands[landlord].or(bottom);
        }
        for seat in Seat::ALL {
            hands[seat] = hands[seat].minus(state.played[seat]);
        }
        let fits = hands[state.me] == state.hand
            && Seat::ALL
                .iter()
                .all(|&s| hands[s].len() == usize::from(state.cards_left[s]));
        if fits {
            Some(hands)
        } else {
            None
        }
    }

    /// What the games of this table have shown (`bid = table`), as the `# think` line's
    /// `edge` field gives it.
    #[must_use]
    pub fn table_text(&self) -> String {
        explained::table_text(&self.table)
    }

    /// How the other seats of this match play (`playout-seats = match`), as the `# think`
    /// line's `seats` field gives it.
    #[must_use]
    pub fn seats_text(&self) -> String {
        explained::seats_text(&self.seats, self.settings.playout)
    }

    /// What its settings learn from the match's games ([`Strategy::game_over`]): its bids
    /// (`bid = table`), its plays (`playout-seats = match`).
    #[must_use]
    pub fn learns_from_games(&self) -> Learns {
        Learns {
            bids: self.settings.bidder == Bidder::Table,
            plays: self.settings.playout_seats == PlayoutSeats::Match,
        }
    }

    /// Its settings.
    #[must_use]
    pub fn settings(&self) -> &ThinkerSettings {
        &self.settings
    }

    /// The search of one play decision, with every candidate's figures.
    pub fn analyze(&mut self, state: &GameState, deadline: Deadline) -> Analysis {
        let policy_choice = self.players.choose(self.settings.prior, state);
        let legal = state.legal_plays();
        let candidates = self.candidates(state, &legal, policy_choice);
        let sampler = match Sampler::new(state) {
            Ok(s) if candidates.len() > 1 => s,
            _ => {
                return Analysis {
                    candidates: Vec::new(),
                    chosen: policy_choice,
                    policy_choice,
                    deals: 0,
                    stopped: Stopped::NoSearch,
                    seats: None,
                }
            }
        };
        let proposal =
            proposal::Proposal::for_decision(&self.settings, state, &sampler, &mut self.hidden_net);
        let deals = match self.shown_hands(state) {
            Some(hands) => Deals::Shown(hands),
            None => Deals::Sampled(&proposal),
        };
        let seed = decision_seed(state);
        let threads = self.settings.threads();
        self.workers.resize_with(threads, Worker::default);
        let seats = match self.settings.playout_seats {
            PlayoutSeats::Same => None,
            PlayoutSeats::Match => Some(self.seats.playouts(state.me, self.settings.playout)),
        };
        for worker in &mut self.workers {
            worker.policy.seats = seats;
        }
        let everyone: Vec<usize> = (0..candidates.len()).collect();
        let race = Race {
            state,
            deals,
            candidates: &candidates,
            entrants: &everyone,
            seed,
            budget: Budget::new(self.settings.limit(), MAX_DEALS, deadline),
            #[cfg(test)]
            fail_rollout: self.fail_rollout,
        }
        .run(&self.settings, &mut self.workers);
        let chosen_index = best(&race.tally, &candidates, policy_choice, self.settings.stick);
        let mut reports: Vec<CandidateReport> = candidates
            .iter()
            .zip(&race.tally)
            .map(|(c, t)| t.report(*c))
            .collect();
        reports.sort_by(|a, b| {
            b.mean
                .partial_cmp(&a.mean)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        Analysis {
            candidates: reports,
            chosen: candidates[chosen_index],
            policy_choice,
            deals: race.deals,
            stopped: race.stopped,
            seats: seats.map(|_| explained::seats_text(&self.seats, self.settings.playout)),
        }
    }
}

/// What a thinker's settings learn from a match's games ([`Thinker::learns_from_games`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learns {
    /// Its bids: the table's edge (`bid = table`).
    pub bids: bool,
    /// Its plays: how the other seats play (`playout-seats = match`).
    pub plays: bool,
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

/// One race of candidates over deals: the entrants judged on the same deals, one after
/// another, the clearly worse dropped at the race's looks, until one is left or the budget
/// ends.
struct Race<'a> {
    state: &'a GameState,
    deals: Deals<'a>,
    candidates: &'a [Combo],
    /// The candidates (by index) that run; the others count as dropped.
    entrants: &'a [usize],
    seed: u64,
    budget: Budget,
    #[cfg(test)]
    fail_rollout: Option<fn(u32, usize) -> bool>,
}

/// What a race found.
struct RaceResult {
    tally: Vec<CandidateTally>,
    deals: u32,
    stopped: Stopped,
}

impl Race<'_> {
    /// Runs the race on `workers` (one per thread), each judging with `settings`.
    fn run(&self, settings: &ThinkerSettings, workers: &mut [Worker]) -> RaceResult {
        let tally: Vec<CandidateTally> = (0..self.candidates.len())
            .map(|i| CandidateTally {
                alive: self.entrants.contains(&i),
                ..CandidateTally::default()
            })
            .collect();
        let count = DealCount {
            done: tally.iter().filter(|t| t.alive).count() <= 1,
            tally,
            deals: 0,
            scored: 0,
            #[cfg(test)]
            fail_rollout: self.fail_rollout,
        };
        let budget = self.budget;
        let (state, deals, seed, candidates) = (self.state, self.deals, self.seed, self.candidates);
        let hard = budget.hard();
        let judge = |worker: &mut Worker, deal: u32, alive: &[usize], stop: &AtomicBool| {
            worker.judge_deal(
                settings, state, deals, seed, deal, candidates, alive, stop, hard,
            )
        };
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
            let judged = match judge(worker, deal, &alive, &stop) {
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
    /// The race is decided ([`stats::race_look`]).
    done: bool,
    #[cfg(test)]
    fail_rollout: Option<fn(u32, usize) -> bool>,
}

impl DealCount {
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
            #[cfg(test)]
            let deal = self.deals;
            #[cfg(test)]
            let result = result.filter(|_| !self.fail_rollout.map_or(false, |f| f(deal, i)));
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

/// The seed of one decision's deals: from what the seat knows, so the same input gives the
/// same deals on any machine.
fn decision_seed(state: &GameState) -> u64 {
    let mut h = state.hand.0 ^ 0x7417_6b5e_ed00_0000;
    for (seat, played) in state.played.iter() {
        h = h.rotate_left(17) ^ played.0 ^ seat.index() as u64;
    }
    h ^ (state.history.len() as u64) << 56 ^ (state.me.index() as u64) << 62
}

impl Strategy for Thinker {
    fn name(&self) -> &str {
        "think"
    }

    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        let start = std::time::Instant::now();
        let margin = self.settings.bid_margin;
        let seen = match self.settings.bidder {
            Bidder::Value => {
                let (bid, value) = self.players.rules.bid_by_value(state);
                BidSeen::Value {
                    bid,
                    value,
                    scoring: state.scoring,
                }
            }
            _ if !(1..=3).any(|b| state.bid_is_legal(b)) => BidSeen::NoChoice,
            Bidder::Net => BidSeen::net(self.net_bid(state), margin),
            Bidder::Table => BidSeen::Table {
                said: self.net_bid(state),
                margin,
                table: explained::table_text(&self.table),
            },
        };
        let answer = seen.bid();
        let time = start.elapsed();
        self.explained = Some(Explanation::Bid(BidExplained { seen, answer, time }));
        answer
    }

    fn play(&mut self, state: &GameState, deadline: Deadline) -> Combo {
        let start = std::time::Instant::now();
        let legal = state.legal_plays();
        let (answer, analysis) = if legal.len() == 1 {
            (legal[0], None)
        } else {
            let a = self.analyze(state, deadline);
            (a.chosen, Some(a))
        };
        let time = start.elapsed();
        self.explained = Some(Explanation::Play(PlayExplained {
            analysis,
            answer,
            time,
        }));
        answer
    }

    fn take_explanation(&mut self) -> Option<Note> {
        self.explained.take().map(|e| e.note())
    }

    fn new_game(&mut self) {
        self.players.rules.new_game();
    }

    fn game_over(&mut self, state: &GameState, ending: &Ending) {
        let learns = self.learns_from_games();
        if learns.bids {
            let mut table = std::mem::take(&mut self.table);
            table.learn(state, ending, self.bid_net());
            self.table = table;
        }
        if learns.plays {
            self.seats.learn(state, ending);
        }
    }

    fn new_table(&mut self) {
        self.table = TableEstimate::default();
        self.seats = SeatModels::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Counts;
    use crate::estimate::Estimate;
    use crate::rules::classify;
    use crate::strategy::networks::NetValue;
    use crate::time::SearchLimit;

    fn tally(values: &[f64]) -> CandidateTally {
        let mut t = CandidateTally::default();
        for &v in values {
            t.push(v, v > 0.0);
        }
        t
    }

    fn play(ranks: &str) -> Combo {
        classify(ranks.parse::<Counts>().unwrap()).unwrap()
    }

    /// Outcomes of the rule player's choice on 32 deals, and of a rival that does better on
    /// some deals and worse on others (a mean lead of 1/8 of a point, a noisy one).
    fn noisy_pair() -> (Vec<f64>, Vec<f64>) {
        let policy: Vec<f64> = (0..32)
            .map(|i| if i % 3 == 0 { -2.0 } else { 2.0 })
            .collect();
        let rival: Vec<f64> = policy
            .iter()
            .enumerate()
            .map(|(i, v)| match i % 8 {
                0 | 3 => v + 4.0,
                5 | 6 => v - 4.0,
                7 => v + 2.0,
                _ => *v,
            })
            .collect();
        (policy, rival)
    }

    /// Mid-game positions of a few self-played games, with the seat to move holding choices.
    fn mid_game_views() -> Vec<GameState> {
        (0..3)
            .flat_map(crate::strategy::bench_games::self_play_positions)
            .flat_map(|m| m.views)
            .filter(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
            .take(4)
            .collect()
    }

    fn failing(samples: u32, fail: fn(u32, usize) -> bool) -> Thinker {
        let mut t = Thinker::new(ThinkerSettings {
            limit: Some(SearchLimit::Deals(samples)),
            table_bytes: 1 << 20,
            ..ThinkerSettings::default()
        });
        t.fail_rollout = Some(fail);
        t
    }

    /// Shown the deal ([`Thinker::show_deal`], the arena's `peek = on`), the thinker judges
    /// every candidate on the hands each seat holds now (rebuilt from the deal and the plays),
    /// found here from the other seats' own views instead; a thinker not shown it samples.
    #[test]
    fn a_peeking_thinker_judges_every_candidate_on_the_true_hands() {
        let mut checked = 0;
        for moment in (0..3).flat_map(crate::strategy::bench_games::self_play_positions) {
            let views = &moment.views;
            let view = match views
                .iter()
                .find(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
            {
                Some(v) => v,
                None => continue,
            };
            let landlord = view.landlord.expect("the bench games have a landlord");
            let now = BySeat::from_fn(|s| views[s.index()].hand);
            let dealt = BySeat::from_fn(|s| {
                let held = now[s].or(view.played[s]);
                if s == landlord {
                    held.minus(view.bottom)
                } else {
                    held
                }
            });
            let settings = ThinkerSettings {
                limit: Some(SearchLimit::Deals(16)),
                table_bytes: 1 << 20,
                ..ThinkerSettings::default()
            };
            let mut peeking = Thinker::new(settings.clone());
            peeking.show_deal(&dealt, view.bottom);
            let seen = peeking.analyze(view, Deadline::unlimited());
            let mut worker = Worker::default();
            for c in &seen.candidates {
                let (direct, _) = worker
                    .evaluate(&settings, view, now, &c.play)
                    .expect("the play-out ends");
                assert!(c.deals > 0, "{:?}", seen);
                assert!((c.mean - direct).abs() < 1e-9, "{:?}: {}", c, direct);
            }
            let blind = Thinker::new(settings).analyze(view, Deadline::unlimited());
            assert_ne!(blind, seen, "sampled deals judge as the true one does");
            checked += 1;
        }
        assert!(checked >= 2, "{} positions", checked);
    }

    /// `aim = wins`: a deal's outcome is a plain stake won or lost, so with play-outs alone
    /// (`net-weight = 0`) each candidate's mean is the stake times its wins less its losses,
    /// read from the win tally kept beside the values; the network's share (the blend) stays
    /// within a stake.
    #[test]
    fn aiming_at_wins_values_a_deal_by_who_won() {
        let views = mid_game_views();
        assert!(!views.is_empty());
        for view in &views {
            let stake = NetValue::stake(view.scoring) * f64::from(view.highest_bid().max(1));
            for net_weight in [0.0, DEFAULT_NET_WEIGHT] {
                let mut settings = ThinkerSettings {
                    limit: Some(SearchLimit::Deals(24)),
                    table_bytes: 1 << 20,
                    net_weight,
                    ..ThinkerSettings::default()
                };
                settings.set("aim", "wins").unwrap();
                let seen = Thinker::new(settings).analyze(view, Deadline::unlimited());
                for c in &seen.candidates {
                    assert!(c.deals > 0, "{:?}", c);
                    if net_weight == 0.0 {
                        let by_wins = stake * (2.0 * c.win_rate - 1.0);
                        assert!((c.mean - by_wins).abs() < 1e-9, "{:?}: {}", c, by_wins);
                    } else {
                        assert!(c.mean.abs() <= stake + 1e-9, "{:?}: {}", c, stake);
                    }
                }
            }
        }
    }

    /// `playout = learned` with `playout-plies = N`: the learned policy plays the first N
    /// turns of a play-out and the rule player the rest, each as it plays alone.
    #[test]
    fn the_learned_policy_plays_the_first_playout_plies() {
        use crate::search::rollout::OpenGame;
        use crate::search::Policy;
        use crate::strategy::learned_policy::LearnedPlayer;
        use crate::strategy::rules_player::RulesPlayer;
        const PLIES: usize = 3;
        let settings = ThinkerSettings {
            playout: Playout::Learned,
            playout_plies: PLIES as u32,
            ..ThinkerSettings::default()
        };
        let (mut differ_before, mut differ_after) = (0, 0);
        for moment in (0..4).flat_map(crate::strategy::bench_games::self_play_positions) {
            let views = &moment.views;
            let view = match views.iter().find(|v| v.to_move == Some(v.me)) {
                Some(v) => v,
                None => continue,
            };
            let hands = BySeat::from_fn(|s| views[s.index()].hand);
            let mut game = OpenGame::new(view, hands);
            let mut mixed = eval::PlayoutPolicy::default();
            mixed.start(&settings);
            let (mut learned, mut rules) = (LearnedPlayer::new(), RulesPlayer::new());
            for turn in 0..2 * PLIES {
                let seat = match game.to_move() {
                    Some(s) if game.winner().is_none() => s,
                    _ => break,
                };
                let seen = game.view(seat).clone();
                let (l, r) = (learned.choose(&seen), rules.choose(&seen));
                let played = mixed.choose(&seen);
                if turn < PLIES {
                    assert_eq!(played, l, "turn {}", turn);
                    differ_before += usize::from(l != r);
                } else {
                    assert_eq!(played, r, "turn {}", turn);
                    differ_after += usize::from(l != r);
                }
                game.play(seat, &played).expect("a legal play");
            }
        }
        assert!(
            differ_before > 0 && differ_after > 0,
            "{} {}",
            differ_before,
            differ_after
        );
    }

    #[test]
    fn a_failed_rollout_drops_its_deal_for_every_candidate() {
        let views = mid_game_views();
        assert!(!views.is_empty());
        for view in &views {
            // Every rollout of deals 0, 3, 6, … and 7 fails: 15 of the 40 deals (fewer when
            // the race is decided sooner).
            let a = failing(40, |deal, _| deal % 3 == 0 || deal == 7)
                .analyze(view, Deadline::unlimited());
            assert!((16..=40).contains(&a.deals), "{:?}", a);
            let lost = (0..a.deals).filter(|d| d % 3 == 0 || *d == 7).count() as u32;
            assert!(a.candidates.len() > 1, "{:?}", a);
            assert_eq!(
                a.candidates.iter().map(|c| c.deals).max(),
                Some(a.deals - lost),
                "{:?}",
                a
            );
            for c in &a.candidates {
                assert!(c.mean.is_finite() && c.ci95.is_finite(), "{:?}", a);
            }
            assert!(view.legal_plays().contains(&a.chosen));
        }
    }

    #[test]
    fn two_failed_rollouts_on_one_deal_leave_the_statistics_finite() {
        // The first two candidates fail on the same deals (as lost games, −∞ each, their
        // paired difference would be NaN); whichever of them is alive stops the deal.
        for view in &mid_game_views() {
            let a =
                failing(48, |deal, i| deal % 4 == 1 && i < 2).analyze(view, Deadline::unlimited());
            assert!(view.legal_plays().contains(&a.chosen));
            let most = a.candidates.iter().map(|c| c.deals).max().unwrap();
            assert!(most > 0 && most < 48, "{:?}", a);
            for c in &a.candidates {
                assert!(c.mean.is_finite(), "{:?}", a);
                assert!((0.0..=1.0).contains(&c.win_rate), "{:?}", a);
                assert!(c.deals < 2 || c.ci95.is_finite(), "{:?}", a);
            }
        }
    }

    #[test]
    fn with_every_rollout_failed_the_rule_choice_stands() {
        for view in &mid_game_views() {
            let a = failing(16, |_, _| true).analyze(view, Deadline::unlimited());
            assert_eq!(a.chosen, a.policy_choice, "{:?}", a);
            assert!(view.legal_plays().contains(&a.chosen));
            assert!(a.candidates.iter().all(|c| c.deals == 0 && c.mean == 0.0));
        }
    }

    #[test]
    fn the_best_mean_wins_without_a_stick() {
        let (policy, rival) = noisy_pair();
        let candidates = [play("3"), play("4")];
        let tallies = [tally(&policy), tally(&rival)];
        assert!(tallies[1].mean() > tallies[0].mean());
        assert_eq!(best(&tallies, &candidates, candidates[0], 0.0), 1);
    }

    #[test]
    fn a_stick_keeps_the_rule_choice_against_a_noisy_lead() {
        let (policy, rival) = noisy_pair();
        let candidates = [play("3"), play("4")];
        let tallies = [tally(&policy), tally(&rival)];
        let diffs: Vec<f64> = rival.iter().zip(&policy).map(|(a, b)| a - b).collect();
        let e = Estimate::of(&diffs);
        let (mean, se) = (e.mean, e.std_error().unwrap());
        // The lead is real but within one standard error: a stick of 1 keeps the rule choice,
        // whichever place the rule choice has among the candidates.
        assert!(mean > 0.0 && mean < se, "mean {} se {}", mean, se);
        assert_eq!(best(&tallies, &candidates, candidates[0], 1.0), 0);
        let swapped = [tally(&rival), tally(&policy)];
        let order = [candidates[1], candidates[0]];
        assert_eq!(best(&swapped, &order, order[1], 1.0), 1);
    }

    #[test]
    fn a_stick_gives_way_to_a_clear_lead() {
        let (policy, _) = noisy_pair();
        // Better on a third of the deals, never worse: the lead is many standard errors.
        let rival: Vec<f64> = policy
            .iter()
            .enumerate()
            .map(|(i, v)| if i % 3 == 1 { v + 4.0 } else { *v })
            .collect();
        let candidates = [play("3"), play("4")];
        let tallies = [tally(&policy), tally(&rival)];
        assert_eq!(best(&tallies, &candidates, candidates[0], 3.0), 1);
        // A dropped rule choice cannot be kept.
        let mut dropped = tallies.clone();
        dropped[0].alive = false;
        assert_eq!(best(&dropped, &candidates, candidates[0], 10.0), 1);
    }
}
