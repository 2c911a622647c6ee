//! The thinking player: turns its time into strength by search over sampled hidden hands.
//!
//! At each decision it takes a few candidate plays (every legal play when there are few; else
//! the rule player's choice, the plays that leave the best split of the hand, every bomb, the
//! rocket and the pass), deals the hidden cards many times ([`Sampler`]), and for each deal and
//! candidate plays the rest of the game out: the rule player in every seat ([`Policy`]), the
//! exact solver once few cards are left ([`Finisher`]). It chooses the candidate with the best
//! mean score for our side under the scoring rule in use (`GameState::scoring`: bombs, rocket
//! and spring change the stake), not only the best win rate.
//!
//! Samples go where they decide something: every candidate sees the same deals (so candidates
//! are compared on paired outcomes, which removes the luck of the deal from the comparison), and
//! a candidate whose paired difference to the leader is clearly below zero is dropped. The loop
//! is anytime: it checks its budget between deals, a number of deals in fixed-budget mode (same
//! input, same answer on any machine), the soft deadline otherwise.
//!
//! Bidding can be by simulation too (`bid = simulate`): the hidden cards (the other hands and
//! the bottom) are dealt many times and played out with us as the landlord; the expected score
//! of each bid level is the bid times the mean score at base 1, against 0 for passing. It
//! measured worse than the rule player's value thresholds in competition mode, so those are the
//! default.

use super::rules_player::RulesPlayer;
use super::split::{Mode, Splitter};
use super::{Deadline, Strategy};
use crate::cards::Cards;
use crate::game::{BySeat, GameState, Outcome};
use crate::rules::Combo;
use crate::search::rollout::{play_out, Finisher, OpenGame};
use crate::search::{Policy, Sampler, Solver};
use crate::stats::{Estimate, Z95};
use crate::strategy::net::features::Role;
use crate::strategy::net::{open_position, BidNet, NetValue, PlayNet};
use std::time::{Duration, Instant};

/// Candidates when the legal plays are this many or fewer: all of them.
pub const ALL_PLAYS_UP_TO: usize = 12;
/// Otherwise, this many plays that leave the best-valued rest of the hand (beside the rule
/// player's choice, bombs, rocket and pass).
pub const PREFERRED_PLAYS: usize = 8;
/// Deals before a candidate may be dropped: fewer give too rough a spread estimate.
pub const MIN_DEALS_TO_DROP: u32 = 12;
/// Candidates are compared every this many deals.
pub const DROP_EVERY: u32 = 4;
/// A candidate is dropped when its mean paired difference to the leader is more than this many
/// standard errors below zero (about 2.5% one-sided each time it is checked).
pub const DROP_Z: f64 = 2.0;
/// Deals per decision at most in timed mode (a decision with time to spare stops here).
pub const MAX_DEALS: u32 = 4_000;
/// The solver takes over a rollout once the hands hold this many cards together: its median
/// time there is a few hundredths of a millisecond (ddz bench, solve section).
pub const SOLVE_AT_CARDS: u32 = 16;
/// Node budget of one solve inside a rollout (a few milliseconds at most; most solves at 16
/// cards need under 200 nodes): past it the policy plays on and the solver tries again a few
/// cards later.
pub const SOLVE_NODES: u64 = 4_000;
/// Deals of the bidding simulation in fixed-budget mode, per sample of the play budget (bids
/// are rarer than plays and matter more).
pub const BID_DEALS_PER_SAMPLE: u32 = 4;
/// Most deals of the bidding simulation in timed mode.
pub const MAX_BID_DEALS: u32 = 2_000;
/// The mean score at base 1 (in the scoring rule's units per point of bid) above which we bid:
/// zero would be the break-even of a perfectly estimated linear stake.
pub const BID_MARGIN: f64 = 0.0;
/// Inference: deals drawn per deal kept. Each is kept with the likelihood of the other seats'
/// plays under the rule-player model; when none is kept, the likeliest is.
pub const INFER_TRIES: u32 = 8;
/// Inference: the likelihood factor of one play the model would not have made (the others'
/// engines are not our rule player: a mismatch makes a deal less likely, not impossible).
pub const INFER_MISMATCH: f64 = 0.5;
/// Default of [`Settings::stick`]: at 16 deals per decision, keeping the rule player's choice
/// unless the best candidate leads it by more than one standard error measured +2.7 points of
/// head-to-head win rate against `builtin:rules` (400 deals) and +3.2 against `builtin:greedy`
/// (300 deals, competition mode); two standard errors measured no better than one. At 64 deals
/// it measured neutral (h2h 66.3% against 65.8% without, the same 1,000 deals).
pub const DEFAULT_STICK: f64 = 1.0;
/// Default size of the solver's transposition table: the rollouts' solves are small (at most
/// [`SOLVE_AT_CARDS`] cards, [`SOLVE_NODES`] nodes), and a smaller table is cheaper to set up
/// for each game an arena plays.
pub const DEFAULT_TABLE_BYTES: usize = 8 << 20;

