//! `ddz.Game`: one deal played out with every hand known, on the referee's model
//! ([`ddz::game::Round`]), so a bid or play is judged here exactly as the arena judges it.
//!
//! Moves are layered as in the library: `step` judges and refuses with the rule's own reason,
//! changing nothing; `step_index` plays one of the legal actions listed, which needs no
//! judging. The legal actions of the current position are generated once and kept until the
//! next step, as Rust values and as the Python list handed out (the list is copied on each
//! call, its tuples shared: they are immutable).

use crate::rules::{codes_of, int_in, platform_of, rules_name, seed_of, tuple_of, type_name};
use ddz::cards::Cards;
use ddz::game::deal::Deal;
use ddz::game::{BySeat, Phase, Round, Seat};
use ddz::named::Named;
use ddz::rules::Combo;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyTuple};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

/// One action: a bid in the bid phase, a play (`None`: a pass) in the play phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Bid(u8),
    Play(Option<Cards>),
}

/// The game without its Python objects: the core's round of the deal (which runs the deal by
/// its variant's rules), the deal and its seed, and the legal actions listed once a position.
#[derive(Clone, Debug)]
pub struct GameCore {
    pub seed: u64,
    pub deal: Deal,
    pub round: Round,
    /// The current position's legal actions, once asked for.
    legal: Option<Vec<Action>>,
}

/// Why an action was refused.
pub type Refusal = String;

impl GameCore {
    /// A game of deal `deal` under `rules`: bidding from seat A (a 3 ends it, as no later bid
    /// could be above it), or with `landlord` fixed at base 1 and play begun.
    pub fn new(seed: u64, rules: ddz::rules::Platform, deal: Deal, landlord: Option<Seat>) -> Self {
        let mut round = Round::new(rules, deal.hands, deal.bottom);
        round.stop_bidding_at_3();
        if let Some(seat) = landlord {
            round.reveal(seat, 1);
        }
        GameCore {
            seed,
            deal,
            round,
            legal: None,
        }
    }

