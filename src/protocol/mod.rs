//! The referee protocol: message types (parsed liberally, printed conservatively) and an engine
//! program driven over pipes. The loop that answers messages is the engine's
//! ([`crate::engine::Session`]).

pub(crate) mod external;
pub(crate) mod message;

pub use message::{Ack, Command, Info, ProtocolError, Reply};
