//! Rollouts: a game played to its end by a fast policy in every seat, from an open-hand deal,
//! switching to the exact solver once few enough cards are left.
//!
//! The search knows the policy only through [`Policy`]: one method that picks a play for the
//! seat whose view it is given. The rule-based player implements it; it must answer fast and
//! never search itself (the search calls it thousands of times per decision).

use super::solver::{Solver, SolverPosition};
use crate::cards::Cards;
use crate::game::{BySeat, GameState, IllegalPlay, Outcome, Seat, TrackError};
use crate::rules::Combo;

/// A fast player: a legal play for `state.me` (the pass only when following).
pub(crate) trait Policy {
    /// The play for the seat whose view `state` is.
    fn choose(&mut self, state: &GameState) -> Combo;
}

/// A game with every hand known. One tracker serves all three seats: before a seat is asked,
/// the tracker's `me` and `hand` become that seat's, so the policy sees exactly what that seat
/// would know (its hand, the public plays, the counts) and nothing else.
#[derive(Clone, Debug)]
pub(crate) struct OpenGame {
    state: GameState,
    hands: BySeat<Cards>,
}

impl OpenGame {
    /// The game of `view` (any seat's tracker, play begun) with the hands `hands`.
    #[must_use]
    pub(crate) fn new(view: &GameState, hands: BySeat<Cards>) -> OpenGame {
        OpenGame {
            state: view.clone(),
            hands,
        }
    }

    /// The seat to move (`None` before play begins).
    #[must_use]
    pub(crate) fn to_move(&self) -> Option<Seat> {
        self.state.to_move
    }

    /// The tracker of the game (its `me` and `hand` are those of the seat asked last).
    #[must_use]
    pub(crate) fn state(&self) -> &GameState {
        &self.state
    }

    /// The cards each seat holds now.
    #[must_use]
    pub(crate) fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }

    /// `seat`'s view of the game now.
    pub(crate) fn view(&mut self, seat: Seat) -> &GameState {
        self.state.me = seat;
        self.state.hand = self.hands[seat];
        &self.state
    }

    /// `seat` plays `combo` (its cards are taken from the seat's hand; pass = `Combo::PASS`).
    pub(crate) fn play(&mut self, seat: Seat, combo: &Combo) -> Result<(), TrackError> {
        let cards = if combo.is_pass() {
            None
        } else {
            Some(
                self.hands[seat]
                    .pick(combo.cards)
                    .ok_or(TrackError::Illegal {
                        seat,
                        reason: IllegalPlay::NotHeld {
                            cards: combo.cards,
                            hand: self.hands[seat].counts(),
                        },
                    })?,
            )
        };
        self.state.me = seat;
        self.state.hand = self.hands[seat];
        let result = self.state.record_play(seat, cards);
        self.hands[seat] = self.state.hand;
        result
    }

    /// The seat that went out, once one has.
    #[must_use]
    pub(crate) fn winner(&self) -> Option<Seat> {
        self.state.winner()
    }

    /// The open-hand position for the solver (`None` when the game is over or not begun).
    #[must_use]
    pub(crate) fn position(&self) -> Option<SolverPosition> {
        let landlord = self.state.landlord?;
        let to_move = self.state.to_move?;
        let hands = BySeat::from_fn(|s| self.hands[s].counts());
        let last = self.state.last.filter(|(by, _)| *by != to_move);
        SolverPosition::new(hands, landlord, to_move, last).ok()
    }

    /// How the game scores if `winner` wins from here with the plays made so far
    /// ([`GameState::outcome`]: a game set up midway has had plays nobody recorded, which make
    /// neither a spring nor an anti-spring).
    #[must_use]
    pub(crate) fn outcome(&self, winner: Seat) -> Outcome {
        self.state.outcome(winner)
    }
}

/// The exact solver's part in a rollout: once the hands hold at most `at_cards` cards together,
/// the rest is solved within `nodes` nodes (played on by the policy if that is not enough, and
/// tried again a few cards later).
pub(crate) struct Finisher<'a> {
    /// The solver.
    pub(crate) solver: &'a mut Solver,
    /// Cards left in all hands at which solving starts.
    pub(crate) at_cards: u32,
    /// Node budget per solve.
    pub(crate) nodes: u64,
}

/// A rollout that has not ended after this many turns is given up (a game of 54 cards and
/// passes ends far sooner; it only guards the loop against a policy that misbehaves).
const MAX_TURNS: usize = 400;

/// A solve that ran out of nodes is tried again only after this many more cards are played:
/// the position must shrink before a new try can succeed where the last one failed.
pub(crate) const RETRY_AFTER_CARDS: u32 = 4;

/// Plays `game` to its end: the policy in every seat, the solver at the end when given. The
/// result is the finished game's outcome; a solved ending keeps the multiplier of the moment
/// it was solved (bombs the solver's line might still play are not counted). `None` if the
/// policy answered illegally or the game did not end.
pub(crate) fn play_out(
    mut game: OpenGame,
    policy: &mut dyn Policy,
    mut finisher: Option<&mut Finisher<'_>>,
) -> Option<Outcome> {
    // After a solve runs out of nodes, the next try waits until this many cards are left.
    let mut next_try = u32::MAX;
    for _ in 0..MAX_TURNS {
        if let Some(w) = game.winner() {
            return Some(game.outcome(w));
        }
        if let Some(f) = finisher.as_mut() {
            let left: u32 = game.hands.0.iter().map(|h| h.len() as u32).sum();
            if left <= f.at_cards.min(next_try) {
                next_try = left.saturating_sub(RETRY_AFTER_CARDS);
                if let Some(pos) = game.position() {
                    if let Some(mover_wins) = f.solver.mover_wins(&pos, f.nodes) {
                        return Some(game.outcome(pos.winner(mover_wins)));
                    }
                }
            }
        }
        let seat = game.to_move()?;
        let combo = policy.choose(game.view(seat));
        game.play(seat, &combo).ok()?;
    }
    None
}
