//! Small direct-mapped caches of per-hand work the search asks for again and again: the leads
//! of a hand and the reading of a whole hand as one play.

use super::hash::Node;
use crate::cards::{Counts, Rank};
use crate::rules::{classify, leads, Combo};

/// The play that empties the mover's hand at once, when its whole hand is one legal play.
pub(super) fn going_out(node: &Node, whole: &mut WholeHands) -> Option<Combo> {
    let reading = whole.reading(node.hands[node.to_move])?;
    match node.last {
        Some((_, target)) if !reading.beats(&target) => None,
        _ => Some(reading),
    }
}

/// The slot of `hand` in a direct-mapped cache of `slots` slots (a power of two).
pub(super) fn slot_of(hand: Counts, slots: usize) -> usize {
    (hand.0.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & (slots - 1)
}

/// Slots of [`LeadLists`]: a power of two; a list is some tens of plays, so this is a few
/// hundred kilobytes.
pub(super) const LEAD_LIST_SLOTS: usize = 1024;

/// The leads of recent hands, remembered: a seat's hand leads in many positions (the other
/// hands differ, or the search comes back to a node), and generating leads with all their
/// kicker choices is the costliest part of a node. A direct-mapped cache keyed on the whole
/// hand, so a hit is exact.
pub(super) struct LeadLists(Vec<(Counts, Vec<Combo>)>);

impl LeadLists {
    pub(super) fn new() -> LeadLists {
        // An empty hand never leads (the game would be over): it marks a free slot.
        LeadLists(vec![(Counts::EMPTY, Vec::new()); LEAD_LIST_SLOTS])
    }

    /// Appends the leads of `hand` to `out`.
    pub(super) fn extend(&mut self, hand: Counts, out: &mut Vec<Combo>) {
        let (held, list) = &mut self.0[slot_of(hand, LEAD_LIST_SLOTS)];
        if *held != hand || hand.is_empty() {
            list.clear();
            leads(hand, list);
            *held = hand;
        }
        out.extend_from_slice(list);
    }
}

/// Slots of [`WholeHands`]: a power of two, small enough to stay in the processor's cache.
pub(super) const WHOLE_HAND_SLOTS: usize = 4096;

/// The reading of whole hands as one play, remembered: the search asks for it at every node
/// and for every child, and the same few hands come back again and again. A direct-mapped
/// cache keyed on the whole hand, so a hit is exact.
pub(super) struct WholeHands(Vec<(Counts, Option<Combo>)>);

impl WholeHands {
    pub(super) fn new() -> WholeHands {
        // An empty hand is never asked about (it has no reading): it marks a free slot.
        WholeHands(vec![(Counts::EMPTY, None); WHOLE_HAND_SLOTS])
    }

    /// The canonical reading of `hand` when the whole of it is one play.
    pub(super) fn reading(&mut self, hand: Counts) -> Option<Combo> {
        if !may_be_one_play(hand) {
            return None;
        }
        let (held, reading) = self.0[slot_of(hand, WHOLE_HAND_SLOTS)];
        if held == hand && !hand.is_empty() {
            return reading;
        }
        let reading = classify(hand);
        self.0[slot_of(hand, WHOLE_HAND_SLOTS)] = (hand, reading);
        reading
    }
}

/// False for most hands that are no single play, cheaply. Past eight cards a play is a chain
/// or a plane: with one triple or four it is none of them; without any, every rank holds the
/// same count (a straight or pair straight). Up to eight cards, without a triple or four (which
/// may carry kickers), a play has every rank at the same count or is the rocket.
pub(super) fn may_be_one_play(hand: Counts) -> bool {
    let triples = hand.nibbles_with_at_least(3).count_ones();
    if triples >= 2 || (triples == 1 && hand.total() <= 8) {
        return true;
    }
    if triples == 1 {
        return false;
    }
    let ones = hand.nibbles_with_at_least(1);
    let uniform = ones == hand.nibbles_with_at_least(2) || hand.nibbles_with_at_least(2) == 0;
    let rocket = hand.0
        == Counts::of(Rank::SMALL_JOKER, 1)
            .plus(Counts::of(Rank::BIG_JOKER, 1))
            .0;
    uniform && (ones.count_ones() <= 1 || rocket || ones.count_ones() >= 3)
}
