//! Which plays the search tries first, and the wins it sees without searching: a leader that
//! runs out with plays no enemy can beat.

use super::cache::WholeHands;
use super::hash::Node;
use crate::cards::{Counts, Rank};
use crate::rules::{Combo, Kind};

/// Most plays [`runs_out`] tries before it gives up: the check must stay cheaper than the
/// search it saves (a leader with dozens of unbeatable plays is rare and soon won anyway).
pub(super) const RUN_OUT_TRIES: u32 = 64;

/// Whether the leader at `node` wins without the enemies ever playing again: its hand splits
/// into plays no enemy can beat and one last play (beatable or not, it empties the hand). It
/// leads the unbeatable ones one by one, keeping the lead each time (its partner passes), then
/// the last. Exact as a sufficient condition: the enemies' hands only shrink, so a play no enemy
/// can beat now stays unbeaten. `leads` are the leader's legal leads; every lead of a smaller
/// hand is among them (a play's reading does not depend on the rest of the hand).
pub(super) fn runs_out(node: &Node, leads: &[Combo], whole: &mut WholeHands) -> bool {
    let me = node.to_move;
    let mut unbeatable: arrayvec::ArrayVec<Counts, 32> = arrayvec::ArrayVec::new();
    for m in leads {
        let beaten = (0..3)
            .filter(|&s| node.is_landlord(s) != node.is_landlord(me))
            .any(|s| may_beat(node.hands[s], m));
        if !beaten && unbeatable.try_push(m.cards).is_err() {
            break;
        }
    }
    if unbeatable.is_empty() {
        return false;
    }
    let mut tries = RUN_OUT_TRIES;
    runs_out_from(node.hands[me], &unbeatable, 0, &mut tries, whole)
}

/// Whether `hand` is one play, or splits into plays of `unbeatable[from..]` (each usable more
/// than once, in index order so no split is tried twice) and one play. Gives up (false) when
/// `tries` runs out.
pub(super) fn runs_out_from(
    hand: Counts,
    unbeatable: &[Counts],
    from: usize,
    tries: &mut u32,
    whole: &mut WholeHands,
) -> bool {
    if whole.reading(hand).is_some() {
        return true;
    }
    for (i, &u) in unbeatable.iter().enumerate().skip(from) {
        if !hand.holds(u) {
            continue;
        }
        if *tries == 0 {
            return false;
        }
        *tries -= 1;
        let rest = hand.minus(u);
        if rest.is_empty() || runs_out_from(rest, unbeatable, i, tries, whole) {
            return true;
        }
    }
    false
}

/// What breaking one rank (leaving part of it in the hand) costs a play in the move order: a
/// little more than a card's worth of length.
pub(super) const BROKEN_RANK: i32 = 96;

/// How promising a play looks, higher first: a pass when the partner leads the trick (let it
/// run), then plays no enemy can beat, then long ones; a pass otherwise comes last, and among
/// equals the lower play first (it keeps the higher cards for later).
pub(super) fn order_score(
    m: &Combo,
    hand: Counts,
    partner_leads_trick: bool,
    enemies: &[Counts],
) -> i32 {
    if m.is_pass() {
        return if partner_leads_trick { 10_000 } else { -1 };
    }
    let unbeatable = enemies.iter().all(|&e| !may_beat(e, m));
    // A play that takes whole ranks keeps the rest of the hand together; one that breaks a
    // pair, triple or bomb leaves more plays to make.
    let taken = m.cards.nibbles_with_at_least(1);
    let emptied = (hand.minus(m.cards).nibbles_with_at_least(1) & taken) ^ taken;
    let broken = taken.count_ones() as i32 - emptied.count_ones() as i32;
    let mut score = 64 * m.size() as i32 - m.key.index() as i32 - BROKEN_RANK * broken;
    if unbeatable {
        score += 2_000;
    }
    if m.kind.is_bomb_like() && !unbeatable {
        // A bomb that can itself be bombed rarely wins more than keeping it.
        score -= 1_000;
    }
    score
}

/// Whether `hand` may hold a play that beats `m`: never false when it does (kickers are not
/// checked, so it may say true when the body is there but the kickers are not).
pub(super) fn may_beat(hand: Counts, m: &Combo) -> bool {
    if m.kind == Kind::Rocket {
        return false;
    }
    let fours = hand.nibbles_with_at_least(4);
    let rocket = hand.get(Rank::SMALL_JOKER) == 1 && hand.get(Rank::BIG_JOKER) == 1;
    if rocket {
        return true;
    }
    if m.kind == Kind::Bomb {
        return fours >> (4 * (m.key.index() + 1)) != 0;
    }
    if fours != 0 {
        return true;
    }
    let width = m.kind.width();
    let above = |mask: u64| mask >> (4 * (m.key.index() + 1)) != 0;
    match m.kind {
        Kind::Single | Kind::Pair | Kind::Triple | Kind::TripleSingle | Kind::TriplePair => {
            above(hand.nibbles_with_at_least(width))
        }
        Kind::FourSingles | Kind::FourPairs => false,
        _ => {
            // Chains: a run of `len` ranks of at least `width` cards within 3..A, whose top
            // is above the key, i.e. whose lowest rank is above `key − len + 1`.
            const CHAIN_RANKS: u64 = 0x0000_1111_1111_1111;
            let ranks = hand.nibbles_with_at_least(width) & CHAIN_RANKS;
            let mut runs = ranks;
            for i in 1..m.len as u32 {
                runs &= ranks >> (4 * i);
            }
            let lowest_above = m.key.index() + 2 - m.len as usize;
            runs >> (4 * lowest_above) != 0
        }
    }
}
