//! The learners' side from Python: the action space's table (`ddz_core::actions`), DouZero's
//! arrays (`ddz_core::encode`) and the batched game (`ddz_core::batch`), made in the core and
//! handed over as bytes and bytearrays that python/ddz/batch.py reads with numpy
//! (`np.frombuffer`: no copy); the GIL is released while the core works.

use crate::convert::{codes_of, int_in, platform_of, seat_named, seed_of};
use crate::game::Game;
use ddz_core::actions::{ActionSpace, CARD_COLUMNS};
use ddz_core::batch::{Batch, DouZeroBuffers, Objective};
use ddz_core::cards::{Cards, Counts};
use ddz_core::encode::douzero::{self, Position};
use ddz_core::encode::observation::WIDTH;
use ddz_core::named::ParseNameError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

/// Plain numbers a bytearray may be viewed as (every bit pattern one of them, no drop).
pub trait Plain: Copy + Send + Sync {}
impl Plain for i8 {}
impl Plain for i32 {}
impl Plain for i64 {}
impl Plain for f32 {}

/// A zeroed bytearray of `len` values of `T` (numpy views it with `np.frombuffer`, writable,
/// without a copy).
fn zeroed<T: Plain>(py: Python<'_>, len: usize) -> PyResult<Bound<'_, PyByteArray>> {
    PyByteArray::new_with(py, len * std::mem::size_of::<T>(), |_| Ok(()))
}

/// A fresh bytearray's bytes as values of `T`.
///
/// # Safety
/// Nothing else may read or write the bytearray while the slice lives (it is not yet handed
/// to Python).
// A mutable view from a shared handle, as pyo3's own `as_bytes_mut`: the bytearray is fresh.
#[allow(clippy::mut_from_ref)]
unsafe fn values<'a, T: Plain>(array: &'a Bound<'_, PyByteArray>) -> PyResult<&'a mut [T]> {
    let (head, values, tail) = array.as_bytes_mut().align_to_mut::<T>();
    if head.is_empty() && tail.is_empty() {
        Ok(values)
    } else {
        Err(PyValueError::new_err(
            "the allocator gave an unaligned buffer",
        ))
    }
}

/// A bytearray of `len` values of `T` filled by `fill`, with the GIL released while it runs.
pub fn filled<'py, T: Plain>(
    py: Python<'py>,
    len: usize,
    fill: impl FnOnce(&mut [T]) + Send,
) -> PyResult<Bound<'py, PyByteArray>> {
    let array = zeroed::<T>(py, len)?;
    // SAFETY: the bytearray is ours alone until it is returned.
    let out = unsafe { values::<T>(&array)? };
    py.detach(|| fill(out));
    Ok(array)
}

/// A bytearray holding `values`.
fn array_of<'py, T: Plain>(py: Python<'py>, values: &[T]) -> PyResult<Bound<'py, PyByteArray>> {
    filled(py, values.len(), |out: &mut [T]| {
        out.copy_from_slice(values)
    })
}

