//! An engine program over pipes, as a platform runs one: started with piped stdin and stdout,
//! its output read line by line on a reader thread so each reply can be awaited with a
//! timeout. Shared by the arena's external players and the transcript checker; each keeps its
//! own policy (what a missing reply or an early exit means), this module only carries lines.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where a program's stderr goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stderr {
    /// To ours, as it writes it.
    Shown,
    /// Kept, its last [`STDERR_KEPT`] bytes: a program that dies says why in its fate
    /// ([`Program::fate`]) rather than into nothing.
    Kept,
}

/// How much of a program's stderr [`Stderr::Kept`] keeps, from the end.
pub(crate) const STDERR_KEPT: usize = 4096;

/// At most this many characters of the kept stderr go into a message.
const STDERR_SAID: usize = 300;

/// A running program.
pub(crate) struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<KeptStderr>,
}

/// The end of a program's stderr, read on a thread of its own until the program closes it.
struct KeptStderr {
    tail: Arc<Mutex<Vec<u8>>>,
    /// Disconnected once the reader has seen the end.
    done: Receiver<()>,
}

impl KeptStderr {
    fn read(stderr: ChildStderr) -> KeptStderr {
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (finished, done) = mpsc::channel::<()>();
        let kept = Arc::clone(&tail);
        std::thread::spawn(move || {
            let _finished = finished;
            let mut stderr = stderr;
            let mut buf = [0u8; 1024];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut tail = kept.lock().unwrap_or_else(|e| e.into_inner());
                tail.extend_from_slice(&buf[..n]);
                let over = tail.len().saturating_sub(STDERR_KEPT);
                tail.drain(..over);
            }
        });
        KeptStderr { tail, done }
    }

    /// The last words, waiting up to `grace` for the program to close its stderr: its last
    /// lines, blank ones dropped, joined by ` / `, at most [`STDERR_SAID`] characters from the
    /// end; empty when it said nothing.
    fn last_words(&self, grace: Duration) -> String {
        let _ = self.done.recv_timeout(grace);
        let tail = self.tail.lock().unwrap_or_else(|e| e.into_inner());
        let text = String::from_utf8_lossy(&tail);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let joined = lines.join(" / ");
        let chars: Vec<char> = joined.chars().collect();
        if chars.len() > STDERR_SAID {
            let start = chars.len() - STDERR_SAID;
            format!("…{}", chars[start..].iter().collect::<String>())
        } else {
            joined
        }
    }
}

impl Program {
    /// Starts `process` with stdin and stdout piped and stderr shown or kept.
    pub(crate) fn spawn(mut process: Command, stderr: Stderr) -> io::Result<Program> {
        let mut child = process
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(match stderr {
                Stderr::Shown => Stdio::inherit(),
                Stderr::Kept => Stdio::piped(),
            })
            .spawn()?;
        let stderr = child.stderr.take().map(KeptStderr::read);
        let stdout = match child.stdout.take() {
            Some(s) => s,
            None => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(io::Error::new(io::ErrorKind::Other, "no stdout pipe"));
            }
        };
        let (tx, lines) = mpsc::channel();
        // One reader thread per process turns its output into lines (without `\r\n`); it ends
        // when the process closes its output or nobody listens any more.
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
        let stdin = child.stdin.take();
        Ok(Program {
            child,
            stdin,
            lines,
            stderr,
        })
    }

    /// Writes `line` followed by `end` (`"\n"` or `"\r\n"`) and flushes. Fails once the input
    /// is closed, by us or by the program.
    pub(crate) fn send(&mut self, line: &str, end: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))?;
        let mut text = String::with_capacity(line.len() + end.len());
        text.push_str(line);
        text.push_str(end);
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
    }

    /// The next output line, waiting up to `timeout`; `Disconnected` once the program closed
    /// its output and every line was read.
    pub(crate) fn recv(&self, timeout: Duration) -> Result<String, RecvTimeoutError> {
        self.lines.recv_timeout(timeout)
    }

    /// An output line already written, if any.
    pub(crate) fn try_recv(&self) -> Result<String, TryRecvError> {
        self.lines.try_recv()
    }

    /// Closes the program's input (end of file for it).
    pub(crate) fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The exit status, if the program has exited.
    pub(crate) fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.child.try_wait()
    }

    /// The exit status, waiting up to `grace` for the program to exit (a program that closed
    /// its pipes is usually a moment from being reaped); `None` if it is still running.
    pub(crate) fn wait_exit(&mut self, grace: Duration) -> Option<ExitStatus> {
        let start = std::time::Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if start.elapsed() < grace => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return None,
            }
        }
    }

    /// What became of a program whose pipe closed, for messages: `exited (exit status 127:
    /// command not found)`, or `is still running`; with its stderr kept, what it said there
    /// last (`exited (exit status 2) saying on stderr 'ddz: unknown option …'`).
    pub(crate) fn fate(&mut self) -> String {
        let status = self.wait_exit(FATE_GRACE);
        // An exited program's stderr closes with it (unless a child of its holds it open);
        // a running one's is read as far as it has come.
        let grace = if status.is_some() {
            FATE_GRACE
        } else {
            Duration::ZERO
        };
        let words = self
            .stderr
            .as_ref()
            .map_or(String::new(), |s| s.last_words(grace));
        let fate = match status {
            Some(status) => format!("exited ({})", describe_status(status)),
            None => "is still running".to_string(),
        };
        if words.is_empty() {
            fate
        } else {
            format!("{} saying on stderr '{}'", fate, words)
        }
    }

    /// Closes the input, kills the program and reaps it.
    pub(crate) fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Program {
    /// A program is never left running (or unreaped) behind its handle.
    fn drop(&mut self) {
        self.kill();
    }
}

