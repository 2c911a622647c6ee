//! `ddz.Agent`: any player the arena knows, asked for one decision in a `Game` or on a seat's
//! observation.
//!
//! The agent is told the game as the referee would have told its seat (`DEAL`, each bid,
//! `LEFTOVER`, each play, its own moves among them as a platform echoes them), then asked
//! `BID WHAT` or `PLAY WHAT`: so a built-in player decides through the engine exactly as it
//! plays in the arena (its tracker, its safety checks, its explanation), and an engine
//! program or a Botzone bot is spoken to through the arena's own hosting of it. A built-in
//! player starts afresh for each decision, seeded from the agent's seed and the position, so a
//! decision depends on the position alone; a program stays in its game while the decisions
//! asked of it follow that game, and hears only what came since, as at a real table.

use crate::game::{action_object, seat_of, Action, Game, GameCore};
use crate::rules::{codes_of, int_in, platform_of, seed_of, type_name};
use ddz::arena::make_player;
use ddz::arena::PlayerSpec;
use ddz::arena::{Hosting, Player};
use ddz::cards::Cards;
use ddz::engine::Engine;
use ddz::game::deal::mix;
use ddz::game::state::HAND_SIZE;
use ddz::game::{Phase, Scoring, Seat};
use ddz::near_names::nearest;
use ddz::protocol::{Command, Info, Reply};
use ddz::rules::Platform;
use ddz::strategy::{builtin_names, BuiltinSpec};
use ddz::time::TimeControl;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;
use std::time::Instant;

/// What the agent's spec names, ready to be asked.
enum Seated {
    /// A built-in strategy, made afresh for each decision.
    Builtin(BuiltinSpec),
    /// A program or a Botzone bot, hosted as the arena hosts it and kept across decisions,
    /// with the game it is in.
    Hosted(Box<dyn Player>, Option<Session>),
}

/// The game a hosted program is in: the seat and its cards as dealt, and every command of it
/// the program has heard or answered itself, so the next decision of the same game tells it
/// only what came since, as a referee would (its own moves are its answers, never echoed).
struct Session {
    seat: Seat,
    dealt: Cards,
    told: Vec<Command>,
}

/// The move `reply` makes, as the command a referee would tell others of it.
fn move_of(reply: &Reply) -> Option<Command> {
    match *reply {
        Reply::Bid { seat, bid } => Some(Command::Bid { seat, bid }),
        Reply::Play { seat, cards } => Some(Command::Play { seat, cards }),
        _ => None,
    }
}

/// What a seat has been told when it is asked: its cards as dealt, the bids, the landlord
/// and the bottom once shown, every play, and the question. Made from a `Game` or from a
/// seat's observation alone, which hold the same for the seat.
pub struct Position {
    seat: Seat,
    dealt: Cards,
    bids: Vec<(Seat, u8)>,
    leftover: Option<(Seat, Cards)>,
    plays: Vec<(Seat, Option<Cards>)>,
    bidding: bool,
    platform: Platform,
}

impl Position {
    /// The position of the seat to move in `core`.
    fn of_game(core: &GameCore, seat: Seat) -> Position {
        let round = &core.round;
        Position {
            seat,
            dealt: core.deal.hands[seat],
            bids: round.bids().to_vec(),
            leftover: round.landlord().map(|l| (l, core.deal.bottom)),
            plays: round.plays().to_vec(),
            bidding: round.phase() == Phase::Bid,
            platform: round.platform(),
        }
    }

