//! Which plays a decision searches.

use super::{Thinker, ALL_PLAYS_UP_TO, PREFERRED_PLAYS};
use crate::game::GameState;
use crate::rules::Combo;
use crate::strategy::split::Mode;

impl Thinker {
    /// The plays worth searching: every usable legal play when few, else the rule player's
    /// choice, the plays leaving the best-valued rest of the hand, bombs, rocket and the pass.
    /// Plays whose reading differs between platforms are left out unless nothing else is legal.
    pub(super) fn candidates(
        &mut self,
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
            .map(|c| (self.splitter.value(hand.minus(c.cards), Mode::Normal), *c))
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
}
