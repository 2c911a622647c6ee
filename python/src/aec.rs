//! The single-game environments' bookkeeping (python/ddz/envs/observation.py's `FastTable`),
//! one call a step each: a `ddz.Game`'s legal actions as action-space indices, its step by
//! such an index ([`ActionSpace::legal_indices`], [`ActionSpace::step`]), and a seat's 641-wide
//! observation (the batch's encoder), as bytearrays numpy views.

use crate::convert::seat_of;
use crate::game::Game;
use ddz_core::actions::ActionSpace;
use ddz_core::encode::observation::{encode, Table, WIDTH};
use ddz_core::game::Round;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

/// The legal action indices of `round` as a bytearray (int64 each).
fn legal_bytes<'py>(py: Python<'py>, round: &Round) -> Bound<'py, PyByteArray> {
    let mut indices = Vec::with_capacity(64);
    ActionSpace::shared().legal_indices(round, &mut indices);
    let bytes: Vec<u8> = indices
        .iter()
        .flat_map(|&i| i64::from(i).to_ne_bytes())
        .collect();
    PyByteArray::new(py, &bytes)
}

/// `_legal_indices(game) -> bytearray`: the legal action indices here (int64 each).
#[pyfunction]
fn _legal_indices<'py>(py: Python<'py>, game: &Bound<'py, Game>) -> Bound<'py, PyByteArray> {
    legal_bytes(py, &game.borrow().core.round)
}

/// `_step_action(game, index) -> (seat, legal)`: plays action-space index `index` when it is
/// legal here: the seat that moved and `_legal_indices` of the position reached; `(-1, None)`,
/// nothing changed, when it is not legal.
#[pyfunction]
fn _step_action<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    index: i64,
) -> PyResult<(i64, Option<Bound<'py, PyByteArray>>)> {
    let mut game = game.borrow_mut();
    match ActionSpace::shared().step(&mut game.core, index) {
        Some(seat) => {
            game.moved(Ok(()))?;
            Ok((seat.index() as i64, Some(legal_bytes(py, &game.core.round))))
        }
        None => Ok((-1, None)),
    }
}

/// `_observe(game, seat) -> bytearray`: `seat`'s 641-wide observation (int8).
#[pyfunction]
fn _observe<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    seat: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let seat = seat_of(seat)?;
    let game = game.borrow();
    let table = Table::of_round(&game.core.round, game.core.deal.bottom.counts());
    let mut out = [0i8; WIDTH];
    encode(&table, seat, &mut out);
    Ok(PyByteArray::new(py, &out.map(|v| v as u8)))
}

/// Adds this file's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_legal_indices, m)?)?;
    m.add_function(wrap_pyfunction!(_step_action, m)?)?;
    m.add_function(wrap_pyfunction!(_observe, m)?)
}
