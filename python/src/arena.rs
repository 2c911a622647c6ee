//! The arena from Python: a match or a gauntlet run by the engine's own runner
//! ([`ddz::arena::run_with`]), so the deals, seatings, seeds, judging, faults and report are
//! `ddz arena`'s. Players are specs, `Agent`s (their spec) or Python callables
//! `f(observation, legal_actions) -> action`, each seated as a [`PythonPlayer`].
//!
//! The match runs with the GIL released; a callable's player takes it for its call alone, so
//! built-in players at other tables (`jobs > 1`) keep running meanwhile.

use crate::agent::Agent;
use crate::game::{action_of, observation, Action, GameCore};
use crate::rules::{int_in, platform_of, seed_of};
use ddz::arena::count::report::Report;
use ddz::arena::match_text;
use ddz::arena::run_gauntlet_with;
use ddz::arena::GameRecord;
use ddz::arena::PlayerSpec;
use ddz::arena::{make_player, run_with, ArenaConfig, Format, Stop};
use ddz::arena::{Answer, Fault, FaultKind, Hosting, Player};
use ddz::arena::{CheckedMatch, MatchRequest};
use ddz::game::deal::Deal;
use ddz::game::Seat;
use ddz::named::Named;
use ddz::protocol::{Command, Reply};
use ddz::rules::Platform;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The spec text of a seated callable: `python:` and its name. Such text would name a shell
/// command to the arena; here the player maker seats the callable instead.
const CALLABLE_PREFIX: &str = "python:";

/// A Python callable at an arena table. It follows the table on the referee's own model of
/// the deal (shown to every player before the game, [`Player::show_deal`]) and shows the
/// callable only what its seat sees: the observation `Game.observation(seat)` gives.
struct PythonPlayer {
    func: Arc<Py<PyAny>>,
    name: String,
    /// Where a callable's KeyboardInterrupt or SystemExit is kept to stop the match: those
    /// are the person's or the program's wish, no fault of the player.
    interrupt: Interrupt,
    platform: Platform,
    shown: Option<Deal>,
    /// The game as told so far, and our seat.
    table: Option<(GameCore, Seat)>,
}

impl PythonPlayer {
    /// Asks the callable for our bid or play, in the GIL's hold for the call alone.
    fn ask(&mut self, bidding: bool) -> Answer {
        let (core, seat) = self
            .table
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Malformed, "asked before any DEAL"))?;
        let seat = *seat;
        let legal = core.legal().to_vec();
        let action = Python::attach(|py| -> Result<Action, Fault> {
            let call = || -> PyResult<Bound<'_, PyAny>> {
                let obs = observation(py, core, seat)?;
                let list = PyList::empty(py);
                for &a in &legal {
                    list.append(crate::game::action_object(py, a)?)?;
                }
                self.func.bind(py).call1((obs, list))
            };
            let answer = call().map_err(|e| {
                if !e.is_instance_of::<PyException>(py) {
                    if let Ok(mut slot) = self.interrupt.lock() {
                        slot.get_or_insert(e.clone_ref(py));
                    }
                }
                Fault::new(FaultKind::Crashed, format!("{} raised {}", self.name, e))
            })?;
            action_of(&answer).map_err(|e| {
                Fault::new(
                    FaultKind::Malformed,
                    format!("{} returned no action: {}", self.name, e),
                )
            })
        })?;
        match (bidding, action) {
            (true, Action::Bid(bid)) => {
                core.record_bid(seat, bid);
                Ok((Reply::Bid { seat, bid }, None))
            }
            (false, Action::Play(cards)) => {
                // The referee judges the play; when it refuses, this game is over anyway.
                core.record_play(seat, cards);
                Ok((Reply::Play { seat, cards }, None))
            }
            (true, Action::Play(_)) => Err(Fault::new(
                FaultKind::Malformed,
                format!("{} returned a play when asked for a bid", self.name),
            )),
            (false, Action::Bid(bid)) => Err(Fault::new(
                FaultKind::Malformed,
                format!(
                    "{} returned the bid {} when asked for a play",
                    self.name, bid
                ),
            )),
        }
    }
}

impl Player for PythonPlayer {
    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        self.table = None;
        // Nothing to greet: a callable needs no handshake.
        Ok(false)
    }

    fn show_deal(&mut self, deal: &Deal) {
        self.shown = Some(*deal);
    }

    fn exchange(&mut self, command: &Command, _line: &str, _limit: Duration) -> Answer {
        match command {
            Command::Version(_) => return Ok((Reply::Name(self.name.clone()), None)),
            Command::BidWhat => return self.ask(true),
            Command::PlayWhat => return self.ask(false),
            Command::Deal { seat, cards } => {
                // The deal shown before this game must be the one dealt (the team format's
                // spare is dealt in later without being shown one: refused up front).
                let deal = self
                    .shown
                    .take()
                    .filter(|d| d.hands[*seat] == *cards)
                    .ok_or_else(|| Fault::new(FaultKind::Malformed, "DEAL of no deal shown"))?;
                self.table = Some((GameCore::new(0, self.platform, deal, None), *seat));
            }
            Command::Bid { seat, bid } => {
                if let Some((core, _)) = self.table.as_mut() {
                    core.record_bid(*seat, *bid);
                }
            }
            Command::Leftover { landlord, .. } => {
                if let Some((core, _)) = self.table.as_mut() {
                    core.record_landlord(*landlord);
                }
            }
            Command::Play { seat, cards } => {
                if let Some((core, _)) = self.table.as_mut() {
                    core.record_play(*seat, *cards);
                }
            }
            _ => {}
        }
        command
            .ack()
            .map(|ack| (Reply::Ok(ack), None))
            .ok_or_else(|| Fault::new(FaultKind::Malformed, "no answer"))
    }
}

