//! The person's terminal: lines out, lines in. The session (between games) and the person's
//! seat at the table (during a game) share one console, so it sits behind a mutex.

use super::view::{Paint, Style};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex, MutexGuard};

/// The person's input and output.
pub(crate) struct Console {
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
    /// Colour or plain text.
    pub(crate) style: Style,
    /// The deal being played, for the table's header (set by the session).
    pub(crate) title: String,
    /// Set when the person left the table (`q`, or the end of input).
    pub(crate) left: bool,
    /// Set when the input ended or the output is gone: nothing more can be asked.
    closed: bool,
}

/// A console shared by the session and the person's seat.
pub(crate) type SharedConsole = Arc<Mutex<Console>>;

/// The longest line kept from the person (a pasted novel is cut, not a crash).
const MAX_LINE: usize = 4096;

impl Console {
    /// A console on `input` and `output`.
    #[must_use]
    pub(crate) fn new(
        input: Box<dyn BufRead + Send>,
        output: Box<dyn Write + Send>,
        style: Style,
    ) -> Console {
        Console {
            input,
            output,
            style,
            title: String::new(),
            left: false,
            closed: false,
        }
    }

    /// The console behind `shared`, even if a panic poisoned the lock (the console holds no
    /// invariant a panic could break).
    pub(crate) fn lock(shared: &SharedConsole) -> MutexGuard<'_, Console> {
        shared
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes `text` and a line end. An output that is gone (a closed terminal) means the
    /// person is gone: nothing more is asked.
    pub(crate) fn say(&mut self, text: &str) {
        let written = writeln!(self.output, "{}", text.trim_end_matches('\n'))
            .and_then(|_| self.output.flush());
        if written.is_err() {
            self.closed = true;
        }
    }

    /// [`Console::say`] in `paint`.
    pub(crate) fn say_in(&mut self, paint: Paint, text: &str) {
        let painted = self.style.paint(paint, text);
        self.say(&painted);
    }

    /// Shows `prompt`, then `> `, and reads one line; `None` at the end of input (or when the
    /// output is gone). Bytes that are not UTF-8 are read as replacement characters.
    pub(crate) fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.closed {
            return None;
        }
        let shown = write!(self.output, "{}\n> ", prompt).and_then(|_| self.output.flush());
        if shown.is_err() {
            self.closed = true;
            return None;
        }
        let mut bytes = Vec::new();
        match self.input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => {
                self.closed = true;
                // Close the prompt's line so what follows starts on its own.
                let _ = writeln!(self.output);
                None
            }
            Ok(_) => {
                bytes.truncate(MAX_LINE);
                Some(String::from_utf8_lossy(&bytes).trim().to_string())
            }
        }
    }
}
