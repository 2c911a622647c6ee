//! A decision explained: what a strategy saw when it answered a question, as the engine writes
//! it into its log (one line per decision, `explain = on`) and as `ddz analyze` and `ddz replay`
//! read it back. [`Explanation`] is what the thinking player hands back
//! ([`Strategy::take_explanation`](super::Strategy::take_explanation)); [`Note`] is its line,
//! written and read by one grammar (docs/engine.md, "The thinking in the log"):
//!
//! ```text
//! note     = "# think " question { " | " field }
//! question = "bid" | "play"
//! field    = key " " value        (key: lowercase letters and '-'; value: no " | " in it)
//! ```
//!
//! A play's fields, in this order: `cand` once per candidate of the search, best mean first
//! (`cand PLAY MEAN +-CI95 WIN% DEALS`), `policy` (the fast policy's own choice), `deals` (the
//! search's deals), `time` (`S s`, the strategy's own time), `stopped` (why the search stopped:
//! [`Stopped::name`]) and `answer`. A play answered without search (one legal play) has no
//! `cand` nor `policy`. A bid's: `by` (the bidder: `value`, `net`, or `none` when no bid was
//! legal), what that bidder saw (`value` and `thresholds`; `landlord`, `pass`, `win`,
//! `margin`), `time` and `answer`. Plays are in human notation (`pass`
//! for a pass); a reader keeps the fields it does not know, so fields can be added.

use super::rules_player::bid_thresholds;
use super::thinker::{BidSeen, CandidateReport, Explanation, Stopped};
use std::fmt;
use std::time::Duration;

impl Explanation {
    /// The explanation as its log line's fields.
    #[must_use]
    pub fn note(&self) -> Note {
        let mut note = Note {
            question: String::new(),
            fields: Vec::new(),
        };
        match self {
            Explanation::Play(p) => {
                note.question = "play".to_string();
                match &p.analysis {
                    Some(a) => {
                        for c in &a.candidates {
                            note.push("cand", candidate_text(c));
                        }
                        note.push("policy", a.policy_choice.to_string());
                        note.push("deals", a.deals.to_string());
                        note.push("time", seconds(p.time));
                        note.push("stopped", a.stopped.name().to_string());
                    }
                    None => {
                        note.push("deals", "0".to_string());
                        note.push("time", seconds(p.time));
                        note.push("stopped", Stopped::NoSearch.name().to_string());
                    }
                }
                note.push("answer", p.answer.to_string());
            }
            Explanation::Bid(b) => {
                note.question = "bid".to_string();
                match &b.seen {
                    BidSeen::NoChoice => note.push("by", "none".to_string()),
                    BidSeen::Value { value, scoring, .. } => {
                        note.push("by", "value".to_string());
                        note.push("value", value.to_string());
                        let t = bid_thresholds(*scoring);
                        note.push("thresholds", format!("{} {} {}", t[0], t[1], t[2]));
                    }
                    BidSeen::Net { said, margin } => {
                        note.push("by", "net".to_string());
                        note.push("landlord", format!("{:+.1}", said.value));
                        note.push("pass", format!("{:+.1}", said.pass));
                        note.push("win", percent(said.win_chance));
                        note.push("margin", margin.to_string());
                    }
                }
                note.push("time", seconds(b.time));
                note.push("answer", b.answer.to_string());
            }
        }
        note
    }
}

impl fmt::Display for Explanation {
    /// The log line (without the engine's `[PID SEAT]` tag).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.note().fmt(f)
    }
}

/// `PLAY MEAN +-CI95 WIN% DEALS`, the figures as `ddz analyze` prints them.
fn candidate_text(c: &CandidateReport) -> String {
    format!(
        "{} {:+.1} +-{:.1} {} {}",
        c.play,
        c.mean,
        c.ci95,
        percent(c.win_rate),
        c.deals
    )
}

/// A share as a percentage with one decimal: `62.5%`.
fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

/// A duration in seconds, to the millisecond: `0.205 s`.
fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// What starts a note in the log, after the line's tag.
pub const NOTE_START: &str = "# think ";

