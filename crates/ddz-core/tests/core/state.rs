//! One seat's tracker: the official example, contradictions, resynchronisation, and the
//! unchecked layer against the judged one.

use crate::common::{cards, random_deal, random_legal};
use ddz_core::cards::Cards;
use ddz_core::game::{BySeat, GameState, Round, Seat, TrackError};
use ddz_core::rules::{legal_plays, Combo, Kind, Platform};

/// The official example from South's side: deal, bids, bottom, the first plays.
fn example() -> GameState {
    let mut s = GameState::new(
        Seat::B,
        cards("0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46"),
    );
    s.record_bid(Seat::A, 1).unwrap();
    s.record_bid(Seat::B, 3).unwrap();
    s.record_bid(Seat::C, 0).unwrap();
    s.set_landlord(Seat::B, cards("27,48,53")).unwrap();
    s.record_play(Seat::B, Some(cards("0,4,5,7"))).unwrap();
    s.record_play(Seat::C, None).unwrap();
    s.record_play(Seat::A, Some(cards("12,13,14,20"))).unwrap();
    s
}

#[test]
fn follows_the_official_example() {
    let s = example();
    assert_eq!(s.landlord, Some(Seat::B));
    assert_eq!(s.hand.len(), 16);
    assert_eq!(s.cards_left, BySeat([13, 16, 17]));
    assert_eq!(s.to_move, Some(Seat::B));
    assert_eq!(s.last.map(|(seat, _)| seat), Some(Seat::A));
    assert_eq!(s.passes, 0);
    assert_eq!(s.highest_bid(), 3);
    // Unseen: everything but our hand and the cards played (the bottom is in our hand).
    let unseen = s.unseen();
    assert_eq!(unseen.len(), 54 - 16 - 8);
    assert!(unseen.and(s.hand).is_empty() && unseen.and(s.played_all()).is_empty());
    assert_eq!(
        unseen.len(),
        (s.cards_left[Seat::A] + s.cards_left[Seat::C]) as usize
    );
    // Our follows beat 666+8 or pass; the legal-play check agrees with the generator.
    for play in s.legal_plays() {
        let c = if play.is_pass() {
            None
        } else {
            s.hand.pick(play.cards)
        };
        assert!(s.play_is_legal(c), "{}", play);
    }
    assert!(!s.play_is_legal(Some(cards("9"))));
}

#[test]
fn a_farmer_does_not_count_the_bottom_as_unseen() {
    let mut s = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"));
    s.set_landlord(Seat::C, cards("50,51,52")).unwrap();
    assert_eq!(s.unseen().len(), 54 - 17 - 3);
    assert_eq!(s.landlord_known_cards(), cards("50,51,52"));
    s.record_play(Seat::C, Some(cards("50"))).unwrap();
    assert_eq!(s.landlord_known_cards(), cards("51,52"));
    assert_eq!(s.cards_left[Seat::C], 19);
}

#[test]
fn bad_news_is_reported_and_the_tracker_resyncs() {
    let mut s = example();
    // C plays a card we hold, out of turn, that does not beat the 666+8: all reported,
    // and the platform's word is taken (C's play is on the table, A moves next).
    let e = s.record_play(Seat::C, Some(cards("9")));
    assert!(e.is_err());
    assert_eq!(s.last.map(|(seat, _)| seat), Some(Seat::C));
    assert_eq!(s.to_move, Some(Seat::A));
    // A count never goes below zero.
    let mut t = example();
    t.cards_left[Seat::C] = 1;
    t.to_move = Some(Seat::C);
    assert_eq!(
        t.record_play(Seat::C, Some(cards("49,50,51,52"))),
        Err(TrackError::TooManyCards(Seat::C))
    );
    assert_eq!(t.cards_left[Seat::C], 0);
    // A bomb and the rocket raise the multiplier.
    let mut u = example();
    u.record_play(Seat::B, None).unwrap();
    u.record_play(Seat::C, Some(cards("28,29,30,31"))).unwrap();
    assert_eq!(
        (u.counted.bombs, u.counted.rocket, u.multiplier()),
        (1, false, 2)
    );
    let mut v = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16"));
    v.set_landlord(Seat::C, cards("50,51,49")).unwrap();
    v.record_play(Seat::C, Some(cards("52,53"))).unwrap();
    assert_eq!(
        (v.counted.bombs, v.counted.rocket, v.multiplier()),
        (0, true, 2)
    );
}

