//! The players at an arena table: built-in strategies run in-process through
//! [`Engine::handle`] (inline, or on the engine's worker thread as the binary runs them), and
//! external programs speaking the protocol over pipes ([`crate::protocol::external`]).
//!
//! A player only carries messages and enforces the reply time; judging the replies is the
//! referee's job, the same for both kinds.

use crate::engine::Engine;
use crate::game::deal::Deal;
use crate::game::Scoring;
use crate::named::Named;
use crate::protocol::external::{self, Program, Stderr};
use crate::protocol::{Command, Reply};
use crate::rules::Platform;
use crate::strategy::kinds::BuiltinSpec;
use crate::time::{SearchLimit, TimeControl};
use std::fmt;
use std::sync::mpsc::RecvTimeoutError;
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
    /// The person at the table (`ddz play`) left the game.
    Left,
}

/// How many kinds of fault there are.
pub(crate) const FAULT_KINDS: usize = 6;

impl FaultKind {
    /// Every kind, in report order.
    pub const ALL: [FaultKind; FAULT_KINDS] = [
        FaultKind::Malformed,
        FaultKind::WrongSeat,
        FaultKind::Illegal,
        FaultKind::Late,
        FaultKind::Crashed,
        FaultKind::Left,
    ];
}

impl Named for FaultKind {
    /// The kinds' names in reports and JSON, in report order.
    const NAMES: &'static [(&'static str, FaultKind)] = &[
        ("malformed", FaultKind::Malformed),
        ("wrong-seat", FaultKind::WrongSeat),
        ("illegal", FaultKind::Illegal),
        ("late", FaultKind::Late),
        ("crashed", FaultKind::Crashed),
        ("left", FaultKind::Left),
    ];
}
crate::named_enum!(FaultKind);

/// A faulty reply: its kind and what exactly happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The kind.
    pub kind: FaultKind,
    /// What the player did (or failed to do).
    pub(crate) detail: String,
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
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

/// An answer as it came: the reply, and the raw line for external players (for transcripts
/// and error messages).
pub type Answer = Result<(Reply, Option<String>), Fault>;

/// One seat's player.
pub trait Player: Send {
    /// Whether the player reads protocol text (external programs); in-process players get the
    /// typed command only, so the referee formats lines just for those who need them.
    fn reads_text(&self) -> bool {
        false
    }

    /// Gets ready for a new game seeded with `seed` (built-in players draw their randomness
    /// from it). Starts the program if it is not running. Returns whether the player is fresh
    /// and wants the `DOUDIZHUVER` handshake.
    fn begin_game(&mut self, seed: u64) -> Result<bool, Fault>;

    /// Measurement only: the whole deal of the game about to begin, told before `begin_game`.
    /// A built-in thinking player spelled `builtin:ddz:peek=on` searches it instead of sampled
    /// deals ([`BuiltinSpec::strategy`]); every other player ignores it, and programs are never
    /// told.
    fn show_deal(&mut self, _deal: &Deal) {}

    /// Sends one message and waits up to `limit` for the one-line answer.
    fn exchange(&mut self, command: &Command, line: &str, limit: Duration) -> Answer;

    /// The player erred: an external program is stopped, and restarted before its next game.
    fn fault(&mut self) {}

    /// The match is over: `EXIT` to a running program, which then has a moment to quit.
    fn finish(&mut self) {}

    /// Whether the referee's time limit applies to the player's replies. Programs are timed;
    /// a person at the table ([`crate::play::Human`]) takes the time they need.
    fn timed(&self) -> bool {
        true
    }
}

/// How the arena hosts its players: options of the table, not of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hosting {
    /// End every line sent to external programs with `\r\n`.
    pub(crate) crlf: bool,
    /// Let external programs' stderr through (otherwise discarded).
    pub(crate) show_stderr: bool,
    /// Run built-in strategies on the engine's worker thread under the engine's clock, as the
    /// binary does ([`Engine::threaded`]), instead of inline on the table's thread: the reply
    /// times then include the hop to the worker and back.
    pub(crate) threaded: bool,
    /// What built-in thinking players spend a decision: the host's (`ddz play --think`),
    /// which a spec's own (`builtin:ddz:think=S`, `samples=N`) overrides; `None`: the spec's,
    /// the engine's by default ([`BuiltinSpec::hosted`]).
    pub(crate) search: Option<SearchLimit>,
    /// The scoring rule built-in players weigh their decisions by (an external program is
    /// told by its own flags, e.g. `ddz --scoring team`).
    pub(crate) scoring: Scoring,
    /// The rules built-in players keep to: [`Platform::Botzone`] for Botzone's variant.
    pub platform: Platform,
    /// Keep each built-in player's strategy across its games, as one process plays a whole
    /// match on the platform (the run played as matches: `--match-deals`); otherwise each game
    /// gets a fresh one.
    pub(crate) keep: bool,
}