/// `action_table() -> (counts, kinds, keys, columns)`: the action space as bytes, one entry an
/// index: each play's 15 rank counts, its kind (its place in the official table's order, 0 the
/// pass), its key rank, and its 54 card columns (DouZero's form).
#[pyfunction]
fn action_table(py: Python<'_>) -> (Py<PyBytes>, Py<PyBytes>, Py<PyBytes>, Py<PyBytes>) {
    let space = ActionSpace::shared();
    let (counts, kinds, keys) = space.table();
    let columns: Vec<u8> = space.all_columns().iter().map(|&c| c as u8).collect();
    let bytes = |data: &[u8]| PyBytes::new(py, data).unbind();
    (bytes(&counts), bytes(&kinds), bytes(&keys), bytes(&columns))
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
    seat_index: &Bound<'py, PyAny>,
    landlord: &Bound<'py, PyAny>,
    hand: &Bound<'py, PyAny>,
    counts: [u8; 3],
    plays: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    legal: Vec<Bound<'py, PyAny>>,
) -> PyResult<DouZeroArrays<'py>> {
    let me = seat_named(seat_index, "seat")?;
    let landlord = seat_named(landlord, "landlord")?;
    let hand = codes_of(hand, "hand")?.counts();
    let mut moves = Vec::with_capacity(plays.len());
    for (s, cards) in &plays {
        moves.push((
            seat_named(s, "plays: seat")?,
            codes_of(cards, "plays")?.counts(),
        ));
    }
    let legal = legal
        .iter()
        .map(|p| codes_of(p, "legal action").map(Cards::counts));
    let legal = legal.collect::<PyResult<Vec<Counts>>>()?;
    let position = Position::new(me, landlord, hand, counts, moves.into_iter());
    let (x, z, actions) = douzero::arrays(&position, &legal);
    let n = legal.len();
    let x_batch = filled(py, n * (x.len() + CARD_COLUMNS), |out: &mut [f32]| {
        douzero::x_batch(&x, &actions, out)
    })?;
    let z_batch = filled(py, n * douzero::Z_WIDTH, |out: &mut [f32]| {
        douzero::z_batch(&z, out)
    })?;
    let (x_no_action, z) = (array_of(py, &x)?, array_of(py, &z)?);
    Ok((position.role, x_no_action, z, x_batch, z_batch))
}

/// The most games a batch holds (a few hundred bytes a game: memory, not a rule) and the most
/// threads it starts.
const MOST_GAMES: i128 = 1 << 20;
const MOST_THREADS: i128 = 1 << 10;

/// The native side of `ddz.Batch` (python/ddz/batch.py makes numpy arrays of its bytearrays).
#[pyclass(module = "ddz._ddz", name = "_Batch")]
struct NativeBatch {
    batch: Batch,
}

#[pymethods]
impl NativeBatch {
    #[new]
    fn new(
        games: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        rules: &str,
        objective: &str,
        threads: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let objective: Objective = objective
            .parse()
            .map_err(|e: ParseNameError| PyValueError::new_err(format!("objective {}", e)))?;
        let games = int_in(games, "games", 1, MOST_GAMES)?;
        let threads = int_in(threads, "threads", 0, MOST_THREADS)?;
        let batch = Batch::new(
            games,
            seed_of(seed)?,
            platform_of(rules)?,
            objective,
            threads,
        );
        Ok(NativeBatch { batch })
    }

