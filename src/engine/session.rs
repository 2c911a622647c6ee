//! The protocol loop: bytes in, one flushed reply line per message out.
//!
//! Lines are read as bytes with a bounded length (a megabyte of garbage costs nothing but the
//! time to skip it), decoded leniently (a stray non-UTF-8 byte becomes U+FFFD and the line is
//! judged on what is left), parsed into a [`Command`] and answered by the [`Engine`].
//!
//! Bad input policy (the platform is the referee: keep the game going):
//! - an empty line gets no answer; an unknown command gets no answer and a log line; a line
//!   over [`MAX_LINE`] bytes is read as its first [`MAX_LINE`] bytes, with a log line (a command
//!   followed by junk is still answered; a megabyte of junk is an unknown command);
//! - a line that begins with a question (`BID WHAT`, `PLAY WHAT`) is answered as that question
//!   whatever follows it (`PLAY WHAT.`, `BID WHAT junk`, a long line cut at [`MAX_LINE`]),
//!   with a log line naming what followed ([`question`]): the platform asked for a bid or a
//!   play, and an `OK` would be a malformed answer, a fault;
//! - a recognisable command with a bad argument is *salvaged* ([`salvage`]): it gets its
//!   normal acknowledgement and is read by its message's policy, strict or lenient, never
//!   both — a `DEAL` or `LEFTOVER` drops its bad, repeated or out-of-range tokens and uses the
//!   cards read (without a seat it is refused, and a refused `DEAL` ends the game before it),
//!   a `PLAY` is read whole or not at all (a pass is exactly `-1`), a `BID` or `INFO` with a
//!   bad value is only acknowledged; the note says what was used. Answering `OK` costs
//!   nothing, while silence would make the platform time us out and lose the game.
//! - a panic anywhere in the engine is caught and answered with a safe reply.
//!
//! A person may start the engine in a terminal by mistake or out of curiosity: it then says on
//! stderr what it is waiting for ([`hint_if_terminal`]), and `help` (or `?`), which no referee
//! sends, lists the messages on stderr ([`HELP`]). Stdout stays protocol only.

use super::log::Log;
use super::{safe_play, Engine};
use crate::game::Seat;
use crate::protocol::message::{deal_seat, question, salvage, Ack, Command, ProtocolError, Reply};
use crate::time::TimeControl;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// Longest line kept, in bytes. The longest real message (a `DEAL` of 17 two-digit codes with
/// spaces) is under 100 bytes; anything past this is garbage and is skipped unread.
pub const MAX_LINE: usize = 4096;

/// Characters of a line quoted in a log line, at most: a 4096-byte line of junk quoted whole
/// would bury the note (the trace keeps the whole line).
pub(crate) const QUOTED_CHARS: usize = 80;

/// At most [`QUOTED_CHARS`] characters of `text`, control characters escaped (`\0`, `\r`: a
/// NUL written to a terminal or a log shows nothing), and how much was left out.
fn clip(text: &str) -> String {
    let (kept, rest) = match text.char_indices().nth(QUOTED_CHARS) {
        Some((at, _)) => (&text[..at], text.len() - at),
        None => (text, 0),
    };
    let mut out = String::with_capacity(kept.len());
    for c in kept.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    if rest > 0 {
        out.push_str(&format!("… ({} more bytes)", rest));
    }
    out
}

