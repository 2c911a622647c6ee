//! `ddz.Game`: the core's game ([`ddz::game::Game`]) read from and written to Python. The
//! Python list of the legal actions is made once a position (copied on each call, its
//! tuples shared: they are immutable).

use crate::convert::{action_object, action_of, fresh_seed, seat_of, words};
use crate::convert::{int_in, platform_of, seed_of, tuple_of};
use ddz::cards::Cards;
use ddz::game::deal::Deal;
use ddz::game::{BySeat, Phase, Seat};
use ddz::named::Named;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

pub use ddz::game::{Action, Game as GameCore, Refusal};

/// A refusal raised.
fn refused(why: Refusal) -> PyErr {
    PyValueError::new_err(words(why))
}

/// Each seat's cards, as a tuple of three tuples of codes.
fn seat_tuples<'py>(py: Python<'py>, cards: &BySeat<Cards>) -> PyResult<Bound<'py, PyTuple>> {
    let tuples = Seat::ALL.iter().map(|&s| tuple_of(py, cards[s]));
    PyTuple::new(py, tuples.collect::<PyResult<Vec<_>>>()?)
}

/// A play's rank counts packed 3 bits a rank, the Python environments' key of a play.
fn packed_key(cards: Cards) -> u64 {
    let nibbles = cards.counts().0;
    (0..15).fold(0, |key, r| key | (((nibbles >> (4 * r)) & 0xF) << (3 * r)))
}

/// A game of Doudizhu: a seeded deal, the bidding (or a fixed landlord), the play, the score.
///
/// Deal `deal` of `seed` (a fresh seed when none), as `ddz arena --seed SEED` deals it; without
/// bidding, seat `landlord` (default 0) is the landlord at base 1. Step it with `step(action)`
/// (an int bid, or a tuple of card codes, `()` the pass) or `step_index(i)`; read it with
/// `observation(seat)`, `hands`, `scores()`. Every bad input is a `ValueError` naming it, and
/// leaves the game as it was.
#[pyclass(module = "ddz._ddz", name = "Game")]
pub struct Game {
    pub core: GameCore,
    /// The Python list of the current position's legal actions, once handed out.
    legal_list: Option<Py<PyList>>,
}

impl Game {
    /// Wraps `core` with no Python objects cached.
    pub fn of_core(core: GameCore) -> Game {
        Game {
            core,
            legal_list: None,
        }
    }

