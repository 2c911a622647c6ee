//! The players at an arena table: built-in strategies run in-process through
//! [`Engine::handle`], and external programs speaking the protocol over pipes.
//!
//! A player only carries messages and enforces the reply time; judging the replies is the
//! referee's job, the same for both kinds.

use crate::engine::Engine;
use crate::game::GameState;
use crate::protocol::{Command, Reply};
use crate::rules::Combo;
use crate::strategy::rules_player::RulesPlayer;
use crate::strategy::simple::Simple;
use crate::strategy::{Deadline, Strategy};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What was wrong with a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultKind {
    /// Not a protocol line, or not the kind of answer the message asks for.
    Malformed,
    /// A bid or play given for another seat than the player's own.
    WrongSeat,
    /// Well formed but against the rules: a bid too low, cards not held, a play that does not
    /// beat, a pass on the lead.
    Illegal,
    /// No answer within the time limit.
    Late,
    /// The program exited, closed its output, or could not be started.
    Crashed,
}

impl FaultKind {
    /// Every kind, in report order.
    pub const ALL: [FaultKind; 5] = [
        FaultKind::Malformed,
        FaultKind::WrongSeat,
        FaultKind::Illegal,
        FaultKind::Late,
        FaultKind::Crashed,
    ];

    /// The kind's name in reports and JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::Malformed => "malformed",
            FaultKind::WrongSeat => "wrong-seat",
            FaultKind::Illegal => "illegal",
            FaultKind::Late => "late",
            FaultKind::Crashed => "crashed",
        }
    }

    /// The kind with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<FaultKind> {
        FaultKind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// A faulty reply: its kind and what exactly happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The kind.
    pub kind: FaultKind,
    /// What the player did (or failed to do).
    pub detail: String,
}

impl Fault {
    /// A fault of `kind` described by `detail`.
    #[must_use]
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail)
    }
}

/// An answer as it came: the reply, and the raw line for external players (for transcripts
/// and error messages).
pub type Answer = Result<(Reply, Option<String>), Fault>;

/// One seat's player.
pub trait Player: Send {
    /// Whether the player reads protocol text (external programs); in-process players get the
    /// typed command only, so the referee formats lines just for those who need them.
    fn reads_text(&self) -> bool;

    /// Gets ready for a new game seeded with `seed` (built-in players draw their randomness
    /// from it). Starts the program if it is not running. Returns whether the player is fresh
    /// and wants the `DOUDIZHUVER` handshake.
    fn begin_game(&mut self, seed: u64) -> Result<bool, Fault>;

    /// Sends one message and waits up to `limit` for the one-line answer.
    fn exchange(&mut self, command: &Command, line: &str, limit: Duration) -> Answer;

    /// The player erred: an external program is stopped, and restarted before its next game.
    fn fault(&mut self);

    /// The match is over: `EXIT` to a running program, which then has a moment to quit.
    fn finish(&mut self);
}

/// Share of the reply limit an in-process strategy may think before starting no new work.
const SOFT_SHARE: f64 = 0.5;
/// Share of the reply limit by which an in-process strategy must answer (the rest is margin).
const HARD_SHARE: f64 = 0.8;

/// The strategy behind a built-in player name (`random`, `greedy`, `ddz`), seeded; `None` for
/// an unknown name. `ddz` is the project's best strategy: switching it is this one line.
#[must_use]
pub fn builtin_strategy(name: &str, seed: u64) -> Option<Box<dyn Strategy>> {
    match name {
        "random" => Some(Box::new(RandomPlay::new(seed))),
        "greedy" => Some(Box::new(Simple)),
        "ddz" => Some(Box::new(RulesPlayer::new())),
        _ => None,
    }
}

/// The built-in names, for usage messages.
pub const BUILTIN_NAMES: [&str; 3] = ["random", "greedy", "ddz"];

/// Uniformly random legal play and random legal bid. A private stand-in for the engine
/// engineer's `strategy::random::RandomPlayer`, until it lands on main.
pub struct RandomPlay {
    rng: fastrand::Rng,
    plays: Vec<Combo>,
}

impl RandomPlay {
    /// A random player with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlay {
        RandomPlay {
            rng: fastrand::Rng::with_seed(seed),
            plays: Vec::new(),
        }
    }
}

impl Strategy for RandomPlay {
    fn name(&self) -> &str {
        "random"
    }

    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        let legal: Vec<u8> = (0..=3).filter(|&b| state.bid_is_legal(b)).collect();
        legal[self.rng.usize(..legal.len())]
    }

    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        self.plays.clear();
        crate::rules::follows(
            state.hand.counts(),
            state.to_beat().unwrap_or(&Combo::PASS),
            &mut self.plays,
        );
        if self.plays.is_empty() {
            Combo::PASS
        } else {
            self.plays[self.rng.usize(..self.plays.len())]
        }
    }
}

/// A built-in strategy run in-process: a fresh engine each game, seeded from the game.
pub struct Builtin {
    name: String,
    engine: Option<Engine>,
}

impl Builtin {
    /// The built-in player `name`, if there is one by that name.
    #[must_use]
    pub fn new(name: &str) -> Option<Builtin> {
        builtin_strategy(name, 0).map(|_| Builtin {
            name: name.to_string(),
            engine: None,
        })
    }
}

impl Player for Builtin {
    fn reads_text(&self) -> bool {
        false
    }

