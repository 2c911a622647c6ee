//! The operating system's own calls, in one place: every `extern` block of the crate is here,
//! each behind a safe function that answers plainly where the call does not exist. Without
//! crates, and within Rust 1.63 (the Windows build's), which has no `std::io::IsTerminal`.
//!
//! - [`is_terminal`]: whether a standard stream is a terminal (the arena's progress bar,
//!   `ddz play`'s colour, the engine's hint to a person at the keyboard);
//! - [`default_sigpipe`]: a closed pipe ends a tool quietly, as it ends Unix tools;
//! - [`with_append_lock`]: one write to a file other processes append to, whole (the engine's
//!   log, shared by the platform's processes).

/// A standard stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stream {
    /// Standard input.
    Stdin,
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// Whether `stream` is a terminal: `isatty` on Unix; on Windows, for standard input only,
/// `GetConsoleMode` (it succeeds only on a console; `GetFileType` would also call the `NUL`
/// device a character device), and never for the outputs, whose colours and progress lines an
/// old console would print as text; elsewhere never. Plain output is always safe.
#[must_use]
pub(crate) fn is_terminal(stream: Stream) -> bool {
    #[cfg(unix)]
    {
        extern "C" {
            fn isatty(fd: i32) -> i32;
        }
        let fd = match stream {
            Stream::Stdin => 0,
            Stream::Stdout => 1,
            Stream::Stderr => 2,
        };
        // SAFETY: isatty only inspects the descriptor; any descriptor, even a closed one, is
        // a valid argument (the answer is then 0).
        unsafe { isatty(fd) == 1 }
    }
    #[cfg(windows)]
    {
        if stream != Stream::Stdin {
            return false;
        }
        type Handle = *mut core::ffi::c_void;
        #[link(name = "kernel32")]
        extern "system" {
            fn GetStdHandle(which: u32) -> Handle;
            fn GetConsoleMode(console: Handle, mode: *mut u32) -> i32;
        }
        // (DWORD)-10, as windows.h defines STD_INPUT_HANDLE.
        const STD_INPUT_HANDLE: u32 = -10i32 as u32;
        let mut mode = 0u32;
        // SAFETY: GetStdHandle takes a constant and returns a handle or null/invalid, which
        // GetConsoleMode rejects by returning 0; `mode` is a valid place to write.
        unsafe { GetConsoleMode(GetStdHandle(STD_INPUT_HANDLE), &mut mode) != 0 }
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = stream;
        false
    }
}

/// Gives SIGPIPE back its default disposition (Unix; nothing elsewhere), so a tool whose output
/// is piped into `head` stops quietly when the pipe closes instead of failing its next write.
/// Rust ignores SIGPIPE by default; call this before any thread starts.
pub fn default_sigpipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restores the default disposition of one signal before any thread starts.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

/// `f` run on `file`, a file other processes append to as well, so that what it writes lands
/// whole: under Windows' byte-range lock, which the other processes' writes wait for (run
/// anyway when the lock cannot be had: a log line at risk is better than none); elsewhere as it
/// is, `O_APPEND` being enough.
pub(crate) fn with_append_lock<T>(
    file: &mut std::fs::File,
    f: impl FnOnce(&mut std::fs::File) -> T,
) -> T {
    #[cfg(windows)]
    {
        windows_lock::with_lock(file, f)
    }
    #[cfg(not(windows))]
    {
        f(file)
    }
}

/// Windows' byte-range lock (`LockFileEx`), held around one write.
#[cfg(windows)]
mod windows_lock {
    use std::ffi::c_void;
    use std::fs::File;
    use std::os::windows::io::AsRawHandle;

    /// Windows' `OVERLAPPED`: here only the lock's offset.
    #[repr(C)]
    struct Overlapped {
        internal: usize,
        internal_high: usize,
        offset: u32,
        offset_high: u32,
        event: *mut c_void,
    }

    #[link(name = "kernel32")]
    extern "system" {
        fn LockFileEx(
            file: *mut c_void,
            flags: u32,
            reserved: u32,
            bytes_low: u32,
            bytes_high: u32,
            overlapped: *mut Overlapped,
        ) -> i32;
        fn UnlockFileEx(
            file: *mut c_void,
            reserved: u32,
            bytes_low: u32,
            bytes_high: u32,
            overlapped: *mut Overlapped,
        ) -> i32;
    }

    /// Exclusive, and wait for it.
    const LOCKFILE_EXCLUSIVE_LOCK: u32 = 0x2;

    /// The locked byte: far past any log's end, so the lock never covers what is written.
    fn lock_place() -> Overlapped {
        Overlapped {
            internal: 0,
            internal_high: 0,
            offset: u32::MAX,
            offset_high: u32::MAX >> 1,
            event: std::ptr::null_mut(),
        }
    }

    /// `f` run while this process holds the lock; run anyway when the lock cannot be had (a
    /// log line at risk is better than none).
    pub(crate) fn with_lock<T>(file: &mut File, f: impl FnOnce(&mut File) -> T) -> T {
        let handle = file.as_raw_handle() as *mut c_void;
        let mut place = lock_place();
        // SAFETY: a live file handle and an OVERLAPPED that outlives the call; the handle is
        // synchronous, so the call returns once the lock is held (or has failed).
        let locked =
            unsafe { LockFileEx(handle, LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, &mut place) } != 0;
        let result = f(file);
        if locked {
            let mut place = lock_place();
            // SAFETY: as above; the range is the one locked.
            unsafe {
                UnlockFileEx(handle, 0, 1, 0, &mut place);
            }
        }
        result
    }
}
