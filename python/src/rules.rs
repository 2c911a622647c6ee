//! Cards and rules from Python: reading and writing cards in the project's notations,
//! classifying a play, comparing two, and the legal plays of a hand. The helpers here are
//! shared with `Game`, `Agent` and the arena's Python players, so every front end reads cards
//! and names rules one way.

use ddz::cards::Cards;
use ddz::named::Named;
use ddz::rules::botzone_variant::{self, BotzoneKind};
use ddz::rules::generate::display_order;
use ddz::rules::{Combo, Platform};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

/// The name of the official rules in the Python API: the canonical reading of the official
/// table (docs/rules.md), which every modelled platform agrees with on unambiguous plays.
// The functions' signatures write the default as the literal "platform": Python shows a
// literal default in `help()` (a constant reads as `...`), and the stub is checked against it.
const OFFICIAL_RULES: &str = "platform";

/// Reads a `rules=` argument: `"platform"` (the official rules), `"botzone"` (Botzone's
/// variant), or one platform's reading of the ambiguous plays (`"sample2015"`, `"icga2019"`,
/// `"canonical"`, the names `ddz arena --platform` takes).
pub fn platform_of(rules: &str) -> PyResult<Platform> {
    if rules == OFFICIAL_RULES {
        return Ok(Platform::Canonical);
    }
    rules.parse::<Platform>().map_err(|_| {
        let mut names = vec![OFFICIAL_RULES];
        names.extend(Platform::NAMES.iter().map(|(name, _)| *name));
        PyValueError::new_err(format!(
            "unknown rules '{}': one of {}",
            rules,
            names.join(", ")
        ))
    })
}

/// The `rules=` name of `platform`, as `platform_of` reads it back.
pub fn rules_name(platform: Platform) -> &'static str {
    match platform {
        Platform::Canonical => OFFICIAL_RULES,
        other => other.name(),
    }
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
    let mut set = Cards::EMPTY;
    let items: Vec<Bound<'_, PyAny>> = if let Ok(tuple) = obj.cast::<PyTuple>() {
        tuple.iter().collect()
    } else if let Ok(list) = obj.cast::<PyList>() {
        list.iter().collect()
    } else {
        return Err(PyValueError::new_err(format!(
            "{} must be a string or a tuple of card codes (ints 0 to 53), not {}",
            what,
            type_name(obj)
        )));
    };
    let code_name = format!("{}: card code", what);
    for item in items {
        let code = int_in(&item, &code_name, 0, 53)?;
        let card = Cards::single(code);
        if set.contains_all(card) {
            return Err(PyValueError::new_err(format!(
                "{}: card {} is listed twice",
                what, code
            )));
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
    PyTuple::new(py, Codes(cards.0))
}

/// The codes of a card set, lowest first, knowing how many remain (a tuple is made in one
/// allocation from an iterator of known length).
struct Codes(u64);

impl Iterator for Codes {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let code = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(code)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Codes {}

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
/// is the rank plays of the kind are compared by: the highest of a chain officially, the
/// lowest of the body on Botzone (its judge's way).
#[pyfunction]
#[pyo3(signature = (cards, rules = "platform"))]
fn classify<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    rules: &str,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let platform = platform_of(rules)?;
    let counts = cards_of(cards, "cards")?.counts();
    // (kind, key, length, ambiguous): Botzone's judge keys a play on its body's lowest rank.
    let read = match platform {
        Platform::Botzone => botzone_variant::read(counts)
            .map(|play| (botzone_kind_name(play.kind), play.low, play.links, false)),
        other => other
            .read(counts)
            .map(|c| (c.kind.name(), c.key, c.len, c.is_ambiguous())),
    };
    let Some((kind, key, length, ambiguous)) = read else {
        return Ok(None);
    };
    let dict = PyDict::new(py);
    dict.set_item("kind", kind)?;
    dict.set_item("key", key.symbol().to_string())?;
    dict.set_item("length", length)?;
    dict.set_item("size", counts.total())?;
    dict.set_item("ambiguous", ambiguous)?;
    Ok(Some(dict))
}

/// The name of a kind of Botzone's table: the official kind's name where the kinds are alike,
/// and the space shuttles' own.
fn botzone_kind_name(kind: BotzoneKind) -> &'static str {
    match kind {
        BotzoneKind::Single => "single",
        BotzoneKind::Pair => "pair",
        BotzoneKind::Rocket => "rocket",
        BotzoneKind::Bomb => "bomb",
        BotzoneKind::Straight => "straight",
        BotzoneKind::PairStraight => "pair straight",
        BotzoneKind::Triple => "triple",
        BotzoneKind::TripleSingle => "triple with a single",
        BotzoneKind::TriplePair => "triple with a pair",
        BotzoneKind::FourSingles => "four with two singles",
        BotzoneKind::FourPairs => "four with two pairs",
        BotzoneKind::Plane => "plane",
        BotzoneKind::PlaneSingles => "plane with single wings",
        BotzoneKind::PlanePairs => "plane with pair wings",
        BotzoneKind::Shuttle => "shuttle",
        BotzoneKind::ShuttleSingles => "shuttle with single wings",
        BotzoneKind::ShuttlePairs => "shuttle with pair wings",
    }
}

/// `beats(play, target, rules="platform")`: whether `play` may be played on `target`.
/// A `play` that is no play beats nothing; a `target` that is no play is a `ValueError`.
#[pyfunction]
#[pyo3(signature = (play, target, rules = "platform"))]
fn beats(play: &Bound<'_, PyAny>, target: &Bound<'_, PyAny>, rules: &str) -> PyResult<bool> {
    let platform = platform_of(rules)?;
    let play = cards_of(play, "play")?.counts();
    let target_counts = cards_of(target, "target")?.counts();
    let target = platform.reading(target_counts).ok_or_else(|| {
        PyValueError::new_err(format!(
            "target {} is no play under the {} rules",
            target_counts,
            rules_name(platform)
        ))
    })?;
    let Some(answer) = platform.reading(play) else {
        return Ok(false);
    };
    Ok(platform.accepts(&answer, Some(&target)))
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
    let target = match after {
        None => None,
        Some(obj) if obj.is_none() => None,
        Some(obj) => {
            let counts = cards_of(obj, "after")?.counts();
            Some(platform.reading(counts).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "after: {} is no play under the {} rules",
                    counts,
                    rules_name(platform)
                ))
            })?)
        }
    };
    let mut combos = Vec::new();
    platform.legal_plays(hand.counts(), target.as_ref(), &mut combos);
    let pass_allowed = combos.iter().any(Combo::is_pass);
    combos.retain(|c| !c.is_pass());
    display_order(&mut combos);
    let list = PyList::empty(py);
    for combo in &combos {
        let cards = hand.pick(combo.cards).expect("a legal play is held");
        list.append(tuple_of(py, cards)?)?;
    }
    if pass_allowed {
        list.append(PyTuple::empty(py))?;
    }
    Ok(list)
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
