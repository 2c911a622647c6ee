//! The learners' side from Python: the action space's table, made once in the core
//! (`ddz_core::actions`) and handed over as bytes that `ddz.envs.actions` reads with numpy.

use ddz_core::actions::ActionSpace;
use ddz_core::cards::Rank;
use ddz_core::rules::Kind;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// `action_table() -> (counts, kinds, keys, columns)`: the action space as bytes, one entry an
/// index: each play's 15 rank counts, its kind (its place in the official table's order, 0 the
/// pass), its key rank, and its 54 card columns (DouZero's form).
#[pyfunction]
fn action_table(py: Python<'_>) -> (Py<PyBytes>, Py<PyBytes>, Py<PyBytes>, Py<PyBytes>) {
    let space = ActionSpace::shared();
    let plays = space.plays();
    let counts: Vec<u8> = plays
        .iter()
        .flat_map(|p| Rank::ALL.iter().map(move |&r| p.cards.get(r)))
        .collect();
    let kind_of = |kind: Kind| Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u8;
    let kinds: Vec<u8> = plays.iter().map(|p| kind_of(p.kind)).collect();
    let keys: Vec<u8> = plays.iter().map(|p| p.key.index() as u8).collect();
    let columns: Vec<u8> = space.all_columns().iter().map(|&c| c as u8).collect();
    let bytes = |data: &[u8]| PyBytes::new(py, data).unbind();
    (bytes(&counts), bytes(&kinds), bytes(&keys), bytes(&columns))
}

/// Adds this file's functions and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(action_table, m)?)?;
    Ok(())
}