    fn begin_game(&mut self, seed: u64) -> Result<bool, Fault> {
        let fresh = self.engine.is_none();
        let strategy = builtin_strategy(&self.name, seed)
            .ok_or_else(|| Fault::new(FaultKind::Crashed, "unknown built-in"))?;
        self.engine = Some(Engine::new(&self.name, strategy));
        Ok(fresh)
    }

    fn exchange(&mut self, command: &Command, _line: &str, limit: Duration) -> Answer {
        let engine = self
            .engine
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crashed, "no game begun"))?;
        let now = Instant::now();
        let deadline = Deadline {
            soft: now + limit.mul_f64(SOFT_SHARE),
            hard: now + limit.mul_f64(HARD_SHARE),
        };
        match engine.handle(command, deadline) {
            Some(reply) => Ok((reply, None)),
            None => Err(Fault::new(FaultKind::Malformed, "no answer")),
        }
    }

    fn fault(&mut self) {
        self.engine = None;
    }

    fn finish(&mut self) {}
}

/// How long a program gets to exit after `EXIT` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(1000);

/// An external program, started once and reused across games, restarted after a fault.
pub struct External {
    command: String,
    crlf: bool,
    show_stderr: bool,
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Option<Receiver<String>>,
}

impl External {
    /// A player run by the shell command line `command` (started at its first game). With
    /// `crlf` every line sent ends in `\r\n`; `show_stderr` passes the program's stderr through.
    #[must_use]
    pub fn new(command: &str, crlf: bool, show_stderr: bool) -> External {
        External {
            command: command.to_string(),
            crlf,
            show_stderr,
            child: None,
            stdin: None,
            lines: None,
        }
    }

    fn start(&mut self) -> Result<(), Fault> {
        let mut process = if cfg!(windows) {
            let mut p = Process::new("cmd");
            p.arg("/C").arg(&self.command);
            p
        } else {
            let mut p = Process::new("sh");
            p.arg("-c").arg(&self.command);
            p
        };
        process
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if self.show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        let mut child = process.spawn().map_err(|e| {
            Fault::new(
                FaultKind::Crashed,
                format!("cannot start '{}': {}", self.command, e),
            )
        })?;
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = mpsc::channel();
        // One reader thread per process turns its output into lines, so a reply can be awaited
        // with a timeout; it ends when the process closes its output.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']);
                        if tx.send(line.to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        self.stdin = child.stdin.take();
        self.child = Some(child);
        self.lines = Some(rx);
        Ok(())
    }

    fn exit_status(&mut self) -> String {
        match self.child.as_mut().map(|c| c.try_wait()) {
            Some(Ok(Some(status))) => format!("exited ({})", status),
            _ => "closed its output".to_string(),
        }
    }

    fn stop(&mut self) {
        self.stdin = None;
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        self.lines = None;
    }
}

impl Player for External {
    fn reads_text(&self) -> bool {
        true
    }

    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        if self.child.is_some() {
            return Ok(false);
        }
        self.start()?;
        Ok(true)
    }

    fn exchange(&mut self, _command: &Command, line: &str, limit: Duration) -> Answer {
        let end = if self.crlf { "\r\n" } else { "\n" };
        let written = match self.stdin.as_mut() {
            Some(stdin) => write!(stdin, "{}{}", line, end).and_then(|_| stdin.flush()),
            None => return Err(Fault::new(FaultKind::Crashed, "not running")),
        };
        if written.is_err() {
            let status = self.exit_status();
            return Err(Fault::new(
                FaultKind::Crashed,
                format!("input closed: {}", status),
            ));
        }
        let received = match self.lines.as_ref() {
            Some(rx) => rx.recv_timeout(limit),
            None => return Err(Fault::new(FaultKind::Crashed, "not running")),
        };
        match received {
            Ok(text) => match Reply::parse(&text) {
                Ok(reply) => Ok((reply, Some(text))),
                Err(e) => Err(Fault::new(
                    FaultKind::Malformed,
                    format!("'{}': {}", text, e),
                )),
            },
            Err(RecvTimeoutError::Timeout) => Err(Fault::new(
                FaultKind::Late,
                format!(
                    "no answer to '{}' within {:.1} s",
                    line,
                    limit.as_secs_f64()
                ),
            )),
            Err(RecvTimeoutError::Disconnected) => {
                // Give the process a moment to be reaped so the status can be told.
                std::thread::sleep(Duration::from_millis(10));
                let status = self.exit_status();
                Err(Fault::new(
                    FaultKind::Crashed,
                    format!("no answer to '{}': {}", line, status),
                ))
            }
        }
    }

    fn fault(&mut self) {
        self.stop();
    }

    fn finish(&mut self) {
        if let Some(stdin) = self.stdin.as_mut() {
            let end = if self.crlf { "\r\n" } else { "\n" };
            let _ = write!(stdin, "EXIT{}", end).and_then(|_| stdin.flush());
        }
        self.stdin = None;
        if let Some(child) = self.child.as_mut() {
            let start = Instant::now();
            while start.elapsed() < EXIT_GRACE {
                if let Ok(Some(_)) = child.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.stop();
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The player a spec names: `builtin:NAME`, or any other text as a shell command line.
pub fn make_player(spec: &str, crlf: bool, show_stderr: bool) -> Result<Box<dyn Player>, String> {
    match spec.strip_prefix("builtin:") {
        Some(name) => Builtin::new(name)
            .map(|b| Box::new(b) as Box<dyn Player>)
            .ok_or_else(|| {
                format!(
                    "unknown built-in player '{}' (known: {})",
                    name,
                    BUILTIN_NAMES.join(", ")
                )
            }),
        None => Ok(Box::new(External::new(spec, crlf, show_stderr))),
    }
}