/// An exception that stops a match, kept for the caller to raise: Ctrl-C seen between deals,
/// or a KeyboardInterrupt or SystemExit out of a callable.
type Interrupt = Arc<Mutex<Option<PyErr>>>;

/// The callables among a match's players, by the spec text each is seated under, and the
/// match's interrupt.
#[derive(Default)]
struct Lineup {
    callables: HashMap<String, Arc<Py<PyAny>>>,
    interrupt: Interrupt,
}

impl Lineup {
    /// Reads a player: a spec string, an `Agent` (its spec), or a callable.
    fn add(&mut self, obj: &Bound<'_, PyAny>) -> PyResult<String> {
        let text = if obj.is_instance_of::<PyString>() {
            obj.extract::<String>()?
        } else if let Ok(agent) = obj.cast::<Agent>() {
            agent.borrow().spec_text().to_string()
        } else if obj.is_callable() {
            let name: String = obj
                .getattr("__name__")
                .and_then(|n| n.extract())
                .unwrap_or_else(|_| crate::rules::type_name(obj));
            // The same callable twice is one entry twice; two callables of one name differ.
            let known = self
                .callables
                .iter()
                .find(|(_, f)| f.bind(obj.py()).is(obj))
                .map(|(t, _)| t.clone());
            match known {
                Some(text) => text,
                None => {
                    let mut text = format!("{}{}", CALLABLE_PREFIX, name);
                    let mut n = 1;
                    while self.callables.contains_key(&text) {
                        n += 1;
                        text = format!("{}{}~{}", CALLABLE_PREFIX, name, n);
                    }
                    self.callables
                        .insert(text.clone(), Arc::new(obj.clone().unbind()));
                    text
                }
            }
        } else {
            return Err(PyValueError::new_err(format!(
                "a player is a spec string, an Agent or a callable, not {}",
                crate::rules::type_name(obj)
            )));
        };
        if !self.callables.contains_key(&text) {
            crate::agent::spec_of(&text)?;
        }
        Ok(text)
    }

    /// The player a spec names, a callable's seated as a [`PythonPlayer`].
    fn make(&self, spec: &PlayerSpec, hosting: Hosting) -> Box<dyn Player> {
        if let PlayerSpec::Program(text) = spec {
            if let Some(func) = self.callables.get(text) {
                return Box::new(PythonPlayer {
                    func: Arc::clone(func),
                    name: text.clone(),
                    interrupt: Arc::clone(&self.interrupt),
                    platform: hosting.platform,
                    shown: None,
                    table: None,
                });
            }
        }
        make_player(spec, hosting)
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

impl Settings<'_> {
    /// The request `ddz arena` would make of these settings with `players` (or, with
    /// `gauntlet`, those words for `--gauntlet`), checked by the arena's own rules.
    fn checked(&self, players: Vec<String>, gauntlet: bool) -> PyResult<CheckedMatch> {
        let format = match self.format.as_deref() {
            None => None,
            Some(name) => Some(Format::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Format::NAMES.iter().map(|(n, _)| *n).collect();
                PyValueError::new_err(format!(
                    "unknown format '{}': one of {}",
                    name,
                    names.join(", ")
                ))
            })?),
        };
        let count = |obj, what| int_in(obj, what, 0, u64::MAX.into());
        let mut request = MatchRequest {
            games: Some(count(&self.games, "games")?),
            seed: seed_of(&self.seed)?,
            match_deals: self
                .match_deals
                .as_ref()
                .map(|m| count(m, "match_deals"))
                .transpose()?,
            jobs: count(&self.jobs, "jobs")?,
            time: self.time,
            progress: self.progress,
            ..MatchRequest::default()
        };
        request.rules.set_platform(platform_of(&self.rules)?);
        request.rules.fixed_landlord = self.fixed_landlord;
        match format {
            _ if gauntlet => {
                request.format = format;
                request.gauntlet = Some(players);
            }
            Some(f @ (Format::Pair | Format::H2h | Format::Alone)) => {
                let mut two = players.into_iter();
                match (two.next(), two.next(), two.next()) {
                    (Some(x), Some(y), None) => request.pair = Some((f, x, y)),
                    _ => {
                        return Err(PyValueError::new_err(format!(
                            "format '{}' takes two players",
                            f
                        )))
                    }
                }
            }
            Some(f) => {
                request.format = Some(f);
                request.players = players;
            }
            None if players.len() == 3 => request.players = players,
            None => {
                return Err(PyValueError::new_err(format!(
                    "{} players: name the format (three seated as given: 'seats'; two: 'pair', \
                     'h2h' or 'alone')",
                    players.len()
                )))
            }
        }
        CheckedMatch::try_from(request).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// The settings dict read, a value of the wrong type (`format=3`, `time="1"`) a `ValueError`
/// naming the keyword as the ints are.
fn settings_of<'py>(settings: &Bound<'py, PyDict>) -> PyResult<Settings<'py>> {
    settings
        .extract()
        .map_err(|e: PyErr| PyValueError::new_err(e.value(settings.py()).to_string()))
}

