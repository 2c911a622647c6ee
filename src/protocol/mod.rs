//! The referee protocol: message types, the loop that answers them, and an engine program
//! driven over pipes.

pub mod external;
pub mod message;
pub mod session;

pub use message::{Ack, Command, Info, ProtocolError, Reply};
pub use session::Session;
