//! A game as the pages draw it: the seats with their names, roles and hands, the bottom, the
//! bids, every play with its trick, and the result with what multiplied it, all read from the
//! game's one [`Narration`]. `ddz replay --html`
//! writes a list of these into the replay page; `ddz serve` sends the result part to the play
//! page and links the finished game's replay. Cards are the competition's codes, the pages
//! draw them.

use crate::arena::wire::json::GameLine;
use crate::cards::Cards;
use crate::game::Seat;
use crate::play::narration::{Narration, Played};
use serde::Serialize;

/// One finished game as the pages draw it (the replay page lists them; the play page draws
/// a game's end from one).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct DrawnGame {
    /// The game's name in the page's list: `game 3: deal 0, seating 2`.
    pub(crate) title: String,
    /// A, B, C.
    pub(crate) seats: Vec<SeatHand>,
    /// The bottom cards.
    pub(crate) bottom: Vec<u8>,
    /// The bids in order.
    pub(crate) bids: Vec<Bid>,
    /// The landlord, when somebody bid.
    pub(crate) landlord: Option<Seat>,
    /// The base (the landlord's bid; 1 without bidding).
    pub(crate) base: u8,
    /// Every play and pass in order.
    pub(crate) plays: Vec<Play>,
    /// How the game ended and its scores.
    pub(crate) result: Ending,
    /// The seat drawn at the bottom: the one whose view a log holds (`None`: B).
    pub(crate) south: Option<Seat>,
    /// Each decision's thinking, from the engine's log (empty for a game log).
    pub(crate) thinking: Vec<Thought>,
}

/// A seat's player and hand.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct SeatHand {
    /// The seat.
    pub(crate) seat: Seat,
    /// The player's name in the log.
    pub(crate) name: String,
    /// `landlord` or `farmer`, once the landlord is known.
    pub(crate) role: Option<&'static str>,
    /// The cards the seat played the game with (the landlord's with the bottom); empty when
    /// unseen.
    pub(crate) hand: Vec<u8>,
    /// Whether the hand is known (a log of one seat's view knows only that seat's).
    pub(crate) seen: bool,
    /// How many cards the seat played the game with, seen or not.
    pub(crate) held: usize,
}

/// One bid.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct Bid {
    /// Who bid.
    pub(crate) seat: Seat,
    /// 0 (no bid) to 3.
    pub(crate) bid: u8,
}

/// One play or pass.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Play {
    /// Who played.
    pub(crate) seat: Seat,
    /// The cards (empty for a pass).
    pub(crate) cards: Vec<u8>,
    /// The trick it belongs to, from 0 ([`crate::game::trick_numbers`]).
    pub(crate) trick: usize,
    /// The cards in human notation (`pass` for a pass).
    pub(crate) text: String,
}

/// How a game ended, as the pages show it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Ending {
    /// The line that says it: `C emptied its hand: the farmers win`, `nobody bid: no score`,
    /// or the fault that ended the game.
    pub(crate) headline: String,
    /// The multiplier, when a seat emptied its hand.
    pub(crate) multiplier: Option<i32>,
    /// What raised the multiplier: `2 bombs, spring` (empty when nothing did).
    pub(crate) why: String,
    /// Each seat's score, A, B, C.
    pub(crate) scores: [i32; 3],
}

/// Codes ascending.
fn codes(cards: Cards) -> Vec<u8> {
    cards.codes().collect()
}

impl DrawnGame {
    /// The game of one log line, titled `title`.
    #[must_use]
    pub(crate) fn of_line(line: &GameLine, title: String) -> DrawnGame {
        let mut narration = Narration::of_line(line);
        narration.title = title;
        DrawnGame::of(&narration)
    }