/// How long [`Program::fate`] waits for a program that closed its pipes to be reaped.
const FATE_GRACE: Duration = Duration::from_millis(500);

/// An exit status in words, with the shell's meaning of 126 and 127 (a command run by
/// [`shell`] that cannot be found or run still starts: the shell is what exits).
#[must_use]
pub(crate) fn describe_status(status: ExitStatus) -> String {
    match status.code() {
        Some(127) => "exit status 127: command not found".to_string(),
        Some(126) => "exit status 126: command not executable".to_string(),
        Some(code) => format!("exit status {}", code),
        None => status.to_string(),
    }
}

/// A command line run by the system shell (`sh -c`, or `cmd /C` on Windows): pipes,
/// environment settings and quoting all work as typed.
#[must_use]
pub(crate) fn shell(line: &str) -> Command {
    let mut process = if cfg!(windows) {
        let mut p = Command::new("cmd");
        p.arg("/C");
        p
    } else {
        let mut p = Command::new("sh");
        p.arg("-c");
        p
    };
    process.arg(line);
    process
}

/// The program and arguments of `words` (as [`split_command`] gives them), run directly with
/// no shell; `None` when there is no program.
#[must_use]
pub(crate) fn direct(words: &[String]) -> Option<Command> {
    let (program, args) = words.split_first()?;
    let mut process = Command::new(program);
    process.args(args);
    Some(process)
}

/// Splits a command line as a POSIX shell would for plain words: white space separates,
/// `'…'` and `"…"` quote, a backslash escapes the next character (so `printf %q` output and
/// quoted paths with spaces both work).
#[must_use]
pub(crate) fn split_command(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    word.push(n);
                }
                in_word = true;
            }
            (Some(_), c) => word.push(c),
            (None, '\'') | (None, '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_command_lines_like_a_shell() {
        assert_eq!(
            split_command("wine /a\\ b/ddz.exe"),
            ["wine", "/a b/ddz.exe"]
        );
        assert_eq!(
            split_command(" wine  \"/a b/ddz.exe\" --x ''"),
            ["wine", "/a b/ddz.exe", "--x", ""]
        );
        assert_eq!(split_command("ddz"), ["ddz"]);
        assert!(direct(&split_command("  ")).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn carries_lines_both_ways_and_sees_the_end() {
        // `cat` answers every line with itself; CRLF comes back without its `\r`.
        let mut p = Program::spawn(direct(&["cat".to_string()]).unwrap(), Stderr::Kept).unwrap();
        p.send("PLAY A-1", "\r\n").unwrap();
        assert_eq!(p.recv(Duration::from_secs(15)).unwrap(), "PLAY A-1");
        assert!(p.try_recv().is_err(), "nothing more was written");
        p.close_input();
        assert!(p.send("x", "\n").is_err());
        assert_eq!(
            p.recv(Duration::from_secs(15)),
            Err(RecvTimeoutError::Disconnected)
        );
        p.kill();
        let mut q = Program::spawn(shell("echo a; echo b"), Stderr::Kept).unwrap();
        assert_eq!(q.recv(Duration::from_secs(15)).unwrap(), "a");
        assert_eq!(q.recv(Duration::from_secs(15)).unwrap(), "b");
        q.kill();
    }

    /// A program's fate, once its output closed: the exit status and, from a kept stderr,
    /// its last words (blank lines dropped, lines joined, long ones cut from the front).
    #[cfg(unix)]
    #[test]
    fn a_dead_program_says_why_in_its_fate() {
        let fate_of = |script: &str| {
            let mut p = Program::spawn(shell(script), Stderr::Kept).unwrap();
            while p.recv(Duration::from_secs(15)).is_ok() {}
            p.fate()
        };
        assert_eq!(
            fate_of("echo reply; echo 'bad flag' >&2; echo >&2; echo 'see --help' >&2; exit 2"),
            "exited (exit status 2) saying on stderr 'bad flag / see --help'"
        );
        assert_eq!(fate_of("exit 3"), "exited (exit status 3)");
        // More than the kept bytes: the end is what is said, cut to its last characters.
        let long = fate_of("i=0; while [ $i -lt 300 ]; do echo \"line $i of the log\" >&2; i=$((i+1)); done; echo last >&2; exit 1");
        let said = long
            .strip_prefix("exited (exit status 1) saying on stderr '…")
            .and_then(|s| s.strip_suffix('\''))
            .unwrap_or_else(|| panic!("{}", long));
        assert_eq!(said.chars().count(), STDERR_SAID);
        assert!(said.ends_with("line 299 of the log / last"), "{}", said);
        // Shown, nothing is kept to tell.
        let mut shown =
            Program::spawn(shell("echo to-the-terminal >&2; exit 4"), Stderr::Shown).unwrap();
        while shown.recv(Duration::from_secs(15)).is_ok() {}
        assert_eq!(shown.fate(), "exited (exit status 4)");
    }
}
