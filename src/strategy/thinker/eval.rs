//! How a candidate is judged on one sampled deal: played out (the `playout` policy in every
//! seat, the solver at the end), blended with the play network's value. The judging is done by a [`Worker`],
//! one per search thread, so a decision's deals can be spread over several cores.

use super::proposal::{deal_seed, decision_seed, Proposal};
use super::settings::{Aim, Judge, Playout, ThinkerSettings};
use crate::cards::Cards;
use crate::game::{BySeat, GameState, Outcome, Role, Scoring};
use crate::rules::Combo;
use crate::search::rollout::{play_out, Finisher, OpenGame, RETRY_AFTER_CARDS};
use crate::search::{Policy, Solver};
use crate::strategy::learned_policy::LearnedPlayer;
use crate::strategy::networks::{open_position, NetValue, PlayNet};
use crate::strategy::rules_player::RulesPlayer;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Where a decision's deals come from: the sampler (always, but for a measurement), or the
/// true hands the arena showed (`peek = on`), every deal the same.
#[derive(Clone, Copy)]
pub(super) enum Deals<'a> {
    Sampled(&'a Proposal),
    Shown(BySeat<Cards>),
}

/// What one search thread owns: the play-out policy, the solver and the play network, the
/// last two made at their first use. Every play-out starts its solver on a fresh epoch of the
/// table ([`Solver::begin_epoch`]), so a deal's figures do not depend on which deals the same
/// worker judged before: the search gives the same answer whatever the number of workers.
#[derive(Default)]
pub(super) struct Worker {
    pub(super) policy: PlayoutPolicy,
    solver: Option<Solver>,
    /// The answer's hard deadline while judging a decision's deals: the solver stops there.
    hard: Option<Instant>,
    play_net: Option<PlayNet>,
}

/// The policy of a worker's play-outs, every seat alike: the settings' `playout`, the rule
/// player or the learned policy (made at its first use).
#[derive(Debug, Default)]
pub(super) struct PlayoutPolicy {
    rules: RulesPlayer,
    learned: Option<Box<LearnedPlayer>>,
    /// The policy of this play-out.
    playing: Playout,
}

impl PlayoutPolicy {
    /// Ready for a play-out as `settings` ask.
    pub(super) fn start(&mut self, settings: &ThinkerSettings) {
        self.playing = settings.playout;
    }
}

impl Policy for PlayoutPolicy {
    fn choose(&mut self, state: &GameState) -> Combo {
        match self.playing {
            Playout::Rules => self.rules.choose(state),
            Playout::Learned => self
                .learned
                .get_or_insert_with(|| Box::new(LearnedPlayer::new()))
                .choose(state),
        }
    }
}

/// What the judge of a decision's deals needs, the same for every deal: the settings, the
/// seat's view, where the deals come from and the seed they are drawn by, the candidates, and
/// the hard deadline past which a deal is given up.
#[derive(Clone, Copy)]
pub(super) struct Decision<'a> {
    pub(super) settings: &'a ThinkerSettings,
    pub(super) state: &'a GameState,
    pub(super) deals: Deals<'a>,
    pub(super) seed: u64,
    pub(super) candidates: &'a [Combo],
    pub(super) hard: Instant,
}

impl Worker {
    /// Deal number `deal` of `decision` drawn, and each of its candidates (by index, those in
    /// `alive`) judged on it: our side's score and whether it won, or `None` where the rollout
    /// failed. Every alive candidate is judged even after a failure: which candidates are still
    /// alive when the deal is counted is decided later, in deal order ([`super::race`]). `None`
    /// when `stop` was raised meanwhile (the race is over and no deal judged from then on is
    /// counted, so the rest of the deal is not judged) or the hard deadline came: the deal under
    /// way is given up, so the answer is out by it.
    pub(super) fn judge_deal(
        &mut self,
        decision: &Decision<'_>,
        deal: u32,
        alive: &[usize],
        stop: &AtomicBool,
    ) -> Option<Vec<Option<(f64, bool)>>> {
        let hard = decision.hard;
        let late = || Instant::now() >= hard;
        self.hard = Some(hard);
        let hands = match decision.deals {
            Deals::Sampled(proposal) => {
                let mut rng = fastrand::Rng::with_seed(deal_seed(decision.seed, deal));
                proposal.deal(&mut rng)
            }
            Deals::Shown(hands) => hands,
        };
        let mut judged = Vec::with_capacity(alive.len());
        for &i in alive {
            // Once the race is over no later deal is counted: the rest of this one is waste.
            if stop.load(Ordering::Relaxed) || late() {
                return None;
            }
            let candidate = &decision.candidates[i];
            judged.push(self.evaluate(decision.settings, decision.state, hands, candidate));
        }
        // A solve the deadline cut short answered "unknown" and the play-out judged instead:
        // a deal finished past the deadline is not counted, so every deal counted is whole.
        if late() {
            return None;
        }
        Some(judged)
    }

    /// Our side's score and whether it won, with `combo` played now on the deal `hands`;
    /// `None` when the rollout failed (a play the game refused, or no end within its turns).
    pub(super) fn evaluate(
        &mut self,
        settings: &ThinkerSettings,
        state: &GameState,
        hands: BySeat<Cards>,
        combo: &Combo,
    ) -> Option<(f64, bool)> {
        self.policy.start(settings);
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
        // Exact when the solver decides the deal now; else the network and the play-out,
        // whose solver tries again once a few more cards are played.
        let judge = settings.judge(role_of(state));
        let mut solve_at = judge.solve_at;
        let left = cards_left(&game);
        if game.winner().is_none() && left <= solve_at {
            if let Some(o) = self.solve(settings, judge, &game) {
                let v = ours(worth(judge.aim, &o, state.scoring));
                return Some((v, (o.winner == o.landlord) == landlord_side));
            }
            solve_at = left.saturating_sub(RETRY_AFTER_CARDS);
        }
        let judged = if settings.net_weight > 0.0 && game.winner().is_none() {
            self.net_judge(settings, judge.aim, &game, state.scoring)
        } else {
            None
        };
        let o = self.play_out_solving_at(settings, judge, game, solve_at)?;
        let played_out = worth(judge.aim, &o, state.scoring);
        let value = match judged {
            Some(net) => {
                let w = settings.net_weight;
                w * net + (1.0 - w) * played_out
            }
            None => played_out,
        };
        let won = (o.winner == o.landlord) == landlord_side;
        Some((ours(value), won))
    }

