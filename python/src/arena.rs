//! The arena from Python: a match or a gauntlet run by the engine's own runner
//! ([`ddz::arena::run_with`]), so the deals, seatings, seeds, judging, faults and report are
//! `ddz arena`'s. Players are specs, `Agent`s (their spec) or Python callables
//! `f(observation, legal_actions) -> action`, each seated as the library's caller-supplied
//! player ([`Supplied`]) asking a [`Callable`].
//!
//! The match runs with the GIL released; a callable takes it for its call alone, so built-in
//! players at other tables (`jobs > 1`) keep running meanwhile.

use crate::agent::Agent;
use crate::convert::{action_object, action_of};
use crate::convert::{int_in, platform_of, seed_of, type_name};
use crate::game::{observation, Action, GameCore};
use ddz::arena::count::report::{FaultLine, Report};
use ddz::arena::{jobs_text, match_text, run_gauntlet_with, run_with};
use ddz::arena::{ArenaConfig, CheckedMatch, Decide, Format, MatchRequest, Stop};
use ddz::arena::{Fault, FaultKind, Lineup};
use ddz::game::Seat;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::{Arc, Mutex};

/// An exception that stops a match, kept for the caller to raise: Ctrl-C seen between deals,
/// or a KeyboardInterrupt or SystemExit out of a callable.
type Interrupt = Arc<Mutex<Option<PyErr>>>;

/// A Python callable as a decision function: shown what its seat sees (the observation
/// `Game.observation(seat)` gives) and the legal actions, in the GIL's hold for the call alone.
struct Callable {
    func: Py<PyAny>,
    label: String,
    /// Where a KeyboardInterrupt or SystemExit is kept to stop the match: those are the
    /// person's or the program's wish, no fault of the player.
    interrupt: Interrupt,
}

impl Decide for Callable {
    fn decide(&self, seat: Seat, core: &mut GameCore) -> Result<Action, Fault> {
        let legal = core.legal().to_vec();
        let fault = |kind, what: String| Fault::new(kind, format!("{} {}", self.label, what));
        Python::attach(|py| -> Result<Action, Fault> {
            let call = || -> PyResult<Bound<'_, PyAny>> {
                let list = PyList::empty(py);
                for &a in &legal {
                    list.append(action_object(py, a)?)?;
                }
                self.func
                    .bind(py)
                    .call1((observation(py, core, seat)?, list))
            };
            let answer = call().map_err(|e| {
                if !e.is_instance_of::<PyException>(py) {
                    if let Ok(mut slot) = self.interrupt.lock() {
                        slot.get_or_insert(e.clone_ref(py));
                    }
                }
                fault(FaultKind::Crashed, format!("raised {}", e))
            })?;
            action_of(&answer)
                .map_err(|e| fault(FaultKind::Malformed, format!("returned no action: {}", e)))
        })
    }
}

/// Adds a player to `lineup`: a spec string, an `Agent` (its spec), or a callable (seated
/// once by its identity, labelled `python:` and its name).
fn add(lineup: &mut Lineup, interrupt: &Interrupt, obj: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = match obj.cast::<Agent>() {
        Ok(agent) => Some(agent.borrow().spec_text().to_string()),
        Err(_) if obj.is_instance_of::<PyString>() => Some(obj.extract::<String>()?),
        Err(_) => None,
    };
    if let Some(text) = text {
        lineup.add_text(&text).map_err(PyValueError::new_err)
    } else if obj.is_callable() {
        let name = obj.getattr("__name__").and_then(|n| n.extract::<String>());
        let name = format!("python:{}", name.unwrap_or_else(|_| type_name(obj)));
        lineup.add_supplied(obj.as_ptr() as usize, &name, |label| {
            let func = obj.clone().unbind();
            let interrupt = Arc::clone(interrupt);
            Arc::new(Callable {
                func,
                label: label.into(),
                interrupt,
            })
        });
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "a player is a spec string, an Agent or a callable, not {}",
            type_name(obj)
        )))
    }
}

/// The settings shared by a match and a gauntlet: `ddz.arena`'s keywords, handed over as a dict
/// (the ints read by [`int_in`], as every int of the package).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Settings<'py> {
    format: Option<String>,
    games: Bound<'py, PyAny>,
    seed: Bound<'py, PyAny>,
    fixed_landlord: bool,
    match_deals: Option<Bound<'py, PyAny>>,
    jobs: Bound<'py, PyAny>,
    rules: String,
    time: Option<f64>,
    progress: bool,
}

