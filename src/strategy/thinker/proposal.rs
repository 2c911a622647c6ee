//! The proposal: where a decision's deals are drawn from, uniformly or by the hidden-hand
//! network's chances.

use super::{Infer, ThinkerSettings};
use crate::cards::{Cards, Rank};
use crate::game::{BySeat, GameState};
use crate::search::{ChanceDeals, Sampler};
use crate::strategy::networks::HiddenNet;

/// Where a decision's deals are drawn from: uniformly, or by the hidden-hand network's chances.
#[derive(Clone, Debug)]
pub enum Proposal {
    /// Every consistent deal alike.
    Uniform(Sampler),
    /// By the network's chances for each hidden card.
    Chances(Box<ChanceDeals>),
}

impl Proposal {
    /// The proposal `settings` ask for at `state`'s decision (the network's chances when
    /// `infer` uses the network and it can read the state, else uniform).
    #[must_use]
    pub fn for_decision(
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
    pub fn deal(&self, rng: &mut fastrand::Rng) -> BySeat<Cards> {
        match self {
            Proposal::Uniform(s) => s.deal(rng),
            Proposal::Chances(c) => c.deal(rng),
        }
    }
}
