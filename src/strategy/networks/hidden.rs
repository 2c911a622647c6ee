//! Where the cards are: a network that reads what one seat has seen (its hand, the bids, every
//! play and pass) and gives, for each rank, the chance that one hidden card of that rank lies in
//! the hand of the seat after ours rather than the seat before ours. The search draws its deals
//! from these chances ([`crate::search::Sampler::by_chances`]) instead of uniformly.
//!
//! "Hidden" cards are the unseen ones less the landlord's bottom cards it has not played (those
//! are public). The network is trained on games of several of our own players
//! (`ddz encode --net hidden` over arena logs, `scripts/train.py --net hidden`), never on games
//! against outside engines.
//!
//! The inputs, in order ([`HIDDEN_INPUTS`] values, each about 0..1):
//! - our role: landlord, the farmer after it, the farmer before it (one-hot, 3);
//! - our hand and the hidden cards, each as rank thermometers ([`HAND_WIDTH`] each);
//! - for the seat after ours, then the seat before ours ([`SEAT_INPUTS`] each): landlord or
//!   not, its cards left and the hidden cards it must hold (/ 20), its known cards (the
//!   unplayed bottom) and the cards it has played (per rank / 4), the lowest single, pair and
//!   triple of an enemy's it let pass ((rank + 1) / 15, 0 for none), its passes and plays
//!   (/ 10), its leads by kind (single, pair, triple with or without kickers, chain, bomb or
//!   rocket; / 5), the lowest single it led, and its bid (/ 3, with a flag that it bid);
//! - how far the game is (turns / 60) and the bombs played (/ 4).
//!
//! The outputs ([`HIDDEN_OUTPUTS`]): per rank 3..2, small joker, big joker, the share of that
//! rank's hidden cards that the seat after ours holds.

use super::features::{encode_hand, HAND_WIDTH};
use crate::cards::{Cards, Counts, Rank};
use crate::game::{BySeat, GameState, Seat};
use crate::rules::{Combo, Kind};

/// Values per other seat.
pub(crate) const SEAT_INPUTS: usize = 1 + 2 + 2 * Rank::COUNT + 3 + 2 + LEAD_KINDS + 1 + 2;
/// Kinds of lead counted apart: single, pair, triple (with or without kickers), chain, bomb.
const LEAD_KINDS: usize = 5;
/// Width of the network's input.
pub(crate) const HIDDEN_INPUTS: usize = 3 + 2 * HAND_WIDTH + 2 * SEAT_INPUTS + 2;
/// Outputs: one share per rank.
pub(crate) const HIDDEN_OUTPUTS: usize = Rank::COUNT;

/// The cards no seat has shown: unseen by `state.me`, less the landlord's unplayed bottom.
#[must_use]
pub(crate) fn hidden_cards(state: &GameState) -> Cards {
    state.unseen().minus(state.landlord_known_cards())
}

/// How many hidden cards `seat` (not ours) must hold: its count less what is known of it.
#[must_use]
pub(crate) fn hidden_need(state: &GameState, seat: Seat) -> u32 {
    let known = if state.landlord == Some(seat) {
        state.landlord_known_cards().len()
    } else {
        0
    };
    u32::from(state.cards_left[seat]).saturating_sub(known as u32)
}

/// What the history tells of one other seat.
#[derive(Default)]
struct SeatEvidence {
    /// The lowest single, pair and triple of an enemy's this seat passed on.
    passed_low: [Option<Rank>; 3],
    passes: u32,
    plays: u32,
    leads: [u32; LEAD_KINDS],
    lowest_single_led: Option<Rank>,
}

/// The lead kind counted for `combo` (`None` for kinds not counted).
fn lead_kind(combo: &Combo) -> Option<usize> {
    match combo.kind {
        Kind::Single => Some(0),
        Kind::Pair => Some(1),
        Kind::Triple | Kind::TripleSingle | Kind::TriplePair => Some(2),
        Kind::Straight
        | Kind::PairStraight
        | Kind::Plane
        | Kind::PlaneSingles
        | Kind::PlanePairs => Some(3),
        Kind::Bomb | Kind::Rocket => Some(4),
        Kind::Pass | Kind::FourSingles | Kind::FourPairs => None,
    }
}

