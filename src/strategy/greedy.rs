//! The greedy player (the arena's `builtin:greedy`, a fast opponent and test partner): bids by
//! a small hand-value rule, leads the lowest group of a greedy split, follows with the cheapest beating play that
//! breaks nothing, and keeps bombs and the rocket for big plays or an opponent about to win.
//! Every answer is legal (it only ever picks from the generated legal plays).

use crate::cards::{Counts, Rank};
use crate::game::GameState;
use crate::rules::{classify, Combo, Kind};
use crate::strategy::player::Strategy;
use crate::time::Deadline;

/// Hand value of the big joker: it beats every single.
const VALUE_BIG_JOKER: u32 = 4;
/// Hand value of the small joker.
const VALUE_SMALL_JOKER: u32 = 3;
/// Hand value of each 2: the highest ordinary rank.
const VALUE_TWO: u32 = 2;
/// Hand value of each ace.
const VALUE_ACE: u32 = 1;
/// Hand value of each bomb: a trick won and the score doubled.
const VALUE_BOMB: u32 = 4;
/// Hand value from which we bid 1, 2 and 3 (about: two strong cards, a joker and a 2 or two,
/// both jokers and a bomb).
const BID_THRESHOLDS: [u32; 3] = [5, 8, 11];
/// An opponent with this many cards or fewer is about to win: bombs come out, and we stop
/// leading singles (which they could follow with their last card).
const DANGER_CARDS: u8 = 2;
/// A play to beat whose key is at least this rank is "big": worth a bomb.
const BIG_KEY: Rank = Rank::TWO;
/// A play to beat of this many cards or more is big too (long chains, planes).
const BIG_SIZE: u32 = 6;
/// Cost, in ranks of key, of each rank a follow takes only part of (breaking a pair or a
/// triple spoils the rest of the hand).
const BREAK_COST: usize = 4;

/// Cheapest-play strategy.
#[derive(Clone, Debug, Default)]
pub struct Greedy;

/// The hand value used for bidding.
#[must_use]
pub(crate) fn hand_value(hand: Counts) -> u32 {
    let mut v = 0;
    v += VALUE_BIG_JOKER * u32::from(hand.get(Rank::BIG_JOKER));
    v += VALUE_SMALL_JOKER * u32::from(hand.get(Rank::SMALL_JOKER));
    v += VALUE_TWO * u32::from(hand.get(Rank::TWO));
    v += VALUE_ACE * u32::from(hand.get(Rank::ACE));
    v += VALUE_BOMB * Rank::ALL.iter().filter(|&&r| hand.get(r) == 4).count() as u32;
    v
}

/// A greedy split of a hand into groups: rocket, bombs, straights (lowest first, as long as
/// they run), then triples, pairs and singles of what is left.
#[must_use]
pub(crate) fn split(hand: Counts) -> Vec<Combo> {
    let mut left = hand;
    let mut groups = Vec::new();
    let take = |left: &mut Counts, cards: Counts, groups: &mut Vec<Combo>| {
        if let Some(c) = classify(cards) {
            *left = left.minus(cards);
            groups.push(c);
        }
    };
    if left.get(Rank::SMALL_JOKER) == 1 && left.get(Rank::BIG_JOKER) == 1 {
        let rocket = Counts::of(Rank::SMALL_JOKER, 1).plus(Counts::of(Rank::BIG_JOKER, 1));
        take(&mut left, rocket, &mut groups);
    }
    for r in Rank::ALL {
        if left.get(r) == 4 {
            take(&mut left, Counts::of(r, 4), &mut groups);
        }
    }
    // Straights: from the lowest rank that starts a run of five or more within 3..A.
    let chain: Vec<Rank> = Rank::ALL.iter().copied().filter(|r| r.chains()).collect();
    let mut i = 0;
    while i < chain.len() {
        let mut j = i;
        while j < chain.len() && left.get(chain[j]) > 0 {
            j += 1;
        }
        if j - i >= 5 {
            take(
                &mut left,
                Counts::run(chain[i], chain[j - 1], 1),
                &mut groups,
            );
            continue; // the same start may begin another run
        }
        i = j.max(i + 1);
    }
    for n in [3u8, 2, 1] {
        for r in Rank::ALL {
            if left.get(r) == n {
                take(&mut left, Counts::of(r, n), &mut groups);
            }
        }
    }
    groups
}

