//! Scoring by the official linear rule (`../shared/SPEC.md`, "Score of one game"), and the
//! penalty for a faulty reply. Every result is zero-sum across the three seats.

use crate::cards::{Cards, Rank};
use crate::game::{BySeat, Seat};

/// Points per unit of base × multiplier (each farmer's share; the landlord's is twice it).
pub const POINT: i32 = 100;
/// What an offender pays each other player for a fault before the bottom cards are shown.
pub const EARLY_FAULT: i32 = 350;

/// How a finished game went, as far as scoring needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The landlord.
    pub landlord: Seat,
    /// The base: the landlord's bid (1 when the landlord was fixed without bidding).
    pub base: u8,
    /// The seat that emptied its hand.
    pub winner: Seat,
    /// Bombs played (the rocket not included).
    pub bombs: u8,
    /// Whether the rocket was played.
    pub rocket: bool,
    /// Non-pass plays made by the landlord.
    pub landlord_plays: u32,
    /// Non-pass plays made by the two farmers together.
    pub farmer_plays: u32,
}

impl Outcome {
    /// Whether the landlord won with neither farmer playing a card (spring).
    #[must_use]
    pub fn spring(&self) -> bool {
        self.winner == self.landlord && self.farmer_plays == 0
    }

    /// Whether a farmer won while the landlord played exactly one hand (anti-spring).
    #[must_use]
    pub fn anti_spring(&self) -> bool {
        self.winner != self.landlord && self.landlord_plays == 1
    }

    /// The multiplier: × (1 + bombs) when bombs were played, × 2 for the rocket, × 2 for a
    /// spring or an anti-spring.
    #[must_use]
    pub fn multiplier(&self) -> i32 {
        let mut m = 1;
        if self.bombs > 0 {
            m *= 1 + self.bombs as i32;
        }
        if self.rocket {
            m *= 2;
        }
        if self.spring() || self.anti_spring() {
            m *= 2;
        }
        m
    }

    /// Each seat's score: the landlord ± 2 × 100 × base × multiplier, each farmer ∓ half that.
    #[must_use]
    pub fn scores(&self) -> BySeat<i32> {
        let unit = POINT * self.base as i32 * self.multiplier();
        let s = if self.winner == self.landlord { 1 } else { -1 };
        BySeat::from_fn(|seat| {
            if seat == self.landlord {
                2 * s * unit
            } else {
                -s * unit
            }
        })
    }
}

/// The bombs (four of a rank) the three hands hold between them, and whether one hand holds
/// the rocket.
#[must_use]
pub fn potential_bombs(hands: &BySeat<Cards>) -> (u32, bool) {
    let mut bombs = 0;
    let mut rocket = false;
    for (_, hand) in hands.iter() {
        let counts = hand.counts();
        bombs += Rank::ALL.iter().filter(|&&r| counts.get(r) == 4).count() as u32;
        rocket |= counts.get(Rank::SMALL_JOKER) == 1 && counts.get(Rank::BIG_JOKER) == 1;
    }
    (bombs, rocket)
}

