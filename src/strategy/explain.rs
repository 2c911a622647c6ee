//! A decision explained: what a strategy saw when it answered a question, as the engine writes
//! it into its log (one line per decision, `explain = on`) and as `ddz analyze` and `ddz replay`
//! read it back. A [`Note`] is that line, written and read by one grammar (docs/engine.md, "The
//! thinking in the log"); a strategy hands one back
//! ([`Strategy::take_explanation`](super::Strategy::take_explanation)), the thinking player's
//! made from what its search saw ([`crate::strategy::thinker::Explanation`]). It knows no
//! strategy, so the trait depends on no player:
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
//! a `Stopped` by name) and `answer`. A play answered without search (one legal play) has no
//! `cand` nor `policy`. A bid's: `by` (the bidder: `value`, `net`, `table`, or `none` when no
//! bid was legal), what that bidder saw (`value` and `thresholds`; `landlord`, `pass`, `win`,
//! `margin`, and `table`'s `edge`), `time` and `answer`. Plays are in human notation (`pass`
//! for a pass); a reader keeps the fields it does not know, so fields can be added.

use std::fmt;

/// What starts a note in the log, after the line's tag.
pub(crate) const NOTE_START: &str = "# think ";

/// Between a note's question and fields, and between fields.
const FIELD_SEPARATOR: &str = " | ";

/// One decision's line of the log, read or to be written: the question and the fields in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// `play` or `bid`.
    pub question: String,
    /// `(key, value)` in the line's order; a key may repeat (`cand`).
    pub(crate) fields: Vec<(String, String)>,
}

/// A candidate's figures as a note gives them (rounded as printed).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NotedCandidate {
    /// The play, in human notation.
    pub(crate) play: String,
    /// Its mean score for our side.
    pub(crate) mean: f64,
    /// The half-width of the mean's 95% interval (infinite below two deals).
    pub(crate) ci95: f64,
    /// Our side's win rate, in percent.
    pub(crate) win_percent: f64,
    /// The deals it was judged on.
    pub(crate) deals: u32,
}

impl Note {
    pub(crate) fn push(&mut self, key: &str, value: String) {
        self.fields.push((key.to_string(), value));
    }

    /// The note in `text` (a log line's text after its tag, `# think …`); `None` when it is
    /// no note.
    #[must_use]
    pub(crate) fn parse(text: &str) -> Option<Note> {
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
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The search's candidates, best mean first (`cand` fields that read).
    #[must_use]
    pub(crate) fn candidates(&self) -> Vec<NotedCandidate> {
        self.fields
            .iter()
            .filter(|(k, _)| k == "cand")
            .filter_map(|(_, v)| read_candidate(v))
            .collect()
    }

    /// The note for people, a few lines: the answer and how it was found, then each candidate
    /// with its figures, as `ddz replay` and `ddz analyze` show it.
    #[must_use]
    pub(crate) fn describe(&self) -> Vec<String> {
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
