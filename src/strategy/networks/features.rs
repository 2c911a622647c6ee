//! What the networks see: a position turned into a fixed-length vector of numbers in about
//! `[0, 1]`. The same functions encode the self-play data for training (`ddz encode`) and the
//! positions the engine evaluates, so the network sees at play what it learned from.
//!
//! The play network judges an open position (every hand known, as on one sampled deal of the
//! search): the seats are named by role (landlord, the farmer after it, the farmer before it),
//! so one network serves every seat. The bid network judges a 17-card hand before the bottom
//! cards are shown.

use crate::cards::{Counts, Rank};
use crate::game::{Seat, Tally};
use crate::rules::{Combo, Kind};
use crate::strategy::splitter::{Mode, Splitter};

/// Everything the play network needs of an open position: what is left to play, whose turn it
/// is, the play to beat, and what the score's multiplier and spring rules have seen so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenPosition {
    /// The landlord.
    pub landlord: Seat,
    /// The seat to move.
    pub to_move: Seat,
    /// The cards each seat still holds.
    pub hands: [Counts; 3],
    /// The play to beat and who made it; `None` when the seat to move leads.
    pub last: Option<(Seat, Combo)>,
    /// What the plays so far count for: bombs, the rocket, and each side's plays (spring: the
    /// farmers make none; anti-spring: the landlord makes exactly one).
    pub tally: Tally,
}

impl OpenPosition {
    /// The seats by role: landlord, the farmer after it (down), the farmer before it (up).
    #[must_use]
    pub(crate) fn roles(&self) -> [Seat; 3] {
        [self.landlord, self.landlord.next(), self.landlord.prev()]
    }
}

/// Values per hand in the rank encoding: for each of the 13 ranks 3..2, four thermometer bits
/// (at least 1, 2, 3, 4 cards); one bit per joker.
pub(crate) const HAND_WIDTH: usize = 13 * 4 + 2;
/// Values per seat in the bid network's input: the hand, its size, and three figures of its
/// best split (fewest plays, the split's value, bombs).
pub(crate) const SEAT_WIDTH: usize = HAND_WIDTH + 4;
/// Values per seat in the play network's input: [`SEAT_WIDTH`] and, since every hand is open,
/// how many groups of the best split the other side can beat and how many it cannot.
pub(crate) const OPEN_SEAT_WIDTH: usize = SEAT_WIDTH + 2;
/// Kinds of the play to beat, one bit each (the pass is no play to beat).
const KIND_BITS: usize = Kind::ALL.len() - 1;
/// Width of the play network's input.
pub const PLAY_INPUTS: usize =
    3 * OPEN_SEAT_WIDTH + 3 + 1 + Rank::COUNT + KIND_BITS + 1 + 3 + 1 + 4;
/// Width of the bid network's input: the hand, its split figures, and the role it would play
/// (landlord, the farmer after the landlord, the farmer before it).
pub const BID_INPUTS: usize = SEAT_WIDTH + 3;

/// Scale of the split's value (tenths of a point; a 17-card hand is worth about −100..+300).
const SPLIT_VALUE_SCALE: f32 = 400.0;
/// Scale of the fewest plays (a 20-card hand needs up to about 14).
const ROUNDS_SCALE: f32 = 10.0;

/// Writes the rank encoding of `hand` ([`HAND_WIDTH`] values).
pub(super) fn encode_hand(hand: Counts, out: &mut [f32]) {
    for (i, r) in Rank::ALL.iter().enumerate() {
        let n = hand.get(*r);
        if i < 13 {
            for k in 0..4 {
                out[i * 4 + k] = f32::from(u8::from(n > k as u8));
            }
        } else {
            out[52 + (i - 13)] = f32::from(n.min(1));
        }
    }
}

/// Writes one seat's values ([`SEAT_WIDTH`]): the hand, its size, its best split's fewest
/// plays and value, and its bombs (the rocket counts as one).
fn encode_seat(hand: Counts, splitter: &mut Splitter, out: &mut [f32]) {
    encode_hand(hand, &mut out[..HAND_WIDTH]);
    let rest = &mut out[HAND_WIDTH..];
    rest[0] = hand.total() as f32 / 20.0;
    if hand.is_empty() {
        rest[1] = 0.0;
        rest[2] = 0.0;
    } else {
        let split = splitter.split(hand, Mode::Normal);
        rest[1] = split.min_rounds as f32 / ROUNDS_SCALE;
        rest[2] = split.value as f32 / SPLIT_VALUE_SCALE;
    }
    let rocket = hand.get(Rank::SMALL_JOKER) == 1 && hand.get(Rank::BIG_JOKER) == 1;
    let bombs = hand.ranks_with_at_least(4).count_ones() + u32::from(rocket);
    rest[3] = bombs as f32 / 2.0;
}

