//! Whether a standard stream is a terminal (for the arena's progress bar, `ddz play`'s colour),
//! without crates: `isatty` on unix; elsewhere never, since plain output is always safe.

/// A standard output stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// Whether `stream` is a terminal.
#[must_use]
pub fn is_terminal(stream: Stream) -> bool {
    #[cfg(unix)]
    {
        extern "C" {
            fn isatty(fd: i32) -> i32;
        }
        let fd = match stream {
            Stream::Stdout => 1,
            Stream::Stderr => 2,
        };
        // SAFETY: isatty only inspects the descriptor number.
        unsafe { isatty(fd) == 1 }
    }
    #[cfg(not(unix))]
    {
        let _ = stream;
        false
    }
}
