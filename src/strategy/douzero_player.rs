//! DouZero's networks as a player (`builtin:douzero:PATH`, the engine's `douzero = PATH`):
//! each play is DouZero's argmax over the legal plays, scored by the position's network
//! ([`DouZeroNets`]) on DouZero's encoding of what the seat has seen; the bids are the
//! thinking player's, as DouZero's game has no bidding (docs/douzero.md).

use super::explain::Note;
use super::networks::douzero::{DouZeroNets, Position};
use super::player::{Ending, MakePlayer, Strategy};
use super::thinker::{Thinker, ThinkerSettings};
use crate::actions::{card_columns, CARD_COLUMNS};
use crate::encode::douzero;
use crate::game::GameState;
use crate::rules::Combo;
use crate::time::Deadline;

/// The player: DouZero's networks for the play, the thinking player for the bids.
pub(crate) struct DouZeroPlayer {
    nets: DouZeroNets,
    bidder: Thinker,
}

/// The player of DouZero's networks `nets` with the thinking player's `settings` for the bids
/// (the engine's `douzero = FILE`).
#[must_use]
pub fn douzero_player(nets: DouZeroNets, settings: ThinkerSettings) -> Box<dyn Strategy> {
    Box::new(DouZeroPlayer::with_bidder(nets, settings))
}

/// `builtin:douzero:PATH`'s entry in the table of player kinds ([`super::kinds`]): the
/// networks' file read once, when the spec is, and shared by every player built from it.
pub(crate) fn from_file(path: &str) -> Result<MakePlayer, String> {
    let nets = DouZeroNets::read(path).map_err(|e| e.to_string())?;
    Ok(Box::new(move |_| {
        Box::new(DouZeroPlayer::new(nets.clone())) as Box<dyn Strategy>
    }))
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

    /// The network's value of each of `plays` in `state`, on the core's DouZero encoding of
    /// the seat's view ([`douzero`], equal to DouZero's `get_obs`); `None`
    /// before the landlord is known.
    pub(crate) fn values(&self, state: &GameState, plays: &[Combo]) -> Option<Vec<f32>> {
        let seen = douzero::Position::of_state(state)?;
        let mut x = vec![0i8; douzero::x_width(seen.role)];
        let mut z = [0i8; douzero::Z_WIDTH];
        douzero::encode(&seen, &mut x, &mut z);
        let mut actions = vec![0i8; plays.len() * CARD_COLUMNS];
        for (play, row) in plays.iter().zip(actions.chunks_exact_mut(CARD_COLUMNS)) {
            card_columns(play.cards, row);
        }
        let floats = |v: &[i8]| v.iter().map(|&c| f32::from(c)).collect::<Vec<f32>>();
        Some(self.nets.values(
            Position::ALL[seen.role],
            &floats(&z),
            &floats(&x),
            &floats(&actions),
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
