//! The hand-value model: what one group (a play the hand can make in one go) is worth, and
//! what each round (each time the hand must win the lead to play a group) costs.
//!
//! It starts from the weight text (the competition's weight table; `docs/strategy.md`, "The rule-based player"): a rank's base value is its
//! face value minus 10 (`3` = −7, `T` = 0, `A` = 4, `2` = 5, small joker 6, big joker 7), a round
//! is worth 7 (enough to play the lowest single), bombs and the rocket win a round, planes and
//! four-with-two are damped so that they never outweigh a round. It adds the design text's
//! refinements (the rule-based design text; `docs/strategy.md`): pairs and triples above ten gain extra value,
//! big groups (rocket, bombs, and anything keyed on a `2` or a joker) cost no round, and the cost
//! of a round depends on how many groups the hand holds.
//!
//! Values are kept in tenths of a point (integers) so that the halves and the +50% of the texts
//! stay exact and the search is deterministic.

use crate::cards::Rank;
use crate::rules::{Combo, Kind};

/// Tenths per point: every value below is in tenths.
pub(crate) const SCALE: i32 = 10;

/// The value of one round, in points: the weight text's "a round can cancel the lowest group
/// (a 3, worth −7)". A bomb or the rocket is worth this much for the round it wins.
pub(crate) const ROUND_VALUE: i32 = 7;

/// Extra value of the rocket over a round, in points: it can never be beaten, so it is also
/// worth the big joker's base value (7) on top of the round it wins.
pub(crate) const ROCKET_EXTRA: i32 = 7;

/// The cost of the k-th small group of a hand (k = 1, 2, …), in points: the design text's list
/// `{6,6,6,5,5,5,4,4,4,3}`. A hand with few groups pays more per group, so late in the game one
/// group less is worth a lot, and early a big card is not thrown away just to save a round.
pub(crate) const ROUND_COSTS: [i32; 10] = [6, 6, 6, 5, 5, 5, 4, 4, 4, 3];

/// The base value of a rank, in points: face value minus 10 (`3` = −7 … big joker = 7).
#[must_use]
pub(crate) const fn base(rank: Rank) -> i32 {
    rank.index() as i32 + 3 - 10
}

/// Whether a group keyed on `rank` counts as big (costs no round): a `2` or a joker. The design
/// text: big cards always get out, so the rounds they need are not counted.
#[must_use]
pub(crate) const fn is_big_rank(rank: Rank) -> bool {
    rank.index() >= Rank::TWO.index()
}

/// The value of a single (or a single used as a kicker), in tenths.
#[must_use]
pub(crate) const fn single_value(rank: Rank) -> i32 {
    base(rank) * SCALE
}

/// The value of a pair, in tenths: base, +50% when positive (the design text: big pairs such as
/// `22` are worth more than two big singles would suggest).
#[must_use]
pub(crate) const fn pair_value(rank: Rank) -> i32 {
    let b = base(rank) * SCALE;
    if b > 0 {
        b * 3 / 2
    } else {
        b
    }
}

/// The value of a bare triple, in tenths: base, +100% when positive (design text).
#[must_use]
pub(crate) const fn triple_value(rank: Rank) -> i32 {
    let b = base(rank) * SCALE;
    if b > 0 {
        b * 2
    } else {
        b
    }
}

/// The value of a triple's body when it carries a kicker, in tenths: base, +50% when positive
/// (design text: a triple with one gains less than a bare triple).
#[must_use]
pub(crate) const fn triple_kicked_value(rank: Rank) -> i32 {
    pair_value(rank)
}

/// The value of a straight or pair straight keyed on `high`, in tenths: the highest card's base
/// plus one (weight text: what a chain beats and is beaten by is decided by its top card, and
/// the top card of a chain is one rank above a lone card of the same strength, 2 never chains).
#[must_use]
pub(crate) const fn chain_value(high: Rank) -> i32 {
    (base(high) + 1) * SCALE
}

/// The value of a plane's body keyed on `high`, in tenths: the weight text's damped value
/// `(face − 3 + 1) / 2`, never negative and never above a round (planes are rarely beaten but
/// rarely beat anything either).
#[must_use]
pub(crate) const fn plane_value(high: Rank) -> i32 {
    (high.index() as i32 + 1) * SCALE / 2
}

/// The value of a four-with-two's body keyed on `rank`, in tenths: `(face − 3) / 2`, damped like
/// planes (weight text).
#[must_use]
pub(crate) const fn four_kicked_value(rank: Rank) -> i32 {
    rank.index() as i32 * SCALE / 2
}

/// The value of a bomb, in tenths: a round plus the rank's base when positive (weight text:
/// "no negative value, plus 7").
#[must_use]
pub(crate) const fn bomb_value(rank: Rank) -> i32 {
    let b = base(rank);
    (ROUND_VALUE + if b > 0 { b } else { 0 }) * SCALE
}

/// The value of the rocket, in tenths.
pub(crate) const ROCKET_VALUE: i32 = (ROUND_VALUE + ROCKET_EXTRA) * SCALE;

