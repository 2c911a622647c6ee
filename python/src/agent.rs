//! `ddz.Agent`: any player the arena knows, asked for one decision in a `Game`.
//!
//! The agent is told the game as the referee would have told its seat (`DEAL`, each bid,
//! `LEFTOVER`, each play, its own moves among them as a platform echoes them), then asked
//! `BID WHAT` or `PLAY WHAT`: so a built-in player decides through the engine exactly as it
//! plays in the arena (its tracker, its safety checks, its explanation), and an engine
//! program or a Botzone bot is spoken to through the arena's own hosting of it. A built-in
//! player starts afresh for each decision, seeded from the agent's seed and the position, so a
//! decision depends on the position alone.

use crate::game::{action_object, Game, GameCore, Phase};
use ddz::arena::make_player;
use ddz::arena::table::deals::mix;
use ddz::arena::table::players::{Hosting, Player};
use ddz::arena::table::spec::{BuiltinSpec, PlayerSpec};
use ddz::engine::Engine;
use ddz::game::{Scoring, Seat};
use ddz::protocol::{Command, Info, Reply};
use ddz::time::TimeControl;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Mutex;
use std::time::Instant;

/// What the agent's spec names, ready to be asked.
enum Seated {
    /// A built-in strategy, made afresh for each decision.
    Builtin(BuiltinSpec),
    /// A program or a Botzone bot, hosted as the arena hosts it and kept across decisions.
    Hosted(Box<dyn Player>),
}

/// The commands a seat has been told when it is `seat`'s turn in `core`, the question last.
pub fn told(core: &GameCore, seat: Seat) -> Vec<Command> {
    let round = &core.round;
    let mut commands = vec![Command::Deal {
        seat,
        cards: core.deal.hands[seat],
    }];
    for &(s, bid) in round.bids() {
        commands.push(Command::Bid { seat: s, bid });
    }
    if let Some(landlord) = round.landlord() {
        commands.push(Command::Leftover {
            landlord,
            cards: core.deal.bottom,
        });
    }
    for &(s, cards) in round.plays() {
        commands.push(Command::Play { seat: s, cards });
    }
    commands.push(match core.phase {
        Phase::Bid => Command::BidWhat,
        _ => Command::PlayWhat,
    });
    commands
}

/// A player the arena knows, by its spec (`builtin:rules`, `builtin:ddz:samples=64`, …).
#[pyclass(module = "ddz._ddz", name = "Agent")]
pub struct Agent {
    text: String,
    seed: u64,
    seated: Mutex<Seated>,
    explain: Option<String>,
}

impl Agent {
    /// The player's spec, as the arena writes it.
    pub fn spec_text(&self) -> &str {
        &self.text
    }

    /// Asks for `seat`'s decision in `core`, the GIL released by the caller.
    fn ask(&mut self, core: &GameCore, seat: Seat) -> Result<(Reply, Option<String>), String> {
        let commands = told(core, seat);
        // One seed per position: the same agent answers the same position the same way.
        let seed = mix(self.seed, core.seed ^ (commands.len() as u64) << 32);
        let seated = self
            .seated
            .get_mut()
            .map_err(|_| "the agent failed earlier")?;
        match seated {
            Seated::Builtin(spec) => {
                let mut engine = Engine::new(&self.text, spec.strategy(seed, None));
                engine.set_scoring(Scoring::Official);
                engine.set_platform(core.platform);
                let deadline = TimeControl::default().deadline(Instant::now());
                let mut reply = None;
                for command in &commands {
                    reply = engine.handle(command, deadline);
                }
                let note = engine.take_explanation().map(|n| n.to_string());
                reply
                    .map(|r| (r, note))
                    .ok_or_else(|| "the engine gave no answer".to_string())
            }
            Seated::Hosted(player) => {
                let limit = ddz::time::REPLY_LIMIT;
                let fresh = player.begin_game(seed).map_err(|f| f.to_string())?;
                let mut opening = Vec::new();
                if fresh {
                    opening.push(Command::Version("1.0".into()));
                }
                opening.push(Command::Info(Info {
                    turn: 1,
                    turns: 1,
                    round: 1,
                    rounds: 1,
                    up: 0,
                    max_score: 0,
                    time: Some(limit.as_secs() as u32),
                }));
                let mut last = None;
                for command in opening.iter().chain(&commands) {
                    let line = command.to_string();
                    match player.exchange(command, &line, limit) {
                        Ok((reply, _)) => last = Some(reply),
                        Err(fault) => {
                            player.fault();
                            return Err(format!("'{}': {}", line, fault));
                        }
                    }
                }
                last.map(|r| (r, None))
                    .ok_or_else(|| "the program gave no answer".to_string())
            }
        }
    }
}

#[pymethods]
impl Agent {
    /// `Agent(spec, seed=None)`: the player `spec` names; `seed` makes its choices
    /// reproducible (a fresh one is drawn when none is given).
    #[new]
    #[pyo3(signature = (spec, seed = None))]
    fn new(spec: &str, seed: Option<u64>) -> PyResult<Agent> {
        let parsed: PlayerSpec = spec
            .parse()
            .map_err(|e| PyValueError::new_err(format!("player '{}': {}", spec, e)))?;
        let seated = match &parsed {
            PlayerSpec::Builtin(builtin) => Seated::Builtin(builtin.hosted(None)),
            other => Seated::Hosted(make_player(other, Hosting::default())),
        };
        Ok(Agent {
            text: parsed.to_string(),
            seed: seed.unwrap_or_else(crate::game::fresh_seed),
            seated: Mutex::new(seated),
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

    /// The agent's action for the seat to move in `game` (a bid or a play); the game is not
    /// changed. The thinking is done with the GIL released.
    fn act<'py>(
        &mut self,
        py: Python<'py>,
        game: &Bound<'py, Game>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let core = game.borrow().core.clone();
        let seat = core
            .to_move()
            .ok_or_else(|| PyValueError::new_err("the game is over: there is nothing to decide"))?;
        let (reply, note) = py
            .detach(|| self.ask(&core, seat))
            .map_err(|why| PyValueError::new_err(format!("{}: {}", self.text, why)))?;
        self.explain = note;
        let action = match (core.phase, reply) {
            (Phase::Bid, Reply::Bid { seat: s, bid }) if s == seat => crate::game::Action::Bid(bid),
            (Phase::Play, Reply::Play { seat: s, cards }) if s == seat => {
                crate::game::Action::Play(cards)
            }
            (_, other) => {
                return Err(PyValueError::new_err(format!(
                    "{} answered '{}' when {} was to {}",
                    self.text,
                    other,
                    seat,
                    core.phase_name()
                )))
            }
        };
        action_object(py, action)
    }

    fn __repr__(&self) -> String {
        format!("Agent('{}', seed={})", self.text, self.seed)
    }
}

/// Adds `Agent` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Agent>()
}