/// Scale of group counts (a 20-card hand splits into about 5 to 12 groups).
const GROUPS_SCALE: f32 = 10.0;

/// Whether `hand` holds a play that beats `target`.
fn can_beat(hand: Counts, target: &Combo, scratch: &mut Vec<Combo>) -> bool {
    scratch.clear();
    crate::rules::follows(hand, target, scratch);
    scratch.iter().any(|c| !c.is_pass())
}

/// The open-hand figures of one seat: of the groups of its best split, how many the other side
/// (both farmers for the landlord, the landlord for a farmer) can beat and how many it cannot.
fn encode_control(
    hand: Counts,
    others: &[Counts],
    splitter: &mut Splitter,
    scratch: &mut Vec<Combo>,
    out: &mut [f32],
) {
    let (mut beaten, mut safe) = (0u32, 0u32);
    if !hand.is_empty() {
        let split = splitter.split(hand, Mode::Normal);
        for g in &split.groups {
            if others.iter().any(|o| can_beat(*o, g, scratch)) {
                beaten += 1;
            } else {
                safe += 1;
            }
        }
    }
    out[0] = beaten as f32 / GROUPS_SCALE;
    out[1] = safe as f32 / GROUPS_SCALE;
}

/// The role of `seat` as an index: 0 landlord, 1 the farmer after it, 2 the one before it.
fn role(landlord: Seat, seat: Seat) -> usize {
    if seat == landlord {
        0
    } else if seat == landlord.next() {
        1
    } else {
        2
    }
}

/// The play network's input for `p` ([`PLAY_INPUTS`] values).
pub fn play_features(p: &OpenPosition, splitter: &mut Splitter, out: &mut [f32; PLAY_INPUTS]) {
    out.iter_mut().for_each(|v| *v = 0.0);
    let mut scratch = Vec::with_capacity(64);
    let hand = |s: Seat| p.hands[s.index()];
    let roles = p.roles();
    for (i, seat) in roles.iter().enumerate() {
        let block = &mut out[i * OPEN_SEAT_WIDTH..(i + 1) * OPEN_SEAT_WIDTH];
        encode_seat(hand(*seat), splitter, &mut block[..SEAT_WIDTH]);
        // The other side: both farmers for the landlord, the landlord for a farmer.
        let farmers = [hand(roles[1]), hand(roles[2])];
        let landlord = [hand(roles[0])];
        let others: &[Counts] = if i == 0 { &farmers } else { &landlord };
        encode_control(
            hand(*seat),
            others,
            splitter,
            &mut scratch,
            &mut block[SEAT_WIDTH..],
        );
    }
    let mut at = 3 * OPEN_SEAT_WIDTH;
    out[at + role(p.landlord, p.to_move)] = 1.0;
    at += 3;
    let beat = p.last.filter(|(by, _)| *by != p.to_move);
    match beat {
        None => out[at] = 1.0,
        Some((by, combo)) => {
            for (i, r) in Rank::ALL.iter().enumerate() {
                out[at + 1 + i] = f32::from(combo.cards.get(*r)) / 4.0;
            }
            let kind = Kind::ALL.iter().position(|k| *k == combo.kind).unwrap_or(0);
            if kind > 0 {
                out[at + 1 + Rank::COUNT + kind - 1] = 1.0;
            }
            out[at + 1 + Rank::COUNT + KIND_BITS] = combo.cards.total() as f32 / 20.0;
            out[at + 2 + Rank::COUNT + KIND_BITS + role(p.landlord, by)] = 1.0;
            let mover_can_beat = can_beat(hand(p.to_move), &combo, &mut scratch);
            out[at + 5 + Rank::COUNT + KIND_BITS] = f32::from(u8::from(mover_can_beat));
        }
    }
    at += 1 + Rank::COUNT + KIND_BITS + 1 + 3 + 1;
    let tally = &p.tally;
    out[at] = f32::from(tally.bombs) / 4.0;
    out[at + 1] = f32::from(u8::from(tally.rocket));
    out[at + 2] = f32::from(u8::from(tally.farmer_plays == 0));
    out[at + 3] = f32::from(u8::from(tally.landlord_plays <= 1));
    debug_assert_eq!(at + 4, PLAY_INPUTS);
}

