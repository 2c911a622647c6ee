//! What the arena writes about each game: one JSON line (`--json`, a [`GameLine`]), and each seat's view as a
//! transcript in the project's common format (`--transcripts`), which the transcript test can
//! replay into an engine; and the JSON game log a person's table keeps as its games end
//! ([`start_log`], [`append_game`]: `ddz play --save`, `ddz serve --save`).

use super::json::GameLine;
use crate::arena::table::referee::GameRecord;
use crate::game::Seat;
use std::fmt::Write;
use std::io::Write as _;
use std::path::Path;

/// The game as one JSON line (no line end), `labels` naming the player entries: the
/// [`GameLine`] of the record.
#[must_use]
pub fn game_json(g: &GameRecord, labels: &[String]) -> String {
    GameLine::new(g, labels).write()
}

/// Starts the JSON game log at `path` afresh: `header` alone (a header line,
/// [`crate::arena::log_merge::header_line`]: what is played and how), replacing what the file held.
pub(crate) fn start_log(path: &Path, header: &str) -> std::io::Result<()> {
    std::fs::write(path, format!("{}\n", header))
}

/// Adds one finished game to the JSON game log at `path`, as one line at its end (the arena's
/// `--json` form, which `ddz replay` reads); a file that is missing or empty is started with
/// `header` first ([`start_log`]), so every log says what it holds. Two writers must not add
/// to one file at once (`ddz serve` holds a lock).
pub(crate) fn append_game(path: &Path, header: &str, game: &GameLine) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    let mut text = String::new();
    if file.metadata()?.len() == 0 {
        text.push_str(header);
        text.push('\n');
    }
    text.push_str(&game.write());
    text.push('\n');
    file.write_all(text.as_bytes())
}

/// The file name of one seat's transcript of a game.
#[must_use]
pub(crate) fn transcript_name(g: &GameRecord, seat: Seat) -> String {
    format!("deal{:06}-{}-{}.txt", g.deal_index, g.seating, seat)
}

/// One seat's transcript of a game, with a header saying what it is; `None` when the game was
/// played without keeping transcripts.
#[must_use]
pub fn transcript(g: &GameRecord, seat: Seat, labels: &[String], time_secs: f64) -> Option<String> {
    let body = &g.transcripts.as_ref()?[seat];
    let mut out = String::with_capacity(body.len() + 256);
    let _ = writeln!(
        out,
        "# arena: deal {} seating {}, seat {} played by {}",
        g.deal_index, g.seating, seat, labels[g.lineup[seat]]
    );
    let result = match (g.winner, g.errors.iter().find(|e| e.scored)) {
        (Some(w), _) => format!("{} emptied its hand", w),
        (None, Some(e)) => format!("{} erred ({})", e.seat, e.kind),
        (None, None) => "nobody bid".to_string(),
    };
    let _ = writeln!(
        out,
        "# result: {}; scores A {} B {} C {}",
        result,
        g.scores[Seat::A],
        g.scores[Seat::B],
        g.scores[Seat::C]
    );
    let _ = writeln!(out, "# time: {}", time_secs.ceil() as u64);
    out.push_str(body);
    Some(out)
}
