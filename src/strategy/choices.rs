//! The plays worth weighing at a decision: shared by the thinking player (which searches
//! them) and the learned policy (which scores them), so both choose among the same plays.

use super::splitter::{Mode, Splitter};
use crate::game::GameState;
use crate::rules::Combo;

/// Candidates when the legal plays are this many or fewer: all of them.
pub(crate) const ALL_PLAYS_UP_TO: usize = 12;
/// Otherwise, this many plays that leave the best-valued rest of the hand (beside the rule
/// player's choice, bombs, rocket and pass).
pub(crate) const PREFERRED_PLAYS: usize = 8;

/// The plays worth weighing: every usable legal play when few, else the rule player's `choice`,
/// the plays leaving the best-valued rest of the hand, bombs, rocket and the pass. Plays whose
/// reading differs between platforms are left out unless nothing else is legal.
pub(crate) fn candidates(
    splitter: &mut Splitter,
    state: &GameState,
    legal: &[Combo],
    choice: Combo,
) -> Vec<Combo> {
    let usable: Vec<Combo> = legal
        .iter()
        .copied()
        .filter(|c| c.is_pass() || !c.is_ambiguous())
        .collect();
    let usable = if usable.is_empty() {
        legal.to_vec()
    } else {
        usable
    };
    if usable.len() <= ALL_PLAYS_UP_TO {
        return usable;
    }
    let hand = state.hand.counts();
    let mut ranked: Vec<(i32, Combo)> = usable
        .iter()
        .filter(|c| !c.is_pass() && !c.kind.is_bomb_like())
        .map(|c| (splitter.value(hand.minus(c.cards), Mode::Normal), *c))
        .collect();
    ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut out = vec![choice];
    let extra = usable
        .iter()
        .filter(|c| c.is_pass() || c.kind.is_bomb_like())
        .copied()
        .chain(ranked.iter().take(PREFERRED_PLAYS).map(|(_, c)| *c));
    for c in extra {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}