    /// The outcome of `game` with best play from here, when the solver decides it within the
    /// node budget.
    fn solve(
        &mut self,
        settings: &ThinkerSettings,
        judge: Judge,
        game: &OpenGame,
    ) -> Option<Outcome> {
        let pos = game.position()?;
        let hard = self.hard;
        let solver = self.solver(settings);
        solver.begin_epoch();
        solver.stop_at(hard);
        let mover_wins = solver.mover_wins(&pos, judge.solve_nodes)?;
        Some(game.outcome(pos.winner(mover_wins)))
    }

    /// The worker's solver, made at its first use.
    fn solver(&mut self, settings: &ThinkerSettings) -> &mut Solver {
        let table_bytes = settings.table_bytes;
        self.solver.get_or_insert_with(|| Solver::new(table_bytes))
    }

    /// The play network's value of the open position of `game` for the landlord, in the points
    /// of `scoring` at the game's base (aiming at wins its win head's: a plain stake times the
    /// landlord's chance to win less its chance to lose); `None` before play has begun.
    pub(super) fn net_judge(
        &mut self,
        settings: &ThinkerSettings,
        aim: Aim,
        game: &OpenGame,
        scoring: Scoring,
    ) -> Option<f64> {
        let position = open_position(game.state(), game.hands())?;
        let base = game.state().highest_bid().max(1);
        let value = self.play_net(settings).value(&position);
        Some(match aim {
            Aim::Score => value.landlord_points(scoring, base),
            Aim::Wins => (2.0 * value.landlord_win_chance() - 1.0) * plain_stake(scoring, base),
        })
    }

    /// The play network (the embedded one, or `net`'s), made at its first use.
    pub(super) fn play_net(&mut self, settings: &ThinkerSettings) -> &mut PlayNet {
        let file = settings.nets.play.as_ref();
        self.play_net
            .get_or_insert_with(|| PlayNet::from_file_or_embedded(file))
    }

    /// `game` played to its end by the play-out policy, the solver trying (within `judge`'s
    /// nodes) once the hands hold at most `solve_at` cards.
    fn play_out_solving_at(
        &mut self,
        settings: &ThinkerSettings,
        judge: Judge,
        game: OpenGame,
        solve_at: u32,
    ) -> Option<Outcome> {
        self.policy.start(settings);
        let table_bytes = settings.table_bytes;
        let nodes = judge.solve_nodes;
        let solver = self.solver.get_or_insert_with(|| Solver::new(table_bytes));
        solver.begin_epoch();
        solver.stop_at(self.hard);
        let mut finisher = Finisher {
            solver,
            at_cards: solve_at,
            nodes,
        };
        play_out(game, &mut self.policy, Some(&mut finisher))
    }
}

/// What the ended game `o` is worth to the landlord under `aim`: its score, or a plain stake
/// won or lost (the same units, so the race's indifference means the same share of a stake).
fn worth(aim: Aim, o: &Outcome, scoring: Scoring) -> f64 {
    match aim {
        Aim::Score => f64::from(o.landlord_value(scoring)),
        Aim::Wins => {
            let stake = plain_stake(scoring, o.base);
            if o.winner == o.landlord {
                stake
            } else {
                -stake
            }
        }
    }
}

/// The role of the seat whose decision `state` is (the landlord's before one is known).
fn role_of(state: &GameState) -> Role {
    state.my_role().unwrap_or(Role::Landlord)
}

/// The landlord's score of a plain win at `base` under `scoring`.
fn plain_stake(scoring: Scoring, base: u8) -> f64 {
    NetValue::stake(scoring) * f64::from(base.max(1))
}

/// Cards left in all hands of `game`.
fn cards_left(game: &OpenGame) -> u32 {
    game.hands().0.iter().map(|h| h.len() as u32).sum()
}

impl Worker {
    /// The play network's mean value of each of `plays` for our side, over `deals` deals drawn
    /// from `proposal` (the same for every play): the network judges the position right after
    /// the play, or the game's score when the play ends it. For `ddz analyze`, beside the
    /// search's figures.
    pub(super) fn net_means(
        &mut self,
        settings: &ThinkerSettings,
        proposal: &Proposal,
        state: &GameState,
        plays: &[Combo],
        deals: u32,
    ) -> Vec<f64> {
        let mut rng = fastrand::Rng::with_seed(decision_seed(state) ^ 0x4e7);
        let mut sums = vec![0.0; plays.len()];
        let landlord_side = state.landlord == Some(state.me);
        let aim = settings.judge(role_of(state)).aim;
        for _ in 0..deals.max(1) {
            let hands = proposal.deal(&mut rng);
            for (sum, play) in sums.iter_mut().zip(plays) {
                let mut game = OpenGame::new(state, hands);
                if game.play(state.me, play).is_err() {
                    continue;
                }
                let landlord_value = match game.winner() {
                    Some(w) => f64::from(game.outcome(w).landlord_value(state.scoring)),
                    None => self
                        .net_judge(settings, aim, &game, state.scoring)
                        .unwrap_or(0.0),
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
}