/// How the thinking player spends its time, and for what.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The most it thinks per decision; `None`: until the deadline's soft limit.
    pub think: Option<Duration>,
    /// Fixed budget: deals per decision, whatever the clock says (reproducible); `None`: timed.
    pub samples: Option<u32>,
    /// The solver's table size in bytes.
    pub table_bytes: usize,
    /// How it bids.
    pub bidder: Bidder,
    /// How a candidate is judged on each sampled deal.
    pub eval: Eval,
    /// With `eval = net`: turns the rule player plays after the candidate before the network
    /// judges the position.
    pub net_plies: u32,
    /// With the bid network: bid when becoming the landlord is worth more than this many
    /// stakes (the landlord's points at base 1) in expectation.
    pub bid_margin: f64,
    /// Believe deals in which the other seats' past plays are what the rule player would have
    /// made (see [`INFER_TRIES`]). On by default: against the rule player it measured +25.1 ±
    /// 3.6 points per deal against +17.7 ± 3.7 without, on the same 1,000 deals.
    pub infer: bool,
    /// Keep the rule player's choice unless the best candidate beats it on the same deals by
    /// more than this many standard errors of the paired difference (0: the best mean wins).
    pub stick: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            think: None,
            samples: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            bidder: Bidder::Value,
            eval: Eval::Rollout,
            bid_margin: 0.0,
            net_plies: 0,
            infer: true,
            stick: DEFAULT_STICK,
        }
    }
}

impl Settings {
    /// Applies one setting by name, as `ddz.cfg`, the engine's flags and the arena's
    /// `builtin:ddz:KEY=VALUE` spell it; `Err` says why it was refused.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "think" => match value.parse::<f64>() {
                Ok(s) if s > 0.0 && s <= MAX_THINK_SECONDS => {
                    self.think = Some(Duration::from_secs_f64(s));
                    Ok(())
                }
                _ => Err(format!(
                    "think '{}' must be seconds in (0, {}]",
                    value, MAX_THINK_SECONDS
                )),
            },
            "samples" => match value.parse::<u32>() {
                Ok(n) if n >= 1 => {
                    self.samples = Some(n);
                    Ok(())
                }
                _ => Err(format!("samples '{}' must be a whole number ≥ 1", value)),
            },
            "table-mb" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_TABLE_MB).contains(&n) => {
                    self.table_bytes = n << 20;
                    Ok(())
                }
                _ => Err(format!(
                    "table-mb '{}' must be 1..={} (MiB)",
                    value, MAX_TABLE_MB
                )),
            },
            "bid" => {
                self.bidder = one_of(
                    "bid",
                    value,
                    &[
                        ("value", Bidder::Value),
                        ("simulate", Bidder::Simulate),
                        ("net", Bidder::Net),
                    ],
                )?;
                Ok(())
            }
            "bid-margin" => match value.parse::<f64>() {
                Ok(m) if (-4.0..=4.0).contains(&m) => {
                    self.bid_margin = m;
                    Ok(())
                }
                _ => Err(format!(
                    "bid-margin '{}' must be a number in [-4, 4]",
                    value
                )),
            },
            "net-plies" => match value.parse::<u32>() {
                Ok(n) if n <= 100 => {
                    self.net_plies = n;
                    Ok(())
                }
                _ => Err(format!(
                    "net-plies '{}' must be a whole number ≤ 100",
                    value
                )),
            },
            "eval" => {
                self.eval = one_of(
                    "eval",
                    value,
                    &[("rollout", Eval::Rollout), ("net", Eval::Net)],
                )?;
                Ok(())
            }
            "infer" => {
                self.infer = one_of("infer", value, &[("on", true), ("off", false)])?;
                Ok(())
            }
            "stick" => match value.parse::<f64>() {
                Ok(z) if (0.0..=10.0).contains(&z) => {
                    self.stick = z;
                    Ok(())
                }
                _ => Err(format!("stick '{}' must be a number in [0, 10]", value)),
            },
            other => Err(format!("unknown setting '{}'", other)),
        }
    }
}

