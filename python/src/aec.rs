//! The single-game environments' bookkeeping (python/ddz/envs/observation.py's `FastTable`),
//! one call a step each: a `ddz.Game`'s legal actions as action-space indices, its step by
//! such an index, and a seat's 641-wide observation by the core's encoder
//! (`ddz_core::encode::observation`, the batch's own), handed over as bytearrays numpy views.

use crate::game::{Action, Game};
use ddz_core::actions::ActionSpace;
use ddz_core::cards::Counts;
use ddz_core::encode::observation::{encode, Table, WIDTH};
use ddz_core::game::Seat;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

/// The legal actions of `game` as action-space indices (`ddz.envs.actions`' order: the pass 0,
/// the plays, the bids after them), in `legal_actions()`'s order.
fn legal_indices(game: &mut Game) -> Vec<i64> {
    let space = ActionSpace::shared();
    let bids_at = space.len() as i64;
    let index_of = |action: &Action| match *action {
        Action::Bid(bid) => bids_at + i64::from(bid),
        // Every play of a hand of at most 20 cards is in the space (the pass is `EMPTY`'s).
        Action::Play(cards) => {
            let counts = cards.map_or(Counts::EMPTY, |c| c.counts());
            space.index_of(counts).map_or(0, |i| i as i64)
        }
    };
    game.core.legal().iter().map(index_of).collect()
}

/// A bytearray of the indices' bytes, made without releasing the GIL (the work is too small
/// to pay for handing it back and forth, as `batch::filled` does).
fn bytes_of<'py>(py: Python<'py>, indices: &[i64]) -> Bound<'py, PyByteArray> {
    let bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_ne_bytes()).collect();
    PyByteArray::new(py, &bytes)
}

/// `_legal_indices(game) -> bytearray`: the legal action indices here (int64 each).
#[pyfunction]
fn _legal_indices<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let indices = legal_indices(&mut game.borrow_mut());
    Ok(bytes_of(py, &indices))
}

/// `_step_action(game, index) -> (seat, legal)`: plays action-space index `index` when it is
/// legal here: the seat that moved and the legal indices of the position reached (as
/// `_legal_indices`); `(-1, None)` (nothing changes) when it is not legal.
#[pyfunction]
fn _step_action<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    index: i64,
) -> PyResult<(i64, Option<Bound<'py, PyByteArray>>)> {
    let mut game = game.borrow_mut();
    let seat = game.core.to_move().map_or(-1, |s| s.index() as i64);
    match legal_indices(&mut game).iter().position(|&i| i == index) {
        Some(k) if game.play_listed(k).is_ok() => {
            let indices = legal_indices(&mut game);
            Ok((seat, Some(bytes_of(py, &indices))))
        }
        _ => Ok((-1, None)),
    }
}

/// `_observe(game, seat) -> bytearray`: `seat`'s 641-wide observation (int8).
#[pyfunction]
fn _observe<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    seat: usize,
) -> PyResult<Bound<'py, PyByteArray>> {
    let seat = Seat::from_index(seat)
        .ok_or_else(|| PyValueError::new_err(format!("seat {}: 0, 1 or 2", seat)))?;
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