    /// Each game's seat to move (int8) and its DouZero position (int8).
    fn seats<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyByteArray>, Bound<'py, PyByteArray>)> {
        let b = &self.batch;
        let seats: Vec<i8> = (0..b.games()).map(|g| b.to_move(g).index() as i8).collect();
        let roles: Vec<i8> = (0..b.games()).map(|g| b.role(g) as i8).collect();
        Ok((array_of(py, &seats)?, array_of(py, &roles)?))
    }

    /// The legal actions: offsets (int64, games + 1) and indices (int32).
    fn legal<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyByteArray>, Bound<'py, PyByteArray>)> {
        let b = &self.batch;
        let mut offsets = vec![0i64];
        let mut actions = Vec::new();
        for g in 0..b.games() {
            actions.extend(b.legal(g).iter().map(|&a| a as i32));
            offsets.push(actions.len() as i64);
        }
        Ok((array_of(py, &offsets)?, array_of(py, &actions)?))
    }

    /// Steps every game by `actions` (int64 bytes, one a game): rewards (float32, 3 a game)
    /// and done (bool bytes); a refusal moves no game.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &[u8],
    ) -> PyResult<(Bound<'py, PyByteArray>, Bound<'py, PyByteArray>)> {
        let actions: Vec<i64> = actions
            .chunks_exact(8)
            .map(|b| i64::from_ne_bytes(b.try_into().unwrap_or([0xFF; 8])))
            .collect();
        let games = self.batch.games();
        let rewards = zeroed::<f32>(py, 3 * games)?;
        let done = zeroed::<i8>(py, games)?;
        // SAFETY: both bytearrays are ours alone until they are returned.
        let (r, d) = unsafe { (values::<f32>(&rewards)?, values::<i8>(&done)?) };
        let batch = &mut self.batch;
        py.detach(|| {
            let mut finished = vec![false; games];
            let stepped = batch.step(&actions, r, &mut finished);
            for (o, &f) in d.iter_mut().zip(&finished) {
                *o = i8::from(f);
            }
            stepped
        })
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((rewards, done))
    }

    /// Every game's 641-wide observation of its seat to move (int8).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let b = &self.batch;
        filled(py, b.games() * WIDTH, |out: &mut [i8]| b.observation(out))
    }

    /// DouZero's arrays of the games whose seat to move plays `role`: games, x_no_action, z,
    /// offsets, actions, action_cards, then x_batch and z_batch (empty unless `expanded`).
    fn douzero<'py>(
        &self,
        py: Python<'py>,
        role: usize,
        expanded: bool,
    ) -> PyResult<Vec<Bound<'py, PyByteArray>>> {
        let b = &self.batch;
        let role = role.min(2);
        let layout = b.douzero_layout(role);
        let (k, n, width) = (layout.games.len(), layout.rows(), douzero::x_width(role));
        let wide = if expanded { n } else { 0 };
        let as_i64 = |v: &[usize]| v.iter().map(|&x| x as i64).collect::<Vec<_>>();
        let games = array_of(py, &as_i64(&layout.games))?;
        let offsets = array_of(py, &as_i64(&layout.offsets))?;
        let arrays = [
            zeroed::<i8>(py, k * width)?,
            zeroed::<i8>(py, k * douzero::Z_WIDTH)?,
            zeroed::<i32>(py, n)?,
            zeroed::<i8>(py, n * CARD_COLUMNS)?,
            zeroed::<f32>(py, wide * (width + CARD_COLUMNS))?,
            zeroed::<f32>(py, wide * douzero::Z_WIDTH)?,
        ];
        // SAFETY: the bytearrays are ours alone until they are returned.
        let out = unsafe {
            DouZeroBuffers {
                x_no_action: values(&arrays[0])?,
                z: values(&arrays[1])?,
                actions: values(&arrays[2])?,
                action_cards: values(&arrays[3])?,
                x_batch: values(&arrays[4])?,
                z_batch: values(&arrays[5])?,
            }
        };
        py.detach(|| b.douzero(&layout, out));
        let [x, z, actions, cards, x_batch, z_batch] = arrays;
        Ok(vec![games, x, z, offsets, actions, cards, x_batch, z_batch])
    }

    /// Game `g` as a `ddz.Game`: its slot's game, copied.
    fn game(&self, g: usize) -> PyResult<Game> {
        self.slot_index(g)?;
        Ok(Game::of_core(self.batch.game(g).clone()))
    }

    // Pickling (python/ddz/batch.py): each game travels as its deal's index and its actions.

    /// Game `g`'s deal index in its slot's stream and the action indices played in it.
    fn position(&self, g: usize) -> PyResult<(u64, Vec<u32>)> {
        self.slot_index(g)?;
        Ok((self.batch.deal_of(g).1, self.batch.played(g)))
    }

    /// Puts game `g` at deal `deal` with `actions` played; refused, the game left as it was.
    fn restore(&mut self, g: usize, deal: u64, actions: Vec<i64>) -> PyResult<()> {
        self.slot_index(g)?;
        self.batch
            .restore(g, deal, &actions)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

impl NativeBatch {
    /// Refuses `g` unless it is one of the games.
    fn slot_index(&self, g: usize) -> PyResult<()> {
        if g >= self.batch.games() {
            return Err(PyValueError::new_err(format!(
                "no game {}: games are 0..{}",
                g,
                self.batch.games()
            )));
        }
        Ok(())
    }
}

/// Adds this file's functions and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(action_table, m)?)?;
    m.add_function(wrap_pyfunction!(_douzero_arrays, m)?)?;
    m.add_class::<NativeBatch>()?;
    Ok(())
}
