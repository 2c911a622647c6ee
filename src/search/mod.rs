//! Search over the cards: the parts every look-ahead stands on.
//!
//! - [`solver`]: the exact solver of open-hand positions (all three hands known), with its
//!   transposition table ([`transposition`]);
//! - [`sampler`]: deals of the hidden hands consistent with what one seat has seen;
//! - [`rollout`]: games played out by a fast [`Policy`] in every seat.
//!
//! Dependencies point down: the solver works on rules and rank counts, the sampler on the game
//! state; the thinking player in [`crate::strategy`] puts them to work.

pub(crate) mod rollout;
pub(crate) mod sampler;
pub(crate) mod solver;
pub(crate) mod transposition;

pub(crate) use rollout::Policy;
pub use sampler::{ChanceDeals, SampleError, Sampler};
pub use solver::{Next, Solution, Solver, SolverPosition, SolverPositionError};