/// The role a dealt hand is judged in by the bid network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The landlord (the bottom cards, unseen yet, join the hand).
    Landlord,
    /// The farmer who plays right after the landlord.
    Down,
    /// The farmer who plays right before the landlord.
    Up,
}

impl Role {
    /// Every role, in the order of the input's role bits.
    pub(crate) const ALL: [Role; 3] = [Role::Landlord, Role::Down, Role::Up];

    /// The role of `seat` when `landlord` is the landlord.
    #[must_use]
    pub(crate) fn of(seat: Seat, landlord: Seat) -> Role {
        Role::ALL[role(landlord, seat)]
    }
}

/// The bid network's input for a dealt hand (17 cards, before the bottom) in `role`
/// ([`BID_INPUTS`] values).
pub(crate) fn bid_features(
    hand: Counts,
    role: Role,
    splitter: &mut Splitter,
    out: &mut [f32; BID_INPUTS],
) {
    out.iter_mut().for_each(|v| *v = 0.0);
    encode_seat(hand, splitter, &mut out[..SEAT_WIDTH]);
    let bit = Role::ALL.iter().position(|r| *r == role).unwrap_or(0);
    out[SEAT_WIDTH + bit] = 1.0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::classify;

    fn counts(s: &str) -> Counts {
        s.parse().unwrap()
    }

    #[test]
    fn a_hand_is_encoded_rank_by_rank() {
        let mut out = [0.0; HAND_WIDTH];
        encode_hand(counts("333TTTT2XD"), &mut out);
        assert_eq!(&out[0..4], &[1.0, 1.0, 1.0, 0.0]);
        let ten = 7 * 4;
        assert_eq!(&out[ten..ten + 4], &[1.0; 4]);
        assert_eq!(&out[48..52], &[1.0, 0.0, 0.0, 0.0]);
        assert_eq!(&out[52..54], &[1.0, 1.0]);
        assert_eq!(out.iter().sum::<f32>(), 3.0 + 4.0 + 1.0 + 2.0);
    }

    #[test]
    fn the_play_to_beat_is_seen_only_by_the_others() {
        let play = classify(counts("55")).unwrap();
        let mut p = OpenPosition {
            landlord: Seat::B,
            to_move: Seat::C,
            hands: [counts("3456"), counts("789"), counts("TJ")],
            last: Some((Seat::B, play)),
            tally: Tally {
                landlord_plays: 3,
                ..Tally::default()
            },
        };
        let mut s = Splitter::new();
        let (mut following, mut leading) = ([0.0; PLAY_INPUTS], [0.0; PLAY_INPUTS]);
        play_features(&p, &mut s, &mut following);
        p.to_move = Seat::B;
        play_features(&p, &mut s, &mut leading);
        let lead_bit = 3 * OPEN_SEAT_WIDTH + 3;
        assert_eq!(following[lead_bit], 0.0);
        assert_eq!(leading[lead_bit], 1.0);
        // The landlord's hand comes first whatever its seat.
        assert_eq!(following[0..4], [0.0; 4][..], "no 3 in B's 789");
        assert_eq!(following[4 * 4], 1.0, "the 7 of B's 789");
        assert_eq!(
            following[OPEN_SEAT_WIDTH + 7 * 4],
            1.0,
            "the T of C's TJ (after B)"
        );
    }

    #[test]
    fn control_counts_the_groups_the_other_side_can_beat() {
        let mut out = [0.0; 2];
        let mut s = Splitter::new();
        let mut scratch = Vec::new();
        // The landlord's 3 falls to a farmer's 4; its big joker to nothing.
        let farmers = [counts("4"), counts("5")];
        encode_control(counts("3D"), &farmers, &mut s, &mut scratch, &mut out);
        assert_eq!(out, [0.1, 0.1]);
        // A farmer's pair of 5s against a landlord holding only singles: safe.
        encode_control(
            counts("55"),
            &[counts("AK")],
            &mut s,
            &mut scratch,
            &mut out,
        );
        assert_eq!(out, [0.0, 0.1]);
    }
}
