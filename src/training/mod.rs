//! Learning from self-play: the games the arena plays, turned into training data for the
//! networks of [`crate::strategy::networks`].
//!
//! - [`data`]: one position of a finished game and its outcome, and the text file that holds
//!   them (`ddz selfplay` writes it);
//! - [`run`]: seeded games, every deal played once with each seat as the landlord;
//! - [`data_merge`]: a run cut into shards (`ddz selfplay --shard K/N`) and their files merged;
//! - [`decisions`]: the thinking player's decisions with the learned policy's features of
//!   every candidate (`ddz label`), what `scripts/train-policy.py` fits the policy on;
//! - [`encode`]: positions turned into the networks' inputs and targets (`ddz encode`), the
//!   matrix the trainer reads;
//! - [`hidden_data`]: the hidden-hand model's data and its calibration (`ddz encode --net
//!   hidden`, `ddz netcheck --hidden`).

pub mod data;
pub(crate) mod data_merge;
pub(crate) mod decisions;
pub mod encode;
pub(crate) mod hidden_data;
pub mod run;
