//! Which plays a decision searches: those of [`crate::strategy::choices`].

use super::Thinker;
use crate::game::GameState;
use crate::rules::Combo;

impl Thinker {
    /// The plays worth searching ([`crate::strategy::choices::candidates`]).
    pub(super) fn candidates(
        &mut self,
        state: &GameState,
        legal: &[Combo],
        choice: Combo,
    ) -> Vec<Combo> {
        crate::strategy::choices::candidates(&mut self.splitter, state, legal, choice)
    }
}