    /// The game `narration` tells, as the pages draw it.
    #[must_use]
    pub(crate) fn of(narration: &Narration) -> DrawnGame {
        let landlord = narration.landlord;
        let bottom = narration.bottom.unwrap_or(Cards::EMPTY);
        let seats = Seat::ALL
            .iter()
            .map(|&seat| {
                let dealt = &narration.seats[seat.index()];
                let mut hand = dealt.hand.unwrap_or(Cards::EMPTY);
                if landlord == Some(seat) {
                    hand = hand.or(bottom);
                }
                // An unseen hand: as many cards as a seat is dealt, the bottom's too.
                let unseen = usize::from(crate::game::state::HAND_SIZE)
                    + if landlord == Some(seat) {
                        usize::from(crate::game::state::BOTTOM_SIZE)
                    } else {
                        0
                    };
                SeatHand {
                    seat,
                    name: dealt.player.clone(),
                    role: landlord.map(|l| if l == seat { "landlord" } else { "farmer" }),
                    hand: codes(hand),
                    seen: dealt.hand.is_some(),
                    held: narration.held()[seat.index()].unwrap_or(unseen),
                }
            })
            .collect();
        DrawnGame {
            title: narration.title.clone(),
            seats,
            bottom: codes(bottom),
            bids: narration
                .bids
                .iter()
                .map(|&(seat, bid)| Bid { seat, bid })
                .collect(),
            landlord,
            base: narration.base.unwrap_or(1),
            plays: narration.plays.iter().map(Play::of).collect(),
            result: Ending::of(narration),
            south: None,
            thinking: Vec::new(),
        }
    }
}

impl Play {
    /// A play of a narration.
    #[must_use]
    pub(crate) fn of(played: &Played) -> Play {
        Play {
            seat: played.seat,
            cards: played.cards.map_or_else(Vec::new, codes),
            trick: played.trick,
            text: played.text(),
        }
    }
}

impl Ending {
    /// How the game `narration` tells ended.
    #[must_use]
    pub(crate) fn of(narration: &Narration) -> Ending {
        let multiplier = narration.won.and_then(|w| w.multiplier);
        Ending {
            headline: narration.headline(),
            multiplier: multiplier.map(|m| m.value as i32),
            why: multiplier.map_or_else(String::new, |m| m.reasons().join(", ")),
            scores: narration.scores.unwrap_or([0; 3]),
        }
    }
}

/// The replay page of the games of `lines` (`(number in the log from 1, line)`), titled by
/// `source`: a log's file name only, without its folders, since pages get shared and a path
/// shows the folders of the machine that wrote it.
#[must_use]
pub(crate) fn page(lines: &[(usize, &GameLine)], source: &str) -> String {
    let games: Vec<DrawnGame> = lines
        .iter()
        .map(|&(n, line)| {
            let title = format!("game {}: deal {}, seating {}", n, line.deal, line.seating);
            DrawnGame::of_line(line, title)
        })
        .collect();
    page_of(&games, source)
}

/// The replay page of `games`, titled by `source` as [`page`] titles it.
#[must_use]
pub(crate) fn page_of(games: &[DrawnGame], source: &str) -> String {
    let source = std::path::Path::new(source)
        .file_name()
        .map_or(std::borrow::Cow::Borrowed(source), |name| {
            name.to_string_lossy()
        });
    let json = serde_json::to_string(games).expect("a game is plain data");
    super::page::replay_page(&json, &source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_log_without_its_folders() {
        let folders = std::env::temp_dir().join("somebody").join("logs");
        let path = folders.join("arena12.jsonl");
        let shown = page(&[], &path.to_string_lossy());
        assert!(shown.contains("arena12.jsonl"));
        assert!(!shown.contains("somebody"), "the folders are not shown");
        // What names no file is shown as it is.
        assert!(page(&[], "ddz serve, deal 3").contains("ddz serve, deal 3"));
    }
}

/// One decision's thinking, as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Thought {
    /// The page's step it belongs to: the plays made once it was answered (0: a bid, shown
    /// from the start).
    pub(crate) step: usize,
    /// What was decided: `bid 2`, `play 7, trick 3: 7AAA`.
    pub(crate) title: String,
    /// The log's line of the note.
    pub(crate) line: usize,
    /// The answer and how it was found, in a line ([`crate::strategy::Note::describe`]'s first).
    pub(crate) summary: String,
    /// The answer, in human notation (`pass`, or the bid).
    pub(crate) answer: String,
    /// The fast policy's own choice, when it was asked.
    pub(crate) policy: Option<String>,
    /// The candidates, best mean first.
    pub(crate) candidates: Vec<Row>,
}

/// A candidate's figures.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Row {
    /// The play.
    pub(crate) play: String,
    /// Mean score for our side.
    pub(crate) mean: f64,
    /// Half-width of the 95% interval (`null` when infinite).
    pub(crate) ci95: Option<f64>,
    /// Win rate, percent.
    pub(crate) win: f64,
    /// Deals.
    pub(crate) deals: u32,
}