/// What `help` or `?` answers, on stderr: the messages the engine understands and their replies
/// (`docs/protocol.md` has the details and every platform's variants).
pub const HELP: &str = "\
ddz is the engine: the referee sends one message a line on stdin, ddz answers one line on stdout.
d is the engine's own seat, x any seat (A, B or C); cards are codes 0-53 (rank code/4 from 3 up to 2,
52 and 53 the jokers), played ascending.
  DOUDIZHUVER 1.0                               -> NAME <name>
  INFO turn,turns,round,rounds,up,maxscore,time -> OK INFO      (time: seconds per reply)
  DEAL dC1,...,C17                              -> OK DEAL      (a new game: the 17 cards dealt)
  BID xW        (seat x bid W: 0 none, 1-3)     -> OK BID
  BID WHAT      (the engine's turn to bid)      -> BID dW
  LEFTOVER xC1,C2,C3   (x is the landlord)      -> OK LEFTOVER
  PLAY xC1,...  or  PLAY x-1 (a pass)           -> OK PLAY
  PLAY WHAT     (the engine's turn to play)     -> PLAY dC1,...  or  PLAY d-1
  GAMEOVER x    (x emptied its hand)            -> OK GAMEOVER
  ERROR x       (x erred: the game ends)        -> OK ERROR
  EXIT          (the match is over)             -> no answer; the engine stops
Try: DOUDIZHUVER 1.0, then DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46, then BID WHAT.
End with EXIT or the end of input (Ctrl-D; Ctrl-Z then Enter on Windows). `ddz help` lists the
tools; `ddz play` seats you at a table against the engine.";

/// The line a person who starts the engine in a terminal sees on stderr: without it the engine
/// waits in silence for a referee that is not there.
pub const TERMINAL_HINT: &str = "ddz: the engine, waiting for the referee's messages on stdin \
(type help for the list; `ddz help` lists the tools, `ddz play` seats you at a table)";

/// Writes [`TERMINAL_HINT`] on stderr when stdin is a terminal (a person), never when it is a
/// pipe or a file (a referee, a test, a transcript).
pub fn hint_if_terminal() {
    if crate::os::is_terminal(crate::os::Stream::Stdin) {
        eprintln!("{}", TERMINAL_HINT);
    }
}

/// Whether `text` (a line, its line end trimmed) asks for [`HELP`]: `help` in any case, or `?`.
/// No referee sends either; both would otherwise be unknown commands.
fn asks_for_help(text: &str) -> bool {
    let word = text.trim();
    word.eq_ignore_ascii_case("help") || word == "?"
}

/// One line read by [`read_line`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A line (without its `\n`), at most [`MAX_LINE`] bytes.
    Text(Vec<u8>),
    /// A line longer than [`MAX_LINE`]: its first [`MAX_LINE`] bytes, and its whole length.
    TooLong {
        /// The first [`MAX_LINE`] bytes.
        kept: Vec<u8>,
        /// The line's length in bytes.
        total: usize,
    },
}

/// Reads one line, keeping at most [`MAX_LINE`] bytes and skipping the rest of a longer one
/// (which is then read as its first [`MAX_LINE`] bytes). `None` at the end of input.
pub(crate) fn read_line<R: BufRead>(input: &mut R) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        total += chunk.len();
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + usize::from(done);
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if total > MAX_LINE {
        Ok(Some(Line::TooLong { kept, total }))
    } else {
        Ok(Some(Line::Text(kept)))
    }
}

/// What one input line led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The reply line (without line end), if the line needs one.
    pub reply: Option<String>,
    /// Whether the match is over (`EXIT`).
    pub exit: bool,
    /// Text for a person at the keyboard ([`HELP`]), written on stderr: never a reply.
    pub note: Option<&'static str>,
}

/// The engine behind the protocol: an [`Engine`], its [`TimeControl`] and its [`Log`].
pub struct Session {
    /// The player.
    pub engine: Engine,
    /// The reply deadlines: the engine's time, its limit set by `INFO`.
    pub(crate) time: TimeControl,
    /// Where problems and the trace go.
    pub log: Log,
    /// Whether each decision's thinking goes into the log too (`explain`, default on): one
    /// `# think` line after the answer ([`crate::strategy::explain`](mod@crate::strategy::explain)).
    pub explain: bool,
}

impl Session {
    /// A session with the engine's default time and a quiet log.
    #[must_use]
    pub fn new(engine: Engine) -> Session {
        Session {
            engine,
            time: TimeControl::default(),
            log: Log::quiet(),
            explain: true,
        }
    }

    /// Answers every line of `input` on `output` until the end of input or `EXIT`.
    pub fn run<R: BufRead, W: Write>(&mut self, mut input: R, mut output: W) -> io::Result<()> {
        while let Some(line) = read_line(&mut input)? {
            let received = Instant::now();
            let outcome = match line {
                Line::Text(bytes) => self.handle_line(&bytes, received),
                Line::TooLong { kept, total } => {
                    // Never a real message (the longest is under 100 bytes), but a command
                    // followed by junk still deserves its answer: silence loses the game.
                    self.log.problem(&format!(
                        "a line of {} bytes (over {}): read as its first {}",
                        total, MAX_LINE, MAX_LINE
                    ));
                    self.handle_line(&kept, received)
                }
            };
            if let Some(note) = outcome.note {
                eprintln!("{}", note);
            }
            if let Some(reply) = &outcome.reply {
                output.write_all(reply.as_bytes())?;
                output.write_all(b"\n")?;
                output.flush()?;
            }
            if outcome.exit {
                break;
            }
        }
        Ok(())
    }

    /// Answers one line (bytes, without `\n`) received at `received`.
    pub fn handle_line(&mut self, bytes: &[u8], received: Instant) -> Response {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim_end_matches(['\r', '\n'].as_ref());
        if let Some(seat) = deal_seat(text) {
            // The log's lines carry the seat of the game they belong to, its DEAL included.
            self.log.set_seat(seat);
        }
        self.log.trace(&format!("> {}", text));
        if asks_for_help(text) {
            // A person, not the referee: answered on stderr, and no problem to log.
            self.log.trace("# help: the messages were listed on stderr");
            return Response {
                reply: None,
                exit: false,
                note: Some(HELP),
            };
        }
        let command = match self.read_command(text) {
            Ok(Some(c)) => c,
            Ok(None) => {
                return Response {
                    reply: None,
                    exit: false,
                    note: None,
                }
            }
            Err(ack) => {
                let reply = Reply::Ok(ack).to_string();
                self.log.trace(&format!("< {}", reply));
                return Response {
                    reply: Some(reply),
                    exit: false,
                    note: None,
                };
            }
        };
        if let Command::Info(info) = &command {
            self.time.set_limit(info.time);
        }
        let deadline = self.time.deadline(received);
        let engine = &mut self.engine;
        let reply = match catch_unwind(AssertUnwindSafe(|| engine.handle(&command, deadline))) {
            Ok(r) => r,
            Err(_) => {
                self.log
                    .problem(&format!("the engine panicked on '{}'", command));
                self.fallback(&command)
            }
        };
        for p in self.engine.take_problems() {
            self.log.problem(&p);
        }
        let reply = reply.map(|r| r.to_string());
        if let Some(r) = &reply {
            self.log.trace(&format!("< {}", r));
        }
        // Taken whatever the setting, so a note never outlives its question.
        if let Some(why) = self.engine.take_explanation() {
            if self.explain && self.log.has_file() {
                self.log.trace(&why.to_string());
            }
        }
        if self.log.has_file() {
            self.trace_state(&command);
        }
        Response {
            reply,
            exit: matches!(command, Command::Exit),
            note: None,
        }
    }