    /// The seat to act, `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        Some(self.round.to_move()).filter(|_| self.round.phase() != Phase::Done)
    }

    /// The concrete cards of the play to beat: the last play made, as the trick is still on.
    pub fn to_beat_cards(&self) -> Option<Cards> {
        self.round
            .to_beat()
            .filter(|_| self.round.phase() == Phase::Play)?;
        self.round.plays().iter().rev().find_map(|&(_, c)| c)
    }

    /// The legal actions here, listed once per position: the legal bids lowest first, or the
    /// legal plays in the generator's order (kind by kind, the pass last).
    pub fn legal(&mut self) -> &[Action] {
        let round = &self.round;
        self.legal.get_or_insert_with(|| {
            if round.phase() == Phase::Bid {
                return round.legal_bids().map(Action::Bid).collect();
            }
            let hand = round.hands()[round.to_move()];
            let mut combos = Vec::with_capacity(64);
            round.legal_plays(&mut combos);
            let held = |c: &Combo| hand.pick(c.cards).expect("a legal play is held");
            combos
                .iter()
                .map(|c| Action::Play(Some(c).filter(|c| !c.is_pass()).map(held)))
                .collect()
        })
    }

    /// Judges and applies `action` for the seat to move; a refused action changes nothing.
    pub fn step(&mut self, action: Action) -> Result<(), Refusal> {
        let seat = self.to_move().ok_or_else(|| self.over())?;
        match (self.round.phase(), action) {
            (Phase::Bid, Action::Bid(bid)) => self
                .round
                .try_bid(seat, bid, true)
                .map_err(|e| format!("{} bids {}: {}", seat, bid, e))?,
            (Phase::Play, Action::Play(cards)) => {
                // Cards of held ranks but other suits: the rule's words name no rank short, so
                // the codes not held are named here.
                let hand = self.round.hands()[seat];
                let foreign = cards.map_or(Cards::EMPTY, |c| c.minus(hand));
                let _ = self.round.try_play(cards).map_err(|e| match e.missing() {
                    short if short.is_empty() && !foreign.is_empty() => format!(
                        "not in {}'s hand: card codes {:?} (it holds those ranks in other suits)",
                        seat,
                        foreign.codes().collect::<Vec<_>>()
                    ),
                    _ => e.said_of(seat).to_string(),
                })?;
            }
            (Phase::Bid, Action::Play(_)) => {
                let bids: Vec<u8> = self.round.legal_bids().collect();
                return Err(format!("{} is to bid: an int, one of {:?}", seat, bids));
            }
            (_, Action::Bid(_)) => {
                return Err(format!(
                    "{} is to play: a tuple of card codes, () to pass",
                    seat
                ))
            }
            (Phase::Done, _) => return Err(self.over()),
        }
        self.legal = None;
        Ok(())
    }

    /// Plays legal action `index` unjudged (it was judged legal when listed).
    pub fn step_index(&mut self, index: usize) -> Result<(), Refusal> {
        let count = self.legal().len();
        match self.legal().get(index).copied() {
            Some(Action::Bid(bid)) => {
                let seat = self.round.to_move();
                self.round
                    .try_bid(seat, bid, true)
                    .expect("a listed bid is legal");
            }
            Some(Action::Play(cards)) => self.round.play_recorded(cards),
            None if self.to_move().is_none() => return Err(self.over()),
            None => {
                return Err(format!(
                    "index {}: this position has {} legal actions, 0 to {}",
                    index,
                    count,
                    count.saturating_sub(1)
                ))
            }
        }
        self.legal = None;
        Ok(())
    }

    /// A bid the referee accepted, recorded as told (the bidding's end is the referee's to
    /// say, by `LEFTOVER`): for a player following a table rather than judging it.
    pub fn record_bid(&mut self, seat: Seat, bid: u8) {
        self.round.record_bid(seat, bid);
        self.legal = None;
    }

    /// The referee named the landlord: the bottom joins its hand, at the highest bid (1 when
    /// nobody bid: a fixed landlord, or Botzone's first bidder).
    pub fn record_landlord(&mut self, landlord: Seat) {
        let base = self.round.highest_bid().map_or(1, |(_, b)| b);
        self.round.reveal(landlord, base);
        self.legal = None;
    }

    /// A play the referee accepted, recorded as told; `false` when it cannot be `seat`'s
    /// (another seat is to play, or it holds no such cards): the table was not followed.
    pub fn record_play(&mut self, seat: Seat, cards: Option<Cards>) -> bool {
        let held = cards.is_none_or(|c| self.round.hands()[seat].contains_all(c));
        if self.round.phase() != Phase::Play || self.round.to_move() != seat || !held {
            return false;
        }
        self.round.play_recorded(cards);
        self.legal = None;
        true
    }

    fn over(&self) -> Refusal {
        match self.round.winner() {
            Some(w) => format!("the game is over: {} emptied its hand", w),
            None => "the game is over: every seat passed the bidding".into(),
        }
    }

    /// The cards each seat has played so far.
    pub fn played(&self) -> BySeat<Cards> {
        let mut played = BySeat([Cards::EMPTY; 3]);
        for &(seat, cards) in self.round.plays() {
            played[seat] = played[seat].or(cards.unwrap_or(Cards::EMPTY));
        }
        played
    }
}

/// A seat given from Python: an int 0, 1 or 2 (A, B, C).
pub fn seat_of(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    let index: usize = int_in(obj, "seat", 0, 2)?;
    Ok(Seat::ALL[index])
}

/// A seed from the operating system's randomness, for a game asked for without one.
pub fn fresh_seed() -> u64 {
    RandomState::new().build_hasher().finish()
}

