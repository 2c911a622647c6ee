//! `ddz._ddz`: the native module of the `ddz` Python package, a thin layer over the engine's
//! library. Each file wraps one layer of it:
//! - [`convert`]: Python values read into the library's (cards, ints, seats, rules, actions)
//!   and written back, one way for every front end;
//! - [`rules`]: cards read and written, plays classified and compared, the legal plays;
//! - [`game`]: `Game`, one deal played out with every hand known (the referee's model);
//! - [`agent`]: `Agent`, any player the arena knows, asked for one decision;
//! - [`arena`]: a match or a gauntlet run by the arena's runner, Python callables seated;
//! - [`batch`]: the action space's table, the batched game and its encodings, as bytes;
//! - [`travel`]: a `Game`'s state for pickling, and a game restored from it;
//! - [`aec`]: the single-game environments' bookkeeping (legal indices, step, observation).
//!
//! Panic policy: nothing panics across the boundary on bad input; every refusal is a Python
//! `ValueError` carrying the library's own reason.

use pyo3::prelude::*;

mod aec;
mod agent;
mod arena;
mod batch;
mod convert;
mod game;
mod rules;
mod travel;

/// The native module; `python/ddz/__init__.py` is the public face.
#[pymodule]
fn _ddz(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ENGINE_VERSION", ddz::VERSION)?;
    rules::register(m)?;
    game::register(m)?;
    agent::register(m)?;
    arena::register(m)?;
    batch::register(m)?;
    aec::register(m)?;
    Ok(())
}
