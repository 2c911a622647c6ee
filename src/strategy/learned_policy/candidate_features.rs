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
use crate::strategy::rules_player::Explained;
use crate::strategy::splitter::{Mode, Split, Splitter};
use std::sync::Arc;

/// The names of the features, in order (the header of a decisions file and the trainer's
/// column names).
pub(crate) const FEATURE_NAMES: [&str; FEATURES] = [
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
    // Added in round 3: the threat of the hidden cards to the hand, and the other seats' answers.
    "unseen_top",
    "hand_sure_groups",
    "partner_beats",
    "prev_beats",
    "rest_sure_groups",
    "rest_loose_groups",
    "rest_threat",
    "rest_margin",
];

/// Number of features.
pub(crate) const FEATURES: usize = 48;

/// One candidate's features.
pub(crate) type Features = [f64; FEATURES];

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

/// The features of every candidate of one decision. `rule` is the rule player's answer there,
/// the unit that chose it and its knowledge of the other hands.
pub(crate) fn features_of(
    splitter: &mut Splitter,
    state: &GameState,
    rule: &Explained,
    candidates: &[Combo],
) -> Vec<Features> {
    let hand = state.hand.counts();
    let mode = Mode::Normal;
    let hand_split = splitter.split(hand, mode);
    // Each candidate's rest split once (its value, fewest rounds and groups are all features).
    let rest_splits: Vec<Option<Arc<Split>>> = candidates
        .iter()
        .map(|c| {
            let rest = hand.minus(c.cards);
            if rest.is_empty() {
                None
            } else {
                Some(splitter.split(rest, mode))
            }
        })
        .collect();
    let best_rest = rest_splits.iter().map(rest_value).max().unwrap_or(0);
    let enemies = state.opponents(state.me);
    let mut threats = Threats::new(&rule.know, &enemies);
    let unseen = state.unseen().counts();
    let decision = Decision {
        state,
        rule,
        enemies: &enemies,
        hand_value: hand_split.value,
        best_rest,
        hand_control: threats.control(&hand_split.groups),
        unseen_top: Rank::ALL
            .iter()
            .rev()
            .find(|&&r| unseen.get(r) > 0)
            .map_or(-1.0, |r| r.index() as f64),
        position: position_features(state, rule.unit, &hand_split, candidates.len()),
    };
    candidates
        .iter()
        .zip(&rest_splits)
        .map(|(c, rest_split)| decision.features(&mut threats, c, rest_split))
        .collect()
}

/// The value of a candidate's rest split (0 when it empties the hand).
fn rest_value(split: &Option<Arc<Split>>) -> i32 {
    split.as_ref().map_or(0, |s| s.value)
}

/// 1 for yes, 0 for no.
fn flag(b: bool) -> f64 {
    f64::from(u8::from(b))
}

/// The features of the decision's position, the same for every candidate: the seats and the
/// cards left, the play to beat, the rule unit that answered, the hand's split and the unseen
/// cards' strength.
fn position_features(
    state: &GameState,
    rule_unit: &str,
    hand_split: &Split,
    candidates: usize,
) -> [f64; POSITION_FEATURES] {
    let me = state.me;
    let landlord = state.landlord.unwrap_or(me);
    let partner = state.partner(me);
    let enemies = state.opponents(me);
    let left = |s: Seat| f64::from(state.cards_left[s]);
    let to_beat = state.last.filter(|(by, _)| *by != me);
    let unseen = state.unseen().counts();
    [
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
        candidates as f64,
    ]
}

/// The features of the position's part of the vector.
const POSITION_FEATURES: usize = 19;

/// What every candidate of one decision is measured against.
struct Decision<'a> {
    state: &'a GameState,
    rule: &'a Explained,
    enemies: &'a [Seat],
    /// The whole hand's split value.
    hand_value: i32,
    /// The best rest split value among the candidates.
    best_rest: i32,
    /// The whole hand's control of the play.
    hand_control: Control,
    /// The highest unseen rank's index, -1 when none is unseen.
    unseen_top: f64,
    position: [f64; POSITION_FEATURES],
}

impl Decision<'_> {
    /// The features of candidate `c`, whose rest splits as `rest_split`.
    fn features(
        &self,
        threats: &mut Threats<'_>,
        c: &Combo,
        rest_split: &Option<Arc<Split>>,
    ) -> Features {
        let (state, know) = (self.state, &self.rule.know);
        let me = state.me;
        let partner = state.partner(me);
        let enemies = self.enemies;
        let to_beat = state.last.filter(|(by, _)| *by != me);
        let hand = state.hand.counts();
        let rest = rest_value(rest_split);
        let rest_hand = hand.minus(c.cards);
        let rest_rounds = rest_split.as_ref().map_or(0, |s| s.min_rounds);
        let rest_control = rest_split
            .as_ref()
            .map_or(Control::default(), |s| threats.control(&s.groups));
        // The two other seats' chances to beat the play, each counted once: the enemies'
        // chance combines them as Knowledge::any_beats does, in the same order.
        let (next_beats, prev_beats) = (
            know.beat_chance(me.next(), c),
            know.beat_chance(me.prev(), c),
        );
        let beats = |seat: Seat| {
            if seat == me.next() {
                next_beats
            } else {
                prev_beats
            }
        };
        let enemy_beats = 1.0 - enemies.iter().map(|&s| 1.0 - beats(s)).product::<f64>();
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
            flag(*c == self.rule.choice),
            f64::from(rest) / 10.0,
            f64::from(rest - self.hand_value) / 10.0,
            f64::from(self.best_rest - rest) / 10.0,
            f64::from(rest_rounds),
            f64::from(rest_hand.total()),
            flag(rest_hand.is_empty()),
            enemy_beats,
            if enemies.contains(&me.next()) {
                next_beats
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
        let added = [
            self.unseen_top,
            f64::from(self.hand_control.sure),
            partner.map_or(0.0, beats),
            if enemies.contains(&me.prev()) {
                prev_beats
            } else {
                0.0
            },
            f64::from(rest_control.sure),
            f64::from(rest_control.loose),
            rest_control.threat,
            f64::from(rest_control.margin()),
        ];
        let mut f = [0.0; FEATURES];
        let (a, b) = (self.position.len(), self.position.len() + play.len());
        f[..a].copy_from_slice(&self.position);
        f[a..b].copy_from_slice(&play);
        f[b..].copy_from_slice(&added);
        f
    }
}