/// A built-in strategy run in-process: a fresh engine each game, seeded from the game, or
/// one kept across the games of a match ([`Hosting::keep`]).
pub(crate) struct Builtin {
    spec: BuiltinSpec,
    /// The name answered to `DOUDIZHUVER`: the spec's text.
    name: String,
    threaded: bool,
    /// Keep the engine across games ([`Hosting::keep`]).
    keep: bool,
    /// The referee's clock, as the binary's session keeps it: each decision's deadline at the
    /// table's limit.
    time: TimeControl,
    scoring: Scoring,
    platform: Platform,
    engine: Option<Engine>,
    /// The deal of the game about to begin ([`Player::show_deal`]).
    shown: Option<Deal>,
}

impl Builtin {
    /// The built-in player `spec`; `threaded` as in [`Hosting::threaded`].
    #[must_use]
    pub(crate) fn new(spec: BuiltinSpec, threaded: bool) -> Builtin {
        Builtin {
            name: spec.to_string(),
            spec,
            threaded,
            keep: false,
            time: TimeControl::default(),
            scoring: Scoring::default(),
            platform: Platform::default(),
            engine: None,
            shown: None,
        }
    }

    /// The same player weighing its decisions by `scoring`.
    #[must_use]
    pub(crate) fn with_scoring(mut self, scoring: Scoring) -> Builtin {
        self.scoring = scoring;
        self
    }

    /// The same player keeping its strategy across its games (as one process plays a match).
    #[must_use]
    pub(crate) fn kept(mut self, keep: bool) -> Builtin {
        self.keep = keep;
        self
    }

    /// The same player keeping to `platform`'s rules (Botzone's variant).
    #[must_use]
    pub(crate) fn on_platform(mut self, platform: Platform) -> Builtin {
        self.platform = platform;
        self
    }
}

impl Player for Builtin {
    fn begin_game(&mut self, seed: u64) -> Result<bool, Fault> {
        let fresh = self.engine.is_none();
        let shown = self.shown.take();
        // A player that peeks is shown each game's deal when it is made: never kept.
        if self.keep && !fresh && !self.spec.peeks() {
            return Ok(false);
        }
        let spec = self.spec.clone();
        let strategy = move || spec.strategy(seed, shown.as_ref());
        self.engine = Some(if self.threaded {
            // The worker calls the factory at start and again after an overrun: each time
            // the same strategy with the game's seed.
            Engine::threaded(&self.name, Box::new(strategy))
        } else {
            Engine::new(&self.name, strategy())
        });
        if let Some(engine) = self.engine.as_mut() {
            engine.set_scoring(self.scoring);
            engine.set_platform(self.platform);
        }
        Ok(fresh)
    }

    fn exchange(&mut self, command: &Command, _line: &str, limit: Duration) -> Answer {
        // The binary's time control, inline or threaded: the decision's deadlines, made once
        // here, keep its safety margin inside this limit.
        let deadline = self.time.with_limit(limit).deadline(Instant::now());
        let engine = self
            .engine
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crashed, "no game begun"))?;
        match engine.handle(command, deadline) {
            Some(reply) => Ok((reply, None)),
            None => Err(Fault::new(FaultKind::Malformed, "no answer")),
        }
    }

    fn show_deal(&mut self, deal: &Deal) {
        self.shown = Some(*deal);
    }

    fn fault(&mut self) {
        self.engine = None;
    }
}

/// How long a program gets to exit after `EXIT` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(1000);

/// An external program, started once and reused across games, restarted after a fault and
/// after the last game of its match.
///
/// A match, for a program, ends with the game that `INFO` announces as the last one (game g of
/// G with g = G, in the last turn). The platforms end a match there and start the engine
/// afresh for the next one (the 2015 platform sends `Exit`, then `DOUDIZHUVER` to a new
/// process), and an engine may rely on it: the 2015 sample engine exits on its own after that
/// game's `GAMEOVER`. The arena plays a deal more than once (`--pair`, `--duplicate`) and
/// announces each game by its deal's number, so the last deal's games are each a match's last
/// game: the program is ended and started again before its next game, as the platforms do,
/// and such an exit is not a crash. An exit after any other game still is one.
pub(crate) struct External {
    command: String,
    crlf: bool,
    show_stderr: bool,
    program: Option<Program>,
    /// The current game was announced as its match's last (`INFO` with g = G).
    announced_last: bool,
    /// That game is over: the program's match is over and it starts afresh for the next game.
    match_over: bool,
}

