//! `ddz.Agent`: any player the arena knows, asked for one decision in a `Game` or on a seat's
//! observation: the library's [`Adviser`], on the [`Position`] either shows.

use crate::convert::{action_object, seat_of};
use crate::convert::{codes_of, int_in, platform_of, seed_of, type_name};
use crate::game::{Action, Game};
use ddz::arena::{Adviser, PlayerSpec, Position};
use ddz::protocol::Reply;
use ddz::rules::Platform;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;

/// The position an observation dict shows (`Game.observation`'s keys).
fn position_of(obs: &Bound<'_, PyDict>, platform: Platform) -> PyResult<Position> {
    let item = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        obs.get_item(key)?
            .ok_or_else(|| PyValueError::new_err(format!("the observation has no '{}'", key)))
    };
    let seat = seat_of(&item("seat")?)?;
    let hand = codes_of(&item("hand")?, "the observation's hand")?;
    let mut bids = Vec::new();
    for pair in item("bids")?.try_iter()? {
        let pair = pair?;
        let bid = int_in(&pair.get_item(1)?, "the observation's bid", 0, 3)?;
        bids.push((seat_of(&pair.get_item(0)?)?, bid));
    }
    let mut plays = Vec::new();
    for pair in item("plays")?.try_iter()? {
        let pair = pair?;
        let cards = codes_of(&pair.get_item(1)?, "a play of the observation")?;
        plays.push((
            seat_of(&pair.get_item(0)?)?,
            Some(cards).filter(|c| !c.is_empty()),
        ));
    }
    let landlord = item("landlord")?;
    let leftover = match landlord.is_none() {
        true => None,
        false => Some((
            seat_of(&landlord)?,
            codes_of(&item("bottom")?, "the observation's bottom")?,
        )),
    };
    Position::of_view(seat, hand, bids, plays, leftover, platform).map_err(PyValueError::new_err)
}

/// A player the arena knows, by its spec (`builtin:rules`, `builtin:ddz:samples=64`, …).
///
/// `Agent(spec, seed=None)`: `spec` as `ddz arena` takes it: `builtin:NAME[:KEY=VALUE…]`, a
/// shell command line running an engine, or `botzone:COMMAND` (a spec naming no built-in
/// player and no program is a `ValueError` at once); `seed` makes its choices reproducible.
/// `act(game)` (a `Game`, or an observation dict) is its bid or play for the seat to move,
/// the game unchanged; `explain` the thinking player's note on it.
#[pyclass(module = "ddz._ddz", name = "Agent")]
pub struct Agent {
    text: String,
    seed: u64,
    adviser: Mutex<Adviser>,
    explain: Option<String>,
}

impl Agent {
    /// The player's spec, as the arena writes it.
    pub fn spec_text(&self) -> &str {
        &self.text
    }
}

#[pymethods]
impl Agent {
    /// `Agent(spec, seed=None)`: the player `spec` names; `seed` makes its choices
    /// reproducible (a fresh one is drawn when none is given).
    #[new]
    #[pyo3(signature = (spec, seed = None))]
    fn new(spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Agent> {
        let parsed = PlayerSpec::checked(spec).map_err(PyValueError::new_err)?;
        let seed = seed.map(seed_of).transpose()?;
        let seed = seed.unwrap_or_else(crate::convert::fresh_seed);
        Ok(Agent {
            text: parsed.to_string(),
            seed,
            adviser: Mutex::new(Adviser::new(&parsed, seed)),
            explain: None,
        })
    }

    /// The player's spec, as the arena writes it.
    #[getter(spec)]
    fn spec_getter(&self) -> &str {
        &self.text
    }

    /// The seed its choices are drawn from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The last decision's explanation (the thinking player's log line), where the player
    /// gives one; else `None`.
    #[getter]
    fn explain(&self) -> Option<String> {
        self.explain.clone()
    }

    /// The agent's action (a bid or a play) for the seat to move in `game`, or for the seat of
    /// an observation dict (`Game.observation`'s, read under `rules`); the game is not changed.
    /// The thinking is done with the GIL released.
    #[pyo3(signature = (game, rules = "platform"))]
    fn act<'py>(
        &mut self,
        py: Python<'py>,
        game: &Bound<'py, PyAny>,
        rules: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let position = if let Ok(game) = game.cast::<Game>() {
            let core = &game.borrow().core;
            let seat = core.to_move().ok_or_else(|| {
                PyValueError::new_err("the game is over: there is nothing to decide")
            })?;
            Position::of_round(&core.deal, &core.round, seat)
        } else if let Ok(obs) = game.cast::<PyDict>() {
            position_of(obs, platform_of(rules)?)?
        } else {
            return Err(PyValueError::new_err(format!(
                "an agent acts in a Game or on an observation dict, not {}",
                type_name(game)
            )));
        };
        let failed = || PyValueError::new_err(format!("{}: the agent failed earlier", self.text));
        let adviser = self.adviser.get_mut().map_err(|_| failed())?;
        let (reply, note) = py
            .detach(|| adviser.decide(&position))
            .map_err(PyValueError::new_err)?;
        self.explain = note;
        let action = match reply {
            Reply::Bid { bid, .. } => Action::Bid(bid),
            Reply::Play { cards, .. } => Action::Play(cards),
            other => {
                return Err(PyValueError::new_err(format!(
                    "{} answered '{}'",
                    self.text, other
                )))
            }
        };
        action_object(py, action)
    }

    fn __repr__(&self) -> String {
        format!("Agent('{}', seed={})", self.text, self.seed)
    }

    /// Pickles (and copies) as `Agent(spec, seed)`: a built-in player decides by its seed and
    /// the position alone, so it decides as before; `explain` and a hosted program's process
    /// and game are not carried (the program is started anew and told its game from the start).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String, u64)) {
        let agent = slf.borrow();
        (slf.get_type().into_any(), (agent.text.clone(), agent.seed))
    }
}

/// Adds `Agent` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Agent>()
}
