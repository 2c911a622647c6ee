//! What the arena writes about each game: one JSON line (`--json`), and each seat's view as a
//! transcript in the project's common format (`--transcripts`), which the transcript test can
//! replay into an engine.

use super::deals::Deal;
use super::json::{self, Value};
use super::players::FaultKind;
use super::referee::{ErrorRecord, GameRecord};
use crate::cards::Cards;
use crate::game::{BySeat, Seat};
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

/// A game line of a JSON log read back ([`game_json`]'s inverse), with `labels` naming the
/// player entries as they did when it was written. Reply times come back in whole
/// microseconds; transcripts are not in the log.
pub fn game_from_json(v: &Value, labels: &[String]) -> Result<GameRecord, String> {
    let field = |k: &str| v.get(k).ok_or(format!("no '{}'", k));
    let number = |x: &Value, what: &str| x.as_f64().ok_or(format!("{} is no number", what));
    let seat = |x: &Value| -> Result<Seat, String> {
        let t = x.as_str().unwrap_or("");
        let mut chars = t.chars();
        match (chars.next().and_then(Seat::from_letter), chars.next()) {
            (Some(s), None) => Ok(s),
            _ => Err(format!("'{}' is no seat", t)),
        }
    };
    let maybe_seat = |x: Option<&Value>| match x {
        None | Some(Value::Null) => Ok(None),
        Some(x) => seat(x).map(Some),
    };
    let cards = |x: &Value| -> Result<Option<Cards>, String> {
        match x.as_str() {
            Some("-1") => Ok(None),
            Some(t) => Cards::parse_codes(t)
                .map(Some)
                .map_err(|e| format!("cards '{}': {}", t, e)),
            None => Err("cards are no text".to_string()),
        }
    };
    let held = |k: &str| -> Result<Cards, String> {
        field("hands")?
            .get(k)
            .ok_or(format!("no hand {}", k))
            .and_then(cards)
            .map(Option::unwrap_or_default)
    };
    let deal = Deal {
        hands: BySeat([held("A")?, held("B")?, held("C")?]),
        bottom: held("bottom")?,
    };
    let mut lineup = [0; 3];
    let players = field("players")?.items();
    if players.len() != 3 {
        return Err("'players' does not name three seats".into());
    }
    for (slot, p) in lineup.iter_mut().zip(players) {
        let name = p.as_str().unwrap_or("");
        *slot = labels
            .iter()
            .position(|l| l == name)
            .ok_or(format!("player '{}' is not one of the run's", name))?;
    }
    let scores = field("scores")?.items();
    if scores.len() != 3 {
        return Err("'scores' has not three numbers".into());
    }
    let mut errors = Vec::new();
    for e in field("errors")?.items() {
        let kind = e.get("kind").and_then(Value::as_str).unwrap_or("");
        errors.push(ErrorRecord {
            seat: seat(e.get("seat").unwrap_or(&Value::Null))?,
            kind: FaultKind::from_name(kind).ok_or(format!("unknown fault '{}'", kind))?,
            detail: e
                .get("detail")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            scored: e.get("scored") == Some(&Value::Bool(true)),
        });
    }
    let mut bids = Vec::new();
    for b in field("bids")?.items() {
        match b.items() {
            [s, bid] => bids.push((seat(s)?, number(bid, "a bid")? as u8)),
            _ => return Err("a bid is not [seat, bid]".into()),
        }
    }
    let mut plays = Vec::new();
    for p in field("plays")?.items() {
        match p.items() {
            [s, c] => plays.push((seat(s)?, cards(c)?)),
            _ => return Err("a play is not [seat, cards]".into()),
        }
    }
    let mut times = BySeat::<Vec<u64>>::default();
    for (s, list) in Seat::ALL
        .iter()
        .zip(v.get("reply_us").map_or(&[][..], Value::items))
    {
        times[*s] = list
            .items()
            .iter()
            .map(|t| number(t, "a reply time").map(|us| us as u64 * 1000))
            .collect::<Result<_, _>>()?;
    }
    Ok(GameRecord {
        deal_index: number(field("deal")?, "'deal'")? as usize,
        seating: number(field("seating")?, "'seating'")? as usize,
        lineup,
        seed: number(field("seed")?, "'seed'")? as u64,
        deal,
        bids,
        landlord: maybe_seat(v.get("landlord"))?,
        base: number(field("base")?, "'base'")? as u8,
        plays,
        winner: maybe_seat(v.get("winner"))?,
        multiplier: number(field("multiplier")?, "'multiplier'")? as i32,
        scores: BySeat([
            number(&scores[0], "a score")? as i32,
            number(&scores[1], "a score")? as i32,
            number(&scores[2], "a score")? as i32,
        ]),
        errors,
        times,
        transcripts: None,
        swapped: maybe_seat(v.get("swapped"))?,
    })
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