impl External {
    /// A player run by the shell command line `command` (started at its first game). With
    /// `crlf` every line sent ends in `\r\n`; `show_stderr` passes the program's stderr through.
    #[must_use]
    pub(crate) fn new(command: &str, crlf: bool, show_stderr: bool) -> External {
        External {
            command: command.to_string(),
            crlf,
            show_stderr,
            program: None,
            announced_last: false,
            match_over: false,
        }
    }

    fn end(&self) -> &'static str {
        if self.crlf {
            "\r\n"
        } else {
            "\n"
        }
    }

    fn start(&mut self) -> Result<(), Fault> {
        self.program = Some(start_program(&self.command, self.show_stderr)?);
        Ok(())
    }

    fn exit_status(&mut self) -> String {
        match self.program.as_mut() {
            Some(program) => program.fate(),
            None => "not running".to_string(),
        }
    }

    fn stop(&mut self) {
        // Dropping the program kills and reaps it.
        self.program = None;
        self.announced_last = false;
        self.match_over = false;
    }

    /// Notes what `command` says about the program's match: `INFO` announces whether the game
    /// is its last, `GAMEOVER` or `ERROR` ends the game.
    fn follow_match(&mut self, command: &Command) {
        match command {
            Command::Info(info) => {
                self.announced_last = info.turn >= info.turns && info.round >= info.rounds;
            }
            Command::GameOver { .. } | Command::Error { .. } => {
                self.match_over = self.announced_last;
            }
            _ => {}
        }
    }
}

impl Player for External {
    fn reads_text(&self) -> bool {
        true
    }

    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        if self.match_over {
            // The match it was told of is over (and it may have quit): a new one, afresh.
            self.finish();
        }
        if self.program.is_some() {
            return Ok(false);
        }
        self.start()?;
        Ok(true)
    }

    fn exchange(&mut self, command: &Command, line: &str, limit: Duration) -> Answer {
        self.follow_match(command);
        let end = self.end();
        let program = match self.program.as_mut() {
            Some(p) => p,
            None => return Err(Fault::new(FaultKind::Crashed, "not running")),
        };
        if program.send(line, end).is_err() {
            let status = self.exit_status();
            return Err(Fault::new(
                FaultKind::Crashed,
                format!(
                    "cannot send '{}': its input is closed and it {}",
                    line, status
                ),
            ));
        }
        match program.recv(limit) {
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
                let status = self.exit_status();
                Err(Fault::new(
                    FaultKind::Crashed,
                    format!(
                        "no answer to '{}': its output is closed and it {}",
                        line, status
                    ),
                ))
            }
        }
    }

    fn fault(&mut self) {
        self.stop();
    }

    fn finish(&mut self) {
        let end = self.end();
        if let Some(program) = self.program.as_mut() {
            let _ = program.send("EXIT", end);
            program.close_input();
            let start = Instant::now();
            while start.elapsed() < EXIT_GRACE {
                if let Ok(Some(_)) = program.try_wait() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.stop();
    }
}

/// Starts `player` and says the handshake before a person sits down with it (`ddz play`,
/// `ddz serve`): an engine that cannot start, exits at once or does not answer `NAME` is
/// reported with the reason, rather than every game ending at once by its fault. A built-in
/// player is always ready.
pub(crate) fn greet(player: &mut dyn Player, limit: Duration) -> Result<(), GreetError> {
    let fresh = player.begin_game(0).map_err(GreetError::Fault)?;
    if !fresh || !player.reads_text() {
        return Ok(());
    }
    let hello = Command::Version("1.0".into());
    match player.exchange(&hello, &hello.to_string(), limit) {
        Ok((Reply::Name(_), _)) => Ok(()),
        Ok((_, line)) => Err(GreetError::NotName {
            answer: line.unwrap_or_default(),
            hello: hello.to_string(),
        }),
        Err(f) => Err(GreetError::Fault(f)),
    }
}

/// A player that failed its handshake ([`greet`]).
#[derive(Clone, Debug)]
pub(crate) enum GreetError {
    /// It did not start, or faulted answering.
    Fault(Fault),
    /// It answered something else than `NAME`.
    NotName { answer: String, hello: String },
}

impl fmt::Display for GreetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GreetError::Fault(fault) => fault.fmt(f),
            GreetError::NotName { answer, hello } => {
                write!(f, "answered '{}' to '{}', not NAME", answer, hello)
            }
        }
    }
}

impl std::error::Error for GreetError {}

/// A hosted program started from its shell command line, its stderr shown or kept for its
/// fate; one that cannot start is a crash.
pub(crate) fn start_program(command: &str, show_stderr: bool) -> Result<Program, Fault> {
    let stderr = if show_stderr {
        Stderr::Shown
    } else {
        Stderr::Kept
    };
    Program::spawn(external::shell(command), stderr).map_err(|e| {
        Fault::new(
            FaultKind::Crashed,
            format!("cannot start '{}': {}", command, e),
        )
    })
}
