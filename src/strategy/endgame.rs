//! Endgame rollouts: when the game is close to its end, the rule-based player checks its own
//! choice against the other plays by playing the game out.
//!
//! The unseen cards are dealt at random to the two other seats (respecting their card counts and
//! the landlord's public bottom cards) a few times; for each deal and each candidate play, the
//! rest of the game is played by the rule-based strategy in every seat, and the candidate that
//! wins most often for our side is chosen (the rules' own choice wins ties). This is the
//! "perfect-information Monte Carlo" idea kept small: few deals, few candidates, short games, so
//! a decision stays within a few milliseconds.

use super::rules_player::RulesPlayer;
use super::Deadline;
use crate::cards::Cards;
use crate::game::{GameState, Seat};
use crate::rules::Combo;

/// Rollouts start when some seat holds at most this many cards: the game is near its end, and
/// the rollouts are short.
pub const TRIGGER_CARDS: u8 = 8;

/// Rollouts start only when all hands together hold at most this many cards (bounds the time).
pub const TRIGGER_TOTAL: u32 = 40;

/// Random deals of the unseen cards per decision.
pub const DEALS: usize = 12;

/// Candidate plays tried (the rules' choice, then the others in generation order).
pub const CANDIDATES: usize = 10;

/// Rollout turns one decision may spend (checked between deals, so every candidate sees the same
/// deals): about 3 ms on the bench machine, well inside the 20 ms a decision may take at worst.
/// A budget in turns, not time, keeps the player's choices reproducible.
pub const TURN_BUDGET: usize = 300;

/// A rollout that has not ended after this many turns is scored as a loss (it never happens in
/// a finished game of at most 54 cards; it only guards the loop).
const MAX_TURNS: usize = 120;

/// Whether rollouts apply to `state`.
#[must_use]
pub fn applies(state: &GameState) -> bool {
    let left = state.cards_left;
    let total: u32 = left.0.iter().map(|&n| n as u32).sum();
    state.landlord.is_some() && total <= TRIGGER_TOTAL && left.0.iter().any(|&n| n <= TRIGGER_CARDS)
}

/// Deals the unseen cards to the two other seats: `None` when the counts do not fit (a tracker
/// out of step), in which case no rollout is made.
fn deal(state: &GameState, rng: &mut fastrand::Rng) -> Option<[Cards; 3]> {
    let me = state.me;
    let mut hands = [Cards::EMPTY; 3];
    hands[me.index()] = state.hand;
    let known = state.landlord_known_cards();
    let mut need = [0usize; 3];
    for s in Seat::ALL {
        if s == me {
            continue;
        }
        let mut h = Cards::EMPTY;
        if Some(s) == state.landlord {
            h = known;
        }
        hands[s.index()] = h;
        need[s.index()] = (state.cards_left[s] as usize).checked_sub(h.len())?;
    }
    let mut pool: Vec<u8> = state.unseen().codes().collect();
    if pool.len() != need.iter().sum::<usize>() {
        return None;
    }
    rng.shuffle(&mut pool);
    let mut at = 0;
    for s in Seat::ALL {
        for &c in &pool[at..at + need[s.index()]] {
            hands[s.index()] = hands[s.index()].or(Cards::single(c));
        }
        at += need[s.index()];
    }
    Some(hands)
}

/// Plays the game out from `views` (one per seat, all in step) with `seat` to move: whether our
/// side wins, and the turns played.
fn play_out(
    player: &mut RulesPlayer,
    mut views: [GameState; 3],
    mut seat: Seat,
    landlord: Seat,
    we_are_landlord: bool,
) -> (bool, usize) {
    for turn in 0..MAX_TURNS {
        if let Some(w) = views[0].winner() {
            return ((w == landlord) == we_are_landlord, turn);
        }
        let view = &views[seat.index()];
        let combo = player.rollout_play(view);
        let cards = if combo.is_pass() {
            None
        } else {
            match view.hand.pick(combo.cards) {
                Some(c) => Some(c),
                None => return (false, turn),
            }
        };
        for v in views.iter_mut() {
            if v.record_play(seat, cards).is_err() {
                return (false, turn);
            }
        }
        seat = seat.next();
    }
    (false, MAX_TURNS)
}

/// The candidate with the most rollout wins, or `None` when rollouts do not apply or cannot be
/// made. `rules_choice` is tried first and kept on ties.
pub fn choose(
    player: &mut RulesPlayer,
    state: &GameState,
    rules_choice: Combo,
    deadline: Deadline,
) -> Option<Combo> {
    if !applies(state) {
        return None;
    }
    let landlord = state.landlord?;
    let me = state.me;
    let legal = state.legal_plays();
    let mut candidates: Vec<Combo> = vec![rules_choice];
    for c in &legal {
        if candidates.len() >= CANDIDATES {
            break;
        }
        if !candidates.contains(c) && (!c.is_ambiguous() || c.is_pass()) {
            candidates.push(*c);
        }
    }
    if candidates.len() < 2 {
        return None;
    }
    let seed = state.hand.0 ^ ((state.history.len() as u64) << 56) ^ 0x00e4_d9a3;
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut wins = vec![0u32; candidates.len()];
    let mut turns = 0;
    for _ in 0..DEALS {
        // Every candidate sees the same deals: stop between deals once the budget is spent, or
        // when the clock says stop (only on a machine far slower than expected).
        if turns >= TURN_BUDGET || deadline.soft_passed() {
            break;
        }
        let hands = deal(state, &mut rng)?;
        let base: [GameState; 3] = [
            view_for(state, Seat::A, hands),
            view_for(state, Seat::B, hands),
            view_for(state, Seat::C, hands),
        ];
        for (i, c) in candidates.iter().enumerate() {
            let mut views = base.clone();
            let cards = if c.is_pass() {
                None
            } else {
                Some(state.hand.pick(c.cards)?)
            };
            for v in views.iter_mut() {
                v.record_play(me, cards).ok()?;
            }
            let (won, used) = play_out(player, views, me.next(), landlord, me == landlord);
            turns += used;
            if won {
                wins[i] += 1;
            }
        }
    }
    let mut best = 0;
    for i in 1..candidates.len() {
        if wins[i] > wins[best] {
            best = i;
        }
    }
    Some(candidates[best])
}

/// Seat `seat`'s view of the game in `state`, holding `hands[seat]`.
fn view_for(state: &GameState, seat: Seat, hands: [Cards; 3]) -> GameState {
    let mut v = state.clone();
    v.me = seat;
    v.hand = hands[seat.index()];
    v
}
