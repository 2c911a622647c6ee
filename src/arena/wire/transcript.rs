//! Protocol transcripts and their checker (`ddz check-transcripts`): run an engine (any command line, e.g.
//! `wine build/windows/ddz.exe`) over pipes on each transcript and check every reply.
//!
//! Format (`fixtures/transcripts/README.md`): `# …` comments and blank lines are ignored;
//! `> LINE` is sent to the engine (verbatim after `> `, so `\r` and extra spaces survive);
//! `< LINE` is the engine's answer to the `>` line before it; a `>` line with no `<` line
//! expects no answer. `# time: N` sets the reply limit in seconds (default 15; `0.5` is half a
//! second).
//!
//! Checks: `OK …` exactly; `NAME …` any name; `BID …` and `PLAY …` by form, seat letter and
//! legality against a tracker the checker keeps from the platform's lines and the engine's own
//! answers (the recorded bid/cards are informative only); every reply inside the limit; no
//! line where none is due; exit status 0 and nothing more once stdin closes. `EXIT` ends the
//! engine's process: if lines follow it (a log of several runs), a new process takes them.
//!
//! [`parse`] is the one reader of the format: `ddz replay` builds its account of a transcript
//! from the steps and comments it returns.

use crate::engine::track;
use crate::game::GameState;
use crate::protocol::external::{self, Program, Stderr};
use crate::protocol::message::salvage;
use crate::protocol::Ack;
use crate::protocol::{Command, Reply};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// How long past the limit the checker waits for a reply before calling it missing (a reply in
/// between is late), at most: a short limit has a grace as long as itself, so that a test with a
/// limit of half a second waits one second for an engine that stays silent.
pub(crate) const GRACE: Duration = Duration::from_secs(2);
/// How long an engine may take to exit once its input is closed.
pub(crate) const EXIT_WAIT: Duration = Duration::from_secs(5);

/// The grace after `limit`: [`GRACE`], or the limit itself when that is shorter.
fn grace(limit: Duration) -> Duration {
    GRACE.min(limit)
}

/// One message sent to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Line number in the transcript (1-based).
    pub(crate) line: usize,
    /// The line sent (without its `\n`).
    pub send: String,
    /// The recorded answer, if one is due.
    pub expect: Option<String>,
}

/// A comment line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Line number in the transcript (1-based).
    pub line: usize,
    /// The text after `#`, trimmed.
    pub(crate) text: String,
}

/// A parsed transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// The reply limit.
    pub(crate) limit: Duration,
    /// The messages in order.
    pub steps: Vec<Step>,
    /// The comments in order (what the checker ignores, but for `# time:`, and `ddz replay`
    /// shows).
    pub notes: Vec<Note>,
}

impl Transcript {
    /// The seat's game as its first `steps` messages left it, tracked as the engine tracks
    /// one (the seat's own recorded answers are part of it), and the problems met on the way;
    /// `None` before any `DEAL`. `ddz analyze --transcript` starts its decision from it.
    #[must_use]
    pub fn state_before(&self, steps: usize) -> (Option<GameState>, Vec<String>) {
        let mut state: Option<GameState> = None;
        let mut problems = Vec::new();
        for step in self.steps.iter().take(steps) {
            let command = match Command::parse(&step.send) {
                Ok(c) => c,
                Err(_) => continue,
            };
            track(&mut state, &command, &mut problems);
            // Our own recorded answer is part of the game too.
            let answer = step.expect.as_deref().and_then(|e| Reply::parse(e).ok());
            let own = match answer {
                Some(Reply::Bid { seat, bid }) => Some(Command::Bid { seat, bid }),
                Some(Reply::Play { seat, cards }) => Some(Command::Play { seat, cards }),
                _ => None,
            };
            if let Some(c) = own {
                track(&mut state, &c, &mut problems);
            }
        }
        (state, problems)
    }
}

/// A transcript's first bad line: its number (from 1), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub(crate) why: TranscriptProblem,
}

/// What is wrong with a transcript's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TranscriptProblem {
    /// `# time:` without a number of seconds.
    BadTime(String),
    /// A second `<` answer to one message.
    SecondAnswer,
    /// A `<` answer before any `>` message.
    AnswerFirst,
    /// Neither a message, an answer nor a comment.
    Neither,
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.why {
            TranscriptProblem::BadTime(t) => write!(f, "bad time '{}'", t),
            TranscriptProblem::SecondAnswer => f.write_str("a second answer to one message"),
            TranscriptProblem::AnswerFirst => f.write_str("an answer before any message"),
            TranscriptProblem::Neither => f.write_str("neither '>', '<' nor '#'"),
        }
    }
}

impl std::error::Error for TranscriptError {}

