//! Games that travel (pickle, Ray, multiprocessing, replay buffers): a `ddz.Game`'s state is
//! what it was made from (the seed, the rules, the deal's hands and bottom, the fixed landlord
//! or `None` for bidding) and every action taken since, as Python's own action objects; a game
//! is restored by replaying the actions through the referee's judging, so a state that was not
//! reached by legal play (a corrupt or hand-made one) is refused with a `ValueError` naming
//! what is wrong, and a restored game is the same game in every observable.

use crate::game::{action_object, action_of, seat_of, Action, GameCore};
use crate::rules::{codes_of, platform_of, rules_name, seed_of, tuple_of, type_name};
use ddz::cards::Cards;
use ddz::game::deal::Deal;
use ddz::game::{BySeat, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The state's layout, first in it, so a later layout can refuse an earlier one by name.
const FORMAT: u32 = 1;

/// `core`'s state: `(FORMAT, seed, rules, hands, bottom, landlord, actions)`.
pub fn state_of<'py>(py: Python<'py>, core: &GameCore) -> PyResult<Bound<'py, PyTuple>> {
    let round = &core.round;
    let hands = Seat::ALL.map(|s| tuple_of(py, core.deal.hands[s]));
    let hands = PyTuple::new(py, hands.into_iter().collect::<PyResult<Vec<_>>>()?)?;
    // A landlord with no bids is a fixed one: with bidding, bids always come first.
    let fixed = round.landlord().filter(|_| round.bids().is_empty());
    let actions = PyList::empty(py);
    for &(_, bid) in round.bids() {
        actions.append(bid)?;
    }
    for &(_, cards) in round.plays() {
        actions.append(action_object(py, Action::Play(cards))?)?;
    }
    let state = (
        FORMAT,
        core.seed,
        rules_name(round.platform()),
        hands,
        tuple_of(py, core.deal.bottom)?,
        fixed.map(Seat::index),
        actions,
    );
    state.into_pyobject(py)
}

/// A refusal of a state, naming what is wrong with it.
fn refused(what: String) -> PyErr {
    PyValueError::new_err(format!("not a ddz.Game state: {}", what))
}

/// The game whose state `state` is ([`state_of`]'s), replayed and judged move by move.
pub fn core_of_state(state: &Bound<'_, PyAny>) -> PyResult<GameCore> {
    let items = state
        .cast::<PyTuple>()
        .map_err(|_| refused(format!("a tuple of 7, not {}", type_name(state))))?;
    if items.len() != 7 || items.get_item(0)?.extract::<u32>().ok() != Some(FORMAT) {
        return Err(refused(format!(
            "a tuple of 7 beginning with {}, not {:.80}",
            FORMAT,
            items.repr()?.to_string()
        )));
    }
    let seed = seed_of(&items.get_item(1)?)?;
    let rules = items.get_item(2)?;
    let rules: String = rules
        .extract()
        .map_err(|_| refused(format!("the rules are a str, not {}", type_name(&rules))))?;
    let platform = platform_of(&rules)?;
    let hands = items.get_item(3)?;
    let mut dealt = [Cards::EMPTY; 3];
    let seats = hands
        .try_iter()
        .map_err(|_| refused("the hands are no sequence".into()))?;
    for (i, hand) in seats.enumerate() {
        let hand = codes_of(&hand?, "the state's hands")?;
        *dealt
            .get_mut(i)
            .ok_or_else(|| refused("more than 3 hands".into()))? = hand;
    }
    let deal = Deal {
        hands: BySeat(dealt),
        bottom: codes_of(&items.get_item(4)?, "the state's bottom")?,
    };
    if !deal.is_valid() {
        return Err(refused(
            "the hands and bottom are not a deal (17, 17, 17 and 3 cards, the whole deck)".into(),
        ));
    }
    let landlord = items.get_item(5)?;
    let landlord = match landlord.is_none() {
        true => None,
        false => Some(seat_of(&landlord)?),
    };
    let mut core = GameCore::new(seed, platform, deal, landlord);
    let actions = items.get_item(6)?;
    let moves = actions
        .try_iter()
        .map_err(|_| refused("the actions are no sequence".into()))?;
    for (i, action) in moves.enumerate() {
        let action = action?;
        let refusal = |why: String| refused(format!("action {} ({}): {}", i, action, why));
        let parsed = action_of(&action).map_err(|e| refusal(e.to_string()))?;
        core.step(parsed).map_err(refusal)?;
    }
    Ok(core)
}
