//! Python values read into the library's and written back: cards, ints, seeds, seats, rules,
//! actions and a refusal's words. Every front end of the package (the rules' functions,
//! `Game`, its pickled state, `Agent`, the arena, the batch) reads and writes them here, one
//! way, and every bad value is a `ValueError` naming it.

use ddz::cards::Cards;
use ddz::game::{Action, Refusal, Seat};
use ddz::rules::Platform;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

/// Reads a `rules=` argument ([`Platform::from_rules_name`]: `"platform"`, `"botzone"`, …).
pub fn platform_of(rules: &str) -> PyResult<Platform> {
    Platform::from_rules_name(rules).ok_or_else(|| {
        let names: Vec<&str> = Platform::rules_names().collect();
        let names = names.join(", ");
        PyValueError::new_err(format!("unknown rules '{}': one of {}", rules, names))
    })
}

/// Reads cards given either way Python callers hold them: a string in any notation the
/// project reads (`"33344"`, `"10JQKA"`, `"XD"`, the platform's `"0,4,5"`, a lone code
/// `"45,"`), or a sequence of card codes. `what` names the argument in the error.
pub fn cards_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Cards> {
    if obj.is_instance_of::<PyString>() {
        let text: String = obj.extract()?;
        return Cards::parse_any(&text)
            .map_err(|e| PyValueError::new_err(format!("{} '{}': {}", what, text, e)));
    }
    codes_of(obj, what)
}

/// Reads a sequence of card codes (a tuple or a list of ints `0..=53`, each once): the form of
/// a play in the play phase. An empty sequence is no cards (a pass).
pub fn codes_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Cards> {
    if !obj.is_instance_of::<PyTuple>() && !obj.is_instance_of::<PyList>() {
        return Err(PyValueError::new_err(format!(
            "{} must be a string or a tuple of card codes (ints 0 to 53), not {}",
            what,
            type_name(obj)
        )));
    }
    let (mut set, code_name) = (Cards::EMPTY, format!("{}: card code", what));
    for item in obj.try_iter()? {
        let card = Cards::single(int_in(&item?, &code_name, 0, 53)?);
        if set.contains_all(card) {
            let why = format!("{}: card {} is listed twice", what, card.to_codes());
            return Err(PyValueError::new_err(why));
        }
        set = set.or(card);
    }
    Ok(set)
}

/// An int argument named `what`, read as `operator.index` reads one (an int, a numpy integer,
/// anything with `__index__`; not a float or a string) and no bool (`True` where a count or a
/// seat is due is a slip, not a 1), within `least..=most`: anything else is a `ValueError`
/// naming `what` and the value given. Every int the package takes is read here.
pub fn int_in<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    what: &str,
    least: i128,
    most: i128,
) -> PyResult<T> {
    // An i64 first: the common case, read in one call (an i128 takes several under abi3).
    let value = match obj.is_instance_of::<PyBool>() {
        true => None,
        false => (obj.extract::<i64>().map(i128::from))
            .or_else(|_| obj.extract::<i128>())
            .ok(),
    };
    let in_range = value.filter(|v| (least..=most).contains(v));
    in_range.and_then(|v| T::try_from(v).ok()).ok_or_else(|| {
        let given = obj.repr().map_or_else(|_| "?".into(), |r| r.to_string());
        let most = match most == i128::from(u64::MAX) {
            true => "2**64 - 1".to_string(),
            false => most.to_string(),
        };
        PyValueError::new_err(format!(
            "{} {} is not an int from {} to {}",
            what, given, least, most
        ))
    })
}

/// A seed argument: an int from 0 to 2**64 - 1 ([`int_in`]).
pub fn seed_of(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    int_in(obj, "seed", 0, u64::MAX.into())
}

/// The Python type name of `obj`, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Cards as the API hands them out: a tuple of codes, ascending.
pub fn tuple_of<'py>(py: Python<'py>, cards: Cards) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.codes())
}

/// A refusal in Python's words: the core's, an action of the wrong kind named as Python
/// gives it.
pub fn words(why: Refusal) -> String {
    match why {
        Refusal::BidDue(seat, bids) => format!("{} is to bid: an int, one of {:?}", seat, bids),
        Refusal::PlayDue(seat) => format!("{} is to play: a tuple of card codes, () to pass", seat),
        other => other.to_string(),
    }
}

/// A seat given from Python: an int 0, 1 or 2 (A, B, C).
pub fn seat_of(obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    seat_named(obj, "seat")
}

/// A seat given from Python as the argument `what` ([`int_in`]: 0, 1 or 2).
pub fn seat_named(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Seat> {
    let index: usize = int_in(obj, what, 0, 2)?;
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
        return Ok(Action::Play(Some(cards).filter(|c| !c.is_empty())));
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

/// An [`Action`] as Python sees it.
pub fn action_object<'py>(py: Python<'py>, action: Action) -> PyResult<Bound<'py, PyAny>> {
    Ok(match action {
        Action::Bid(b) => b.into_pyobject(py)?.into_any(),
        Action::Play(cards) => tuple_of(py, cards.unwrap_or(Cards::EMPTY))?.into_any(),
    })
}
