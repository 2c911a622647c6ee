//! One narration of a game: who sat where with which hand, the bottom, the bids and the
//! landlord, every play with its trick and the cards it left, the faults, how it ended and the
//! scores. It is read once from a game log's line ([`Narration::of_line`]) or, as far as one
//! seat saw it, from a transcript ([`Narration::of_transcript`]); [`Narration::text`] writes it for people (the
//! text replay, and `ddz play` after each game) and `crate::web::replay_page` sends it to the
//! browser's pages, so the three tell a game the same way.

use crate::arena::wire::json::GameLine;
use crate::arena::wire::transcript::Transcript;
use crate::cards::Cards;
use crate::game::{trick_numbers, Outcome, Seat, Shown};
use crate::protocol::{Command, Reply};
use std::fmt::Write;

/// A seat at the start of the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dealt {
    /// The player's name (empty when unknown).
    pub(crate) player: String,
    /// The hand as dealt, without the bottom; `None` when unseen (another seat of a transcript).
    pub(crate) hand: Option<Cards>,
}

/// One play or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    /// Who played.
    pub(crate) seat: Seat,
    /// The cards; `None` for a pass.
    pub(crate) cards: Option<Cards>,
    /// The trick it belongs to, from 0 ([`trick_numbers`]).
    pub(crate) trick: usize,
    /// The cards the seat held after it, when its hand is known.
    pub(crate) left: Option<usize>,
}

impl Played {
    /// The plays of a game in order (`None` cards: a pass), each with its trick and, for the
    /// seats whose count at the start is in `held` (the landlord's with the bottom), the
    /// cards left after it.
    #[must_use]
    pub(crate) fn sequence(
        plays: &[(Seat, Option<Cards>)],
        held: [Option<usize>; 3],
    ) -> Vec<Played> {
        let mut left = held;
        let tricks = trick_numbers(plays.iter().map(|(_, cards)| cards.is_none()));
        plays
            .iter()
            .zip(tricks)
            .map(|(&(seat, cards), trick)| {
                let n = &mut left[seat.index()];
                if let (Some(c), Some(n)) = (cards, n.as_mut()) {
                    *n = n.saturating_sub(c.len());
                }
                Played {
                    seat,
                    cards,
                    trick,
                    left: *n,
                }
            })
            .collect()
    }

    /// The cards in human notation, `pass` for a pass.
    #[must_use]
    pub(crate) fn text(&self) -> String {
        self.cards
            .map_or_else(|| "pass".to_string(), |c| c.to_string())
    }
}

/// A faulty reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Faulted {
    /// What happened: `B timeout: no answer in 15 s`.
    pub(crate) text: String,
    /// Whether it was scored (a fault after the game's end changes no score).
    pub(crate) scored: bool,
}

/// A game a seat won by emptying its hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Won {
    /// The seat that emptied its hand.
    pub(crate) winner: Seat,
    /// The landlord.
    pub(crate) landlord: Seat,
    /// The recorded multiplier, with what made it read from the plays; `None` when not
    /// recorded (a transcript).
    pub(crate) multiplier: Option<Shown>,
}

impl Won {
    /// `C emptied its hand: the farmers win`.
    #[must_use]
    pub(crate) fn headline(&self) -> String {
        let side = if self.winner == self.landlord {
            "the landlord wins"
        } else {
            "the farmers win"
        };
        format!("{} emptied its hand: {}", self.winner, side)
    }
}

/// A game as far as its record tells it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Narration {
    /// What the game is called: `deal 4, seating 0`.
    pub(crate) title: String,
    /// A, B, C at the deal.
    pub(crate) seats: [Dealt; 3],
    /// The bottom cards, once known.
    pub(crate) bottom: Option<Cards>,
    /// The bids in order.
    pub(crate) bids: Vec<(Seat, u8)>,
    /// The landlord, once known.
    pub(crate) landlord: Option<Seat>,
    /// The base, once known (the log's, 0 when nobody bid).
    pub(crate) base: Option<u8>,
    /// Every play and pass in order.
    pub(crate) plays: Vec<Played>,
    /// The faulty replies.
    pub(crate) faults: Vec<Faulted>,
    /// The winner, when a seat emptied its hand and the landlord is known.
    pub(crate) won: Option<Won>,
    /// How the game ended when its record does not show the end: the platform's word for a
    /// seat that, by the record, still held cards (a transcript cut short, such as the rules'
    /// own example, whose `GAMEOVER C` comes after C played no card).
    pub(crate) unseen_end: Option<String>,
    /// Each seat's score, A, B, C, when recorded.
    pub(crate) scores: Option<[i32; 3]>,
}

