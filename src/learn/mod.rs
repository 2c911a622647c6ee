//! Learning from self-play: the games the arena plays, turned into training data for the
//! networks of [`crate::strategy::net`].
//!
//! - [`data`]: one position of a finished game and its outcome, and the text file that holds
//!   them (`ddz selfplay` writes it);
//! - [`selfplay`]: seeded games, every deal played once with each seat as the landlord;
//! - [`shard`]: a run cut into shards (`ddz selfplay --shard K/N`) and their files merged;
//! - [`decisions`]: the thinking player's decisions with the learned policy's features of
//!   every candidate (`ddz label`), what `scripts/train-policy.py` fits the policy on;
//! - [`encode`]: positions turned into the networks' inputs and targets (`ddz encode`), the
//!   matrix the trainer reads;
//! - [`judge`]: the play network judged on a data file (`ddz netcheck --data`).

pub mod data;
pub mod decisions;
pub mod encode;
pub mod hidden;
pub mod selfplay;
pub mod shard;