    /// The position an observation dict shows (`Game.observation`'s keys): the cards dealt are
    /// the hand and the seat's plays, less the bottom when the seat is the landlord.
    fn of_observation(obs: &Bound<'_, PyDict>, platform: Platform) -> PyResult<Position> {
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
            let seat = seat_of(&pair.get_item(0)?)?;
            let cards = codes_of(&pair.get_item(1)?, "a play of the observation")?;
            plays.push((seat, Some(cards).filter(|c| !c.is_empty())));
        }
        let landlord = item("landlord")?;
        let leftover = if landlord.is_none() {
            None
        } else {
            let bottom = codes_of(&item("bottom")?, "the observation's bottom")?;
            Some((seat_of(&landlord)?, bottom))
        };
        let played = plays
            .iter()
            .filter(|(s, _)| *s == seat)
            .fold(hand, |all, (_, c)| all.or(c.unwrap_or(Cards::EMPTY)));
        let dealt = match leftover {
            Some((l, bottom)) if l == seat => played.minus(bottom),
            _ => played,
        };
        if dealt.len() != usize::from(HAND_SIZE) {
            return Err(PyValueError::new_err(format!(
                "the observation does not add up: seat {} would have been dealt {} cards",
                seat.index(),
                dealt.len()
            )));
        }
        Ok(Position {
            seat,
            dealt,
            bids,
            bidding: leftover.is_none(),
            leftover,
            plays,
            platform,
        })
    }

    /// The commands the seat was told, the question last.
    fn told(&self) -> Vec<Command> {
        let mut commands = vec![Command::Deal {
            seat: self.seat,
            cards: self.dealt,
        }];
        for &(seat, bid) in &self.bids {
            commands.push(Command::Bid { seat, bid });
        }
        if let Some((landlord, cards)) = self.leftover {
            commands.push(Command::Leftover { landlord, cards });
        }
        for &(seat, cards) in &self.plays {
            commands.push(Command::Play { seat, cards });
        }
        commands.push(if self.bidding {
            Command::BidWhat
        } else {
            Command::PlayWhat
        });
        commands
    }

    /// What a decision's randomness is drawn from besides the agent's seed: the cards dealt
    /// and how far the game is, the same from a game and from its observation.
    fn key(&self) -> u64 {
        let moves = self.bids.len() + self.plays.len();
        mix(self.dealt.0, moves as u64)
    }
}

/// The words a shell may start a command line with that are no program of the PATH.
const SHELL_WORDS: &[&str] = &[
    "exec", "command", "eval", "cd", ".", "source", "exit", "export", "set", "ulimit", "umask",
    "trap", "time", "if", "for", "while", "until", "case", "!", "(", "{",
];

/// The refusal of a command line with no word.
const NO_PROGRAM: &str =
    "no program named: a player is builtin:NAME, a command line running an engine, or \
     botzone:COMMAND";

/// Reads a player spec as `ddz arena` does, and refuses at once a command line (a program's,
/// or a Botzone bot's) whose program, its first word after any `VAR=value` assignments, is
/// neither on the PATH nor a file on disk, where the arena would find out only at the first
/// deal: a typo of a built-in player (`rules`, `buildin:rules`) is told its near name.
pub fn spec_of(text: &str) -> PyResult<PlayerSpec> {
    let refused = |why: String| PyValueError::new_err(format!("player '{}': {}", text, why));
    let spec: PlayerSpec = text.parse().map_err(|e| refused(format!("{}", e)))?;
    let command = match &spec {
        PlayerSpec::Builtin(_) => return Ok(spec),
        PlayerSpec::Botzone(command) | PlayerSpec::Program(command) => command,
    };
    let is_assignment = |w: &&str| {
        w.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
        })
    };
    let program = command.split_whitespace().find(|w| !is_assignment(w));
    let program = match program.map(|p| p.trim_matches(|c| c == '\'' || c == '"')) {
        None => return Err(refused(NO_PROGRAM.into())),
        Some(p) => p,
    };
    let home = std::env::var_os("HOME").unwrap_or_default();
    let found = match program.strip_prefix("~/") {
        _ if SHELL_WORDS.contains(&program) || program.contains('$') => true,
        Some(rest) => std::path::Path::new(&home).join(rest).is_file(),
        None if program.contains('/') => std::path::Path::new(program).is_file(),
        None => std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|dir| dir.join(program).is_file())
        }),
    };
    if found {
        return Ok(spec);
    }
    let names = builtin_names();
    let near = program
        .split(':')
        .find_map(|part| nearest(part, names.iter().copied()));
    Err(refused(format!(
        "no program '{}' on the PATH or on disk{}",
        program,
        near.map_or(String::new(), |n| format!(
            " (did you mean 'builtin:{}'?)",
            n
        ))
    )))
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
    seated: Mutex<Seated>,
    explain: Option<String>,
}

