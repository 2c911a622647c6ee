//! The game as front ends play it: judged steps and listed ones agree, the action-space path
//! agrees with both, a refusal changes nothing, and a game made again from what it was made
//! from and its actions is the same game (the single game's and the batch's alike).

use ddz_core::actions::ActionSpace;
use ddz_core::batch::{Batch, Objective};
use ddz_core::cards::Cards;
use ddz_core::game::deal::Deal;
use ddz_core::game::{Action, Game, Phase, Refusal, Round, Seat};
use ddz_core::rules::Platform;

const PLATFORMS: [Platform; 4] = [
    Platform::Canonical,
    Platform::Sample2015,
    Platform::Icga2019,
    Platform::Botzone,
];

/// Everything a round shows, to compare two.
fn view(round: &Round) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        round.phase(),
        round.hands(),
        round.bids(),
        round.plays(),
        round.landlord(),
        round.to_move(),
        round.to_beat(),
        round.score()
    )
}

/// Games of many seeds, each variant, with bidding and with a fixed landlord.
fn games() -> impl Iterator<Item = Game> {
    (0..30u64).flat_map(|seed| {
        PLATFORMS.iter().map(move |&platform| {
            let landlord = [None, Some(Seat::ALL[(seed % 3) as usize])][(seed % 2) as usize];
            Game::new(seed, platform, Deal::seeded(seed, seed / 7), landlord)
        })
    })
}

#[test]
fn judged_listed_and_indexed_steps_play_the_same_game() {
    let space = ActionSpace::shared();
    let mut rng = fastrand::Rng::with_seed(4);
    let mut positions = 0;
    for mut judged in games() {
        let (mut listed, mut indexed) = (judged.clone(), judged.clone());
        while let Some(seat) = judged.to_move() {
            let legal = judged.legal().to_vec();
            assert!(!legal.is_empty());
            // The action-space path lists the same actions, index by index, and names them back.
            let mut indices = Vec::new();
            space.legal_indices(&judged.round, &mut indices);
            let named: Vec<u32> = legal.iter().map(|&a| space.index_of_action(a)).collect();
            assert_eq!(indices, named);
            let hand = judged.round.hands()[seat];
            for (&index, &action) in indices.iter().zip(&legal) {
                assert_eq!(space.action(hand, index as usize), Some(action));
            }
            let k = rng.usize(..legal.len());
            judged.step(legal[k]).unwrap();
            listed.step_index(k).unwrap();
            assert_eq!(space.step(&mut indexed, i64::from(indices[k])), Some(seat));
            assert_eq!(view(&listed.round), view(&judged.round));
            assert_eq!(view(&indexed.round), view(&judged.round));
            positions += 1;
        }
        assert!(judged.legal().is_empty() && judged.round.score().is_some());
        assert_eq!(judged.step_index(0), Err(judged.over()));
        assert_eq!(space.step(&mut judged, 0), None);
    }
    assert!(positions > 3000, "{} positions", positions);
}

#[test]
fn a_refused_action_changes_nothing_and_says_why() {
    let space = ActionSpace::shared();
    let mut rng = fastrand::Rng::with_seed(8);
    let mut other_suits = 0;
    for mut game in games() {
        while let Some(seat) = game.to_move() {
            let before = view(&game.round);
            let count = game.legal().len();
            let hand = game.round.hands()[seat];
            let bidding = game.round.phase() == Phase::Bid;
            let mut bad = vec![Action::Bid(4)];
            if bidding {
                let bids: Vec<u8> = game.round.legal_bids().collect();
                let due = Refusal::BidDue(seat, bids);
                assert_eq!(game.step(Action::Play(Some(hand))), Err(due));
            } else {
                assert_eq!(game.step(Action::Bid(1)), Err(Refusal::PlayDue(seat)));
                // A card of a held rank in a suit another seat holds.
                let mut foreign = Cards::DECK.minus(hand).codes().map(Cards::single);
                let swapped = foreign.find(|&c| hand.pick(c.counts()).is_some());
                if let Some(card) = swapped {
                    let refused = game.step(Action::Play(Some(card)));
                    assert_eq!(refused, Err(Refusal::OtherSuits(seat, card)));
                    other_suits += 1;
                }
                bad.push(Action::Play(Some(Cards::DECK)));
            }
            for action in bad {
                assert!(game.step(action).is_err(), "{:?}", action);
            }
            let no_index = Refusal::NoIndex {
                index: count,
                count,
            };
            assert_eq!(game.step_index(count), Err(no_index));
            assert_eq!(space.step(&mut game, -1), None);
            assert_eq!(view(&game.round), before);
            let k = rng.usize(..count);
            game.step_index(k).unwrap();
        }
        let over = game.over();
        assert_eq!(game.step(Action::Bid(0)), Err(over.clone()));
        assert!(over.to_string().starts_with("the game is over"));
    }
    assert!(other_suits > 1000, "{}", other_suits);
}