/// Whether an opponent of ours is about to win.
fn danger(state: &GameState) -> bool {
    state
        .opponents(state.me)
        .iter()
        .any(|&s| state.cards_left[s] <= DANGER_CARDS)
}

/// How many ranks a play takes only part of.
fn broken_ranks(hand: Counts, play: &Combo) -> usize {
    play.cards
        .ranks()
        .filter(|&r| play.cards.get(r) < hand.get(r))
        .count()
}

impl Greedy {
    fn lead(&self, state: &GameState, legal: &[Combo]) -> Combo {
        let hand = state.hand_counts();
        if let Some(all) = classify(hand) {
            if legal.contains(&all) && !all.is_ambiguous() {
                return all;
            }
        }
        let groups = split(hand);
        let (bombs, mut plain): (Vec<Combo>, Vec<Combo>) =
            groups.into_iter().partition(|c| c.kind.is_bomb_like());
        if danger(state) && plain.iter().any(|c| c.kind != Kind::Single) {
            plain.retain(|c| c.kind != Kind::Single);
        }
        let choice = plain
            .iter()
            .min_by_key(|c| (c.low(), std::cmp::Reverse(c.size())))
            .copied();
        let lowest_triple = plain
            .iter()
            .filter(|c| c.kind == Kind::Triple && c.key < Rank::TWO)
            .min_by_key(|c| c.key)
            .copied();
        let choice = match (choice, lowest_triple) {
            // A low single or pair goes out as the kicker of the lowest triple: one trick
            // for two groups.
            (Some(c), Some(t))
                if matches!(c.kind, Kind::Single | Kind::Pair) && c.key < Rank::TWO =>
            {
                Some(classify(t.cards.plus(c.cards)).unwrap_or(c))
            }
            (c, _) => c,
        };
        let choice = match choice {
            Some(c) if c.kind == Kind::Triple => with_kicker(c, &plain),
            Some(c) if c.kind == Kind::Single && danger(state) => {
                // Only singles left and an opponent close to out: the highest first.
                plain.iter().copied().max_by_key(|c| c.key).unwrap_or(c)
            }
            Some(c) => c,
            None => match bombs.iter().min_by_key(|c| (c.kind == Kind::Rocket, c.key)) {
                Some(b) => *b,
                None => return fallback(legal),
            },
        };
        if legal.contains(&choice) {
            choice
        } else {
            fallback(legal)
        }
    }

    fn follow(&self, state: &GameState, legal: &[Combo], target: &Combo) -> Combo {
        let hand = state.hand_counts();
        // Plays whose reading differs across platforms only when nothing else is legal.
        let mut plays: Vec<Combo> = legal
            .iter()
            .copied()
            .filter(|c| !c.is_pass() && !c.is_ambiguous())
            .collect();
        if plays.is_empty() && !legal.iter().any(Combo::is_pass) {
            plays = legal.to_vec();
        }
        if let Some(out) = plays.iter().find(|c| c.cards == hand) {
            return *out; // this play empties our hand
        }
        let by = state.last.map(|(s, _)| s);
        let partner_played = by.is_some() && by == state.partner(state.me);
        if partner_played {
            // The partner is in control: never beat it, in this simple player.
            return Combo::PASS;
        }
        let has_rocket = hand.get(Rank::SMALL_JOKER) == 1 && hand.get(Rank::BIG_JOKER) == 1;
        let keeps_specials = |c: &Combo| {
            !c.kind.is_bomb_like()
                && c.cards.ranks().all(|r| hand.get(r) < 4)
                && !(has_rocket
                    && (c.cards.get(Rank::SMALL_JOKER) + c.cards.get(Rank::BIG_JOKER)) > 0)
        };
        let cheapest = plays
            .iter()
            .filter(|c| keeps_specials(c))
            .min_by_key(|c| (c.key.index() + BREAK_COST * broken_ranks(hand, c), c.size()))
            .copied();
        if let Some(c) = cheapest {
            return c;
        }
        let big = target.key >= BIG_KEY || target.size() >= BIG_SIZE;
        if (danger(state) || big) && !partner_played {
            if let Some(b) = plays
                .iter()
                .filter(|c| c.kind.is_bomb_like())
                .min_by_key(|c| (c.kind == Kind::Rocket, c.key))
            {
                return *b;
            }
        }
        Combo::PASS
    }
}

