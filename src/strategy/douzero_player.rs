//! DouZero's networks as a player (`builtin:douzero:PATH`, the engine's `douzero = PATH`):
//! each play is DouZero's argmax over the legal plays, scored by the position's network
//! ([`DouZeroNets`]) on DouZero's encoding of what the seat has seen; the bids are the
//! thinking player's, as DouZero's game has no bidding (docs/douzero.md).

use super::networks::douzero::{DouZeroNets, Position};
use super::thinker::{Thinker, ThinkerSettings};
use super::{Deadline, Ending, Note, Strategy};
use crate::game::GameState;
use crate::rules::Combo;

/// The player: DouZero's networks for the play, the thinking player for the bids.
pub(crate) struct DouZeroPlayer {
    nets: DouZeroNets,
    bidder: Thinker,
}

impl DouZeroPlayer {
    /// Plays `nets`; bids as the thinking player with its settings for the arena (one search
    /// thread: the arena's jobs fill the cores).
    pub(crate) fn new(nets: DouZeroNets) -> DouZeroPlayer {
        DouZeroPlayer::with_bidder(
            nets,
            ThinkerSettings {
                threads: Some(1),
                ..ThinkerSettings::default()
            },
        )
    }

    /// Plays `nets`; bids as the thinking player with `settings` (the engine's).
    pub(crate) fn with_bidder(nets: DouZeroNets, settings: ThinkerSettings) -> DouZeroPlayer {
        DouZeroPlayer {
            nets,
            bidder: Thinker::new(settings),
        }
    }

    /// The network's value of each of `plays` in `state`; `None` before the landlord is known.
    pub(crate) fn values(&self, state: &GameState, plays: &[Combo]) -> Option<Vec<f32>> {
        let arrays = encode::arrays(state, plays)?;
        Some(self.nets.values(
            arrays.position,
            &arrays.z,
            &arrays.x_no_action,
            &arrays.actions,
        ))
    }
}

impl Strategy for DouZeroPlayer {
    fn name(&self) -> &str {
        "douzero"
    }

    fn bid(&mut self, state: &GameState, deadline: Deadline) -> u8 {
        self.bidder.bid(state, deadline)
    }

    /// DouZero's `DeepAgent.act`: a single legal play is played unscored, else the first of
    /// the plays the network values most.
    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        let legal = state.legal_plays();
        if legal.len() <= 1 {
            return legal.first().copied().unwrap_or(Combo::PASS);
        }
        let values = match self.values(state, &legal) {
            Some(values) => values,
            None => return legal[0],
        };
        let mut best = 0;
        for (i, v) in values.iter().enumerate() {
            if *v > values[best] {
                best = i;
            }
        }
        legal[best]
    }

    fn new_game(&mut self) {
        self.bidder.new_game();
    }

    fn game_over(&mut self, state: &GameState, ending: &Ending) {
        self.bidder.game_over(state, ending);
    }

    fn new_table(&mut self) {
        self.bidder.new_table();
    }

    fn take_explanation(&mut self) -> Option<Note> {
        self.bidder.take_explanation()
    }
}

/// DouZero's encoding of a seat's view (douzero/env/env.py `get_obs`, as
/// `ddz.douzero.get_obs` computes it from a ddz game).
///
/// TO BE REPLACED by ddz-core's encoder (crates/ddz-core/src/encode/, the "batch" branch)
/// once it lands: this private copy exists only so that the player plays before then.
mod encode {
    use super::Position;
    use crate::cards::{Counts, Rank};
    use crate::game::{GameState, Seat};
    use crate::rules::{Combo, Kind};

    /// Plays of history DouZero keeps: 15, three to a row of `z`.
    const HISTORY: usize = 15;
    /// A card set's columns: four a rank for 3..2, one a joker.
    const CARDS: usize = 54;

    /// The network's inputs for one decision.
    pub(super) struct Arrays {
        pub(super) position: Position,
        pub(super) z: Vec<f32>,
        pub(super) x_no_action: Vec<f32>,
        pub(super) actions: Vec<f32>,
    }

    /// `counts` in DouZero's 54 columns, appended to `out`: rank r's first `count` of its four
    /// columns, then each joker's one.
    fn cards(counts: Counts, out: &mut Vec<f32>) {
        for r in 0..15u8 {
            let rank = Rank::new(r).expect("15 ranks");
            let n = usize::from(counts.get(rank));
            let width = if r < 13 { 4 } else { 1 };
            out.extend((0..width).map(|k| if k < n { 1.0 } else { 0.0 }));
        }
    }

    /// A one-hot of `size` with `at` set (nothing set when `at` is outside, as no real game has
    /// it).
    fn one_hot(size: usize, at: Option<usize>, out: &mut Vec<f32>) {
        out.extend((0..size).map(|k| if Some(k) == at { 1.0 } else { 0.0 }));
    }

