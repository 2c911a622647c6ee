//! The self-play data file: one line per position of a finished game, tab-separated, with a
//! header line naming the columns (lines starting with `#` are comments). The columns:
//!
//! | column | meaning |
//! |---|---|
//! | `game` | the game's number in the run (deal `game / 3`, landlord seat `game % 3`) |
//! | `turn` | plays and passes made before this position |
//! | `landlord` | `A`, `B` or `C` |
//! | `base` | the game's base (1 with a fixed landlord) |
//! | `to_move` | the seat to play |
//! | `hand_a`, `hand_b`, `hand_c` | the cards each seat holds now (human notation, `-` for none) |
//! | `played_a`, `played_b`, `played_c` | the cards each seat has played |
//! | `bottom` | the bottom cards (in the landlord's hand or played) |
//! | `last_by`, `last_play` | the play on the table and who made it (`-` `-` when none) |
//! | `passes` | passes since that play |
//! | `bombs`, `rocket` | bombs and rocket (0/1) played so far |
//! | `landlord_plays`, `farmer_plays` | non-pass plays so far by the landlord and by the farmers |
//! | `play` | what the seat to move played (`pass` for a pass) |
//! | `winner` | the seat that went out first |
//! | `final_bombs`, `final_rocket`, `final_landlord_plays`, `final_farmer_plays` | the same counts at the end |
//!
//! From the last five columns the outcome is known under any scoring rule ([`Outcome`]): the
//! landlord's score, whether its side won, spring and anti-spring. Reading a line back gives the
//! same [`Sample`] ([`Sample::parse`] and `Display` round-trip).

use crate::cards::Counts;
use crate::game::{BySeat, Outcome, Seat, Tally};
use crate::rules::{classify, Combo};
use crate::strategy::networks::features::OpenPosition;
use std::fmt;

/// The header line of a data file.
pub const HEADER: &str = "game\tturn\tlandlord\tbase\tto_move\thand_a\thand_b\thand_c\tplayed_a\tplayed_b\tplayed_c\tbottom\tlast_by\tlast_play\tpasses\tbombs\trocket\tlandlord_plays\tfarmer_plays\tplay\twinner\tfinal_bombs\tfinal_rocket\tfinal_landlord_plays\tfinal_farmer_plays";

/// Games per deal: one with each seat as the landlord (a game's deal is `game / 3`).
pub(crate) const GAMES_PER_DEAL: usize = 3;

/// Columns in a line.
const COLUMNS: usize = 25;

/// One position of a finished game, with what was played there and how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The game's number in the run.
    pub game: u64,
    /// Plays and passes before this position.
    pub turn: u32,
    /// The open position: hands, the seat to move, the play to beat, the counts so far.
    pub position: OpenPosition,
    /// The cards each seat has played.
    pub played: BySeat<Counts>,
    /// The bottom cards.
    pub(crate) bottom: Counts,
    /// Passes since the play on the table.
    pub(crate) passes: u8,
    /// What the seat to move played.
    pub play: Combo,
    /// How the game ended.
    pub outcome: Outcome,
}

/// Why a data line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError(pub(crate) String);

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for DataError {}

fn cards_text(c: Counts) -> String {
    if c.is_empty() {
        "-".to_string()
    } else {
        c.to_string()
    }
}

impl Sample {
    /// The cards the landlord was dealt, before the bottom joined its hand.
    #[must_use]
    pub fn landlord_dealt(&self) -> Counts {
        let l = self.position.landlord.index();
        self.position.hands[l]
            .plus(self.played.0[l])
            .minus(self.bottom)
    }

    /// The sample in a line of text (no newline), the columns of [`HEADER`].
    #[must_use]
    pub fn line(&self) -> String {
        self.to_string()
    }

