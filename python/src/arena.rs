//! The arena from Python.

use pyo3::prelude::*;

/// Adds the arena to the module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
