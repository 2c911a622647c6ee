//! The learners' side from Python: the action space's table (`ddz_core::actions`) and DouZero's
//! arrays (`ddz_core::encode::douzero`), made in the core and handed over as bytes and
//! bytearrays that the package reads with numpy (`np.frombuffer`: no copy).

use crate::rules::codes_of;
use ddz_core::actions::{card_columns, ActionSpace, CARD_COLUMNS};
use ddz_core::cards::Rank;
use ddz_core::encode::douzero::{self, Position};
use ddz_core::game::Seat;
use ddz_core::rules::Kind;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

/// Plain numbers a bytearray may be viewed as (every bit pattern one of them).
pub trait Plain: Copy + Default + Send {}
impl Plain for i8 {}
impl Plain for i32 {}
impl Plain for i64 {}
impl Plain for f32 {}

/// A bytearray of `len` values of `T` filled by `fill`, with the GIL released while it runs
/// (numpy views it with `np.frombuffer`, writable, without a copy).
pub fn filled<'py, T: Plain>(
    py: Python<'py>,
    len: usize,
    fill: impl FnOnce(&mut [T]) + Send,
) -> PyResult<Bound<'py, PyByteArray>> {
    let size = std::mem::size_of::<T>();
    PyByteArray::new_with(py, len * size, |bytes| {
        // SAFETY: T is a plain number type (any bit pattern valid, no drop), and the bytes
        // are ours alone until the bytearray is returned.
        let (head, values, tail) = unsafe { bytes.align_to_mut::<T>() };
        if head.is_empty() && tail.is_empty() {
            py.detach(|| fill(values));
        } else {
            // An unaligned buffer: fill a vector and copy it over.
            let mut values = vec![T::default(); len];
            py.detach(|| fill(&mut values));
            let (_, aligned, _) = unsafe { values.align_to::<u8>() };
            bytes.copy_from_slice(aligned);
        }
        Ok(())
    })
}

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

/// A seat index of an observation (0..2).
fn seat(index: usize, what: &str) -> PyResult<Seat> {
    Seat::from_index(index)
        .ok_or_else(|| PyValueError::new_err(format!("{}: seat {} is not 0, 1 or 2", what, index)))
}

/// The arrays of one position as `ddz.douzero.get_obs` returns them.
type DouZeroArrays<'py> = (
    usize,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
);

/// `_douzero_arrays(seat, landlord, hand, counts, plays, legal)`: DouZero's arrays of the seat
/// to move (`ddz.douzero.get_obs` reads an observation dict into these arguments): its role,
/// then `x_no_action` and `z` (int8), `x_batch` and `z_batch` (float32) for the plays `legal`.
#[pyfunction]
fn _douzero_arrays<'py>(
    py: Python<'py>,
    seat_index: usize,
    landlord: usize,
    hand: &Bound<'py, PyAny>,
    counts: [u8; 3],
    plays: Vec<(usize, Bound<'py, PyAny>)>,
    legal: Vec<Bound<'py, PyAny>>,
) -> PyResult<DouZeroArrays<'py>> {
    let me = seat(seat_index, "seat")?;
    let landlord = seat(landlord, "landlord")?;
    let hand = codes_of(hand, "hand")?.counts();
    let mut moves = Vec::with_capacity(plays.len());
    for (s, cards) in &plays {
        moves.push((seat(*s, "plays")?, codes_of(cards, "plays")?.counts()));
    }
    let mut actions = vec![0i8; legal.len() * CARD_COLUMNS];
    for (play, row) in legal.iter().zip(actions.chunks_exact_mut(CARD_COLUMNS)) {
        card_columns(codes_of(play, "legal action")?.counts(), row);
    }
    let position = Position::new(me, landlord, hand, counts, moves.into_iter());
    let width = douzero::x_width(position.role);
    let mut x = vec![0i8; width];
    let mut z = vec![0i8; douzero::Z_WIDTH];
    douzero::encode(&position, &mut x, &mut z);
    let n = legal.len();
    let x_batch = filled(py, n * (width + CARD_COLUMNS), |out: &mut [f32]| {
        douzero::x_batch(&x, &actions, out)
    })?;
    let z_batch = filled(py, n * douzero::Z_WIDTH, |out: &mut [f32]| {
        douzero::z_batch(&z, out)
    })?;
    let x_no_action = filled(py, width, |out: &mut [i8]| out.copy_from_slice(&x))?;
    let z = filled(py, douzero::Z_WIDTH, |out: &mut [i8]| {
        out.copy_from_slice(&z)
    })?;
    Ok((position.role, x_no_action, z, x_batch, z_batch))
}

/// Adds this file's functions and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(action_table, m)?)?;
    m.add_function(wrap_pyfunction!(_douzero_arrays, m)?)?;
    Ok(())
}