/// The value named `value` among `options`, or why not (naming them all).
fn one_of<T: Copy>(key: &str, value: &str, options: &[(&str, T)]) -> Result<T, String> {
    options
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            format!("{} '{}' must be {}", key, value, names.join(" or "))
        })
}

/// Longest thinking time accepted, in seconds (the engine's clock caps it by the limit).
pub const MAX_THINK_SECONDS: f64 = 600.0;
/// Largest solver table accepted, in MiB.
pub const MAX_TABLE_MB: usize = 1024;
/// The setting names [`Settings::set`] takes.
pub const SETTING_NAMES: [&str; 9] = [
    "think",
    "samples",
    "table-mb",
    "bid",
    "bid-margin",
    "eval",
    "net-plies",
    "infer",
    "stick",
];

/// How the thinking player bids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bidder {
    /// The rule player's value thresholds (the default).
    Value,
    /// Simulation: deals of the hidden cards played out with us as the landlord (measured worse
    /// than the thresholds in competition mode, −34 points per deal, SPRT H0).
    Simulate,
    /// The bid network's expected score of taking the landlord seat, against passing.
    Net,
}

/// How the thinking player judges a candidate on one sampled deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The game played out by the rule player in every seat, the solver at the end.
    Rollout,
    /// The play network's value of the position right after the candidate (the solver when few
    /// cards are left, the exact score when the candidate ends the game).
    Net,
}

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
    /// The rule player's own choice.
    pub policy_choice: Combo,
    /// Deals drawn.
    pub deals: u32,
}

/// What the bidding simulation found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidAnalysis {
    /// Mean score as the landlord at base 1.
    pub mean: f64,
    /// Landlord's win rate in the simulation.
    pub win_rate: f64,
    /// Deals played out.
    pub deals: u32,
    /// The bid chosen.
    pub bid: u8,
}

/// The thinking player.
pub struct Thinker {
    settings: Settings,
    policy: RulesPlayer,
    splitter: Splitter,
    /// Made at the first search, so players that never search cost no table memory.
    solver: Option<Solver>,
    /// The play network, made at the first search that uses it.
    play_net: Option<PlayNet>,
    /// The bid network, made at the first bid that uses it.
    bid_net: Option<BidNet>,
    /// Test hook: the rollouts (deal number, candidate index) for which this is true fail,
    /// as a policy's illegal answer would make them.
    #[cfg(test)]
    fail_rollout: Option<fn(u32, usize) -> bool>,
}

impl Thinker {
    /// A player with these settings.
    #[must_use]
    pub fn new(settings: Settings) -> Thinker {
        Thinker {
            settings,
            policy: RulesPlayer::new(),
            splitter: Splitter::new(),
            solver: None,
            play_net: None,
            bid_net: None,
            #[cfg(test)]
            fail_rollout: None,
        }
    }