/// Parses transcript text; `Err` names the first bad line.
pub fn parse(text: &str) -> Result<Transcript, TranscriptError> {
    // The official limit when the transcript names none.
    let mut limit = crate::time::REPLY_LIMIT;
    let mut steps: Vec<Step> = Vec::new();
    let mut notes = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let n = i + 1;
        let bad = |why| TranscriptError { line: n, why };
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            if let Some(t) = comment.trim().strip_prefix("time:") {
                let secs: f64 = t
                    .trim()
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e6)
                    .ok_or_else(|| bad(TranscriptProblem::BadTime(t.trim().to_string())))?;
                limit = Duration::from_secs_f64(secs);
            }
            notes.push(Note {
                line: n,
                text: comment.trim().to_string(),
            });
            continue;
        }
        if let Some(rest) = raw.strip_prefix('>') {
            let send = rest.strip_prefix(' ').unwrap_or(rest);
            steps.push(Step {
                line: n,
                send: send.to_string(),
                expect: None,
            });
        } else if let Some(rest) = trimmed.strip_prefix('<') {
            match steps.last_mut() {
                Some(step) if step.expect.is_none() => step.expect = Some(rest.trim().to_string()),
                Some(_) => return Err(bad(TranscriptProblem::SecondAnswer)),
                None => return Err(bad(TranscriptProblem::AnswerFirst)),
            }
        } else {
            return Err(bad(TranscriptProblem::Neither));
        }
    }
    Ok(Transcript {
        limit,
        steps,
        notes,
    })
}

/// The result of checking one transcript.
#[derive(Clone, Debug, Default)]
pub struct TranscriptReport {
    /// What went wrong, one line each (empty: passed).
    pub failures: Vec<String>,
    /// Replies received.
    pub replies: usize,
    /// The slowest reply.
    pub slowest: Duration,
    /// The engine could not start, exited or closed its input: what became of it (the rest
    /// of the transcript is not checked).
    pub(crate) died: Option<String>,
}

/// A running engine process.
struct EngineProcess {
    program: Program,
}

impl EngineProcess {
    /// The engine started, or why not (`empty engine command`, `could not start (…)`: the
    /// words a report gives after the engine's command).
    fn start(command: &[String]) -> Result<EngineProcess, std::io::Error> {
        let process = external::direct(command).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "empty engine command")
        })?;
        let program = Program::spawn(process, Stderr::Kept)
            .map_err(|e| std::io::Error::new(e.kind(), format!("could not start ({})", e)))?;
        Ok(EngineProcess { program })
    }

    /// Closes stdin and checks the engine then says nothing more and exits 0.
    fn finish(mut self, failures: &mut Vec<String>) {
        self.program.close_input();
        let start = Instant::now();
        loop {
            match self.program.recv(EXIT_WAIT.saturating_sub(start.elapsed())) {
                Ok(line) => failures.push(format!("output after the last message: '{}'", line)),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    failures.push("stdout still open after stdin closed".into());
                    break;
                }
            }
        }
        loop {
            match self.program.try_wait() {
                Ok(Some(status)) => {
                    if !status.success() {
                        failures.push(format!("the engine exited with {}", status));
                    }
                    return;
                }
                Ok(None) if start.elapsed() < EXIT_WAIT => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => {
                    failures.push("the engine did not exit after its input closed".into());
                    self.program.kill();
                    return;
                }
            }
        }
    }
}

/// What the platform meant by a line, read as the engine reads it ([`salvage`]'s policy for
/// a bad argument): `Err(())` for a `DEAL` refused, which leaves no game tracked.
fn meaning(line: &str) -> Result<Option<Command>, ()> {
    match Command::parse(line) {
        Ok(c) => Ok(Some(c)),
        Err(_) => match salvage(line) {
            Some(s) if s.ack == Ack::Deal && s.command.is_none() => Err(()),
            Some(s) => Ok(s.command),
            None => Ok(None),
        },
    }
}

/// Checks one answer against the expectation and the tracker, then records it.
fn check_answer(
    step: &Step,
    expect: &str,
    got: &str,
    state: &mut Option<GameState>,
    failures: &mut Vec<String>,
) {
    let mut fail = |why: String| {
        failures.push(format!(
            "line {}: '{}' answered '{}': {}",
            step.line,
            step.send.trim(),
            got,
            why
        ))
    };
    let word = expect.split_whitespace().next().unwrap_or("");
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    match word {
        "NAME" => {
            if !matches!(Reply::parse(got), Ok(Reply::Name(ref n)) if !n.is_empty()) {
                fail("expected NAME <name>".into());
            }
        }
        "BID" => match Reply::parse(got) {
            Ok(Reply::Bid { seat, bid }) => {
                if let Some(s) = state.as_mut() {
                    if seat != s.me {
                        fail(format!("seat {} is not ours ({})", seat, s.me));
                    }
                    let me = s.me;
                    s.bids[me] = None; // asked again: the earlier bid did not count
                    if !s.bid_is_legal(bid) {
                        fail(format!("bid {} is illegal after {}", bid, s.highest_bid()));
                    }
                    let _ = s.record_bid(me, bid);
                }
            }
            _ => fail("expected BID <seat><0..3>".into()),
        },
        "PLAY" => match Reply::parse(got) {
            Ok(Reply::Play { seat, cards }) => {
                if let Some(s) = state.as_mut() {
                    if seat != s.me {
                        fail(format!("seat {} is not ours ({})", seat, s.me));
                    }
                    let me = s.me;
                    s.to_move = Some(me);
                    let nothing_legal = s.legal_plays().is_empty();
                    if !(s.play_is_legal(cards) || (nothing_legal && cards.is_none())) {
                        fail(format!(
                            "illegal: hand {}, to beat {}",
                            s.hand,
                            s.to_beat_for(me)
                                .map_or("nothing".to_string(), |c| c.to_string())
                        ));
                    }
                    let _ = s.record_play(me, cards);
                }
            }
            _ => fail("expected PLAY <seat><cards> or PLAY <seat>-1".into()),
        },
        _ => {
            if norm(got) != norm(expect) {
                fail(format!("expected '{}'", expect));
            }
        }
    }
}

