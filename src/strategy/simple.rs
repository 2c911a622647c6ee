//! The simple complete player (placeholder until the engine issue's simple player lands):
//! never bids, leads its lowest single, follows with the cheapest beating play.

use super::{Deadline, Strategy};
use crate::game::GameState;
use crate::rules::Combo;

/// Cheapest-play strategy.
#[derive(Clone, Debug, Default)]
pub struct Simple;

impl Strategy for Simple {
    fn name(&self) -> &str {
        "simple"
    }

    fn bid(&mut self, _state: &GameState, _deadline: Deadline) -> u8 {
        0
    }

    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        let legal = state.legal_plays();
        legal
            .iter()
            .filter(|c| !c.is_pass())
            .min_by_key(|c| (c.kind.is_bomb_like(), c.key, std::cmp::Reverse(c.size())))
            .copied()
            .unwrap_or(Combo::PASS)
    }
}