/// A Python action read into an [`Action`]: an int (a numpy one too) is a bid, a tuple or
/// list of codes a play.
pub fn action_of(obj: &Bound<'_, PyAny>) -> PyResult<Action> {
    if obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>() {
        let cards = codes_of(obj, "play")?;
        return Ok(Action::Play(if cards.is_empty() {
            None
        } else {
            Some(cards)
        }));
    }
    // Plays first: a tuple has no `__index__`, and the look-up of one that fails costs.
    if obj.hasattr("__index__")? && !obj.is_instance_of::<PyBool>() {
        return int_in(obj, "bid", 0, 3).map(Action::Bid);
    }
    Err(PyValueError::new_err(format!(
        "an action is an int bid or a tuple of card codes, not {} ({})",
        type_name(obj),
        obj.repr()?
    )))
}

/// Each seat's cards, as a tuple of three tuples of codes.
fn seat_tuples<'py>(py: Python<'py>, cards: &BySeat<Cards>) -> PyResult<Bound<'py, PyTuple>> {
    let tuples = Seat::ALL.iter().map(|&s| tuple_of(py, cards[s]));
    PyTuple::new(py, tuples.collect::<PyResult<Vec<_>>>()?)
}

/// An [`Action`] as Python sees it.
pub fn action_object<'py>(py: Python<'py>, action: Action) -> PyResult<Bound<'py, PyAny>> {
    Ok(match action {
        Action::Bid(b) => b.into_pyobject(py)?.into_any(),
        Action::Play(cards) => tuple_of(py, cards.unwrap_or(Cards::EMPTY))?.into_any(),
    })
}

/// A play's rank counts packed 3 bits a rank (rank `r` at bit `3 * r`), the Python
/// environments' key of a play (`ddz.envs.actions.key_of`).
fn packed_key(cards: Cards) -> u64 {
    let nibbles = cards.counts().0;
    (0..15).fold(0, |key, r| key | (((nibbles >> (4 * r)) & 0xF) << (3 * r)))
}

/// A game of Doudizhu: a seeded deal, the bidding (or a fixed landlord), the play, the score.
///
/// `Game(seed=None, bidding=False, rules="platform", landlord=None, deal=0)`: deal `deal` of
/// `seed` (a fresh seed when none), as `ddz arena --seed SEED` deals it; without bidding the
/// landlord is seat `landlord` (0, 1, 2: A, B, C; default 0) at base 1. Step it with
/// `step(action)` (a bid: an int; a play: a tuple of card codes, `()` the pass) or
/// `step_index(i)` (the i-th of `legal_actions()`); read it with `observation(seat)`,
/// `hands`, `scores()`. Every bad input is a `ValueError` naming it, and leaves the game as
/// it was; ints may be numpy ints.
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
        let list = PyList::empty(py);
        for &action in self.core.legal() {
            list.append(action_object(py, action)?)?;
        }
        self.legal_list = Some(list.clone().unbind());
        Ok(list)
    }

    fn refused(&self, why: Refusal) -> PyErr {
        PyValueError::new_err(why)
    }
}

#[pymethods]
impl Game {
    /// `Game(seed=None, bidding=False, rules="platform", landlord=None, deal=0)`: deal number
    /// `deal` of the seed, the one `ddz arena --seed SEED` plays as that deal.
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
        let landlord =
            match (bidding, landlord) {
                (true, Some(_)) => return Err(PyValueError::new_err(
                    "landlord= is for a game without bidding: with bidding=True the bids decide",
                )),
                (true, None) => None,
                (false, None) => Some(Seat::ALL[0]),
                (false, Some(seat)) => Some(seat_of(seat)?),
            };
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
        rules_name(self.core.round.platform())
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

    /// The legal plays as packed rank counts, in `legal_actions()`'s order: 3 bits a rank, rank
    /// `r` (0 = the 3s .. 14 = the big joker) at bit `3 * r`, the pass 0, as
    /// `ddz.envs.actions.key_of` packs a play's cards; ints, so a caller maps them to its own
    /// indices without reading tuples. Empty once the game is over; `ValueError` while bidding
    /// (the legal actions are bids then).
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

