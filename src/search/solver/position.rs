//! Open-hand positions as the solver takes them: the checked position, why a
//! position is refused, and what follows a play.

use crate::cards::{Counts, Rank};
use crate::game::{BySeat, Role, Seat};
use crate::rules::{classify, Combo};
use std::fmt;

/// An open-hand position: every hand, the landlord, the seat to move and the play to beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverPosition {
    /// Each seat's cards (every hand holds at least one: the game is not over).
    pub hands: BySeat<Counts>,
    /// The landlord.
    pub landlord: Seat,
    /// The seat to move.
    pub to_move: Seat,
    /// The play to beat and the seat that made it; `None` when the seat to move leads. Passes
    /// since that play are implied: none when its maker sat just before the seat to move, one
    /// when it sat just after.
    pub last: Option<(Seat, Combo)>,
}

/// Why a position is not one the solver takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverPositionError {
    /// A seat holds no cards: the game is already over.
    EmptyHand(Seat),
    /// The hands together hold more cards of a rank than the deck has.
    TooMany(Rank),
    /// The play to beat is no play (a pass, or not a legal combination).
    NotAPlay,
    /// The play to beat is the mover's own: after two passes the mover simply leads.
    OwnPlay(Seat),
}

impl fmt::Display for SolverPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverPositionError::EmptyHand(s) => {
                write!(
                    f,
                    "seat {} holds no cards: every hand needs at least one",
                    s
                )
            }
            SolverPositionError::TooMany(r) => {
                write!(
                    f,
                    "the hands hold more {}s than the deck ({})",
                    r,
                    r.deck_count()
                )
            }
            SolverPositionError::NotAPlay => write!(f, "the play to beat is not a play"),
            SolverPositionError::OwnPlay(s) => write!(
                f,
                "the play to beat was made by {}, the seat to move: it would simply lead",
                s
            ),
        }
    }
}

impl std::error::Error for SolverPositionError {}

/// What follows a play: the game goes on, or the player went out and its side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The position after the play.
    Continue(SolverPosition),
    /// The player emptied its hand: this side won.
    Over(Role),
}

impl SolverPosition {
    /// A checked position.
    pub fn new(
        hands: BySeat<Counts>,
        landlord: Seat,
        to_move: Seat,
        last: Option<(Seat, Combo)>,
    ) -> Result<SolverPosition, SolverPositionError> {
        for (seat, hand) in hands.iter() {
            if hand.is_empty() {
                return Err(SolverPositionError::EmptyHand(seat));
            }
        }
        for r in Rank::ALL {
            let n: u8 = hands.0.iter().map(|h| h.get(r)).sum();
            if n > r.deck_count() {
                return Err(SolverPositionError::TooMany(r));
            }
        }
        if let Some((by, combo)) = last {
            if combo.is_pass() || classify(combo.cards).map(|c| c.kind) != Some(combo.kind) {
                return Err(SolverPositionError::NotAPlay);
            }
            if by == to_move {
                return Err(SolverPositionError::OwnPlay(by));
            }
        }
        Ok(SolverPosition {
            hands,
            landlord,
            to_move,
            last,
        })
    }

    /// The side of the seat to move.
    #[must_use]
    pub fn mover_side(&self) -> Role {
        Role::of(self.to_move, self.landlord)
    }

    /// A seat of the side that wins when the seat to move does (`mover_wins`) or does not:
    /// the landlord, or the farmer after it (whichever farmer goes out, the farmers win).
    #[must_use]
    pub(crate) fn winner(&self, mover_wins: bool) -> Seat {
        let side = if mover_wins {
            self.mover_side()
        } else {
            self.mover_side().other()
        };
        match side {
            Role::Landlord => self.landlord,
            Role::Farmer => self.landlord.next(),
        }
    }

    /// The play the seat to move must beat, if any.
    #[must_use]
    pub fn to_beat(&self) -> Option<&Combo> {
        self.last.as_ref().map(|(_, c)| c)
    }

    /// Cards in all three hands.
    #[must_use]
    pub fn total_cards(&self) -> u32 {
        self.hands.0.iter().map(|h| h.total()).sum()
    }

    /// The legal plays of the seat to move (the pass included when following).
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Combo> {
        crate::rules::legal_plays(self.hands[self.to_move], self.to_beat())
    }

    /// The position after the seat to move plays `combo` (a legal play of its hand, or the
    /// pass when following).
    #[must_use]
    pub fn after(&self, combo: &Combo) -> Next {
        let me = self.to_move;
        let mut hands = self.hands;
        hands[me] = hands[me].minus(combo.cards);
        if hands[me].is_empty() {
            return Next::Over(self.mover_side());
        }
        let next = me.next();
        let last = if combo.is_pass() {
            self.last.filter(|(by, _)| *by != next)
        } else {
            Some((me, *combo))
        };
        Next::Continue(SolverPosition {
            hands,
            to_move: next,
            last,
            ..*self
        })
    }
}
