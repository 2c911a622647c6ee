//! The engine's log. Problems go to stderr (one line each, quiet otherwise) and, when a log
//! file is set, everything goes to the file: every line in and out, the hand in human
//! notation, and the problems, so a person can follow a game. Never stdout: that is protocol.
//! A log that cannot be written is dropped silently; logging never stops the engine.
//!
//! One file for every seat's process, each line tagged `[PID SEAT] ` (the process id, and the
//! seat of the game being played, `-` before the first `DEAL`). The platform starts the three
//! seats from one exe and one `ddz.cfg`, so they share the `log` setting; a file per process
//! would mean file names a team cannot match to anything after the tournament, and a file per
//! seat cannot be chosen when the file is opened (the seat comes with the first `DEAL`, and a
//! server may move a process to another seat between games). With tags the file the team named
//! is the log, a game reads in the order it was played by all our seats, and one process or one
//! seat is a search for its tag away.
//!
//! Three processes append to one file safely: it is opened for appending (`O_APPEND` on Unix,
//! which makes every write land whole at the end), each line, tag and end included, is one
//! write, and on Windows each write also holds an exclusive lock on one byte far past the end
//! of the file (`SharedAppend`): append access alone let two seats' lines tear each other
//! under Wine (the Windows stage's three-seat test caught one).

use crate::game::Seat;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// A cloneable log handle (the panic hook holds one too).
#[derive(Clone, Default)]
pub struct Log {
    file: Option<Arc<Mutex<LogFile>>>,
    stderr: bool,
}

/// The log file and what its lines are tagged with.
struct LogFile {
    out: Box<dyn Write + Send>,
    process: u32,
    seat: Option<Seat>,
}

impl Log {
    /// Logs nothing anywhere (tests, tools, in-process arena players).
    #[must_use]
    pub fn quiet() -> Log {
        Log::default()
    }

    /// Problems to stderr, and everything to `file` when given, each line tagged with this
    /// process's id and the seat.
    #[must_use]
    pub fn new(file: Option<Box<dyn Write + Send>>) -> Log {
        Log {
            file: file.map(|out| {
                Arc::new(Mutex::new(LogFile {
                    out,
                    process: std::process::id(),
                    seat: None,
                }))
            }),
            stderr: true,
        }
    }

    /// Problems to stderr, and everything to the file at `path` when given, appended to and
    /// shared with the other seats' processes. A file that cannot be opened is said on stderr
    /// (the engine plays on without it). `/dev/stdout` is the process's own standard output,
    /// not the device opened again: reopened, it would write at a position of its own, and
    /// with stdout sent to a file (`> file`) the protocol's lines would overwrite the log's.
    #[must_use]
    pub fn append_to(path: Option<&Path>) -> Log {
        if path == Some(Path::new("/dev/stdout")) {
            return Log::new(Some(Box::new(std::io::stdout()) as Box<dyn Write + Send>));
        }
        let file = path.and_then(|path| {
            // Read access too: Windows locks a byte range only through a handle that may
            // read or write it.
            match std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .read(true)
                .open(path)
            {
                Ok(f) => Some(Box::new(SharedAppend(f)) as Box<dyn Write + Send>),
                Err(e) => {
                    eprintln!("ddz: cannot open log {}: {}", path.display(), e);
                    None
                }
            }
        });
        Log::new(file)
    }

    /// Whether a file records the trace (so callers can skip formatting it).
    #[must_use]
    pub(crate) fn has_file(&self) -> bool {
        self.file.is_some()
    }

    /// Tags the following lines with `seat` (a new deal's).
    pub(crate) fn set_seat(&self, seat: Seat) {
        if let Some(f) = &self.file {
            if let Ok(mut f) = f.lock() {
                f.seat = Some(seat);
            }
        }
    }

    /// A line for the file only (protocol traffic, hands).
    pub fn trace(&self, line: &str) {
        if let Some(f) = &self.file {
            if let Ok(mut f) = f.lock() {
                let seat = f.seat.map_or('-', Seat::letter);
                // One write per line: the other processes' lines never land inside it.
                let tagged = format!("[{} {}] {}\n", f.process, seat, line);
                let _ = f.out.write_all(tagged.as_bytes());
                let _ = f.out.flush();
            }
        }
    }

    /// A real problem: one line on stderr and in the file.
    pub fn problem(&self, line: &str) {
        if self.stderr {
            eprintln!("ddz: {}", line);
        }
        self.trace(&format!("! {}", line));
    }
}

/// A log line's tag read back: the process id, the seat (`None` for `-`, before the first
/// `DEAL`) and the text after the tag; `None` when the line has no tag (the format
/// [`Log::trace`] writes: `[PID SEAT] TEXT`).
#[must_use]
pub(crate) fn read_tag(line: &str) -> Option<(u32, Option<Seat>, &str)> {
    let rest = line.strip_prefix('[')?;
    let (tag, text) = rest.split_once("] ")?;
    let (process, seat) = tag.split_once(' ')?;
    let process = process.parse().ok()?;
    let seat = match seat {
        "-" => None,
        letter => {
            let mut chars = letter.chars();
            let seat = chars.next().and_then(Seat::from_letter)?;
            if chars.next().is_some() {
                return None;
            }
            Some(seat)
        }
    };
    Some((process, seat, text))
}

/// A log file other processes append to as well: each write is written whole, under a lock
/// that the other processes' writes wait for on Windows (on Unix `O_APPEND` is enough).
struct SharedAppend(std::fs::File);

impl Write for SharedAppend {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        crate::os::with_append_lock(&mut self.0, |f| f.write_all(buf)).map(|()| buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}
