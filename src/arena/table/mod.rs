//! The players and the table, the arena's ground floor: who sits at a table and how one deal is
//! played and judged there.
//!
//! - [`spec`]: a player spec (`builtin:ddz:samples=16`, `botzone:./bot`, a command line) read
//!   once into a value;
//! - [`players`]: built-in strategies in-process, external programs over pipes;
//! - [`botzone_player`]: a Botzone bot (`botzone:COMMAND`) as a player;
//! - [`caller`]: a decision function the caller supplies (the Python package's callables) as a
//!   player;
//! - [`referee`]: one game at one table, every reply judged;
//! - [`scoring`]: the official linear score and the fault penalty.

pub(crate) mod botzone_player;
pub(crate) mod caller;
pub(crate) mod players;
pub(crate) mod referee;
pub(crate) mod scoring;
pub(crate) mod spec;
