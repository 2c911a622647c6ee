//! One round with every hand known, played through the strict layer.

use crate::common::{random_deal, random_legal};
use ddz_core::cards::Cards;
use ddz_core::game::{Phase, Round, Seat, Tally};
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
        assert_eq!(
            (game.phase(), game.landlord(), game.base()),
            (Phase::Play, Some(Seat::C), Some(2))
        );
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

/// Every variant's bidding run through the round: it ends where its rules say (after three bids,
/// or a 3 where a 3 ends it), settles on the first highest bidder, and a deal nobody bids on is
/// played by the first bidder or not at all, as the variant says; the score comes when it is done.
#[test]
fn each_variant_runs_its_bidding_to_the_landlord() {
    let mut rng = fastrand::Rng::with_seed(3);
    let (dealt, bottom) = random_deal(&mut rng);
    let variants = Platform::ALL.iter().copied().chain([Platform::Botzone]);
    for platform in variants {
        let rules = platform.deal_rules();
        let bid_all = |bids: &[u8]| {
            let mut round = Round::new(platform, dealt, bottom);
            for &bid in bids {
                assert_eq!(round.phase(), Phase::Bid, "{} {:?}", platform, bids);
                let seat = round.to_move();
                round.try_bid(seat, bid, true).unwrap();
            }
            round
        };
        let passed = bid_all(&[0, 0, 0]);
        match rules.nobody_bid {
            Some(base) => assert_eq!(
                (passed.landlord(), passed.base()),
                (Some(Seat::A), Some(base))
            ),
            None => {
                assert_eq!((passed.phase(), passed.landlord()), (Phase::Done, None));
                assert_eq!(passed.score(), Some((1, Default::default())));
            }
        }
        let three = bid_all(if rules.three_ends_bidding {
            &[1, 3]
        } else {
            &[1, 3, 0]
        });
        assert_eq!(
            (three.landlord(), three.base()),
            (Some(Seat::B), Some(3)),
            "{}",
            platform
        );
        assert_eq!(three.to_move(), Seat::B);
        let mut asked_all = Round::new(platform, dealt, bottom);
        asked_all.stop_bidding_at_3();
        asked_all.try_bid(Seat::A, 3, true).unwrap();
        assert_eq!(asked_all.landlord(), Some(Seat::A));
        assert!(three.score().is_none());
    }
}