    /// Its settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The search of one play decision, with every candidate's figures.
    pub fn analyze(&mut self, state: &GameState, deadline: Deadline) -> Analysis {
        let start = Instant::now();
        let policy_choice = self.policy.choose(state);
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
                }
            }
        };
        let soft = self.soft_deadline(start, deadline);
        let mut rng = fastrand::Rng::with_seed(decision_seed(state));
        let mut tally: Vec<Tally> = candidates.iter().map(|_| Tally::default()).collect();
        let max_deals = self.settings.samples.unwrap_or(MAX_DEALS).max(1);
        let mut deals = 0;
        // Deals every alive candidate was scored on (a deal with a failed rollout is not).
        let mut scored = 0;
        let mut results = Vec::with_capacity(candidates.len());
        while deals < max_deals {
            if deals > 0 && self.out_of_time(soft, deadline) {
                break;
            }
            let hands = self.draw_deal(state, &sampler, &mut rng);
            // A rollout that fails (the policy answered illegally, or the game did not end)
            // says nothing about the deal: the deal is dropped for every candidate, so each
            // alive candidate's outcomes stay paired deal by deal with every other's.
            results.clear();
            let mut failed = false;
            for (i, c) in candidates.iter().enumerate() {
                if !tally[i].alive {
                    continue;
                }
                let result = self.evaluate(state, hands, c);
                #[cfg(test)]
                let result = result.filter(|_| !self.fail_rollout.map_or(false, |f| f(deals, i)));
                match result {
                    Some(r) => results.push((i, r)),
                    None => {
                        failed = true;
                        break;
                    }
                }
            }
            deals += 1;
            if failed {
                continue;
            }
            for &(i, (value, won)) in &results {
                tally[i].push(value, won);
            }
            scored += 1;
            if scored >= MIN_DEALS_TO_DROP && scored % DROP_EVERY == 0 {
                drop_clearly_worse(&mut tally);
            }
            if tally.iter().filter(|t| t.alive).count() == 1 {
                break;
            }
        }
        let chosen_index = best(&tally, &candidates, policy_choice, self.settings.stick);
        let mut reports: Vec<CandidateReport> = candidates
            .iter()
            .zip(&tally)
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
            deals,
        }
    }

    /// The bidding simulation: deals of the other hands and the bottom, played out with us as
    /// the landlord at base 1.
    pub fn analyze_bid(&mut self, state: &GameState, deadline: Deadline) -> BidAnalysis {
        let start = Instant::now();
        let soft = self.soft_deadline(start, deadline);
        let me = state.me;
        let pool: Vec<u8> = Cards::DECK.minus(state.hand).codes().collect();
        let mut rng = fastrand::Rng::with_seed(decision_seed(state) ^ 0xb1d);
        let max_deals = self
            .settings
            .samples
            .map_or(MAX_BID_DEALS, |s| s.saturating_mul(BID_DEALS_PER_SAMPLE))
            .max(1);
        let mut tally = Tally::default();
        let mut shuffled = pool.clone();
        while tally.n() < max_deals {
            if tally.n() > 0 && self.out_of_time(soft, deadline) {
                break;
            }
            rng.shuffle(&mut shuffled);
            let take = |codes: &[u8]| {
                codes
                    .iter()
                    .fold(Cards::EMPTY, |s, &c| s.or(Cards::single(c)))
            };
            let bottom = take(&shuffled[..3]);
            let mut hands = BySeat([Cards::EMPTY; 3]);
            hands[me] = state.hand.or(bottom);
            hands[me.next()] = take(&shuffled[3..20]);
            hands[me.prev()] = take(&shuffled[20..37]);
            let mut view = GameState::new(me, state.hand);
            view.scoring = state.scoring;
            if view.set_landlord(me, bottom).is_err() {
                break;
            }
            let outcome = self.play_out(OpenGame::new(&view, hands));
            match outcome {
                Some(o) => tally.push(f64::from(o.landlord_value(state.scoring)), o.winner == me),
                None => break,
            }
        }
        let mean = tally.mean();
        let highest_legal = (1..=3).rev().find(|&b| state.bid_is_legal(b));
        let bid = match highest_legal {
            Some(b) if tally.n() > 0 && mean > BID_MARGIN => b,
            _ => 0,
        };
        BidAnalysis {
            mean,
            win_rate: tally.win_rate(),
            deals: tally.n(),
            bid,
        }
    }

    /// The bid network's view of our hand: the expected score of each legal bid (the bid times
    /// the hand's value as the landlord at base 1) against the expected score of passing (then
    /// another seat usually becomes the landlord: [`PASS_TAKEN`] of the time at base
    /// [`PASS_BASE`], and we play the hand as a farmer). The best bid is made when it beats
    /// passing by more than [`Settings::bid_margin`] stakes.
    pub fn net_bid(&mut self, state: &GameState) -> NetBid {
        let scoring = state.scoring;
        let net = self.bid_net.get_or_insert_with(BidNet::embedded);
        let hand = state.hand.counts();
        let landlord = net.value(hand, Role::Landlord);
        let as_farmer = [net.value(hand, Role::Down), net.value(hand, Role::Up)];
        // In the rule's points at base 1, from the landlord's side.
        let points = |v: &NetValue| v.landlord_points(scoring, 1);
        let farmer_side = -(points(&as_farmer[0]) + points(&as_farmer[1])) / 2.0;
        let pass = PASS_TAKEN * PASS_BASE * farmer_share(scoring) * farmer_side;
        let as_landlord = points(&landlord);
        let legal: Vec<u8> = (1..=3).filter(|&b| state.bid_is_legal(b)).collect();
        let best = if as_landlord >= 0.0 {
            legal.last()
        } else {
            legal.first()
        };
        let stake = NetValue::stake(scoring);
        let bid = match best {
            Some(&b) if f64::from(b) * as_landlord - pass > self.settings.bid_margin * stake => b,
            _ => 0,
        };
        NetBid {
            value: as_landlord,
            pass,
            win_chance: landlord.landlord_win_chance(),
            bid,
        }
    }

    /// The hidden hands of one sampled deal: believed ones ([`Thinker::believed_deal`]) when
    /// inference is on, else uniform.
    fn draw_deal(
        &mut self,
        state: &GameState,
        sampler: &Sampler,
        rng: &mut fastrand::Rng,
    ) -> BySeat<Cards> {
        if self.settings.infer {
            self.believed_deal(state, sampler, rng)
        } else {
            sampler.deal(rng)
        }
    }

    /// A deal drawn in proportion to how likely it makes the other seats' plays so far: up to
    /// [`INFER_TRIES`] uniform deals, each kept with its likelihood; else the likeliest.
    fn believed_deal(
        &mut self,
        state: &GameState,
        sampler: &Sampler,
        rng: &mut fastrand::Rng,
    ) -> BySeat<Cards> {
        let mut likeliest = (f64::NEG_INFINITY, sampler.deal(rng));
        for i in 0..INFER_TRIES {
            let hands = if i == 0 {
                likeliest.1
            } else {
                sampler.deal(rng)
            };
            // Kept when the likelihood exceeds `accept`; the replay stops as soon as the deal
            // can be neither kept nor the likeliest (the likelihood only falls as it goes).
            let accept = rng.f64();
            let w = self.likelihood(state, hands, accept.min(likeliest.0));
            if accept < w {
                return hands;
            }
            if w > likeliest.0 {
                likeliest = (w, hands);
            }
        }
        likeliest.1
    }

    /// How likely the other seats' plays so far are with `hands` dealt, under the model that
    /// each seat plays as our rule player would: the game is replayed from its first lead with
    /// every hand as it then was, and each play the model would not have made costs a factor
    /// [`INFER_MISMATCH`]. Once the product is at most `enough`, the replay stops and returns
    /// it (an upper bound, itself at most `enough`): the caller has no use for the exact value.
    fn likelihood(&mut self, state: &GameState, hands: BySeat<Cards>, enough: f64) -> f64 {
        let landlord = match state.landlord {
            Some(l) => l,
            None => return 1.0,
        };
        let at_start = BySeat::from_fn(|s| hands[s].or(state.played[s]));
        let mut view = GameState::new(state.me, at_start[state.me]);
        if state.me == landlord {
            view.hand = view.hand.minus(state.bottom);
        }
        view.bids = state.bids;
        view.scoring = state.scoring;
        if view.set_landlord(landlord, state.bottom).is_err() {
            return 1.0;
        }
        let mut game = OpenGame::new(&view, at_start);
        let mut w = 1.0;
        for turn in &state.history {
            if turn.seat != state.me {
                let model = self.policy.choose(game.view(turn.seat));
                if model.cards != turn.combo.cards {
                    w *= INFER_MISMATCH;
                    if w <= enough {
                        return w;
                    }
                }
            }
            if game.play(turn.seat, &turn.combo).is_err() {
                return w;
            }
        }
        w
    }

    /// The soft deadline of a search begun at `start`: the given one, narrowed by our own
    /// thinking time when set.
    fn soft_deadline(&self, start: Instant, deadline: Deadline) -> Instant {
        match self.settings.think {
            Some(t) => deadline.thinking(start, t).soft,
            None => deadline.soft,
        }
    }

    /// Whether to stop drawing deals: at the soft deadline in timed mode; in fixed-budget mode
    /// only at the hard deadline (never on a sane machine: the budget is what stops it).
    fn out_of_time(&self, soft: Instant, deadline: Deadline) -> bool {
        let now = Instant::now();
        if self.settings.samples.is_some() {
            now >= deadline.hard
        } else {
            now >= soft
        }
    }

    /// The plays worth searching: every usable legal play when few, else the rule player's
    /// choice, the plays leaving the best-valued rest of the hand, bombs, rocket and the pass.
    /// Plays whose reading differs between platforms are left out unless nothing else is legal.
    fn candidates(&mut self, state: &GameState, legal: &[Combo], choice: Combo) -> Vec<Combo> {
        let usable: Vec<Combo> = legal
            .iter()
            .copied()
            .filter(|c| c.is_pass() || !c.is_ambiguous())
            .collect();
        let usable = if usable.is_empty() {
            legal.to_vec()
        } else {
            usable
        };
        if usable.len() <= ALL_PLAYS_UP_TO {
            return usable;
        }
        let hand = state.hand.counts();
        let mut ranked: Vec<(i32, Combo)> = usable
            .iter()
            .filter(|c| !c.is_pass() && !c.kind.is_bomb_like())
            .map(|c| (self.splitter.value(hand.minus(c.cards), Mode::Normal), *c))
            .collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
        let mut out = vec![choice];
        let extra = usable
            .iter()
            .filter(|c| c.is_pass() || c.kind.is_bomb_like())
            .copied()
            .chain(ranked.iter().take(PREFERRED_PLAYS).map(|(_, c)| *c));
        for c in extra {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Our side's score and whether it won, with `combo` played now on the deal `hands`;
    /// `None` when the rollout failed (a play the game refused, or no end within its turns).
    fn evaluate(
        &mut self,
        state: &GameState,
        hands: BySeat<Cards>,
        combo: &Combo,
    ) -> Option<(f64, bool)> {
        let mut game = OpenGame::new(state, hands);
        let me = state.me;
        game.play(me, combo).ok()?;
        let landlord_side = state.landlord == Some(me);
        let ours = |landlord_value: f64| {
            if landlord_side {
                landlord_value
            } else {
                -landlord_value
            }
        };
        if self.settings.eval == Eval::Net {
            // The rule player plays the next few turns (the answers to the candidate), then
            // the network judges; the game's own end or the solver when it comes first.
            for _ in 0..self.settings.net_plies {
                if game.winner().is_some() {
                    break;
                }
                let seat = match game.to_move() {
                    Some(s) => s,
                    None => break,
                };
                let reply = self.policy.choose(game.view(seat));
                game.play(seat, &reply).ok()?;
            }
            if let Some(value) = self.net_value(&game, state.scoring) {
                let v = ours(value);
                return Some((v, v > 0.0));
            }
        }
        let o = self.play_out(game)?;
        let value = f64::from(o.landlord_value(state.scoring));
        let won = (o.winner == o.landlord) == landlord_side;
        Some((ours(value), won))
    }

    /// The play network's mean value of each of `plays` for our side, over `deals` sampled deals
    /// (the same for every play; believed deals when inference is on): the network judges the
    /// position right after the play, or the game's score when the play ends it. For
    /// `ddz analyze`, beside the search's figures.
    pub fn net_means(&mut self, state: &GameState, plays: &[Combo], deals: u32) -> Vec<f64> {
        let sampler = match Sampler::new(state) {
            Ok(s) => s,
            Err(_) => return vec![0.0; plays.len()],
        };
        let mut rng = fastrand::Rng::with_seed(decision_seed(state) ^ 0x4e7);
        let mut sums = vec![0.0; plays.len()];
        let landlord_side = state.landlord == Some(state.me);
        for _ in 0..deals.max(1) {
            let hands = self.draw_deal(state, &sampler, &mut rng);
            for (sum, play) in sums.iter_mut().zip(plays) {
                let mut game = OpenGame::new(state, hands);
                if game.play(state.me, play).is_err() {
                    continue;
                }
                let landlord_value = match game.winner() {
                    Some(w) => f64::from(game.outcome(w).landlord_value(state.scoring)),
                    None => self.net_judge(&game, state.scoring).unwrap_or(0.0),
                };
                *sum += if landlord_side {
                    landlord_value
                } else {
                    -landlord_value
                };
            }
        }
        sums.iter().map(|s| s / f64::from(deals.max(1))).collect()
    }

    /// The play network's value of `game` for the landlord, in the points of `scoring`; `None`
    /// when the game is over or few enough cards are left for the rollout's solver to finish
    /// it exactly.
    fn net_value(&mut self, game: &OpenGame, scoring: crate::game::Scoring) -> Option<f64> {
        if game.winner().is_some() {
            return None;
        }
        let left: u32 = game.hands().0.iter().map(|h| h.len() as u32).sum();
        if left <= SOLVE_AT_CARDS {
            return None;
        }
        self.net_judge(game, scoring)
    }

    /// The play network's value of the open position of `game` for the landlord, in the points
    /// of `scoring` at the game's base; `None` before play has begun.
    fn net_judge(&mut self, game: &OpenGame, scoring: crate::game::Scoring) -> Option<f64> {
        let position = open_position(game.state(), game.hands())?;
        let net = self.play_net.get_or_insert_with(PlayNet::embedded);
        let base = game.state().highest_bid().max(1);
        Some(net.value(&position).landlord_points(scoring, base))
    }

    fn play_out(&mut self, game: OpenGame) -> Option<Outcome> {
        let table_bytes = self.settings.table_bytes;
        let solver = self.solver.get_or_insert_with(|| Solver::new(table_bytes));
        let mut finisher = Finisher {
            solver,
            at_cards: SOLVE_AT_CARDS,
            nodes: SOLVE_NODES,
        };
        play_out(game, &mut self.policy, Some(&mut finisher))
    }
}

/// When we pass, how often another seat becomes the landlord: 97.4% of the passes of 1,000
/// deals of `builtin:ddz:samples=4` (value thresholds) against itself (seed 11).
pub const PASS_TAKEN: f64 = 0.974;
/// And at what base, on average: 2.91 in the same games.
pub const PASS_BASE: f64 = 2.91;

/// A farmer's share of the landlord's stake: by the official rule each farmer pays or gets half
/// of what the landlord gets or pays; by the team rule the points go to a side whole.
#[must_use]
pub fn farmer_share(scoring: crate::game::Scoring) -> f64 {
    match scoring {
        crate::game::Scoring::Official => 0.5,
        crate::game::Scoring::Team => 1.0,
    }
}

/// What the bid network says of a hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetBid {
    /// The expected score of becoming the landlord at base 1, in the scoring rule's points.
    pub value: f64,
    /// The expected score of passing, in the same points (at the base others then bid).
    pub pass: f64,
    /// The landlord's chance to win.
    pub win_chance: f64,
    /// The bid chosen.
    pub bid: u8,
}