/// The penalty for a fault by `offender`. Before the bottom cards are shown (`after` is
/// `None`) the offender pays each other player [`EARLY_FAULT`]. After it, `after` gives the
/// landlord, the base and the hands as they stood when the bottom cards joined the landlord's:
/// the unit is (bombs those hands could form + 1) × base × 100, doubled when one of them holds
/// the rocket; a landlord at fault pays each farmer the unit, a farmer at fault pays the other
/// farmer the unit and the landlord twice it.
#[must_use]
pub fn fault_penalty(offender: Seat, after: Option<(Seat, u8, &BySeat<Cards>)>) -> BySeat<i32> {
    match after {
        None => BySeat::from_fn(|s| {
            if s == offender {
                -2 * EARLY_FAULT
            } else {
                EARLY_FAULT
            }
        }),
        Some((landlord, base, hands)) => {
            let (bombs, rocket) = potential_bombs(hands);
            let mut unit = (bombs as i32 + 1) * base as i32 * POINT;
            if rocket {
                unit *= 2;
            }
            BySeat::from_fn(|s| {
                if offender == landlord {
                    if s == landlord {
                        -2 * unit
                    } else {
                        unit
                    }
                } else if s == offender {
                    -3 * unit
                } else if s == landlord {
                    2 * unit
                } else {
                    unit
                }
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(winner: Seat) -> Outcome {
        Outcome {
            landlord: Seat::B,
            base: 2,
            winner,
            bombs: 0,
            rocket: false,
            landlord_plays: 5,
            farmer_plays: 7,
        }
    }

    fn sum(s: &BySeat<i32>) -> i32 {
        s.0.iter().sum()
    }

    #[test]
    fn plain_wins_and_losses() {
        let won = outcome(Seat::B).scores();
        assert_eq!(won.0, [-200, 400, -200]);
        let lost = outcome(Seat::C).scores();
        assert_eq!(lost.0, [200, -400, 200]);
        assert_eq!(sum(&won), 0);
        assert_eq!(sum(&lost), 0);
    }

    #[test]
    fn bombs_rocket_spring_and_anti_spring_multiply() {
        // Two bombs and the rocket: (1 + 2) × 2 = 6; base 2 → farmer unit 1200.
        let mut o = outcome(Seat::A);
        o.bombs = 2;
        o.rocket = true;
        assert_eq!(o.multiplier(), 6);
        assert_eq!(o.scores().0, [1200, -2400, 1200]);
        // Spring: the farmers never played a card.
        let mut spring = outcome(Seat::B);
        spring.farmer_plays = 0;
        assert!(spring.spring() && !spring.anti_spring());
        assert_eq!(spring.scores().0, [-400, 800, -400]);
        // Anti-spring: the landlord led once and never played again.
        let mut anti = outcome(Seat::C);
        anti.landlord_plays = 1;
        anti.bombs = 1;
        assert!(anti.anti_spring());
        assert_eq!(anti.multiplier(), 4);
        assert_eq!(anti.scores().0, [800, -1600, 800]);
        // One landlord play but the landlord won: no anti-spring.
        let mut one = outcome(Seat::B);
        one.landlord_plays = 1;
        assert_eq!(one.multiplier(), 1);
    }

    #[test]
    fn early_fault_pays_350_each() {
        let p = fault_penalty(Seat::C, None);
        assert_eq!(p.0, [350, 350, -700]);
    }

    #[test]
    fn late_faults_count_the_hands_bombs() {
        // A holds four 3s and both jokers; B four 4s; the rest spread so no other rank is whole.
        let a = Cards::parse_any("3333XD").unwrap();
        let b = Cards(0xF << 4);
        let hands = BySeat([a, b, Cards::parse_codes("8,12,16").unwrap()]);
        assert_eq!(potential_bombs(&hands), (2, true));
        // Unit = (2 + 1) × base 3 × 100 × 2 (rocket) = 1800.
        let landlord_fault = fault_penalty(Seat::A, Some((Seat::A, 3, &hands)));
        assert_eq!(landlord_fault.0, [-3600, 1800, 1800]);
        let farmer_fault = fault_penalty(Seat::C, Some((Seat::A, 3, &hands)));
        assert_eq!(farmer_fault.0, [3600, 1800, -5400]);
        assert_eq!(sum(&farmer_fault), 0);
        // Jokers split between two hands: no rocket.
        let split = BySeat([
            Cards::parse_any("X").unwrap(),
            Cards::parse_any("D").unwrap(),
            Cards::EMPTY,
        ]);
        assert_eq!(potential_bombs(&split), (0, false));
        assert_eq!(
            fault_penalty(Seat::B, Some((Seat::C, 1, &split))).0,
            [100, -300, 200]
        );
    }
}