    fn legal_list<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(list) = &self.legal_list {
            return Ok(list.bind(py).clone());
        }
        let actions = self.core.legal().iter().map(|&a| action_object(py, a));
        let list = PyList::new(py, actions.collect::<PyResult<Vec<_>>>()?)?;
        self.legal_list = Some(list.clone().unbind());
        Ok(list)
    }

    /// After a step of the core: the refusal raised, or the Python list of the position left
    /// forgotten.
    pub fn moved(&mut self, result: Result<(), Refusal>) -> PyResult<()> {
        result.map_err(refused)?;
        self.legal_list = None;
        Ok(())
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (seed = None, bidding = false, rules = "platform", landlord = None,
        deal = None), text_signature = "(seed=None, bidding=False, rules='platform', \
        landlord=None, deal=0)")]
    fn new(
        seed: Option<&Bound<'_, PyAny>>,
        bidding: bool,
        rules: &str,
        landlord: Option<&Bound<'_, PyAny>>,
        deal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let platform = platform_of(rules)?;
        if bidding && landlord.is_some() {
            let why = "landlord= is for a game without bidding: with bidding=True the bids decide";
            return Err(PyValueError::new_err(why));
        }
        let landlord = (!bidding).then(|| landlord.map_or(Ok(Seat::A), seat_of));
        let landlord = landlord.transpose()?;
        let seed = seed.map(seed_of).transpose()?.unwrap_or_else(fresh_seed);
        let deal = deal.map_or(Ok(0), |d| int_in(d, "deal", 0, u64::MAX.into()))?;
        let deal = Deal::seeded(seed, deal);
        Ok(Game::of_core(GameCore::new(seed, platform, deal, landlord)))
    }

    /// The seed of the deal (the one drawn when none was given).
    #[getter]
    fn seed(&self) -> u64 {
        self.core.seed
    }

    /// The rules the game is judged by (`"platform"` or `"botzone"`, …).
    #[getter]
    fn rules(&self) -> &'static str {
        self.core.round.platform().rules_name()
    }

    /// `"bid"`, `"play"` or `"done"`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.core.round.phase().name()
    }

    /// Whether the game is over.
    #[getter]
    fn done(&self) -> bool {
        self.core.round.phase() == Phase::Done
    }

    /// The seat to act (0, 1, 2), `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.core.to_move().map(Seat::index)
    }

    /// The landlord's seat once known.
    #[getter]
    fn landlord(&self) -> Option<usize> {
        self.core.round.landlord().map(Seat::index)
    }

    /// The seat that emptied its hand, once one has.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.core.round.winner().map(Seat::index)
    }

    /// Every hand now (full information): a tuple of three tuples of codes.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        seat_tuples(py, self.core.round.hands())
    }

    /// The legal actions of the seat to move: bids (ints) or plays (tuples of codes, `()` the
    /// pass), in a fixed order; empty once the game is over.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = self.legal_list(py)?;
        list.get_slice(0, list.len())
            .cast_into::<PyList>()
            .map_err(|e| e.into())
    }

    /// How many legal actions there are (`step_index` takes 0 to this less one).
    fn legal_action_count(&mut self) -> usize {
        self.core.legal().len()
    }

    /// The legal plays as ints, in `legal_actions()`'s order: rank counts packed 3 bits a rank
    /// (rank `r`, 0 = the 3s, at bit `3 * r`; the pass 0), as `ddz.envs.actions.key_of`.
    /// `ValueError` while bidding.
    fn legal_keys<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.core.round.phase() == Phase::Bid {
            return Err(PyValueError::new_err(
                "legal_keys: the seats are bidding (legal_actions() lists the bids)",
            ));
        }
        let keys = self.core.legal().iter().map(|&action| match action {
            Action::Play(Some(cards)) => packed_key(cards),
            _ => 0,
        });
        PyList::new(py, keys)
    }

    /// Plays `action` for the seat to move (for `seat`, when given, only if it is to move); a
    /// refused action raises `ValueError` and leaves the game as it was.
    #[pyo3(signature = (action, seat = None))]
    fn step(&mut self, action: &Bound<'_, PyAny>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let to_move = self
            .core
            .to_move()
            .ok_or_else(|| refused(self.core.over()))?;
        if let Some(seat) = seat.map(seat_of).transpose()? {
            if seat != to_move {
                return Err(PyValueError::new_err(format!(
                    "{} is not to move: {} is to {}",
                    seat,
                    to_move,
                    self.core.round.phase().name()
                )));
            }
        }
        // An action handed out by `legal_actions()` is known by its object: played as listed,
        // with no reading or judging (the common case of a loop over the legal actions).
        let listed = self.legal_list.as_ref().and_then(|list| {
            let list = list.bind(action.py());
            (0..list.len()).find(|&i| list.get_item(i).is_ok_and(|a| a.is(action)))
        });
        let stepped = match listed {
            Some(index) => self.core.step_index(index),
            None => self.core.step(action_of(action)?),
        };
        self.moved(stepped)
    }

    /// Plays the legal action at `index` in `legal_actions()`: the fast way to step.
    fn step_index(&mut self, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let count = self.core.legal().len() as i128;
        if count == 0 {
            return Err(refused(self.core.over()));
        }
        let index = int_in(index, "index", 0, count - 1)?;
        let stepped = self.core.step_index(index);
        self.moved(stepped)
    }

    /// What `seat` (default: the seat to move) sees: its hand, the public record and counts.
    #[pyo3(signature = (seat = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = match seat {
            Some(s) => seat_of(s)?,
            None => self.core.to_move().ok_or_else(|| {
                let over = self.core.over();
                PyValueError::new_err(format!(
                    "{}; name the seat whose observation you want",
                    over
                ))
            })?,
        };
        observation(py, &self.core, seat)
    }

    /// Each seat's score (official rules, or Botzone's on its variant); only once done.
    fn scores(&self) -> PyResult<(i32, i32, i32)> {
        match self.core.round.score() {
            Some((_, BySeat([a, b, c]))) => Ok((a, b, c)),
            None => Err(PyValueError::new_err(format!(
                "the game is not over: {} is to {}",
                self.core.to_move().map_or('?', Seat::letter),
                self.core.round.phase().name()
            ))),
        }
    }

    /// An independent copy of the game in its present state.
    fn clone(&self) -> Game {
        Game::of_core(self.core.clone())
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let to_move = self.core.to_move().map(Seat::index);
        format!(
            "Game(seed={}, rules='{}', phase='{}', to_move={})",
            self.core.seed,
            self.rules(),
            self.phase(),
            to_move.map_or("None".into(), |s| s.to_string())
        )
    }

    /// The game's state: `(1, seed, rules, hands, bottom, landlord, actions)`.
    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        crate::travel::state_of(py, &self.core)
    }

    /// Becomes the game `state` describes, replayed and judged; a state no legal play reaches
    /// is a `ValueError` naming what is wrong, and the game is left as it was.
    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        self.core = crate::travel::core_of_state(state)?;
        self.moved(Ok(()))
    }

    /// Pickles as `Game(seed)` given the state.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (u64,), Bound<'py, PyTuple>)> {
        let game = slf.borrow();
        let state = crate::travel::state_of(slf.py(), &game.core)?;
        Ok((slf.get_type().into_any(), (game.core.seed,), state))
    }
}

/// The observation dict of `seat` in `core` (the keys docs/python.md lists).
pub fn observation<'py>(
    py: Python<'py>,
    core: &GameCore,
    seat: Seat,
) -> PyResult<Bound<'py, PyDict>> {
    let round = &core.round;
    let cards = |c: Option<Cards>| c.map(|c| tuple_of(py, c)).transpose();
    let counts = Seat::ALL.map(|s| round.hands()[s].len());
    let bids = round.bids().iter().map(|&(s, b)| (s.index(), b));
    let plays = round.plays().iter();
    let plays = plays.map(|&(s, c)| Ok((s.index(), tuple_of(py, c.unwrap_or(Cards::EMPTY))?)));
    let obs = PyDict::new(py);
    obs.set_item("seat", seat.index())?;
    obs.set_item("phase", round.phase().name())?;
    obs.set_item("hand", tuple_of(py, round.hands()[seat])?)?;
    obs.set_item("landlord", round.landlord().map(Seat::index))?;
    obs.set_item("bottom", cards(round.landlord().map(|_| core.deal.bottom))?)?;
    obs.set_item("counts", PyTuple::new(py, counts)?)?;
    obs.set_item("bids", PyList::new(py, bids)?)?;
    obs.set_item(
        "plays",
        PyList::new(py, plays.collect::<PyResult<Vec<_>>>()?)?,
    )?;
    obs.set_item("to_beat", cards(core.to_beat_cards())?)?;
    obs.set_item("played", seat_tuples(py, &core.played())?)?;
    obs.set_item("base", round.base())?;
    obs.set_item("bombs", round.tally().doublings())?;
    Ok(obs)
}

/// Adds `Game` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()
}