/// The report of a run whose engine died at `step` (`what` it could not do there, and how it
/// ended): the failure is recorded and nothing more is checked.
fn died(mut report: TranscriptReport, step: &Step, what: &str, fate: String) -> TranscriptReport {
    report.failures.push(format!(
        "line {}: {} '{}': the engine {}",
        step.line,
        what,
        step.send.trim(),
        fate
    ));
    report.died = Some(fate);
    report
}

/// Runs `command` on the transcript and checks every reply.
#[must_use]
pub fn check(command: &[String], transcript: &Transcript) -> TranscriptReport {
    let mut report = TranscriptReport::default();
    let mut state: Option<GameState> = None;
    let mut steps = transcript.steps.iter().peekable();
    while steps.peek().is_some() {
        let mut engine = match EngineProcess::start(command) {
            Ok(e) => e,
            Err(e) => {
                report
                    .failures
                    .push(format!("the engine '{}' {}", command.join(" "), e));
                report.died = Some(e.to_string());
                return report;
            }
        };
        for step in steps.by_ref() {
            while let Ok(extra) = engine.program.try_recv() {
                report.failures.push(format!(
                    "line {}: unasked output before it: '{}'",
                    step.line, extra
                ));
            }
            let sent = Instant::now();
            if engine.program.send(&step.send, "\n").is_err() {
                let fate = format!("closed its input and {}", engine.program.fate());
                return died(report, step, "cannot send", fate);
            }
            let command = meaning(&step.send);
            if let Some(expect) = &step.expect {
                match engine
                    .program
                    .recv(transcript.limit + grace(transcript.limit))
                {
                    Ok(got) => {
                        let took = sent.elapsed();
                        report.replies += 1;
                        report.slowest = report.slowest.max(took);
                        if took > transcript.limit {
                            report.failures.push(format!(
                                "line {}: answered in {:?}, over the {:?} limit",
                                step.line, took, transcript.limit
                            ));
                        }
                        check_answer(step, expect, &got, &mut state, &mut report.failures);
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        report.failures.push(format!(
                            "line {}: no answer to '{}'",
                            step.line,
                            step.send.trim()
                        ));
                        break;
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        let fate = format!("closed its output and {}", engine.program.fate());
                        return died(report, step, "no answer to", fate);
                    }
                }
            }
            match &command {
                Ok(Some(Command::Exit)) => break,
                Ok(Some(c)) => {
                    let mut ignored = Vec::new();
                    track(&mut state, c, &mut ignored);
                }
                Ok(None) => {}
                Err(()) => state = None,
            }
        }
        engine.finish(&mut report.failures);
    }
    report
}

/// Every `*.txt` file under `path` (or `path` itself), sorted.
pub fn transcript_files(path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_dir() {
        if let Ok(entries) = std::fs::read_dir(path) {
            for e in entries.flatten() {
                out.extend(transcript_files(&e.path()));
            }
        }
    } else if path.extension().map_or(false, |x| x == "txt") {
        out.push(path.to_path_buf());
    }
    out.sort();
    out
}

/// Checks one transcript file.
#[must_use]
pub fn check_file(command: &[String], path: &Path) -> TranscriptReport {
    match std::fs::read(path) {
        Ok(bytes) => match parse(&String::from_utf8_lossy(&bytes)) {
            Ok(t) => check(command, &t),
            Err(e) => TranscriptReport {
                failures: vec![e.to_string()],
                ..TranscriptReport::default()
            },
        },
        Err(e) => TranscriptReport {
            failures: vec![format!("cannot read: {}", e)],
            ..TranscriptReport::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_format() {
        let t = parse(
            "# test\n# time: 2.5\n\n> DOUDIZHUVER 1.0\n< NAME x\n> PLAY A-1 \r\n< OK PLAY\n> EXIT\n",
        )
        .unwrap();
        assert_eq!(t.limit, Duration::from_millis(2500));
        assert_eq!(t.steps.len(), 3);
        assert_eq!(t.steps[1].send, "PLAY A-1 \r");
        assert_eq!(t.steps[1].expect.as_deref(), Some("OK PLAY"));
        assert_eq!(t.steps[2].expect, None);
        let notes: Vec<(usize, &str)> = t.notes.iter().map(|n| (n.line, &n.text[..])).collect();
        assert_eq!(notes, [(1, "test"), (2, "time: 2.5")]);
        assert!(parse("< OK\n").is_err());
        assert!(parse("> A\n< B\n< C\n").is_err());
        assert!(parse("hello\n").is_err());
    }
}