/// Between a note's question and fields, and between fields.
const FIELD_SEPARATOR: &str = " | ";

/// One decision's line of the log, read or to be written: the question and the fields in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// `play` or `bid`.
    pub question: String,
    /// `(key, value)` in the line's order; a key may repeat (`cand`, `final`).
    pub fields: Vec<(String, String)>,
}

/// A candidate's figures as a note gives them (rounded as printed).
#[derive(Clone, Debug, PartialEq)]
pub struct NotedCandidate {
    /// The play, in human notation.
    pub play: String,
    /// Its mean score for our side.
    pub mean: f64,
    /// The half-width of the mean's 95% interval (infinite below two deals).
    pub ci95: f64,
    /// Our side's win rate, in percent.
    pub win_percent: f64,
    /// The deals it was judged on.
    pub deals: u32,
}

impl Note {
    fn push(&mut self, key: &str, value: String) {
        self.fields.push((key.to_string(), value));
    }

    /// The note in `text` (a log line's text after its tag, `# think …`); `None` when it is
    /// no note.
    #[must_use]
    pub fn parse(text: &str) -> Option<Note> {
        let rest = text.trim_end().strip_prefix(NOTE_START)?;
        let mut parts = rest.split(FIELD_SEPARATOR);
        let question = parts.next()?.trim().to_string();
        if question.is_empty() || question.contains(' ') {
            return None;
        }
        let fields = parts
            .filter_map(|field| {
                let (key, value) = field.trim().split_once(' ').unwrap_or((field.trim(), ""));
                let is_key =
                    !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
                is_key.then(|| (key.to_string(), value.trim().to_string()))
            })
            .collect();
        Some(Note { question, fields })
    }

    /// The first value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The search's candidates, best mean first (`cand` fields that read).
    #[must_use]
    pub fn candidates(&self) -> Vec<NotedCandidate> {
        self.figures("cand")
    }

    fn figures(&self, key: &str) -> Vec<NotedCandidate> {
        self.fields
            .iter()
            .filter(|(k, _)| k == key)
            .filter_map(|(_, v)| read_candidate(v))
            .collect()
    }

    /// A number field (`deals`), when it reads.
    #[must_use]
    pub fn count(&self, key: &str) -> Option<u32> {
        self.get(key)?.parse().ok()
    }

    /// The note for people, a few lines: the answer and how it was found, then each candidate
    /// with its figures, as `ddz replay` and `ddz analyze` show it.
    #[must_use]
    pub fn describe(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let answer = self.get("answer").unwrap_or("?");
        let time = self.get("time").unwrap_or("? s");
        if self.question == "play" {
            let mut head = format!("played {}", answer);
            if let Some(policy) = self.get("policy") {
                head.push_str(&format!(" (the fast policy's: {})", policy));
            }
            head.push_str(&format!(
                "; {} deals, {}, stopped: {}",
                self.get("deals").unwrap_or("?"),
                time,
                self.get("stopped").unwrap_or("?")
            ));
            lines.push(head);
            let candidates = self.candidates();
            if !candidates.is_empty() {
                lines.push(format!(
                    "  {:<16} {:>9} {:>8} {:>6} {:>6}",
                    "play", "mean", "±95%", "win%", "deals"
                ));
                for c in &candidates {
                    lines.push(format!(
                        "  {:<16} {:>+9.1} {:>8.1} {:>6.1} {:>6}",
                        c.play, c.mean, c.ci95, c.win_percent, c.deals
                    ));
                }
            }
        } else {
            let seen: Vec<String> = self
                .fields
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "answer" | "time" | "by"))
                .map(|(k, v)| format!("{} {}", k, v))
                .collect();
            let mut head = match self.get("by") {
                Some("none") => format!("bid {}: no bid above the highest was legal", answer),
                by => format!("bid {} by {}", answer, by.unwrap_or("?")),
            };
            if !seen.is_empty() {
                head.push_str(&format!(": {}", seen.join(", ")));
            }
            head.push_str(&format!("; {}", time));
            lines.push(head);
        }
        lines
    }
}