#[test]
fn a_bottom_that_contradicts_what_we_know_is_named_and_taken() {
    let dealt = cards("0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46");
    let fresh = || {
        let mut s = GameState::new(Seat::B, dealt);
        s.record_bid(Seat::A, 1).unwrap();
        s.record_bid(Seat::B, 0).unwrap();
        s.record_bid(Seat::C, 2).unwrap();
        s
    };
    // The bottom the bids and the deal allow: nothing to say.
    assert_eq!(fresh().leftover_contradictions(Seat::C, cards("1,2,3")), []);
    // Cards we were dealt, with us or another seat as the landlord; a landlord the bids
    // do not make.
    let found = fresh().leftover_contradictions(Seat::B, cards("0,4,5"));
    assert_eq!(
        found,
        [
            TrackError::BottomDealtToUs {
                landlord: Seat::B,
                cards: cards("0,4,5"),
                ours: true
            },
            TrackError::NotTheBidder {
                landlord: Seat::B,
                bidder: Some((Seat::C, 2))
            }
        ]
    );
    assert_eq!(
        found[1].to_string(),
        "B is named the landlord, but C bid highest (2)"
    );
    let mut s = fresh();
    let found = s.leftover_contradictions(Seat::C, cards("0,1,2"));
    assert_eq!(found.len(), 1, "{:?}", found);
    assert!(
        found[0].to_string().contains("3 (0), cards we were dealt"),
        "{}",
        found[0]
    );
    // Taken all the same: C holds 20, we keep our card (set_landlord says so too).
    assert!(s.set_landlord(Seat::C, cards("0,1,2")).is_err());
    assert_eq!(
        (s.landlord, s.cards_left[Seat::C], s.hand),
        (Some(Seat::C), 20, dealt)
    );
    // A second bottom unlike the first, and a farmer's card in the bottom.
    let mut t = fresh();
    t.set_landlord(Seat::C, cards("1,2,3")).unwrap();
    assert_eq!(t.leftover_contradictions(Seat::C, cards("1,2,3")), []);
    t.record_play(Seat::C, Some(cards("1"))).unwrap();
    t.record_play(Seat::A, Some(cards("8"))).unwrap();
    let found = t.leftover_contradictions(Seat::C, cards("1,2,8"));
    assert_eq!(
        found,
        [
            TrackError::BottomPlayed {
                seat: Seat::A,
                cards: cards("8")
            },
            TrackError::SecondBottom {
                landlord: Seat::C,
                bottom: cards("1,2,8"),
                was: Seat::C,
                was_bottom: cards("1,2,3")
            }
        ]
    );
    // Nobody bid: no landlord is right, but on Botzone, where seat A takes it at stake 1.
    let mut nobody = GameState::new(Seat::B, dealt);
    for seat in Seat::ALL {
        nobody.record_bid(seat, 0).unwrap();
    }
    assert_eq!(
        nobody.leftover_contradictions(Seat::A, cards("1,2,3")),
        [TrackError::NotTheBidder {
            landlord: Seat::A,
            bidder: None
        }]
    );
    nobody.platform = Platform::Botzone;
    assert_eq!(nobody.leftover_contradictions(Seat::A, cards("1,2,3")), []);
    // No bidding heard (a fixed landlord): any landlord.
    let unbid = GameState::new(Seat::B, dealt);
    assert_eq!(unbid.leftover_contradictions(Seat::A, cards("1,2,3")), []);
}

#[test]
fn notes_about_another_seat_name_it() {
    let mut s = example();
    s.record_play(Seat::B, None).unwrap();
    s.record_play(Seat::C, None).unwrap();
    // A leads after two passes, and passes.
    let e = s.record_play(Seat::A, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "A played illegally: A leads: a pass is not allowed"
    );
    // We lead a 7, C answers with a jack we hold.
    let e = s
        .record_play(Seat::B, Some(cards("17")))
        .and(s.record_play(Seat::C, Some(cards("33"))));
    assert_eq!(e.unwrap_err().to_string(), "C played J (33), cards we hold");
}

#[test]
fn what_a_platform_accepted_is_taken_and_our_answers_are_safe() {
    // A holds 33334444 + 7; C leads it, B (a platform reading it as four with two pairs,
    // key 3) answers 5555+66+77, which the canonical reading would refuse.
    let mut s = GameState::new(Seat::A, cards("0,1,2,3,4,5,6,7,20,21,22,23,40,41,42,43,44"));
    s.set_landlord(Seat::C, cards("50,51,52")).unwrap();
    s.record_play(Seat::C, Some(cards("16"))).unwrap();
    s.record_play(Seat::A, Some(cards("44"))).unwrap();
    s.record_play(Seat::B, None).unwrap();
    s.record_play(Seat::C, None).unwrap();
    // Our lead of the ambiguous form, then B's four answer: taken without complaint.
    s.record_play(Seat::A, Some(cards("0,1,2,3,4,5,6,7")))
        .unwrap();
    assert_eq!(
        s.record_play(Seat::B, Some(cards("8,9,10,11,12,13,17,18"))),
        Ok(())
    );
    // A single 3 on a 4 is refused everywhere.
    let mut t = example();
    assert!(t.record_play(Seat::B, Some(cards("1"))).is_err());
    // Our answers to 33334444 from 8888 9999 KKKK 5: pass, the bombs, and 88889999 (a plane
    // keyed 9 here, four with two pairs keyed 9 or 8 elsewhere: above 4 or 3 everywhere);
    // no plane with other wings (refused where 33334444 is four with two pairs).
    let mut u = GameState::new(Seat::B, cards("20,21,22,23,24,25,26,27,40,41,42,43,8"));
    u.set_landlord(Seat::A, Cards::EMPTY).unwrap();
    u.record_play(Seat::A, Some(cards("0,1,2,3,4,5,6,7")))
        .unwrap();
    let plays = u.legal_plays();
    let others: Vec<String> = plays
        .iter()
        .filter(|p| !p.is_pass() && p.kind != Kind::Bomb)
        .map(|p| p.to_string())
        .collect();
    assert_eq!(others, ["88889999"]);
    assert_eq!(plays.iter().filter(|p| p.kind == Kind::Bomb).count(), 3);
    assert!(plays.contains(&Combo::PASS));
    let all = legal_plays(u.hand.counts(), u.to_beat_for(Seat::B));
    assert!(
        all.len() > plays.len() + 5,
        "the canonical list has plane answers"
    );
}

