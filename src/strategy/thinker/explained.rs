//! What the thinking player saw when it answered a question, handed back to the engine
//! ([`Strategy::take_explanation`](crate::strategy::Strategy::take_explanation)): its search or
//! its bidder's look at the hand, the answer and the time. The log's line of it, written and read
//! by one grammar, is [`crate::strategy::explain`](mod@crate::strategy::explain)'s.

use super::bid::NetBid;
use super::race::{Analysis, Stopped};
use super::stats::CandidateReport;
use super::table::TableEstimate;
use crate::game::Scoring;
use crate::rules::Combo;
use crate::strategy::explain::Note;
use crate::strategy::rules_player::bid_thresholds;
use std::fmt;
use std::time::Duration;

/// What a strategy saw when it answered one question.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Explanation {
    /// A play.
    Play(PlayExplained),
    /// A bid.
    Bid(BidExplained),
}

/// A play decision.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PlayExplained {
    /// The search; `None` when one play was legal and was answered at once.
    pub(crate) analysis: Option<Analysis>,
    /// The play answered.
    pub(crate) answer: Combo,
    /// The time the decision took.
    pub(crate) time: Duration,
}

/// A bid decision.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BidExplained {
    /// What the bidder saw.
    pub(crate) seen: BidSeen,
    /// The bid answered (0: no bid).
    pub(crate) answer: u8,
    /// The time the decision took.
    pub(crate) time: Duration,
}

/// What a bidder saw of the hand.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum BidSeen {
    /// No bid above the highest was legal: no look needed.
    NoChoice,
    /// The rule player's value thresholds (`bid = value`): the hand's expected value (tenths,
    /// with three bottom cards drawn) against the thresholds of bids 1, 2 and 3.
    Value {
        /// The bid made.
        bid: u8,
        /// The expected value.
        value: i32,
        /// The scoring rule, whose thresholds apply.
        scoring: Scoring,
    },
    /// The bid network's values (`bid = net`), against the margin in stakes.
    Net {
        /// What it said.
        said: NetBid,
        /// The margin, in stakes.
        margin: f64,
    },
    /// The bid network's values corrected by the table (`bid = table`), against the margin.
    Table {
        /// What it said, corrected.
        said: NetBid,
        /// The margin, in stakes.
        margin: f64,
        /// What the table's games had shown (`table_text`).
        table: String,
    },
}

impl BidSeen {
    /// What the bid network said, against `margin` stakes.
    #[must_use]
    pub(crate) fn net(said: NetBid, margin: f64) -> BidSeen {
        BidSeen::Net { said, margin }
    }

    /// The bid the bidder made of what it saw (0 when none was legal).
    #[must_use]
    pub(crate) fn bid(&self) -> u8 {
        match self {
            BidSeen::NoChoice => 0,
            BidSeen::Value { bid, .. } => *bid,
            BidSeen::Net { said, .. } | BidSeen::Table { said, .. } => said.bid,
        }
    }
}

impl Explanation {
    /// The explanation as its log line's fields.
    #[must_use]
    pub(crate) fn note(&self) -> Note {
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
                        note.push("stopped", a.stopped.to_string());
                    }
                    None => {
                        note.push("deals", "0".to_string());
                        note.push("time", seconds(p.time));
                        note.push("stopped", Stopped::NoSearch.to_string());
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
                    BidSeen::Table {
                        said,
                        margin,
                        table,
                    } => {
                        note.push("by", "table".to_string());
                        note.push("landlord", format!("{:+.1}", said.value));
                        note.push("pass", format!("{:+.1}", said.pass));
                        note.push("win", percent(said.win_chance));
                        note.push("margin", margin.to_string());
                        note.push("edge", table.clone());
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

/// What a table's games had shown, `L+0.62/7x1.70 F-0.10/12x1.45 taken 90.0%/9 base 2.80`:
/// each side's shift of the network's win chance (log-odds) over its games and its stakes a
/// game, how often another seat took the deal when we passed, and at what base.
pub(crate) fn table_text(t: &TableEstimate) -> String {
    format!(
        "L{:+.2}/{}x{:.2} F{:+.2}/{}x{:.2} taken {}/{} base {:.2}",
        t.landlord.delta(),
        t.landlord.count(),
        t.landlord_stakes.estimate(),
        t.farmers.delta(),
        t.farmers.count(),
        t.farmer_stakes.estimate(),
        percent(t.taken.estimate()),
        t.taken.count(),
        t.base.estimate()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Counts;
    use crate::game::Scoring;
    use crate::rules::{classify, Combo};

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
