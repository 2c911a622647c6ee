//! Games that travel (pickle, Ray, multiprocessing): a `ddz.Game`'s state is what it was made
//! from (the seed, the rules, the deal, the fixed landlord or `None` for bidding) and the core's
//! [`GameCore::actions`], as Python objects; a game is restored by stepping them again, judged,
//! so a state no legal play reaches is a `ValueError` naming what is wrong.

use crate::convert::{action_object, action_of, seat_of, words};
use crate::convert::{codes_of, platform_of, seed_of, tuple_of, type_name};
use ddz::cards::Cards;
use ddz::game::deal::Deal;
use ddz::game::Game as GameCore;
use ddz::game::{BySeat, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The state's layout, first in it, so a later layout can refuse an earlier one by name.
const FORMAT: u32 = 1;

/// `core`'s state: `(FORMAT, seed, rules, hands, bottom, landlord, actions)`.
pub fn state_of<'py>(py: Python<'py>, core: &GameCore) -> PyResult<Bound<'py, PyTuple>> {
    let hands = Seat::ALL.map(|s| tuple_of(py, core.deal.hands[s]));
    let hands = PyTuple::new(py, hands.into_iter().collect::<PyResult<Vec<_>>>()?)?;
    let actions = core.actions().map(|a| action_object(py, a));
    let state = (
        FORMAT,
        core.seed,
        core.round.platform().rules_name(),
        hands,
        tuple_of(py, core.deal.bottom)?,
        core.fixed_landlord().map(Seat::index),
        PyList::new(py, actions.collect::<PyResult<Vec<_>>>()?)?,
    );
    state.into_pyobject(py)
}

/// A refusal of a state, naming what is wrong with it.
fn bad(what: String) -> PyErr {
    PyValueError::new_err(format!("not a ddz.Game state: {}", what))
}

/// The game whose state `state` is ([`state_of`]'s), replayed and judged move by move.
pub fn core_of_state(state: &Bound<'_, PyAny>) -> PyResult<GameCore> {
    let items = (state.cast::<PyTuple>())
        .map_err(|_| bad(format!("a tuple of 7, not {}", type_name(state))))?;
    if items.len() != 7 || items.get_item(0)?.extract::<u32>().ok() != Some(FORMAT) {
        let given = items.repr()?.to_string();
        return Err(bad(format!(
            "a tuple of 7 beginning with {}, not {:.80}",
            FORMAT, given
        )));
    }
    let seed = seed_of(&items.get_item(1)?)?;
    let rules = items.get_item(2)?;
    let rules: String = (rules.extract())
        .map_err(|_| bad(format!("the rules are a str, not {}", type_name(&rules))))?;
    let platform = platform_of(&rules)?;
    let mut hands = Vec::with_capacity(3);
    for hand in
        (items.get_item(3)?.try_iter()).map_err(|_| bad("the hands are no sequence".into()))?
    {
        hands.push(codes_of(&hand?, "the state's hands")?);
    }
    let deal = Deal {
        hands: BySeat(hands.try_into().unwrap_or([Cards::EMPTY; 3])),
        bottom: codes_of(&items.get_item(4)?, "the state's bottom")?,
    };
    if !deal.is_valid() {
        let deal = "17, 17, 17 and 3 cards, the whole deck";
        return Err(bad(format!(
            "the hands and bottom are not a deal ({})",
            deal
        )));
    }
    let landlord = items.get_item(5)?;
    let landlord = (!landlord.is_none())
        .then(|| seat_of(&landlord))
        .transpose()?;
    let mut core = GameCore::new(seed, platform, deal, landlord);
    let actions = items.get_item(6)?;
    let actions = actions
        .try_iter()
        .map_err(|_| bad("the actions are no sequence".into()))?;
    for (i, action) in actions.enumerate() {
        let action = action?;
        let refusal = |why: String| bad(format!("action {} ({}): {}", i, action, why));
        let parsed = action_of(&action).map_err(|e| refusal(e.to_string()))?;
        core.step(parsed).map_err(|why| refusal(words(why)))?;
    }
    Ok(core)
}