/// The evidence in `state.history` about each seat.
fn evidence(state: &GameState, landlord: Seat) -> BySeat<SeatEvidence> {
    let mut ev: BySeat<SeatEvidence> = BySeat::default();
    let mut last: Option<(Seat, Combo)> = None;
    for turn in &state.history {
        let seat = turn.seat;
        // The play that stood came back round: its maker leads.
        if matches!(last, Some((by, _)) if by == seat) {
            last = None;
        }
        let e = &mut ev[seat];
        if turn.combo.is_pass() {
            e.passes += 1;
            if let Some((by, play)) = last {
                let enemy = (by == landlord) != (seat == landlord);
                let slot = match play.kind {
                    Kind::Single => Some(0),
                    Kind::Pair => Some(1),
                    Kind::Triple | Kind::TripleSingle | Kind::TriplePair => Some(2),
                    _ => None,
                };
                if let (true, Some(k)) = (enemy, slot) {
                    let low = &mut e.passed_low[k];
                    *low = Some(low.map_or(play.key, |r| r.min(play.key)));
                }
            }
        } else {
            e.plays += 1;
            if last.is_none() {
                if let Some(k) = lead_kind(&turn.combo) {
                    e.leads[k] += 1;
                }
                if turn.combo.kind == Kind::Single {
                    let low = &mut e.lowest_single_led;
                    *low = Some(low.map_or(turn.combo.key, |r| r.min(turn.combo.key)));
                }
            }
            last = Some((seat, turn.combo));
        }
    }
    ev
}

/// A rank as a value in (0, 1], 0 for none.
fn rank_value(rank: Option<Rank>) -> f32 {
    rank.map_or(0.0, |r| (r.index() + 1) as f32 / Rank::COUNT as f32)
}

/// Per-rank counts / 4.
fn per_rank(counts: Counts, out: &mut [f32]) {
    for (o, n) in out.iter_mut().zip(counts.per_rank()) {
        *o = f32::from(n) / 4.0;
    }
}

/// Writes the network's inputs for `state` ([`HIDDEN_INPUTS`] values); `false` (and nothing
/// written) before the landlord is known.
pub(crate) fn hidden_features(state: &GameState, out: &mut [f32]) -> bool {
    let landlord = match state.landlord {
        Some(l) => l,
        None => return false,
    };
    out[..HIDDEN_INPUTS].iter_mut().for_each(|v| *v = 0.0);
    let me = state.me;
    let role = if me == landlord {
        0
    } else if me == landlord.next() {
        1
    } else {
        2
    };
    out[role] = 1.0;
    let mut at = 3;
    encode_hand(state.hand.counts(), &mut out[at..at + HAND_WIDTH]);
    at += HAND_WIDTH;
    encode_hand(hidden_cards(state).counts(), &mut out[at..at + HAND_WIDTH]);
    at += HAND_WIDTH;
    let ev = evidence(state, landlord);
    let known = state.landlord_known_cards();
    for seat in [me.next(), me.prev()] {
        let o = &mut out[at..at + SEAT_INPUTS];
        let e = &ev[seat];
        o[0] = f32::from(u8::from(seat == landlord));
        o[1] = f32::from(state.cards_left[seat]) / 20.0;
        o[2] = hidden_need(state, seat) as f32 / 20.0;
        let mut k = 3;
        let held = if seat == landlord {
            known
        } else {
            Cards::EMPTY
        };
        per_rank(held.counts(), &mut o[k..k + Rank::COUNT]);
        k += Rank::COUNT;
        per_rank(state.played[seat].counts(), &mut o[k..k + Rank::COUNT]);
        k += Rank::COUNT;
        for low in e.passed_low {
            o[k] = rank_value(low);
            k += 1;
        }
        o[k] = e.passes as f32 / 10.0;
        o[k + 1] = e.plays as f32 / 10.0;
        k += 2;
        for n in e.leads {
            o[k] = n as f32 / 5.0;
            k += 1;
        }
        o[k] = rank_value(e.lowest_single_led);
        k += 1;
        if let Some(bid) = state.bids[seat] {
            o[k] = f32::from(bid) / 3.0;
            o[k + 1] = 1.0;
        }
        k += 2;
        debug_assert_eq!(k, SEAT_INPUTS);
        at += SEAT_INPUTS;
    }
    out[at] = state.history.len() as f32 / 60.0;
    out[at + 1] = f32::from(state.counted.bombs) / 4.0;
    debug_assert_eq!(at + 2, HIDDEN_INPUTS);
    true
}

/// The training targets of `state` when the other seats hold `hands`: per rank, the share of
/// its hidden cards in the hand of the seat after ours; for a rank with no hidden card, the
/// share of all hidden cards that seat holds (what a network that knows nothing more says).
#[must_use]
pub(crate) fn hidden_targets(state: &GameState, hands: &BySeat<Cards>) -> [f32; HIDDEN_OUTPUTS] {
    let hidden = hidden_cards(state);
    let next = state.me.next();
    let in_next = hidden.and(hands[next]).counts();
    let all = hidden.counts();
    let base = if hidden.is_empty() {
        0.5
    } else {
        hidden.and(hands[next]).len() as f32 / hidden.len() as f32
    };
    let mut t = [base; HIDDEN_OUTPUTS];
    for r in Rank::ALL {
        let n = all.get(r);
        if n > 0 {
            t[r.index()] = f32::from(in_next.get(r)) / f32::from(n);
        }
    }
    t
}
