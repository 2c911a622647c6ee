//! The engine's log. Problems go to stderr (one line each, quiet otherwise) and, when a log
//! file is set, everything goes to the file: every line in and out, the hand in human
//! notation, and the problems, so a person can follow a game. Never stdout: that is protocol.
//! A log that cannot be written is dropped silently; logging never stops the engine.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A cloneable log handle (the panic hook holds one too).
#[derive(Clone, Default)]
pub struct Log {
    file: Option<Arc<Mutex<Box<dyn Write + Send>>>>,
    stderr: bool,
}

impl Log {
    /// Logs nothing anywhere (tests, tools, in-process arena players).
    #[must_use]
    pub fn quiet() -> Log {
        Log::default()
    }

    /// Problems to stderr, and everything to `file` when given.
    #[must_use]
    pub fn new(file: Option<Box<dyn Write + Send>>) -> Log {
        Log {
            file: file.map(|f| Arc::new(Mutex::new(f))),
            stderr: true,
        }
    }

    /// Whether a file records the trace (so callers can skip formatting it).
    #[must_use]
    pub fn has_file(&self) -> bool {
        self.file.is_some()
    }

    /// A line for the file only (protocol traffic, hands).
    pub fn trace(&self, line: &str) {
        if let Some(f) = &self.file {
            if let Ok(mut f) = f.lock() {
                let _ = writeln!(f, "{}", line);
                let _ = f.flush();
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