/// `PLAY MEAN +-CI95 WIN% DEALS`.
fn read_candidate(text: &str) -> Option<NotedCandidate> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        [play, mean, ci, win, deals] => Some(NotedCandidate {
            play: play.to_string(),
            mean: mean.parse().ok()?,
            ci95: ci.strip_prefix("+-")?.parse().ok()?,
            win_percent: win.strip_suffix('%')?.parse().ok()?,
            deals: deals.parse().ok()?,
        }),
        _ => None,
    }
}

impl fmt::Display for Note {
    /// The log line: `# think play | cand … | answer …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", NOTE_START, self.question)?;
        for (key, value) in &self.fields {
            write!(f, "{}{} {}", FIELD_SEPARATOR, key, value)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Counts;
    use crate::game::Scoring;
    use crate::rules::{classify, Combo};
    use crate::strategy::thinker::{Analysis, BidExplained, NetBid, PlayExplained};

    fn play(ranks: &str) -> Combo {
        classify(ranks.parse::<Counts>().unwrap()).unwrap()
    }

    fn report(p: Combo, mean: f64, deals: u32) -> CandidateReport {
        CandidateReport {
            play: p,
            deals,
            mean,
            win_rate: 0.625,
            ci95: if deals < 2 { f64::INFINITY } else { 21.25 },
        }
    }

    fn searched() -> Explanation {
        Explanation::Play(PlayExplained {
            analysis: Some(Analysis {
                candidates: vec![
                    report(Combo::PASS, 9.04, 16),
                    report(play("7AAA"), -198.6, 16),
                    report(play("55"), -250.0, 1),
                ],
                chosen: Combo::PASS,
                policy_choice: play("7AAA"),
                deals: 16,
                stopped: Stopped::Budget,
            }),
            answer: Combo::PASS,
            time: Duration::from_millis(205),
        })
    }

    /// The line reads back as the fields it was written from, and a candidate's figures as
    /// printed (an infinite interval included).
    #[test]
    fn a_note_reads_back_as_written() {
        let e = searched();
        let line = e.to_string();
        assert!(
            line.starts_with("# think play | cand pass +9.0 +-21.2 62.5% 16 | "),
            "{}",
            line
        );
        assert!(
            line.ends_with(" | time 0.205 s | stopped budget | answer pass"),
            "{}",
            line
        );
        let note = Note::parse(&line).expect("a note");
        assert_eq!(note, e.note());
        assert_eq!(note.to_string(), line);
        let c = note.candidates();
        assert_eq!(c.len(), 3);
        assert_eq!(
            (c[1].play.as_str(), c[1].mean, c[1].deals),
            ("7AAA", -198.6, 16)
        );
        assert!(c[2].ci95.is_infinite());
        assert_eq!(note.get("policy"), Some("7AAA"));
        // Other lines are no notes.
        assert_eq!(Note::parse("# hand 3456 | left A17 B17 C17"), None);
        assert_eq!(Note::parse("> PLAY WHAT"), None);
    }

    #[test]
    fn bids_say_what_the_bidder_saw() {
        let b = Explanation::Bid(BidExplained {
            seen: BidSeen::Net {
                said: NetBid {
                    value: 0.4567,
                    pass: -0.2,
                    win_chance: 0.55,
                    bid: 3,
                },
                margin: -0.15,
            },
            answer: 3,
            time: Duration::from_micros(800),
        });
        assert_eq!(
            b.to_string(),
            "# think bid | by net | landlord +0.5 | pass -0.2 | win 55.0% | margin -0.15 \
             | time 0.001 s | answer 3"
        );
        let v = Explanation::Bid(BidExplained {
            seen: BidSeen::Value {
                bid: 2,
                value: -180,
                scoring: Scoring::Official,
            },
            answer: 2,
            time: Duration::ZERO,
        });
        let note = Note::parse(&v.to_string()).unwrap();
        assert_eq!(note.get("thresholds"), Some("-230 -200 -170"));
        assert_eq!(
            note.describe()[0],
            "bid 2 by value: value -180, thresholds -230 -200 -170; 0.000 s"
        );
    }
}
