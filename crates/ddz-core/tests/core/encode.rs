//! The encoders on random games: DouZero's position read from the referee's round and from a
//! seat's own tracker alike (two bookkeepings of the same game), and the 641-wide observation
//! accounting for every card of the deck from each seat's side.

use crate::common::{random_deal, random_legal};
use ddz_core::actions::CARD_COLUMNS;
use ddz_core::encode::douzero::{encode, x_width, Position, Z_WIDTH};
use ddz_core::encode::observation::{self, Table, WIDTH};
use ddz_core::game::{GameState, Round, Seat};
use ddz_core::rules::Platform;

/// Plays random games, calling `visit` at every position with the round and each seat's tracker.
fn each_position(
    games: u64,
    mut visit: impl FnMut(&Round, &[GameState; 3], ddz_core::cards::Cards),
) {
    let mut rng = fastrand::Rng::with_seed(66);
    for _ in 0..games {
        let (hands, bottom) = random_deal(&mut rng);
        let mut round = Round::new(Platform::Canonical, hands, bottom);
        let landlord = Seat::ALL[rng.usize(..3)];
        round.reveal(landlord, 1);
        let mut trackers = [Seat::A, Seat::B, Seat::C].map(|s| GameState::new(s, hands[s]));
        for t in trackers.iter_mut() {
            t.set_landlord(landlord, bottom).unwrap();
        }
        while round.winner().is_none() {
            visit(&round, &trackers, bottom);
            let seat = round.to_move();
            let cards = random_legal(&mut rng, &round);
            round.try_play(cards).unwrap();
            for t in trackers.iter_mut() {
                t.record_play(seat, cards).unwrap();
            }
        }
    }
}

#[test]
fn douzeros_position_is_the_same_from_the_round_and_from_the_tracker() {
    let mut positions = 0;
    each_position(100, |round, trackers, _| {
        let seat = round.to_move();
        let from_round = Position::of_round(round).unwrap();
        let from_tracker = Position::of_state(&trackers[seat.index()]).unwrap();
        assert_eq!(from_round, from_tracker);
        let mut x = vec![0i8; x_width(from_round.role)];
        let mut z = vec![0i8; Z_WIDTH];
        encode(&from_round, &mut x, &mut z);
        // The seat's cards and the unseen ones are the deck less what was played.
        let ones = |part: &[i8]| part.iter().filter(|&&c| c == 1).count();
        let played: usize = round
            .plays()
            .iter()
            .map(|(_, c)| c.map_or(0, |c| c.len()))
            .sum();
        assert_eq!(ones(&x[..2 * CARD_COLUMNS]) + played, 54);
        assert_eq!(ones(&x[..CARD_COLUMNS]), round.hands()[seat].len());
        // The history holds the last moves' cards, at most 15 of them.
        let recent: usize = round
            .plays()
            .iter()
            .rev()
            .take(15)
            .map(|(_, c)| c.map_or(0, |c| c.len()))
            .sum();
        assert_eq!(ones(&z), recent);
        positions += 1;
    });
    assert!(positions > 3_000);
}

#[test]
fn the_observation_accounts_for_every_card_from_each_seat() {
    each_position(60, |round, _, bottom| {
        let table = Table::of_round(round, bottom.counts());
        for seat in Seat::ALL {
            let mut out = [0i8; WIDTH];
            observation::encode(&table, seat, &mut out);
            assert!(out.iter().all(|&v| v == 0 || v == 1));
            // hand + unseen + the three seats' played cards: the deck, each card once.
            let ones = out[..5 * CARD_COLUMNS].iter().filter(|&&c| c == 1).count();
            assert_eq!(ones, 54);
            // One-hots: each seat's cards left, the landlord, the phase.
            let counts = &out[54 * 2 + 162 * 2 + 3 + 54..][..63];
            for (k, s) in [seat, seat.next(), seat.prev()].iter().enumerate() {
                let at = round.hands()[*s].len();
                assert_eq!(counts[21 * k + at], 1);
                assert_eq!(
                    counts[21 * k..21 * (k + 1)]
                        .iter()
                        .filter(|&&c| c == 1)
                        .count(),
                    1
                );
            }
        }
    });
}

#[test]
fn one_positions_arrays_are_its_encoding_and_each_plays_columns() {
    use ddz_core::encode::douzero::{arrays, network_input};
    use ddz_core::rules::legal_plays;
    each_position(20, |round, _, _| {
        let position = Position::of_round(round).unwrap();
        let plays: Vec<_> = legal_plays(position.hand, round.to_beat())
            .iter()
            .map(|p| p.cards)
            .collect();
        let (x, z, columns) = arrays(&position, &plays);
        let (mut x_want, mut z_want) = (vec![0i8; x_width(position.role)], vec![0i8; Z_WIDTH]);
        encode(&position, &mut x_want, &mut z_want);
        assert_eq!((&x, &z), (&x_want, &z_want));
        // Each play's row holds one column a card.
        let rows = columns
            .chunks_exact(CARD_COLUMNS)
            .map(|r| r.iter().filter(|&&c| c == 1).count());
        assert!(rows.eq(plays.iter().map(|p| p.total() as usize)));
        // The network's rows are the state beside each play, as floats.
        let (mut z_net, mut x_batch) = (Vec::new(), Vec::new());
        network_input(&position, &plays, &mut z_net, &mut x_batch);
        let width = x.len() + CARD_COLUMNS;
        for (row, play) in x_batch
            .chunks_exact(width)
            .zip(columns.chunks_exact(CARD_COLUMNS))
        {
            let widened: Vec<f32> = x.iter().chain(play).map(|&v| f32::from(v)).collect();
            assert_eq!(row, &widened[..]);
        }
        assert!(z_net.iter().zip(&z).all(|(&f, &i)| f == f32::from(i)));
    });
}
