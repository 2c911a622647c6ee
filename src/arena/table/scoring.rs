//! Scoring by the official linear rule (`docs/rules.md`, "Score"), and the
//! penalty for a faulty reply. Every result is zero-sum across the three seats.

use crate::cards::{Cards, Rank};
pub(crate) use crate::game::score::POINT;
use crate::game::{BySeat, Seat};

/// What an offender pays each other player for a fault before the bottom cards are shown.
pub(crate) const EARLY_FAULT: i32 = 350;

/// The bombs (four of a rank) the three hands hold between them, and whether one hand holds
/// the rocket.
#[must_use]
pub(crate) fn potential_bombs(hands: &BySeat<Cards>) -> (u32, bool) {
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
pub(crate) fn fault_penalty(
    offender: Seat,
    after: Option<(Seat, u8, &BySeat<Cards>)>,
) -> BySeat<i32> {
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

    fn sum(s: &BySeat<i32>) -> i32 {
        s.0.iter().sum()
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