/// A triple with the lowest single (below 2) or pair of the split attached, when there is one.
fn with_kicker(triple: Combo, groups: &[Combo]) -> Combo {
    let kicker = groups
        .iter()
        .filter(|g| g.kind == Kind::Single && g.key < Rank::TWO)
        .chain(
            groups
                .iter()
                .filter(|g| g.kind == Kind::Pair && g.key < Rank::TWO),
        )
        .min_by_key(|g| (g.kind != Kind::Single, g.key));
    match kicker.and_then(|k| classify(triple.cards.plus(k.cards))) {
        Some(c) => c,
        None => triple,
    }
}

/// The lowest single, else any legal play, never the pass when something else is legal.
fn fallback(legal: &[Combo]) -> Combo {
    legal
        .iter()
        .filter(|c| !c.is_pass())
        .min_by_key(|c| (c.kind != Kind::Single, c.key))
        .copied()
        .unwrap_or(Combo::PASS)
}

impl Strategy for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        let value = hand_value(state.hand_counts());
        let wanted = BID_THRESHOLDS.iter().filter(|&&t| value >= t).count() as u8;
        if wanted > state.highest_bid() && state.bid_is_legal(wanted) {
            wanted
        } else {
            0
        }
    }

    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        let legal = state.legal_plays();
        match state.to_beat_for(state.me) {
            None => self.lead(state, &legal),
            Some(target) => {
                let target = *target;
                self.follow(state, &legal, &target)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::game::Seat;

    fn state(hand: &str) -> GameState {
        let cards = Cards::parse_any(hand).unwrap();
        let mut s = GameState::new(Seat::A, cards);
        s.set_landlord(Seat::A, Cards::EMPTY).unwrap();
        s
    }

    #[test]
    fn split_covers_the_hand() {
        for hand in ["3456789TJQKA2XD", "33334445556677889", "3", "XD22AAKK"] {
            let h: Counts = hand.parse().unwrap();
            let total = split(h).iter().fold(Counts::EMPTY, |a, g| a.plus(g.cards));
            assert_eq!(total, h, "{}", hand);
        }
    }

    #[test]
    fn leads_low_and_never_passes() {
        let mut s = state("345679TTJJQQKAA22");
        let p = Greedy.play(&s, Deadline::unlimited());
        assert!(!p.is_pass());
        assert_eq!(p.low(), Rank::THREE);
        // Only a bomb and the rocket: still a lead, and not the ambiguous 3333+X+D.
        s.hand = Cards::parse_any("3333XD").unwrap();
        s.cards_left[Seat::A] = 6;
        let p = Greedy.play(&s, Deadline::unlimited());
        assert_eq!(p.kind, Kind::Bomb);
    }

    #[test]
    fn keeps_the_bomb_for_big_plays() {
        let mut s = state("5555J");
        let on = |s: &mut GameState, play: &str| {
            let combo = classify(play.parse().unwrap()).unwrap();
            s.last = Some((Seat::B, combo));
        };
        // A small single from an opponent with many cards: the J beats it; a K it does not,
        // and the bomb stays.
        on(&mut s, "9");
        assert_eq!(
            Greedy.play(&s, Deadline::unlimited()).key,
            Rank::new(8).unwrap()
        );
        on(&mut s, "K");
        assert!(Greedy.play(&s, Deadline::unlimited()).is_pass());
        // A 2 is big enough for the bomb; so is any play when the opponent is nearly out.
        on(&mut s, "2");
        assert_eq!(Greedy.play(&s, Deadline::unlimited()).kind, Kind::Bomb);
        on(&mut s, "K");
        s.cards_left[Seat::B] = DANGER_CARDS;
        assert_eq!(Greedy.play(&s, Deadline::unlimited()).kind, Kind::Bomb);
    }

    #[test]
    fn bids_are_legal_and_follow_the_value() {
        let strong = Cards::parse_any("3456789XD22AA2KKQ").unwrap();
        let weak = Cards::parse_any("33445566789TJJQQK").unwrap();
        let mut s = GameState::new(Seat::B, strong);
        assert_eq!(Greedy.bid(&s, Deadline::unlimited()), 3);
        s.record_bid(Seat::A, 3).unwrap();
        assert_eq!(Greedy.bid(&s, Deadline::unlimited()), 0);
        let s = GameState::new(Seat::B, weak);
        assert_eq!(Greedy.bid(&s, Deadline::unlimited()), 0);
    }
}
