//! Rollouts: a game played to its end by a fast policy in every seat, from an open-hand deal.
//!
//! The search knows the policy only through [`Policy`]: one method that picks a play for the
//! seat whose view it is given. The rule-based player implements it; it must answer fast and
//! never search itself (the search calls it thousands of times per decision).

use crate::game::GameState;
use crate::rules::Combo;

/// A fast player: a legal play for `state.me` (the pass only when following).
pub trait Policy {
    /// The play for the seat whose view `state` is.
    fn choose(&mut self, state: &GameState) -> Combo;
}
