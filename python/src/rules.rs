//! Cards and rules from Python: reading and writing cards in the project's notations,
//! classifying a play, comparing two, and the legal plays of a hand. The helpers here are
//! shared with `Game`, `Agent` and the arena's Python players, so every front end reads cards
//! and names rules one way.

use ddz::cards::Cards;
use ddz::rules::{Combo, Platform};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

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

/// `parse_cards(cards)`: the card codes of `cards`, ascending.
#[pyfunction]
fn parse_cards<'py>(py: Python<'py>, cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    tuple_of(py, cards_of(cards, "cards")?)
}

/// `format_cards(cards, notation="ranks")`: cards written as ranks (`"334XD"`, ascending) or
/// as the platform's codes (`"0,1,4,52,53"`; one card `"45,"`), as `parse_cards` reads them.
#[pyfunction]
#[pyo3(signature = (cards, notation = "ranks"))]
fn format_cards(cards: &Bound<'_, PyAny>, notation: &str) -> PyResult<String> {
    let cards = cards_of(cards, "cards")?;
    match notation {
        "ranks" => Ok(cards.to_string()),
        // A lone code keeps a trailing comma (`"45,"`), the project's way of telling it from
        // ranks (`"45"` is a four and a five), so what is written reads back the same.
        "codes" if cards.len() == 1 => Ok(format!("{},", cards.to_codes())),
        "codes" => Ok(cards.to_codes()),
        other => Err(PyValueError::new_err(format!(
            "unknown notation '{}': ranks or codes",
            other
        ))),
    }
}

/// `classify(cards, rules="platform")`: what play `cards` are under `rules`, as a dict
/// (`kind`, `key`, `length`, `size`, `ambiguous`), or `None` when they are no play. The key
/// is the rank plays of the kind are compared by (on Botzone, the body's lowest, as its judge).
#[pyfunction]
#[pyo3(signature = (cards, rules = "platform"))]
fn classify<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    rules: &str,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let platform = platform_of(rules)?;
    let counts = cards_of(cards, "cards")?.counts();
    let Some(play) = platform.describe(counts) else {
        return Ok(None);
    };
    let dict = PyDict::new(py);
    dict.set_item("kind", play.kind)?;
    dict.set_item("key", play.key.symbol().to_string())?;
    dict.set_item("length", play.length)?;
    dict.set_item("size", counts.total())?;
    dict.set_item("ambiguous", play.ambiguous)?;
    Ok(Some(dict))
}

/// Reads `obj` as a play to answer under `platform` (`what` names the argument, then `:`
/// where the error's words want one).
fn target_of(obj: &Bound<'_, PyAny>, what: &str, platform: Platform) -> PyResult<Combo> {
    let counts = cards_of(obj, what.trim_end_matches(':'))?.counts();
    platform.reading(counts).ok_or_else(|| {
        let rules = platform.rules_name();
        PyValueError::new_err(format!(
            "{} {} is no play under the {} rules",
            what, counts, rules
        ))
    })
}

/// `beats(play, target, rules="platform")`: whether `play` may be played on `target`.
/// A `play` that is no play beats nothing; a `target` that is no play is a `ValueError`.
#[pyfunction]
#[pyo3(signature = (play, target, rules = "platform"))]
fn beats(play: &Bound<'_, PyAny>, target: &Bound<'_, PyAny>, rules: &str) -> PyResult<bool> {
    let platform = platform_of(rules)?;
    let play = cards_of(play, "play")?.counts();
    let target = target_of(target, "target", platform)?;
    let answer = platform.reading(play);
    Ok(answer.is_some_and(|a| platform.accepts(&a, Some(&target))))
}

/// `legal_plays(hand, after=None, rules="platform")`: every legal play of `hand`, as tuples of
/// codes taken from the hand, in `ddz moves`' order; after a play, the pass `()` comes last.
#[pyfunction]
#[pyo3(signature = (hand, after = None, rules = "platform"))]
fn legal_plays<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    after: Option<&Bound<'py, PyAny>>,
    rules: &str,
) -> PyResult<Bound<'py, PyList>> {
    let platform = platform_of(rules)?;
    let hand = cards_of(hand, "hand")?;
    let after = after.filter(|a| !a.is_none());
    let target = after
        .map(|a| target_of(a, "after:", platform))
        .transpose()?;
    let plays = platform.legal_cards(hand, target.as_ref()).into_iter();
    let plays = plays.map(|p| tuple_of(py, p.unwrap_or(Cards::EMPTY)));
    PyList::new(py, plays.collect::<PyResult<Vec<_>>>()?)
}

/// Adds this file's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    m.add_function(wrap_pyfunction!(classify, m)?)?;
    m.add_function(wrap_pyfunction!(beats, m)?)?;
    m.add_function(wrap_pyfunction!(legal_plays, m)?)?;
    Ok(())
}