#[test]
fn a_game_made_again_from_its_origin_and_actions_is_the_same_game() {
    let mut rng = fastrand::Rng::with_seed(2);
    for mut game in games() {
        let stop = rng.usize(..60);
        for _ in 0..stop {
            let count = game.legal().len();
            if count == 0 {
                break;
            }
            game.step_index(rng.usize(..count)).unwrap();
        }
        let (platform, landlord) = (game.round.platform(), game.fixed_landlord());
        let mut again = Game::new(game.seed, platform, game.deal, landlord);
        for action in game.actions() {
            again.step(action).unwrap();
        }
        assert_eq!(view(&again.round), view(&game.round));
        assert_eq!(again.played(), game.played());
        assert_eq!(again.to_beat_cards(), game.to_beat_cards());
        assert_eq!(again.legal(), game.legal());
    }
}

#[test]
fn a_follower_told_the_moves_holds_the_judged_game() {
    let mut rng = fastrand::Rng::with_seed(6);
    for mut judged in games().filter(|g| g.round.landlord().is_none()) {
        let mut follower = Game::new(0, judged.round.platform(), judged.deal, None);
        while let Some(seat) = judged.to_move() {
            let legal = judged.legal().to_vec();
            let action = legal[rng.usize(..legal.len())];
            let landlord = judged.round.landlord();
            judged.step(action).unwrap();
            match action {
                Action::Bid(bid) => follower.record_bid(seat, bid),
                Action::Play(cards) => {
                    assert!(!follower.record_play(seat.next(), cards.or(Some(Cards::DECK))));
                    assert!(follower.record_play(seat, cards));
                }
            }
            if let (None, Some(landlord)) = (landlord, judged.round.landlord()) {
                follower.record_landlord(landlord);
            }
            if judged.round.phase() != Phase::Done || judged.round.landlord().is_some() {
                assert_eq!(view(&follower.round), view(&judged.round));
                assert_eq!(follower.to_beat_cards(), judged.to_beat_cards());
            }
        }
    }
}

#[test]
fn played_cards_are_the_plays_each_seat_made() {
    let mut rng = fastrand::Rng::with_seed(1);
    for mut game in games() {
        while game.to_move().is_some() {
            let count = game.legal().len();
            game.step_index(rng.usize(..count)).unwrap();
        }
        let played = game.played();
        for seat in Seat::ALL {
            // What a seat was dealt (the bottom too, for the landlord) less what it holds.
            let bottom = Some(seat).filter(|&s| game.round.landlord() == Some(s));
            let dealt = game.deal.hands[seat].or(bottom.map_or(Cards::EMPTY, |_| game.deal.bottom));
            assert_eq!(played[seat], dealt.minus(game.round.hands()[seat]));
        }
    }
}

#[test]
fn a_batch_game_is_the_single_game_of_its_deal_and_restores_from_its_actions() {
    let mut batch = Batch::new(6, 3, Platform::Botzone, Objective::Score, 1);
    let (mut rewards, mut done) = (vec![0.0; 18], vec![false; 6]);
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..40 {
        let actions: Vec<i64> = (0..6)
            .map(|g| {
                let legal = batch.legal(g);
                i64::from(legal[rng.usize(..legal.len())])
            })
            .collect();
        batch.step(&actions, &mut rewards, &mut done).unwrap();
    }
    let mut fresh = Batch::new(6, 3, Platform::Botzone, Objective::Score, 1);
    for g in 0..6 {
        let game = batch.game(g);
        let (seed, deal) = batch.deal_of(g);
        let landlord = game.round.landlord();
        let mut single = Game::new(seed, Platform::Botzone, Deal::seeded(seed, deal), landlord);
        for action in game.actions() {
            single.step(action).unwrap();
        }
        assert_eq!(view(&single.round), view(&game.round));
        let played: Vec<i64> = batch.played(g).iter().map(|&i| i64::from(i)).collect();
        fresh.restore(g, deal, &played).unwrap();
        assert_eq!(view(&fresh.game(g).round), view(&game.round));
        assert_eq!(fresh.legal(g), batch.legal(g));
    }
}
