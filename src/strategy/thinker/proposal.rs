//! The proposal: where a decision's deals are drawn from, uniformly or by the hidden-hand
//! network's chances.

use super::settings::{Infer, ThinkerSettings};
use crate::cards::{Cards, Rank};
use crate::game::{BySeat, GameState};
use crate::search::{ChanceDeals, Sampler};
use crate::strategy::networks::HiddenNet;

/// Where a decision's deals are drawn from: uniformly, or by the hidden-hand network's chances.
#[derive(Clone, Debug)]
pub(crate) enum Proposal {
    /// Every consistent deal alike.
    Uniform(Sampler),
    /// By the network's chances for each hidden card.
    Chances(Box<ChanceDeals>),
}

impl Proposal {
    /// The proposal `settings` ask for at `state`'s decision (the network's chances when
    /// `infer` uses the network and it can read the state, else uniform).
    #[must_use]
    pub(crate) fn for_decision(
        settings: &ThinkerSettings,
        state: &GameState,
        sampler: &Sampler,
        net: &mut Option<HiddenNet>,
    ) -> Proposal {
        if settings.infer == Infer::Net {
            let net = net.get_or_insert_with(|| {
                HiddenNet::from_file_or_embedded(settings.nets.hidden.as_ref())
            });
            if let Some(chances) = net.chances(state) {
                let by_code = |code: u8| chances[Rank::of_code(code).index()];
                return Proposal::Chances(Box::new(sampler.by_chances(by_code, state.me)));
            }
        }
        Proposal::Uniform(sampler.clone())
    }

    /// One deal.
    #[must_use]
    pub(crate) fn deal(&self, rng: &mut fastrand::Rng) -> BySeat<Cards> {
        match self {
            Proposal::Uniform(s) => s.deal(rng),
            Proposal::Chances(c) => c.deal(rng),
        }
    }

    /// For each hidden card of `state` (the unseen ones less the landlord's unplayed bottom),
    /// the share of `deals` deals drawn in which it lies with the seat after ours.
    #[must_use]
    pub(crate) fn believed_chances(&self, state: &GameState, deals: u32) -> Vec<(u8, f64)> {
        let hidden = crate::strategy::networks::hidden::hidden_cards(state);
        let next = state.me.next();
        let mut rng = fastrand::Rng::with_seed(decision_seed(state) ^ 0xc4a2);
        let mut hits = [0u32; 54];
        for _ in 0..deals {
            let hands = self.deal(&mut rng);
            for code in hands[next].and(hidden).codes() {
                hits[usize::from(code)] += 1;
            }
        }
        hidden
            .codes()
            .map(|c| (c, f64::from(hits[usize::from(c)]) / f64::from(deals.max(1))))
            .collect()
    }
}

/// The seed of one decision's deals: from what the seat knows, so the same input gives the
/// same deals on any machine.
pub(super) fn decision_seed(state: &GameState) -> u64 {
    let mut h = state.hand.0 ^ 0x7417_6b5e_ed00_0000;
    for (seat, played) in state.played.iter() {
        h = h.rotate_left(17) ^ played.0 ^ seat.index() as u64;
    }
    h ^ (state.history.len() as u64) << 56 ^ (state.me.index() as u64) << 62
}

/// The seed of deal number `deal` of a decision whose seed is `decision`: every deal draws
/// from a generator of its own, so whichever thread draws it, it is the same deal.
pub(super) fn deal_seed(decision: u64, deal: u32) -> u64 {
    // SplitMix64's finaliser: neighbouring deal numbers give unrelated seeds.
    let mut z = decision ^ u64::from(deal).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