/// One candidate's outcomes so far (every alive candidate has one per deal, in deal order).
#[derive(Clone, Debug)]
struct Tally {
    values: Vec<f64>,
    wins: u32,
    alive: bool,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            values: Vec::new(),
            wins: 0,
            alive: true,
        }
    }
}

impl Tally {
    /// Deals played out.
    fn n(&self) -> u32 {
        self.values.len() as u32
    }

    fn push(&mut self, value: f64, won: bool) {
        self.values.push(value);
        self.wins += won as u32;
    }

    fn mean(&self) -> f64 {
        Estimate::of(&self.values).mean
    }

    fn win_rate(&self) -> f64 {
        if self.n() == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.n())
        }
    }

    fn report(&self, play: Combo) -> CandidateReport {
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
fn paired_lead(a: &Tally, b: &Tally) -> (f64, f64) {
    let diffs: Vec<f64> = a.values.iter().zip(&b.values).map(|(x, y)| x - y).collect();
    let e = Estimate::of(&diffs);
    (e.mean, e.std_error().unwrap_or(0.0))
}

/// Drops every alive candidate whose paired difference to the leader is clearly negative.
fn drop_clearly_worse(tally: &mut [Tally]) {
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
fn best(tally: &[Tally], candidates: &[Combo], policy_choice: Combo, stick: f64) -> usize {
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

    fn bid(&mut self, state: &GameState, deadline: Deadline) -> u8 {
        match self.settings.bidder {
            Bidder::Value => self.policy.bid(state, deadline),
            _ if !(1..=3).any(|b| state.bid_is_legal(b)) => 0,
            Bidder::Simulate => self.analyze_bid(state, deadline).bid,
            Bidder::Net => self.net_bid(state).bid,
        }
    }

    fn play(&mut self, state: &GameState, deadline: Deadline) -> Combo {
        let legal = state.legal_plays();
        if legal.len() == 1 {
            return legal[0];
        }
        self.analyze(state, deadline).chosen
    }

    fn new_game(&mut self) {
        self.policy.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Counts;
    use crate::rules::classify;

    fn tally(values: &[f64]) -> Tally {
        let mut t = Tally::default();
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
            .flat_map(crate::tools::bench::self_play_positions)
            .flat_map(|m| m.views)
            .filter(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
            .take(4)
            .collect()
    }

    fn failing(samples: u32, fail: fn(u32, usize) -> bool) -> Thinker {
        let mut t = Thinker::new(Settings {
            samples: Some(samples),
            table_bytes: 1 << 20,
            ..Settings::default()
        });
        t.fail_rollout = Some(fail);
        t
    }

    #[test]
    fn a_failed_rollout_drops_its_deal_for_every_candidate() {
        let views = mid_game_views();
        assert!(!views.is_empty());
        for view in &views {
            // Every rollout of deals 0, 3, 6, … and 7 fails: 15 of the 40 deals.
            let a = failing(40, |deal, _| deal % 3 == 0 || deal == 7)
                .analyze(view, Deadline::unlimited());
            let lost = (0..40u32).filter(|d| d % 3 == 0 || *d == 7).count() as u32;
            assert_eq!(a.deals, 40);
            assert!(a.candidates.len() > 1, "{:?}", a);
            assert_eq!(
                a.candidates.iter().map(|c| c.deals).max(),
                Some(40 - lost),
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