    /// The command a line means, as the module doc says: `Ok(None)` for no command (an empty
    /// or unknown line), `Err(ack)` for a recognisable command with nothing readable in it, which
    /// only gets its acknowledgement. Every line not read as it stands is logged.
    fn read_command(&mut self, text: &str) -> Result<Option<Command>, Ack> {
        let e = match Command::parse(text) {
            Ok(c) => return Ok(Some(c)),
            Err(ProtocolError::Empty) => return Ok(None),
            Err(e) => e,
        };
        if let Some((asked, after)) = question(text) {
            self.log.problem(&if after.is_empty() {
                format!(
                    "'{}': answered as {} (its words run together or split by control \
                     characters)",
                    clip(text),
                    asked
                )
            } else {
                format!(
                    "a question followed by '{}': answered as {}, the rest ignored",
                    clip(after),
                    asked
                )
            });
            return Ok(Some(asked));
        }
        match salvage(text) {
            Some(salvaged) => {
                self.log
                    .problem(&format!("'{}': {}", clip(text), salvaged.note));
                if salvaged.ack == Ack::Deal && salvaged.command.is_none() {
                    self.engine.refuse_deal();
                }
                salvaged.command.map(Some).ok_or(salvaged.ack)
            }
            None => {
                self.log
                    .problem(&format!("'{}': {}: ignored", clip(text), e));
                Ok(None)
            }
        }
    }

    /// The reply when the engine itself failed: the acknowledgement, bid 0, or a safe play.
    fn fallback(&self, command: &Command) -> Option<Reply> {
        let state = self.engine.state();
        let seat = state.map_or(Seat::A, |s| s.me);
        match command {
            Command::Exit => None,
            Command::Version(_) => Some(Reply::Name(self.engine.name().to_string())),
            Command::BidWhat => Some(Reply::Bid { seat, bid: 0 }),
            Command::PlayWhat => {
                let cards = catch_unwind(AssertUnwindSafe(|| {
                    let s = state?;
                    let combo = safe_play(&s.legal_plays());
                    if combo.is_pass() {
                        None
                    } else {
                        s.hand.pick(combo.cards)
                    }
                }))
                .unwrap_or(None);
                Some(Reply::Play { seat, cards })
            }
            other => other.ack().map(Reply::Ok),
        }
    }

    /// The hand and counts in human notation, for a person reading the log.
    fn trace_state(&self, command: &Command) {
        let s = match self.engine.state() {
            Some(s) => s,
            None => return,
        };
        let note = match command {
            Command::Play {
                seat,
                cards: Some(c),
            } => format!("{} played {}; ", seat, c),
            // What the tracker took, which a refused bottom leaves as it was.
            Command::Leftover { .. } => match s.landlord {
                Some(landlord) => format!("landlord {}, bottom {}; ", landlord, s.bottom),
                None => "no landlord; ".to_string(),
            },
            Command::Deal { .. } | Command::PlayWhat | Command::BidWhat => String::new(),
            _ => return,
        };
        self.log.trace(&format!(
            "# {}hand {} | left A{} B{} C{}",
            note,
            s.hand,
            s.cards_left[Seat::A],
            s.cards_left[Seat::B],
            s.cards_left[Seat::C]
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn long_lines_are_skipped_and_bytes_kept() {
        let mut input = Vec::new();
        input.extend_from_slice(b"A\r\n");
        input.extend(std::iter::repeat(b'x').take(MAX_LINE * 3));
        input.extend_from_slice(b"\n\xff\xfeB\nlast");
        let mut r = io::BufReader::with_capacity(64, Cursor::new(input));
        for line in [
            Line::Text(b"A\r".to_vec()),
            Line::TooLong {
                kept: vec![b'x'; MAX_LINE],
                total: MAX_LINE * 3,
            },
            Line::Text(b"\xff\xfeB".to_vec()),
            Line::Text(b"last".to_vec()),
        ] {
            assert_eq!(read_line(&mut r).unwrap(), Some(line));
        }
        assert_eq!(read_line(&mut r).unwrap(), None);
    }
}
