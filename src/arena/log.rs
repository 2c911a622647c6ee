//! What the arena writes about each game: one JSON line (`--json`), and each seat's view as a
//! transcript in the project's common format (`--transcripts`), which the transcript test can
//! replay into an engine.

use super::json;
use super::referee::GameRecord;
use crate::cards::Cards;
use crate::game::Seat;
use std::fmt::Write;

fn codes_or_pass(cards: Option<Cards>) -> String {
    match cards {
        Some(c) => c.to_codes(),
        None => "-1".to_string(),
    }
}

/// The game as one JSON object (no line end). `labels` names the player entries.
#[must_use]
pub fn game_json(g: &GameRecord, labels: &[String]) -> String {
    let mut out = String::with_capacity(1024);
    let _ = write!(
        out,
        "{{\"deal\":{},\"seating\":{},\"seed\":{},\"players\":[",
        g.deal_index, g.seating, g.seed
    );
    for (i, seat) in Seat::ALL.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::push_str(&mut out, &labels[g.lineup[seat.index()]]);
    }
    let _ = write!(
        out,
        "],\"hands\":{{\"A\":\"{}\",\"B\":\"{}\",\"C\":\"{}\",\"bottom\":\"{}\"}},\"bids\":[",
        g.deal.hands[Seat::A].to_codes(),
        g.deal.hands[Seat::B].to_codes(),
        g.deal.hands[Seat::C].to_codes(),
        g.deal.bottom.to_codes()
    );
    for (i, (seat, bid)) in g.bids.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[\"{}\",{}]", seat, bid);
    }
    out.push_str("],\"landlord\":");
    match g.landlord {
        Some(l) => {
            let _ = write!(out, "\"{}\"", l);
        }
        None => out.push_str("null"),
    }
    let _ = write!(out, ",\"base\":{},\"plays\":[", g.base);
    for (i, (seat, cards)) in g.plays.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[\"{}\",\"{}\"]", seat, codes_or_pass(*cards));
    }
    out.push_str("],\"winner\":");
    match g.winner {
        Some(w) => {
            let _ = write!(out, "\"{}\"", w);
        }
        None => out.push_str("null"),
    }
    if let Some(seat) = g.swapped {
        // The team format's seat swap: "players" names the seats' players after it.
        let _ = write!(out, ",\"swapped\":\"{}\"", seat);
    }
    let _ = write!(
        out,
        ",\"multiplier\":{},\"scores\":[{},{},{}],\"errors\":[",
        g.multiplier, g.scores.0[0], g.scores.0[1], g.scores.0[2]
    );
    for (i, e) in g.errors.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"seat\":\"{}\",\"kind\":\"{}\",\"scored\":{},\"detail\":",
            e.seat,
            e.kind.name(),
            e.scored
        );
        json::push_str(&mut out, &e.detail);
        out.push('}');
    }
    out.push_str("],\"reply_us\":[");
    for (i, seat) in Seat::ALL.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        for (j, t) in g.times[*seat].iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            // Whole microseconds, as the log has always had them.
            let _ = write!(out, "{}", t / 1000);
        }
        out.push(']');
    }
    out.push_str("]}");
    out
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
