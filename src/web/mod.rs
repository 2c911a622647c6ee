//! The table in a browser. `ddz replay --html` writes one self-contained page that replays
//! games; `ddz serve` is a local web server where a person plays against engines by clicking.
//! The pages' HTML, CSS and JavaScript are the files beside this module, embedded in the binary
//! at build time; the server answers the play page in JSON.
//!
//! - [`page`]: the embedded files and how a page is put together from them;
//! - [`replay_page`]: a game as the pages draw it (from an arena log line);
//! - [`thinking`]: a game of the engine's own log, with each decision's thinking beside it;
//! - [`desk`]: the person's seat, answered by the browser's requests;
//! - [`games`]: the server's games, each on its own thread, bounded in number and idle time;
//! - [`server`]: the HTTP routes, on `tiny_http`.

pub(crate) mod desk;
pub mod games;
pub(crate) mod page;
pub(crate) mod replay_page;
pub(crate) mod server;
pub(crate) mod thinking;