/// What a kicker keeps of its own value when attached, in tenths: only its positive part (the
/// design text adds a plane's wings when they are positive; a low kicker is simply got rid of).
#[must_use]
pub(crate) const fn kicker_keep(value: i32) -> i32 {
    if value > 0 {
        value
    } else {
        0
    }
}

/// The total round penalty of a hand with `small` small groups, in tenths: the sum of the first
/// `small` entries of [`ROUND_COSTS`], its last entry repeating beyond the list.
#[must_use]
pub(crate) fn round_penalty(small: u32) -> i32 {
    let n = small as usize;
    let listed: i32 = ROUND_COSTS.iter().take(n).sum();
    let beyond = n.saturating_sub(ROUND_COSTS.len()) as i32 * ROUND_COSTS[ROUND_COSTS.len() - 1];
    (listed + beyond) * SCALE
}

/// Whether a group costs no round (rocket, bombs, and singles, pairs, triples keyed on a `2` or
/// a joker).
#[must_use]
pub(crate) fn is_big_group(combo: &Combo) -> bool {
    match combo.kind {
        Kind::Rocket | Kind::Bomb => true,
        Kind::Single | Kind::Pair | Kind::Triple | Kind::TripleSingle | Kind::TriplePair => {
            is_big_rank(combo.key)
        }
        _ => false,
    }
}

#[cfg(test)] // the reference the splitter's incremental values are checked against
/// The value of one group as the model sees it, in tenths (kickers included).
#[must_use]
pub(crate) fn group_value(combo: &Combo) -> i32 {
    let kickers = || -> i32 {
        let k = combo.kickers();
        k.ranks()
            .map(|r| {
                let unit = match combo.kind {
                    Kind::TriplePair | Kind::PlanePairs | Kind::FourPairs => pair_value(r),
                    _ => single_value(r),
                };
                let units = match combo.kind {
                    Kind::TriplePair | Kind::PlanePairs | Kind::FourPairs => k.get(r) / 2,
                    _ => k.get(r),
                } as i32;
                kicker_keep(unit) * units
            })
            .sum()
    };
    match combo.kind {
        Kind::Pass => 0,
        Kind::Rocket => ROCKET_VALUE,
        Kind::Bomb => bomb_value(combo.key),
        Kind::Single => single_value(combo.key),
        Kind::Pair => pair_value(combo.key),
        Kind::Triple => triple_value(combo.key),
        Kind::TripleSingle | Kind::TriplePair => triple_kicked_value(combo.key) + kickers(),
        Kind::Straight | Kind::PairStraight => chain_value(combo.key),
        Kind::Plane => plane_value(combo.key),
        Kind::PlaneSingles | Kind::PlanePairs => plane_value(combo.key) + kickers(),
        Kind::FourSingles | Kind::FourPairs => four_kicked_value(combo.key) + kickers(),
    }
}

#[cfg(test)] // the reference the splitter's incremental values are checked against
/// The value of a whole split: the groups' values minus the round penalty of its small groups.
#[must_use]
pub(crate) fn split_value(groups: &[Combo]) -> i32 {
    let small = groups.iter().filter(|g| !is_big_group(g)).count() as u32;
    groups.iter().map(group_value).sum::<i32>() - round_penalty(small)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::classify;

    fn g(text: &str) -> Combo {
        classify(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn base_values_follow_the_weight_text() {
        assert_eq!(base(Rank::THREE), -7);
        assert_eq!(base(Rank::TEN), 0);
        assert_eq!(base(Rank::ACE), 4);
        assert_eq!(base(Rank::TWO), 5);
        assert_eq!(base(Rank::BIG_JOKER), 7);
    }

    #[test]
    fn group_values() {
        assert_eq!(group_value(&g("3")), -70);
        assert_eq!(group_value(&g("KK")), 45);
        assert_eq!(group_value(&g("KKK")), 60);
        assert_eq!(group_value(&g("KKK3")), 45);
        assert_eq!(group_value(&g("KKKA")), 45 + 40);
        assert_eq!(group_value(&g("34567")), -20);
        assert!(group_value(&g("2222")) > group_value(&g("3333")));
        assert!(group_value(&g("XD")) > group_value(&g("2222")));
        // Damped kinds never outweigh a round.
        assert!(plane_value(Rank::ACE) <= ROUND_VALUE * SCALE);
        assert!(four_kicked_value(Rank::TWO) <= ROUND_VALUE * SCALE);
    }

    #[test]
    fn penalty_is_cumulative_and_concave() {
        assert_eq!(round_penalty(0), 0);
        assert_eq!(round_penalty(1), 60);
        assert_eq!(round_penalty(4), 230);
        assert_eq!(round_penalty(11), (6 * 3 + 5 * 3 + 4 * 3 + 3 * 2) * 10);
        for n in 1..15 {
            let step = round_penalty(n) - round_penalty(n - 1);
            let next = round_penalty(n + 1) - round_penalty(n);
            assert!(step >= next && next > 0);
        }
    }

    #[test]
    fn big_groups_cost_no_round() {
        assert!(is_big_group(&g("2")));
        assert!(is_big_group(&g("D")));
        assert!(is_big_group(&g("3333")));
        assert!(!is_big_group(&g("A")));
        assert!(!is_big_group(&g("TJQKA")));
    }
}
