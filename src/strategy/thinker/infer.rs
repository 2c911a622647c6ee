//! Inference: the hidden hands drawn in proportion to how likely they make the other seats'
//! plays so far, under the model that each plays as our rule player would.

use super::eval::Worker;
use super::proposal::Proposal;
use super::{ThinkerSettings, INFER_MISMATCH, INFER_TRIES};
use crate::cards::Cards;
use crate::game::{BySeat, GameState};
use crate::search::rollout::OpenGame;
use crate::search::Policy;

impl Worker {
    /// The hidden hands of one sampled deal: drawn by the proposal, and believed
    /// ([`Worker::believed_deal`]) when inference uses the rule-player model.
    pub(super) fn draw_deal(
        &mut self,
        settings: &ThinkerSettings,
        state: &GameState,
        proposal: &Proposal,
        rng: &mut fastrand::Rng,
    ) -> BySeat<Cards> {
        if settings.infer.uses_rules() {
            self.believed_deal(state, proposal, rng)
        } else {
            proposal.deal(rng)
        }
    }

    /// A deal drawn in proportion to how likely it makes the other seats' plays so far: up to
    /// [`INFER_TRIES`] deals of the proposal, each kept with its likelihood; else the
    /// likeliest.
    pub(super) fn believed_deal(
        &mut self,
        state: &GameState,
        sampler: &Proposal,
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
    pub(super) fn likelihood(
        &mut self,
        state: &GameState,
        hands: BySeat<Cards>,
        enough: f64,
    ) -> f64 {
        // The rule player whatever plays the play-outs: the learned policy as the model cost
        // about five times as much and replays the whole game per deal.
        likelihood_under(self.policy.rules(), state, hands, enough)
    }
}

/// How likely the other seats' plays so far are with `hands` dealt, under the model that each
/// plays as `model` would ([`Worker::likelihood`], whose model is the rule player).
pub(super) fn likelihood_under(
    model: &mut dyn Policy,
    state: &GameState,
    hands: BySeat<Cards>,
    enough: f64,
) -> f64 {
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
            let play = model.choose(game.view(turn.seat));
            if play.cards != turn.combo.cards {
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