impl Narration {
    /// The game of one log line, titled `deal D, seating S`.
    #[must_use]
    pub(crate) fn of_line(g: &GameLine) -> Narration {
        let mut narration = Narration {
            title: format!("deal {}, seating {}", g.deal, g.seating),
            seats: Seat::ALL.map(|s| Dealt {
                player: g.players[s.index()].clone(),
                hand: Some(g.hands.hands[s]),
            }),
            bottom: Some(g.hands.bottom),
            bids: g.bids.clone(),
            landlord: g.landlord,
            base: Some(g.base),
            plays: Vec::new(),
            faults: g
                .errors
                .iter()
                .map(|e| Faulted {
                    text: format!("{} {}: {}", e.seat, e.kind, e.detail),
                    scored: e.scored,
                })
                .collect(),
            won: None,
            unseen_end: None,
            scores: Some(g.scores),
        };
        narration.plays = Played::sequence(&g.plays, narration.held());
        if let (Some(winner), Some(landlord)) = (g.winner, g.landlord) {
            // The recorded multiplier, with what made it read from the plays.
            let shown = Shown {
                value: i64::from(g.multiplier),
                ..Outcome::of_plays(landlord, g.base, winner, &g.plays).shown()
            };
            narration.won = Some(Won {
                winner,
                landlord,
                multiplier: Some(shown),
            });
        }
        narration
    }