/// The players read (a callable's interrupt kept) and the match `ddz arena` would play of
/// `settings` (a dict; a value of the wrong type a `ValueError` naming the keyword) with them
/// (with `gauntlet`, as its words), checked by the arena's own rules.
fn prepared<'py>(
    players: impl IntoIterator<Item = &'py Bound<'py, PyAny>>,
    settings: &Bound<'_, PyDict>,
    gauntlet: bool,
) -> PyResult<(Lineup, Interrupt, ArenaConfig)> {
    let (mut lineup, interrupt) = (Lineup::default(), Interrupt::default());
    for player in players {
        add(&mut lineup, &interrupt, player)?;
    }
    let settings: Settings = settings
        .extract()
        .map_err(|e: PyErr| PyValueError::new_err(e.value(settings.py()).to_string()))?;
    let count = |obj, what| int_in(obj, what, 0, u64::MAX.into());
    let match_deals = settings.match_deals.as_ref();
    let mut request = MatchRequest {
        games: Some(count(&settings.games, "games")?),
        seed: seed_of(&settings.seed)?,
        match_deals: match_deals.map(|m| count(m, "match_deals")).transpose()?,
        jobs: count(&settings.jobs, "jobs")?,
        time: settings.time,
        progress: settings.progress,
        ..MatchRequest::default()
    };
    request.rules.set_platform(platform_of(&settings.rules)?);
    request.rules.fixed_landlord = settings.fixed_landlord;
    request
        .seat_players(settings.format.as_deref(), lineup.texts.clone(), gauntlet)
        .map_err(PyValueError::new_err)?;
    let checked = CheckedMatch::try_from(request);
    let config = checked
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .config;
    if config.format == Format::Team && lineup.has_supplied() {
        return Err(PyValueError::new_err(
            "a Python callable cannot play the team format: its spare player is dealt in \
             mid-game, which a callable's player does not follow",
        ));
    }
    Ok((lineup, interrupt, config))
}

/// Between deals, Python's signals are looked at, so Ctrl-C stops a long match, as does an
/// interrupt a callable raised; the exception is kept for the caller to raise.
fn signals_checked(interrupt: &Interrupt) -> Result<(), Stop> {
    Python::attach(|py| {
        let mut slot = interrupt.lock().map_err(|_| Stop::from("interrupted"))?;
        if slot.is_none() {
            if let Err(e) = py.check_signals() {
                *slot = Some(e);
            }
        }
        match *slot {
            Some(_) => Err(Stop::from("interrupted")),
            None => Ok(()),
        }
    })
}

/// The error of a match that did not run, or the interrupt that stopped it.
fn match_error(e: ddz::arena::MatchError, interrupt: &Interrupt) -> PyErr {
    match interrupt.lock().ok().and_then(|mut slot| slot.take()) {
        Some(err) => err,
        None => PyValueError::new_err(e.to_string()),
    }
}

/// What a match hands back to Python: its text, its `RESULT` JSON and its faults listed (deal,
/// seating, seat, player, kind, detail).
type MatchOut = (
    String,
    String,
    Vec<(usize, usize, usize, String, String, String)>,
);

/// A match's text, `RESULT` JSON and faults, as Python takes them.
fn match_out(config: &ArenaConfig, report: &Report) -> MatchOut {
    let faults = report.faults.iter().cloned();
    let tuple = |f: FaultLine| (f.deal, f.seating, f.seat, f.player, f.kind, f.detail);
    let text = match_text(config, report, &jobs_text(config.jobs));
    (text, report.to_json(), faults.map(tuple).collect())
}

/// `_arena(players, settings) -> (text, result_json, faults)`: one match; `ddz.arena` is its face.
#[pyfunction]
fn _arena(
    py: Python<'_>,
    players: Vec<Bound<'_, PyAny>>,
    settings: &Bound<'_, PyDict>,
) -> PyResult<MatchOut> {
    let (lineup, interrupt, config) = prepared(&players, settings, false)?;
    let result =
        py.detach(|| run_with(&config, &lineup.specs, &mut |_| signals_checked(&interrupt)));
    let report = result.map_err(|e| match_error(e, &interrupt))?;
    Ok(match_out(&config, &report))
}

/// `_gauntlet(candidate, opponents, settings) -> (text, result_json, each match's (text, json,
/// faults))`: `ddz.gauntlet`'s core.
#[pyfunction]
fn _gauntlet(
    py: Python<'_>,
    candidate: Bound<'_, PyAny>,
    opponents: Vec<Bound<'_, PyAny>>,
    settings: &Bound<'_, PyDict>,
) -> PyResult<(String, String, Vec<MatchOut>)> {
    let players = std::iter::once(&candidate).chain(&opponents);
    let (lineup, interrupt, config) = prepared(players, settings, true)?;
    let mut matches = Vec::new();
    let result = py.detach(|| {
        run_gauntlet_with(
            &config,
            &lineup.texts,
            &lineup.specs,
            &mut |_, _| signals_checked(&interrupt),
            &mut |one, report| {
                matches.push(match_out(one, report));
                Ok(())
            },
        )
    });
    let report = result.map_err(|e| match_error(e, &interrupt))?;
    Ok((report.text(), report.to_json(), matches))
}

/// Adds the arena's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_arena, m)?)?;
    m.add_function(wrap_pyfunction!(_gauntlet, m)?)?;
    Ok(())
}
