//! Which plays a decision searches: those of [`crate::strategy::candidates`].

use super::Thinker;
use crate::game::GameState;
use crate::rules::Combo;

impl Thinker {
    /// The plays worth searching ([`crate::strategy::candidates::candidates`]).
    pub(super) fn candidates(
        &mut self,
        state: &GameState,
        legal: &[Combo],
        choice: Combo,
    ) -> Vec<Combo> {
        crate::strategy::candidates::candidates(&mut self.splitter, state, legal, choice)
    }
}