#[test]
fn our_own_last_play_is_never_to_beat() {
    let mut s = example();
    s.record_play(Seat::B, Some(cards("44,45,46,9"))).unwrap();
    s.record_play(Seat::C, None).unwrap();
    // The platform lost A's pass and asks us: we lead.
    s.to_move = Some(Seat::B);
    assert!(s.to_beat_for(Seat::B).is_none());
    assert!(s.legal_plays().iter().all(|p| !p.is_pass()));
    // The platform passes for us when we are to move: recorded as our pass.
    let mut t = example();
    t.record_play(Seat::B, None).unwrap();
    assert_eq!(t.history.last().map(|turn| turn.seat), Some(Seat::B));
    assert_eq!(t.passes, 1);
}

/// The random deal of `seed` as the referee holds it (every hand known; B the landlord at
/// base 1), the generator that goes on to choose its plays, A's dealt hand and the bottom.
fn random_round(seed: u64) -> (fastrand::Rng, Round, Cards, Cards) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (dealt, bottom) = random_deal(&mut rng);
    let mut round = Round::new(Platform::Canonical, dealt, bottom);
    round.reveal(Seat::B, 1);
    (rng, round, dealt[Seat::A], bottom)
}

/// Plays `round` to its end by random legal plays, telling `each` every play (the seat,
/// the cards) once the round has taken it.
fn play_randomly(
    rng: &mut fastrand::Rng,
    round: &mut Round,
    each: &mut dyn FnMut(Seat, Option<Cards>),
) {
    while round.winner().is_none() {
        let seat = round.to_move();
        let cards = random_legal(rng, round);
        round.try_play(cards).unwrap();
        each(seat, cards);
    }
}

#[test]
fn the_unchecked_layer_leaves_the_state_the_judged_one_does() {
    // Random legal games played by the round (every hand known); two trackers at A follow
    // them, one judging every play, one unchecked: they agree at every step.
    for seed in 0..10u64 {
        let (mut rng, mut round, dealt, bottom) = random_round(seed);
        let mut judged = GameState::new(Seat::A, dealt);
        judged.set_landlord(Seat::B, bottom).unwrap();
        let mut unchecked = judged.clone();
        play_randomly(&mut rng, &mut round, &mut |seat, cards| {
            judged.record_play(seat, cards).unwrap();
            unchecked.play_unchecked(seat, cards);
            assert_eq!(unchecked.history, judged.history);
            assert_eq!(
                (unchecked.last, unchecked.passes, unchecked.to_move),
                (judged.last, judged.passes, judged.to_move)
            );
            assert_eq!(
                (unchecked.hand, unchecked.cards_left, unchecked.counted),
                (judged.hand, judged.cards_left, judged.counted)
            );
        });
        assert_eq!(judged.counted, round.tally(), "seed {}", seed);
    }
}

#[test]
fn plays_heard_before_a_late_leftover_count_for_their_sides() {
    // A referee that sends LEFTOVER only after the first plays: the tracker, told the
    // landlord late, counts those plays for their sides, as the referee's own tally does.
    for seed in 0..10u64 {
        let (mut rng, mut round, dealt, bottom) = random_round(seed);
        let mut late = GameState::new(Seat::A, dealt);
        let told_after = 1 + seed as usize % 5;
        let mut heard = 0;
        play_randomly(&mut rng, &mut round, &mut |seat, cards| {
            if heard == told_after {
                late.set_landlord(Seat::B, bottom).unwrap();
            }
            // The late news confuses the turn order; whatever it reports, the play is kept.
            let _ = late.record_play(seat, cards);
            heard += 1;
        });
        if heard <= told_after {
            late.set_landlord(Seat::B, bottom).unwrap();
        }
        assert_eq!(late.counted, round.tally(), "seed {}", seed);
    }
}