    /// The arrays for the seat to move in `state` scoring `plays`; `None` before the landlord
    /// is known.
    pub(super) fn arrays(state: &GameState, plays: &[Combo]) -> Option<Arrays> {
        let landlord = state.landlord?;
        let down = landlord.next();
        let up = down.next();
        let position = match state.me {
            s if s == landlord => Position::Landlord,
            s if s == down => Position::LandlordDown,
            _ => Position::LandlordUp,
        };
        let turns: Vec<Counts> = state.history.iter().map(|t| t.combo.cards).collect();
        let last_move = match turns.as_slice() {
            [.., before, last] if last.is_empty() => *before,
            [.., last] => *last,
            [] => Counts::EMPTY,
        };
        let last_of = |seat: Seat| {
            let turn = state.history.iter().rev().find(|t| t.seat == seat);
            turn.map_or(Counts::EMPTY, |t| t.combo.cards)
        };
        let bombs = state
            .history
            .iter()
            .filter(|t| matches!(t.combo.kind, Kind::Bomb | Kind::Rocket))
            .count();
        let played = |seat: Seat| state.played[seat].counts();
        let mut deck = Counts::EMPTY;
        for r in 0..15u8 {
            let rank = Rank::new(r).expect("15 ranks");
            deck.add(rank, rank.deck_count());
        }
        let unseen = Seat::ALL
            .iter()
            .fold(deck.minus(state.hand.counts()), |left, &s| {
                left.minus(played(s))
            });
        let left = |seat: Seat, size: usize, out: &mut Vec<f32>| {
            let n = usize::from(state.cards_left[seat]);
            one_hot(size, n.checked_sub(1).filter(|&i| i < size), out);
        };
        let mut x = Vec::with_capacity(position.x_width());
        cards(state.hand.counts(), &mut x);
        cards(unseen, &mut x);
        if position == Position::Landlord {
            cards(last_move, &mut x);
            cards(played(up), &mut x);
            cards(played(down), &mut x);
            left(up, 17, &mut x);
            left(down, 17, &mut x);
        } else {
            let mate = if position == Position::LandlordUp {
                down
            } else {
                up
            };
            cards(played(landlord), &mut x);
            cards(played(mate), &mut x);
            cards(last_move, &mut x);
            cards(last_of(landlord), &mut x);
            cards(last_of(mate), &mut x);
            left(landlord, 20, &mut x);
            left(mate, 17, &mut x);
        }
        one_hot(15, Some(bombs), &mut x);
        let mut z = vec![0.0; (HISTORY - turns.len().min(HISTORY)) * CARDS];
        for t in &turns[turns.len().saturating_sub(HISTORY)..] {
            cards(*t, &mut z);
        }
        let mut actions = Vec::with_capacity(plays.len() * CARDS);
        for p in plays {
            cards(p.cards, &mut actions);
        }
        Some(Arrays {
            position,
            z,
            x_no_action: x,
            actions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::game::Seat;
    use crate::strategy::networks::douzero::tests::{nets_of, state_dicts};

    /// A network whose value of a play is its number of cards: dense1's unit 0 sums the play's
    /// 54 columns (each card sets one), dense2..5 pass it on, dense6 reads it.
    fn biggest_play_nets() -> DouZeroNets {
        nets_of(&state_dicts(|p, key, shape| {
            let mut v = vec![0.0f32; shape.iter().product()];
            match key {
                "dense1.weight" => {
                    let from = 128 + p.x_width() - 54;
                    v[from..from + 54].fill(1.0);
                }
                "dense2.weight" | "dense3.weight" | "dense4.weight" | "dense5.weight" => v[0] = 1.0,
                "dense6.weight" => v[0] = 1.0,
                _ => {}
            }
            v
        }))
        .unwrap()
    }

    #[test]
    fn it_plays_the_play_its_network_values_most() {
        let mut deck: Vec<u8> = (0..54).collect();
        let mut player = DouZeroPlayer::new(biggest_play_nets());
        for seed in 0..20 {
            fastrand::Rng::with_seed(seed).shuffle(&mut deck);
            let hand = deck[..20].iter().copied().collect::<Cards>();
            let mut s = GameState::new(Seat::B, hand);
            s.record_bid(Seat::B, 3).unwrap();
            s.set_landlord(Seat::B, Cards::EMPTY).unwrap();
            let legal = s.legal_plays();
            let play = player.play(&s, Deadline::unlimited());
            let most = legal.iter().map(Combo::size).max().unwrap();
            // The first of the biggest plays, in the order the engine lists them.
            let first = legal.iter().find(|c| c.size() == most).unwrap();
            assert_eq!(&play, first, "seed {}", seed);
        }
    }
}
