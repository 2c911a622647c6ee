//! What the learned policy sees of one candidate play: a fixed list of numbers about the
//! position (the same for every candidate of a decision) and about the play itself. The
//! recorder of the thinking player's decisions (`ddz label`) and the player compute them here,
//! so the trainer and the player cannot disagree on what a feature means.
//!
//! Every feature is a plain number (flags are 0 or 1, card counts are counts, values are the
//! splitter's tenths divided by ten); the trees compare them with thresholds, so no scaling is
//! needed and no feature is ever missing (NaN).

use crate::cards::Rank;
use crate::game::{GameState, Seat};
use crate::rules::Combo;
use crate::strategy::knowledge::Knowledge;
use crate::strategy::split::{Mode, Splitter};

/// The names of the features, in order (the header of a decisions file and the trainer's
/// column names).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    // The position.
    "landlord",
    "farmer_after_landlord",
    "leading",
    "to_beat_by_partner",
    "to_beat_size",
    "to_beat_key",
    "my_cards",
    "next_cards",
    "prev_cards",
    "enemy_min_cards",
    "partner_cards",
    "bombs_played",
    "plies",
    "rule_unit",
    "hand_value",
    "hand_rounds",
    "unseen_twos_jokers",
    "unseen_bomb_ranks",
    "candidates",
    // The play.
    "pass",
    "kind",
    "key",
    "chain_len",
    "size",
    "bomb_like",
    "rule_choice",
    "rest_value",
    "rest_gain",
    "rest_below_best",
    "rest_rounds",
    "rest_cards",
    "goes_out",
    "enemy_beats",
    "next_beats",
    "twos_jokers_used",
    "aces_used",
    "kicker_cards",
    "overtakes_partner",
    "key_above_to_beat",
    "rest_top",
];

/// Number of features.
pub const FEATURES: usize = 40;

/// One candidate's features.
pub type Features = [f64; FEATURES];

/// The rule player's units (lead and follow, and the fallback), numbered for the `rule_unit`
/// feature: which of its rules answered tells how much its choice can be trusted.
const RULE_UNITS: [&str; 12] = [
    "win_path",
    "one_hand",
    "let_partner_out",
    "enemy_one_card",
    "enemy_two_cards",
    "free_group",
    "small_chains",
    "few_cards",
    "smallest_first",
    "partner_play",
    "normal",
    "fallback",
];

/// The features of every candidate of one decision. `rule_choice` is the rule player's play and
/// `rule_unit` the name of its unit that chose it.
pub fn features_of(
    splitter: &mut Splitter,
    state: &GameState,
    candidates: &[Combo],
    rule_choice: Combo,
    rule_unit: &str,
) -> Vec<Features> {
    let me = state.me;
    let landlord = state.landlord.unwrap_or(me);
    let partner = state.partner(me);
    let enemies: Vec<Seat> = Seat::ALL
        .iter()
        .copied()
        .filter(|&s| s != me && Some(s) != partner)
        .collect();
    let left = |s: Seat| f64::from(state.cards_left[s]);
    let to_beat = state.last.filter(|(by, _)| *by != me);
    let know = Knowledge::from_state(state);
    let hand = state.hand.counts();
    let mode = Mode::Normal;
    let hand_split = splitter.split(hand, mode);
    let unseen = state.unseen().counts();
    let rests: Vec<i32> = candidates
        .iter()
        .map(|c| splitter.value(hand.minus(c.cards), mode))
        .collect();
    let best_rest = rests.iter().copied().max().unwrap_or(0);
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let position = [
        flag(me == landlord),
        flag(me == landlord.next()),
        flag(to_beat.is_none()),
        flag(to_beat.map_or(false, |(by, _)| Some(by) == partner)),
        to_beat.map_or(0.0, |(_, c)| f64::from(c.size())),
        to_beat.map_or(-1.0, |(_, c)| c.key.index() as f64),
        left(me),
        left(me.next()),
        left(me.prev()),
        enemies.iter().map(|&s| left(s)).fold(20.0, f64::min),
        partner.map_or(0.0, left),
        f64::from(state.counted.bombs) + flag(state.counted.rocket),
        state.history.len() as f64,
        RULE_UNITS
            .iter()
            .position(|u| *u == rule_unit)
            .unwrap_or(RULE_UNITS.len()) as f64,
        f64::from(hand_split.value) / 10.0,
        f64::from(hand_split.min_rounds),
        f64::from(
            unseen.get(Rank::TWO) + unseen.get(Rank::SMALL_JOKER) + unseen.get(Rank::BIG_JOKER),
        ),
        Rank::ALL.iter().filter(|&&r| unseen.get(r) == 4).count() as f64,
        candidates.len() as f64,
    ];
    candidates
        .iter()
        .zip(&rests)
        .map(|(c, &rest)| {
            let rest_hand = hand.minus(c.cards);
            let rest_rounds = if rest_hand.is_empty() {
                0
            } else {
                splitter.split(rest_hand, mode).min_rounds
            };
            let big = |r: Rank| f64::from(c.cards.get(r));
            let play = [
                flag(c.is_pass()),
                c.kind as u8 as f64,
                if c.is_pass() {
                    -1.0
                } else {
                    c.key.index() as f64
                },
                f64::from(c.len),
                f64::from(c.size()),
                flag(c.kind.is_bomb_like()),
                flag(*c == rule_choice),
                f64::from(rest) / 10.0,
                f64::from(rest - hand_split.value) / 10.0,
                f64::from(best_rest - rest) / 10.0,
                f64::from(rest_rounds),
                f64::from(rest_hand.total()),
                flag(rest_hand.is_empty()),
                know.any_beats(&enemies, c),
                if enemies.contains(&me.next()) {
                    know.beat_chance(me.next(), c)
                } else {
                    0.0
                },
                big(Rank::TWO) + big(Rank::SMALL_JOKER) + big(Rank::BIG_JOKER),
                big(Rank::ACE),
                f64::from(c.kickers().total()),
                flag(!c.is_pass() && to_beat.map_or(false, |(by, _)| Some(by) == partner)),
                match to_beat {
                    Some((_, t)) if !c.is_pass() => c.key.index() as f64 - t.key.index() as f64,
                    _ => 0.0,
                },
                rest_hand.highest().map_or(-1.0, |r| r.index() as f64),
            ];
            let mut f = [0.0; FEATURES];
            f[..position.len()].copy_from_slice(&position);
            f[position.len()..].copy_from_slice(&play);
            f
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_has_one_name() {
        let mut names = FEATURE_NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FEATURES);
    }

    #[test]
    fn the_rule_units_are_the_rule_players() {
        // A unit renamed in the rule player would silently become "unknown" here.
        let source = include_str!("../rules_player.rs");
        for unit in RULE_UNITS {
            assert!(
                source.contains(&format!("\"{}\"", unit)),
                "the rule player has no unit {}",
                unit
            );
        }
    }
}