impl Agent {
    /// The player's spec, as the arena writes it.
    pub fn spec_text(&self) -> &str {
        &self.text
    }

    /// Asks for the decision of `position`, the GIL released by the caller.
    fn ask(&mut self, position: &Position) -> Result<(Reply, Option<String>), String> {
        let commands = position.told();
        // One seed per position: the same agent answers the same position the same way.
        let seed = mix(self.seed, position.key());
        let seated = self
            .seated
            .get_mut()
            .map_err(|_| "the agent failed earlier")?;
        match seated {
            Seated::Builtin(spec) => {
                let mut engine = Engine::new(&self.text, spec.strategy(seed, None));
                engine.set_scoring(Scoring::Official);
                engine.set_platform(position.platform);
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
            Seated::Hosted(player, session) => {
                let limit = ddz::time::REPLY_LIMIT;
                let (question, story) = commands.split_last().expect("a question last");
                // The same game, followed so far: only what came since is told.
                let follows = session.as_ref().is_some_and(|s| {
                    s.seat == position.seat
                        && s.dealt == position.dealt
                        && story.starts_with(&s.told)
                });
                let mut sending = Vec::new();
                if follows {
                    let heard = session.as_ref().map_or(0, |s| s.told.len());
                    sending.extend_from_slice(&story[heard..]);
                } else {
                    // A new game for the program (or one it cannot have followed): told from
                    // the start, its own earlier moves echoed as some platforms echo them.
                    *session = None;
                    if player.begin_game(seed).map_err(|f| f.to_string())? {
                        sending.push(Command::Version("1.0".into()));
                    }
                    sending.push(Command::Info(Info {
                        turn: 1,
                        turns: 1,
                        round: 1,
                        rounds: 1,
                        up: 0,
                        max_score: 0,
                        time: Some(limit.as_secs() as u32),
                    }));
                    sending.extend_from_slice(story);
                }
                sending.push(question.clone());
                let mut last = None;
                for command in &sending {
                    let line = command.to_string();
                    match player.exchange(command, &line, limit) {
                        Ok((reply, _)) => last = Some(reply),
                        Err(fault) => {
                            player.fault();
                            *session = None;
                            return Err(format!("'{}': {}", line, fault));
                        }
                    }
                }
                let reply = last.ok_or_else(|| "the program gave no answer".to_string())?;
                let mut told = story.to_vec();
                told.extend(move_of(&reply));
                *session = Some(Session {
                    seat: position.seat,
                    dealt: position.dealt,
                    told,
                });
                Ok((reply, None))
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
    fn new(spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Agent> {
        let parsed = spec_of(spec)?;
        let seated = match &parsed {
            PlayerSpec::Builtin(builtin) => Seated::Builtin(builtin.hosted(None)),
            other => Seated::Hosted(make_player(other, Hosting::default()), None),
        };
        Ok(Agent {
            text: parsed.to_string(),
            seed: seed
                .map(seed_of)
                .transpose()?
                .unwrap_or_else(crate::game::fresh_seed),
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
            Position::of_game(core, seat)
        } else if let Ok(obs) = game.cast::<PyDict>() {
            Position::of_observation(obs, platform_of(rules)?)?
        } else {
            return Err(PyValueError::new_err(format!(
                "an agent acts in a Game or on an observation dict, not {}",
                type_name(game)
            )));
        };
        let (reply, note) = py
            .detach(|| self.ask(&position))
            .map_err(|why| PyValueError::new_err(format!("{}: {}", self.text, why)))?;
        self.explain = note;
        let seat = position.seat;
        let action = match (position.bidding, reply) {
            (true, Reply::Bid { seat: s, bid }) if s == seat => Action::Bid(bid),
            (false, Reply::Play { seat: s, cards }) if s == seat => Action::Play(cards),
            (bidding, other) => {
                return Err(PyValueError::new_err(format!(
                    "{} answered '{}' when {} was to {}",
                    self.text,
                    other,
                    seat,
                    if bidding { "bid" } else { "play" }
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
