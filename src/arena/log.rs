//! What the arena writes about each game: one JSON line (`--json`, a [`GameLine`]), and each seat's view as a
//! transcript in the project's common format (`--transcripts`), which the transcript test can
//! replay into an engine.

use super::json::GameLine;
use super::referee::GameRecord;
use crate::game::Seat;
use std::fmt::Write;

/// The game as one JSON line (no line end), `labels` naming the player entries: the
/// [`GameLine`] of the record.
#[must_use]
pub fn game_json(g: &GameRecord, labels: &[String]) -> String {
    GameLine::new(g, labels).write()
}

/// The file name of one seat's transcript of a game.
#[must_use]
pub fn transcript_name(g: &GameRecord, seat: Seat) -> String {
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
        g.deal_index,
        g.seating,
        seat,
        labels[g.lineup[seat.index()]]
    );
    let result = match (g.winner, g.errors.iter().find(|e| e.scored)) {
        (Some(w), _) => format!("{} emptied its hand", w),
        (None, Some(e)) => format!("{} erred ({})", e.seat, e.kind.name()),
        (None, None) => "nobody bid".to_string(),
    };
    let _ = writeln!(
        out,
        "# result: {}; scores A {} B {} C {}",
        result, g.scores.0[0], g.scores.0[1], g.scores.0[2]
    );
    let _ = writeln!(out, "# time: {}", time_secs.ceil() as u64);
    out.push_str(body);
    Some(out)
}
