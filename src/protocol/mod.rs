//! The referee protocol: message types, and the loop that answers them.

pub mod message;
pub mod session;

pub use message::{Ack, Command, Info, ProtocolError, Reply};
pub use session::Session;
