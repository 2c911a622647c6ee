//! One round with every hand known, played through the strict layer.

use crate::common::{random_deal, random_legal};
use ddz_core::cards::Cards;
use ddz_core::game::{Round, Seat, Tally};
use ddz_core::rules::Platform;

/// A full game of random legal plays, judged strictly at every step: the model's tally
/// agrees with the tally read again from its plays, and every hand still holds what it was
/// dealt less what it played.
#[test]
fn a_game_played_through_the_strict_layer_keeps_one_tally() {
    for seed in 0..20u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let (dealt, bottom) = random_deal(&mut rng);
        let mut game = Round::new(Platform::Canonical, dealt, bottom);
        game.try_bid(Seat::A, 1, true).unwrap();
        assert!(game.try_bid(Seat::B, 1, true).is_err());
        game.try_bid(Seat::B, 0, true).unwrap();
        game.try_bid(Seat::C, 2, true).unwrap();
        game.reveal(Seat::C, 2);
        while game.winner().is_none() {
            let cards = random_legal(&mut rng, &game);
            game.try_play(cards).unwrap();
        }
        let again = Tally::of_plays(Seat::C, game.plays());
        assert_eq!(game.tally(), again, "seed {}", seed);
        let mut start = dealt;
        start[Seat::C] = start[Seat::C].or(bottom);
        for (seat, &now) in game.hands().iter() {
            let played = game
                .plays()
                .iter()
                .filter(|(s, _)| *s == seat)
                .fold(Cards::EMPTY, |all, (_, c)| {
                    all.or(c.unwrap_or(Cards::EMPTY))
                });
            assert_eq!(now, start[seat].minus(played));
        }
    }
}