    /// Reads a line written by [`Sample::line`].
    pub fn parse(line: &str) -> Result<Sample, DataError> {
        let f: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
        if f.len() != COLUMNS {
            return Err(DataError(format!(
                "{} columns, expected {}",
                f.len(),
                COLUMNS
            )));
        }
        let num = |i: usize| -> Result<u64, DataError> {
            f[i].parse::<u64>()
                .map_err(|_| DataError(format!("column {} '{}' is not a number", i + 1, f[i])))
        };
        let seat = |i: usize| -> Result<Seat, DataError> {
            f[i].parse()
                .map_err(|_| DataError(format!("column {} '{}' is not a seat", i + 1, f[i])))
        };
        let cards = |i: usize| -> Result<Counts, DataError> {
            if f[i] == "-" {
                Ok(Counts::EMPTY)
            } else {
                f[i].parse::<Counts>()
                    .map_err(|e| DataError(format!("column {} '{}': {}", i + 1, f[i], e)))
            }
        };
        let play = |text: &str, i: usize| -> Result<Combo, DataError> {
            if text == "pass" {
                return Ok(Combo::PASS);
            }
            let counts = text
                .parse::<Counts>()
                .map_err(|e| DataError(format!("column {} '{}': {}", i + 1, text, e)))?;
            classify(counts)
                .ok_or_else(|| DataError(format!("column {} '{}' is no play", i + 1, text)))
        };
        let small = |i: usize| -> Result<u8, DataError> {
            num(i).and_then(|n| {
                u8::try_from(n).map_err(|_| DataError(format!("column {} is too large", i + 1)))
            })
        };
        let flag = |i: usize| -> Result<bool, DataError> {
            match f[i] {
                "0" => Ok(false),
                "1" => Ok(true),
                other => Err(DataError(format!(
                    "column {} '{}' is not 0 or 1",
                    i + 1,
                    other
                ))),
            }
        };
        // Four columns from `at`: bombs, rocket, the landlord's plays, the farmers' plays.
        let tally = |at: usize| -> Result<Tally, DataError> {
            Ok(Tally {
                bombs: small(at)?,
                rocket: flag(at + 1)?,
                landlord_plays: num(at + 2)? as u32,
                farmer_plays: num(at + 3)? as u32,
            })
        };
        let last = match (f[12], f[13]) {
            ("-", "-") => None,
            _ => Some((seat(12)?, play(f[13], 13)?)),
        };
        let landlord = seat(2)?;
        let base = small(3)?;
        let position = OpenPosition {
            landlord,
            to_move: seat(4)?,
            hands: [cards(5)?, cards(6)?, cards(7)?],
            last,
            tally: tally(15)?,
        };
        let outcome = Outcome {
            landlord,
            base,
            winner: seat(20)?,
            tally: tally(21)?,
        };
        Ok(Sample {
            game: num(0)?,
            turn: num(1)? as u32,
            position,
            played: BySeat([cards(8)?, cards(9)?, cards(10)?]),
            bottom: cards(11)?,
            passes: small(14)?,
            play: play(f[19], 19)?,
            outcome,
        })
    }
}

impl fmt::Display for Sample {
    /// The columns of [`HEADER`], tab-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        let o = &self.outcome;
        let (last_by, last_play) = match p.last {
            Some((s, c)) => (s.letter().to_string(), c.to_string()),
            None => ("-".to_string(), "-".to_string()),
        };
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.turn,
            p.landlord.letter(),
            o.base,
            p.to_move.letter(),
            cards_text(p.hands[0]),
            cards_text(p.hands[1]),
            cards_text(p.hands[2]),
            cards_text(self.played.0[0]),
            cards_text(self.played.0[1]),
            cards_text(self.played.0[2]),
            cards_text(self.bottom),
            last_by,
            last_play,
            self.passes,
            p.tally.bombs,
            u8::from(p.tally.rocket),
            p.tally.landlord_plays,
            p.tally.farmer_plays,
            self.play,
            o.winner.letter(),
            o.tally.bombs,
            u8::from(o.tally.rocket),
            o.tally.landlord_plays,
            o.tally.farmer_plays,
        )
    }
}
