//! Cards and rules from Python: reading and writing cards in the project's notations,
//! classifying a play, comparing two, and the legal plays of a hand (the values read and
//! written by [`crate::convert`], as every front end reads them).

use crate::convert::{cards_of, platform_of, tuple_of};
use ddz::cards::Cards;
use ddz::rules::{Combo, Platform};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

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