    /// One seat's view of a game, from a transcript (its messages and the seat's answers, its
    /// comments for the title and the missing answers); of several games (several `DEAL`s) the
    /// last one; `None` when the transcript deals no game.
    #[must_use]
    pub(crate) fn of_transcript(t: &Transcript) -> Option<Narration> {
        let mut view = Narration::default();
        let mut plays: Vec<(Seat, Option<Cards>)> = Vec::new();
        let mut winner = None;
        let mut me: Option<Seat> = None;
        let mut notes = t.notes.iter().peekable();
        // A comment: part of the title, and a fault when it says an answer is missing.
        let note = |view: &mut Narration, me: Option<Seat>, text: &str| {
            if text.starts_with("no answer") {
                view.faults.push(Faulted {
                    text: format!("{}: {}", me.map_or('?', Seat::letter), text),
                    scored: true,
                });
            }
        };
        for step in &t.steps {
            while let Some(n) = notes.next_if(|n| n.line < step.line) {
                note(&mut view, me, &n.text);
            }
            match Command::parse(&step.send) {
                Ok(Command::Deal { seat, cards }) => {
                    // A new DEAL starts a new game: keep only the last one.
                    view = Narration::default();
                    plays.clear();
                    winner = None;
                    me = Some(seat);
                    view.seats[seat.index()] = Dealt {
                        player: "(this transcript)".to_string(),
                        hand: Some(cards),
                    };
                }
                Ok(Command::Bid { seat, bid }) => view.bids.push((seat, bid)),
                Ok(Command::Leftover { landlord, cards }) => {
                    view.landlord = Some(landlord);
                    view.bottom = Some(cards);
                    view.base = Some(view.bids.iter().map(|b| b.1).max().unwrap_or(1).max(1));
                }
                Ok(Command::Play { seat, cards }) => plays.push((seat, cards)),
                Ok(Command::GameOver { winner: w }) => winner = w,
                Ok(Command::Error { seat, .. }) => view.faults.push(Faulted {
                    text: format!("{} erred (ERROR sent)", seat.map_or('?', Seat::letter)),
                    scored: true,
                }),
                _ => {}
            }
            match step.expect.as_deref().map(Reply::parse) {
                Some(Ok(Reply::Bid { seat, bid })) => view.bids.push((seat, bid)),
                Some(Ok(Reply::Play { seat, cards })) => plays.push((seat, cards)),
                _ => {}
            }
        }
        for n in notes {
            note(&mut view, me, &n.text);
        }
        me?;
        view.plays = Played::sequence(&plays, view.held());
        if let (Some(winner), Some(landlord)) = (winner, view.landlord) {
            // The platform's GAMEOVER names a winner; the record says whether it emptied its
            // hand (the rules' example stops after two tricks and names C, who played no card).
            let left = cards_left(winner, landlord, view.bottom, &plays);
            if left == 0 {
                // A transcript records no multiplier.
                view.won = Some(Won {
                    winner,
                    landlord,
                    multiplier: None,
                });
            } else {
                view.unseen_end = Some(format!(
                    "the platform ended the game naming {} (GAMEOVER {}), who still held {} card{} \
                     by this record: its end is not in the transcript",
                    winner,
                    winner,
                    left,
                    if left == 1 { "" } else { "s" }
                ));
            }
        }
        view.title = t
            .notes
            .iter()
            .map(|n| n.text.as_str())
            .filter(|c| !c.starts_with("time:") && !c.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        Some(view)
    }

    /// The cards each seat held when the play began (the landlord's with the bottom), where
    /// its hand is known: what [`Played::sequence`] counts down from.
    #[must_use]
    pub(crate) fn held(&self) -> [Option<usize>; 3] {
        Seat::ALL.map(|seat| {
            let bottom = match (self.landlord, self.bottom) {
                (Some(l), Some(b)) if l == seat => b.len(),
                _ => 0,
            };
            self.seats[seat.index()].hand.map(|h| h.len() + bottom)
        })
    }

    /// The cards `seat` held at the end, where its hand is known.
    #[must_use]
    pub(crate) fn cards_left(&self, seat: Seat) -> Option<usize> {
        match self.plays.iter().rev().find(|p| p.seat == seat) {
            Some(last) => last.left,
            None => self.held()[seat.index()],
        }
    }

    /// The line that says how the game ended: who won, or the scored fault that ended it,
    /// `nobody bid: no score`, or `the game did not finish`.
    #[must_use]
    pub(crate) fn headline(&self) -> String {
        if let Some(won) = self.won {
            return won.headline();
        }
        if let Some(end) = &self.unseen_end {
            return end.clone();
        }
        match self.faults.iter().find(|f| f.scored) {
            Some(f) => f.text.clone(),
            None if self.landlord.is_none() => "nobody bid: no score".to_string(),
            None => "the game did not finish".to_string(),
        }
    }

    /// The game for people, as `ddz replay` prints it: a row per seat (role, hand as dealt,
    /// player), the bottom, the bids and the landlord, one line per trick (with the cards left
    /// when a seat is down to two), the faults, the winner with the multiplier and what made
    /// it, and the scores.
    #[must_use]
    pub(crate) fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "== {}", self.title);
        for seat in Seat::ALL {
            let dealt = &self.seats[seat.index()];
            let role = match self.landlord {
                Some(l) if l == seat => "landlord",
                Some(_) => "farmer",
                None => "",
            };
            let hand = dealt
                .hand
                .map_or_else(|| "(unseen)".to_string(), |h| h.to_string());
            let _ = writeln!(out, "{}  {:<8} {:<20} {}", seat, role, hand, dealt.player);
        }
        if let Some(b) = self.bottom {
            let _ = writeln!(out, "bottom       {}", b);
        }
        let base = self.base.unwrap_or(1);
        if !self.bids.is_empty() {
            let bids: Vec<String> = self
                .bids
                .iter()
                .map(|(s, b)| format!("{} {}", s, b))
                .collect();
            let _ = write!(out, "bids: {}", bids.join(", "));
            match self.landlord {
                Some(l) => {
                    let _ = writeln!(out, "  -> landlord {}, base {}", l, base);
                }
                None => {
                    let _ = writeln!(out);
                }
            }
        } else if let Some(l) = self.landlord {
            let _ = writeln!(out, "no bidding: landlord {}, base {}", l, base);
        }
        if self.landlord.is_none() && self.faults.is_empty() {
            let _ = writeln!(out, "nobody bid: no score");
        }
        let mut line = String::new();
        for (i, p) in self.plays.iter().enumerate() {
            if i == 0 || p.trick != self.plays[i - 1].trick {
                if !line.is_empty() {
                    let _ = writeln!(out, "{}", line);
                }
                line = format!("{:>3}.", p.trick + 1);
            }
            let shown = match p.cards {
                Some(c) if c.is_empty() => "-".to_string(),
                _ => p.text(),
            };
            let _ = write!(line, "  {} {}", p.seat, shown);
            if let (Some(c), Some(n)) = (p.cards, p.left) {
                if n <= 2 && !c.is_empty() {
                    let _ = write!(line, " ({} left)", n);
                }
            }
        }
        if !line.is_empty() {
            let _ = writeln!(out, "{}", line);
        }
        for f in &self.faults {
            let after = if f.scored {
                ""
            } else {
                " (after the end; no score change)"
            };
            let _ = writeln!(out, "fault: {}{}", f.text, after);
        }
        if let Some(won) = self.won {
            let _ = write!(out, "{}", won.headline());
            if let Some(shown) = won.multiplier {
                let _ = write!(out, ", multiplier {}", shown);
            }
            let _ = writeln!(out);
        }
        if let Some(end) = &self.unseen_end {
            let _ = writeln!(out, "{}", end);
        }
        if let Some(s) = self.scores {
            let _ = writeln!(out, "score: A {}  B {}  C {}", s[0], s[1], s[2]);
        }
        out
    }
}