    /// Plays `action` for the seat to move; an illegal or malformed action, an action for
    /// `seat` when another seat is to move, or any action once the game is over, raises
    /// `ValueError` and leaves the game as it was.
    #[pyo3(signature = (action, seat = None))]
    fn step(&mut self, action: &Bound<'_, PyAny>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let to_move = match self.core.to_move() {
            Some(s) => s,
            None => return Err(self.refused(self.core.over())),
        };
        if let Some(seat) = seat.map(seat_of).transpose()? {
            if seat != to_move {
                return Err(self.refused(format!(
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
        match listed {
            Some(index) => self.core.step_index(index),
            None => self.core.step(action_of(action)?),
        }
        .map_err(|why| self.refused(why))?;
        self.legal_list = None;
        Ok(())
    }

    /// Plays the legal action at `index` in `legal_actions()`: the fast way to step.
    fn step_index(&mut self, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let count = self.core.legal().len() as i128;
        if count == 0 {
            return Err(self.refused(self.core.over()));
        }
        let index = int_in(index, "index", 0, count - 1)?;
        self.core
            .step_index(index)
            .map_err(|why| self.refused(why))?;
        self.legal_list = None;
        Ok(())
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
                PyValueError::new_err(format!(
                    "{}; name the seat whose observation you want",
                    self.core.over()
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
        let to_move = match self.core.to_move() {
            Some(s) => s.index().to_string(),
            None => "None".into(),
        };
        format!(
            "Game(seed={}, rules='{}', phase='{}', to_move={})",
            self.core.seed,
            rules_name(self.core.round.platform()),
            self.core.round.phase().name(),
            to_move
        )
    }

    // Pickling (python/src/travel.rs): a game travels as its deal and the actions taken.

    /// The game's state: `(1, seed, rules, hands, bottom, landlord, actions)`.
    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        crate::travel::state_of(py, &self.core)
    }

    /// Becomes the game `state` describes, replayed and judged; a state no legal play reaches
    /// is a `ValueError` naming what is wrong, and the game is left as it was.
    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        self.core = crate::travel::core_of_state(state)?;
        self.legal_list = None;
        Ok(())
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
    let obs = PyDict::new(py);
    obs.set_item("seat", seat.index())?;
    obs.set_item("phase", round.phase().name())?;
    obs.set_item("hand", tuple_of(py, round.hands()[seat])?)?;
    obs.set_item("landlord", round.landlord().map(Seat::index))?;
    let bottom = match round.landlord() {
        Some(_) => Some(tuple_of(py, core.deal.bottom)?),
        None => None,
    };
    obs.set_item("bottom", bottom)?;
    let counts: Vec<usize> = Seat::ALL.iter().map(|&s| round.hands()[s].len()).collect();
    obs.set_item("counts", PyTuple::new(py, counts)?)?;
    let bids = PyList::empty(py);
    for &(s, b) in round.bids() {
        bids.append((s.index(), b))?;
    }
    obs.set_item("bids", bids)?;
    let plays = PyList::empty(py);
    for &(s, cards) in round.plays() {
        plays.append((s.index(), tuple_of(py, cards.unwrap_or(Cards::EMPTY))?))?;
    }
    obs.set_item("plays", plays)?;
    let to_beat = match core.to_beat_cards() {
        Some(c) => Some(tuple_of(py, c)?),
        None => None,
    };
    obs.set_item("to_beat", to_beat)?;
    obs.set_item("played", seat_tuples(py, &core.played())?)?;
    obs.set_item("base", round.base())?;
    obs.set_item("bombs", round.tally().doublings())?;
    Ok(obs)
}

/// Adds `Game` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()
}

// For the environments' fast path (aec.rs).
impl Game {
    /// Plays legal action `k` of `legal_actions()`, as `step_index` does.
    pub fn play_listed(&mut self, k: usize) -> Result<(), Refusal> {
        self.core.step_index(k)?;
        self.legal_list = None;
        Ok(())
    }
}