/// What `ddz arena` prints of the match, word for word (the library's text).
fn report_text(config: &ArenaConfig, report: &Report) -> String {
    let jobs = format!(
        "{} {}",
        config.jobs,
        if config.jobs == 1 { "job" } else { "jobs" }
    );
    match_text(config, &ddz::arena::labels(&config.players), report, &jobs)
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

/// The faults listed with a report, at most (the counts by kind cover them all).
const FAULTS_LISTED: usize = 100;

/// One fault as the report lists it: the deal, the game's seating, the seat, the player, the
/// kind and what happened (what `ddz arena` writes on stderr).
type FaultLine = (usize, usize, usize, String, String, String);

/// Notes the faults of a deal's games, up to [`FAULTS_LISTED`].
fn note_faults(faults: &mut Vec<FaultLine>, labels: &[String], games: &[GameRecord]) {
    for g in games {
        for e in &g.errors {
            if faults.len() < FAULTS_LISTED {
                faults.push((
                    g.deal_index,
                    g.seating,
                    e.seat.index(),
                    labels[g.lineup[e.seat]].clone(),
                    e.kind.name().to_string(),
                    e.detail.clone(),
                ));
            }
        }
    }
}

/// What a match hands back to Python: its text, its `RESULT` JSON and its faults listed.
type MatchOut = (String, String, Vec<FaultLine>);

/// `_arena(players, settings) -> (text, result_json, faults)`: one match; `ddz.arena` is its face.
#[pyfunction]
fn _arena(
    py: Python<'_>,
    players: Vec<Bound<'_, PyAny>>,
    settings: &Bound<'_, PyDict>,
) -> PyResult<MatchOut> {
    let mut lineup = Lineup::default();
    let texts = players
        .iter()
        .map(|p| lineup.add(p))
        .collect::<PyResult<Vec<_>>>()?;
    let config = settings_of(settings)?.checked(texts, false)?.config;
    if config.format == Format::Team && !lineup.callables.is_empty() {
        return Err(PyValueError::new_err(
            "a Python callable cannot play the team format: its spare player is dealt in \
             mid-game, which a callable's player does not follow",
        ));
    }
    let labels = ddz::arena::labels(&config.players);
    let interrupt = Arc::clone(&lineup.interrupt);
    let mut faults = Vec::new();
    let result = py.detach(|| {
        run_with(
            &config,
            &|spec, hosting| lineup.make(spec, hosting),
            &mut |games| {
                note_faults(&mut faults, &labels, games);
                signals_checked(&interrupt)
            },
        )
    });
    let report = result.map_err(|e| match_error(e, &interrupt))?;
    Ok((report_text(&config, &report), report.to_json(), faults))
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
    let mut lineup = Lineup::default();
    let candidate = lineup.add(&candidate)?;
    let opponents = opponents
        .iter()
        .map(|o| lineup.add(o))
        .collect::<PyResult<Vec<_>>>()?;
    let mut words = vec![candidate.clone()];
    words.extend(opponents.iter().cloned());
    let config = settings_of(settings)?.checked(words, true)?.config;
    let interrupt = Arc::clone(&lineup.interrupt);
    // Each opponent's faults, noted by one hook and taken by the other (both on this thread).
    let faults: Mutex<Vec<Vec<FaultLine>>> =
        Mutex::new(opponents.iter().map(|_| Vec::new()).collect());
    let mut matches = Vec::new();
    let result = py.detach(|| {
        run_gauntlet_with(
            &config,
            &|spec, hosting| lineup.make(spec, hosting),
            &candidate,
            &opponents,
            &mut |opponent, games| {
                let pair = [candidate.clone(), opponents[opponent].clone()];
                if let Ok(mut faults) = faults.lock() {
                    note_faults(&mut faults[opponent], &ddz::arena::labels(&pair), games);
                }
                signals_checked(&interrupt)
            },
            &mut |one, report| {
                let listed = faults
                    .lock()
                    .map(|mut f| std::mem::take(&mut f[matches.len()]))
                    .unwrap_or_default();
                matches.push((report_text(one, report), report.to_json(), listed));
                Ok(())
            },
        )
    });
    let report = result.map_err(|e| match_error(e, &interrupt))?;
    let text = format!("{}RESULT {}\n", report.summary(), report.to_json());
    Ok((text, report.to_json(), matches))
}

/// Adds the arena's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_arena, m)?)?;
    m.add_function(wrap_pyfunction!(_gauntlet, m)?)?;
    Ok(())
}