/// The cards `seat` held at the end of `plays`: dealt 17, the bottom's too for the landlord,
/// less every card it played.
fn cards_left(
    seat: Seat,
    landlord: Seat,
    bottom: Option<Cards>,
    plays: &[(Seat, Option<Cards>)],
) -> usize {
    let dealt = usize::from(crate::game::state::HAND_SIZE);
    let start = if seat == landlord {
        dealt + bottom.map_or(usize::from(crate::game::state::BOTTOM_SIZE), |b| b.len())
    } else {
        dealt
    };
    let played: usize = plays
        .iter()
        .filter(|(s, _)| *s == seat)
        .filter_map(|(_, cards)| cards.map(|c| c.len()))
        .sum();
    start.saturating_sub(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Option<Cards> {
        Some(Cards::parse_any(text).unwrap())
    }

    #[test]
    fn the_result_line_says_what_made_the_multiplier() {
        // Landlord A leads once; B bombs and goes out: 1 bomb and an anti-spring.
        let plays = [
            (Seat::A, cards("3")),
            (Seat::B, cards("4444")),
            (Seat::C, None),
            (Seat::A, None),
            (Seat::B, cards("5")),
        ];
        let shown = Shown {
            value: 4,
            ..Outcome::of_plays(Seat::A, 2, Seat::B, &plays).shown()
        };
        let narration = Narration {
            landlord: Some(Seat::A),
            base: Some(2),
            plays: Played::sequence(&plays, [None; 3]),
            won: Some(Won {
                winner: Seat::B,
                landlord: Seat::A,
                multiplier: Some(shown),
            }),
            ..Narration::default()
        };
        let text = narration.text();
        assert!(
            text.contains(
                "B emptied its hand: the farmers win, multiplier 4 (1 bomb, anti-spring)"
            ),
            "{}",
            text
        );
        assert_eq!(narration.headline(), "B emptied its hand: the farmers win");
    }

    #[test]
    fn plays_count_the_cards_left_and_the_tricks() {
        let plays = [
            (Seat::A, cards("33")),
            (Seat::B, cards("44")),
            (Seat::C, None),
            (Seat::A, None),
            (Seat::B, cards("5")),
        ];
        let sequence = Played::sequence(&plays, [Some(20), Some(3), None]);
        let left: Vec<Option<usize>> = sequence.iter().map(|p| p.left).collect();
        assert_eq!(left, [Some(18), Some(1), None, Some(18), Some(0)]);
        let tricks: Vec<usize> = sequence.iter().map(|p| p.trick).collect();
        assert_eq!(tricks, trick_numbers(plays.iter().map(|p| p.1.is_none())));
        // Each play's cards counted off its own seat only: the sum played is the difference.
        let played_by_a: usize = plays
            .iter()
            .filter(|p| p.0 == Seat::A)
            .filter_map(|p| p.1.map(|c| c.len()))
            .sum();
        assert_eq!(sequence[3].left, Some(20 - played_by_a));
    }

    /// Real games of the rule player, told from their log lines: the cards left count down to
    /// nothing for the winner, agree with the hands less the record's plays, and the text ends
    /// with the record's scores.
    #[test]
    fn a_played_game_is_told_as_the_referee_recorded_it() {
        use crate::arena::make_player;
        use crate::arena::table::players::{Hosting, Player};
        use crate::arena::table::referee::{play_game, GameSlot, MatchRules};
        use crate::game::deal::Deal;
        use crate::game::BySeat;
        let names = ["a".to_string(), "b".to_string(), "c".to_string()];
        for n in 0..4 {
            let made: Vec<Box<dyn Player>> = (0..3)
                .map(|_| make_player(&"builtin:rules".parse().unwrap(), Hosting::default()))
                .collect();
            let mut players: BySeat<Box<dyn Player>> = match made.try_into() {
                Ok(p) => BySeat(p),
                Err(_) => unreachable!(),
            };
            let deal = Deal::seeded(21, n);
            let rules = MatchRules::default();
            let slot = GameSlot {
                deal_index: n as usize,
                seating: 0,
                lineup: BySeat([0, 1, 2]),
                seed: n,
            };
            let record = play_game(&mut players, &rules, &deal, slot);
            let line = GameLine::new(&record, &names);
            let told = Narration::of_line(&line);
            assert_eq!(told.plays.len(), record.plays.len());
            for seat in Seat::ALL {
                let mut hand = deal.hands[seat];
                if record.landlord == Some(seat) {
                    hand = hand.or(deal.bottom);
                }
                for (s, cards) in &record.plays {
                    if let (true, Some(c)) = (*s == seat, cards) {
                        hand = hand.minus(*c);
                    }
                }
                assert_eq!(
                    told.cards_left(seat),
                    Some(hand.len()),
                    "{} in deal {}",
                    seat,
                    n
                );
            }
            if let Some(w) = record.winner {
                assert_eq!(told.cards_left(w), Some(0));
                assert_eq!(told.won.map(|won| won.winner), Some(w));
            }
            let s = record.scores;
            let scores = format!(
                "score: A {}  B {}  C {}\n",
                s[Seat::A],
                s[Seat::B],
                s[Seat::C]
            );
            assert!(told.text().ends_with(&scores), "{}", told.text());
        }
    }
}