/// A group the enemies beat with less than this chance is a sure winner: it takes the lead back.
const SURE_BELOW: f64 = 0.1;

/// A group the enemies beat with at least this chance is a loose one: it gives the lead away.
const LOOSE_FROM: f64 = 0.5;

/// How much of a split's groups the enemies can answer.
#[derive(Clone, Copy, Debug, Default)]
struct Control {
    /// Groups the enemies can hardly beat.
    sure: u32,
    /// Groups they probably beat.
    loose: u32,
    /// All groups.
    groups: u32,
    /// The expected number of groups they beat (the sum of the chances).
    threat: f64,
}

impl Control {
    /// Sure groups less the others, plus one: at 0 or more the hand can lead its sure groups and
    /// get every other one out after a lead of its own (the last needs no lead back).
    fn margin(&self) -> i32 {
        self.sure as i32 + 1 - (self.groups - self.sure) as i32
    }
}

/// The enemies' chances to beat groups, kept for one decision: the rests of a decision's
/// candidates share most of their groups, and a chance depends only on the group's shape.
struct Threats<'a> {
    know: &'a Knowledge,
    enemies: &'a [Seat],
    /// (kind, key, links, cards) and the chance.
    seen: Vec<((u8, Rank, u8, u32), f64)>,
}

impl<'a> Threats<'a> {
    fn new(know: &'a Knowledge, enemies: &'a [Seat]) -> Threats<'a> {
        Threats {
            know,
            enemies,
            seen: Vec::with_capacity(32),
        }
    }

    /// The chance that an enemy beats `group`.
    fn of(&mut self, group: &Combo) -> f64 {
        let shape = (group.kind as u8, group.key, group.len, group.size());
        if let Some(&(_, p)) = self.seen.iter().find(|(s, _)| *s == shape) {
            return p;
        }
        let p = self.know.any_beats(self.enemies, group);
        self.seen.push((shape, p));
        p
    }

    fn control(&mut self, groups: &[Combo]) -> Control {
        let mut out = Control {
            groups: groups.len() as u32,
            ..Control::default()
        };
        for g in groups {
            let p = self.of(g);
            out.threat += p;
            out.sure += u32::from(p < SURE_BELOW);
            out.loose += u32::from(p >= LOOSE_FROM);
        }
        out
    }
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

    /// The threat features computed another way: each chance from the card knowledge directly
    /// (no memo, no shared per-seat chances), each rest split afresh, the counts by hand.
    #[test]
    fn the_threat_features_agree_with_the_card_knowledge() {
        use crate::strategy::choices::candidates;
        use crate::strategy::rules_player::{explain_among, RulesPlayer};
        let at = |name: &str| FEATURE_NAMES.iter().position(|n| *n == name).unwrap();
        let mut rules = RulesPlayer::new();
        let mut fresh = Splitter::new();
        let (mut checked, mut sure, mut loose) = (0, 0, 0);
        let views = (0..16)
            .flat_map(crate::strategy::bench_games::self_play_positions)
            .flat_map(|m| m.views)
            .filter(|v| v.to_move == Some(v.me));
        for view in views {
            let rule = explain_among(&mut rules, &view, view.legal_plays());
            let plays = candidates(rules.splitter(), &view, &rule.legal, rule.choice);
            let features = features_of(rules.splitter(), &view, &rule, &plays);
            let me = view.me;
            let partner = view.partner(me);
            let enemies = view.opponents(me);
            for (c, f) in plays.iter().zip(&features) {
                let bits = |x: f64| x.to_bits();
                assert_eq!(
                    bits(f[at("enemy_beats")]),
                    bits(rule.know.any_beats(&enemies, c))
                );
                let partner_beats = partner.map_or(0.0, |p| rule.know.beat_chance(p, c));
                assert_eq!(bits(f[at("partner_beats")]), bits(partner_beats));
                let rest = view.hand.counts().minus(c.cards);
                let groups = if rest.is_empty() {
                    Vec::new()
                } else {
                    fresh.search_only(rest, Mode::Normal).groups.to_vec()
                };
                let chances: Vec<f64> = groups
                    .iter()
                    .map(|g| rule.know.any_beats(&enemies, g))
                    .collect();
                let n_sure = chances.iter().filter(|&&p| p < SURE_BELOW).count();
                let n_loose = chances.iter().filter(|&&p| p >= LOOSE_FROM).count();
                assert_eq!(f[at("rest_sure_groups")], n_sure as f64);
                assert_eq!(f[at("rest_loose_groups")], n_loose as f64);
                assert_eq!(
                    f[at("rest_margin")],
                    (2 * n_sure + 1) as f64 - groups.len() as f64
                );
                let threat: f64 = chances.iter().sum();
                assert!((f[at("rest_threat")] - threat).abs() < 1e-12);
                checked += 1;
                sure += n_sure;
                loose += n_loose;
            }
        }
        // Enough plays, and both kinds of group among their rests, for the counts to mean
        // something.
        assert!(
            checked > 200 && sure > 20 && loose > 20,
            "{} {} {}",
            checked,
            sure,
            loose
        );
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
