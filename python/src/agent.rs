//! `ddz.Agent`: any player the arena knows, asked for one decision.

use pyo3::prelude::*;

/// Adds `Agent` to the module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
