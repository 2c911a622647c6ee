//! A test opponent that leads, whenever its hand allows, a play some platform reads differently
//! from the canonical reading (`33334444`, `33335555`, `333444555666`, …), so the arena can
//! check that no engine answers such a play with something one of the platforms would refuse.
//! It leads only forms every modelled platform accepts as some play (the lead itself must never
//! be a fault, whichever platform the arena imitates); otherwise it plays as [`Greedy`].

use super::greedy::Greedy;
use crate::game::GameState;
use crate::rules::platform::read_differently;
use crate::rules::{leads, Combo, Platform};
use crate::strategy::player::Strategy;
use crate::time::Deadline;

/// Leads plays read differently across platforms; otherwise the greedy player.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tricky {
    greedy: Greedy,
    plays: Vec<Combo>,
}

impl Tricky {
    /// A fresh tricky player.
    #[must_use]
    pub(crate) fn new() -> Tricky {
        Tricky::default()
    }

    /// The longest lead of our hand whose reading differs between platforms and that every
    /// platform reads as a play.
    fn tricky_lead(&mut self, state: &GameState) -> Option<Combo> {
        self.plays.clear();
        leads(state.hand_counts(), &mut self.plays);
        self.plays
            .iter()
            .filter(|c| {
                read_differently(c.cards) && Platform::ALL.iter().all(|p| p.read(c.cards).is_some())
            })
            .max_by_key(|c| (c.size(), c.key))
            .copied()
    }
}

impl Strategy for Tricky {
    fn name(&self) -> &str {
        "tricky"
    }

    fn bid(&mut self, state: &GameState, deadline: Deadline) -> u8 {
        self.greedy.bid(state, deadline)
    }

    fn play(&mut self, state: &GameState, deadline: Deadline) -> Combo {
        if state.to_beat_for(state.me).is_none() {
            if let Some(lead) = self.tricky_lead(state) {
                return lead;
            }
        }
        self.greedy.play(state, deadline)
    }
}
