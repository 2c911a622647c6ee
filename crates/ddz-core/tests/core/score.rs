//! The score of a finished game: the tally, springs, each scoring rule.

use crate::common::cards;
use ddz_core::cards::Cards;
use ddz_core::game::{BySeat, GameState, Outcome, Scoring, Seat, Tally};
use ddz_core::named::Named;

fn outcome(winner: Seat) -> Outcome {
    Outcome {
        landlord: Seat::B,
        base: 2,
        winner,
        tally: Tally {
            bombs: 0,
            rocket: false,
            landlord_plays: 5,
            farmer_plays: 7,
        },
    }
}

fn sum(s: &BySeat<i32>) -> i32 {
    s.0.iter().sum()
}

#[test]
fn plain_wins_and_losses() {
    let won = outcome(Seat::B).scores();
    assert_eq!(won.0, [-200, 400, -200]);
    let lost = outcome(Seat::C).scores();
    assert_eq!(lost.0, [200, -400, 200]);
    assert_eq!(sum(&won), 0);
    assert_eq!(sum(&lost), 0);
}

#[test]
fn landlord_value_by_each_rule() {
    let mut o = outcome(Seat::B);
    o.tally.bombs = 2;
    o.tally.rocket = true;
    // Official: the landlord's own score, base 2 × multiplier (1 + 2) × 2 × 100 × 2.
    assert_eq!(o.landlord_value(Scoring::Official), o.scores()[Seat::B]);
    assert_eq!(o.landlord_value(Scoring::Official), 2400);
    // Team: base 2 × (1 + 2 bombs + 1 rocket), no doubling for the landlord.
    assert_eq!(o.landlord_value(Scoring::Team), 8);
    let mut lost = outcome(Seat::A);
    lost.tally.landlord_plays = 1;
    assert!(lost.anti_spring());
    assert_eq!(lost.landlord_value(Scoring::Team), -4);
    assert_eq!(
        lost.landlord_value(Scoring::Official),
        lost.scores()[Seat::B]
    );
}

#[test]
fn bombs_rocket_spring_and_anti_spring_multiply() {
    // Two bombs and the rocket: (1 + 2) × 2 = 6; base 2 → farmer unit 1200.
    let mut o = outcome(Seat::A);
    o.tally.bombs = 2;
    o.tally.rocket = true;
    assert_eq!(o.multiplier(), 6);
    assert_eq!(o.scores().0, [1200, -2400, 1200]);
    // Spring: the farmers never played a card.
    let mut spring = outcome(Seat::B);
    spring.tally.farmer_plays = 0;
    assert!(spring.spring() && !spring.anti_spring());
    assert_eq!(spring.scores().0, [-400, 800, -400]);
    // Anti-spring: the landlord led once and never played again.
    let mut anti = outcome(Seat::C);
    anti.tally.landlord_plays = 1;
    anti.tally.bombs = 1;
    assert!(anti.anti_spring());
    assert_eq!(anti.multiplier(), 4);
    assert_eq!(anti.scores().0, [800, -1600, 800]);
    // One landlord play but the landlord won: no anti-spring.
    let mut one = outcome(Seat::B);
    one.tally.landlord_plays = 1;
    assert_eq!(one.multiplier(), 1);
}

/// A play in human notation (`None` for a pass, written `-`).
fn play(seat: Seat, text: &str) -> (Seat, Option<Cards>) {
    if text == "-" {
        (seat, None)
    } else {
        (seat, Some(Cards::parse_any(text).unwrap()))
    }
}

#[test]
fn the_tally_reads_bombs_and_the_rocket_by_the_play() {
    // Landlord B. Four of a rank alone is a bomb; four with two kickers, a plane of two
    // fours (33334444 style) are not.
    let plays = [
        play(Seat::B, "3333"),
        play(Seat::C, "-"),
        play(Seat::A, "XD"),
        play(Seat::B, "-"),
        play(Seat::C, "-"),
        play(Seat::A, "444456"),
        play(Seat::B, "88889999"),
        play(Seat::C, "-"),
        play(Seat::A, "-"),
        play(Seat::B, "J"),
        play(Seat::C, "Q"),
    ];
    let tally = Tally::of_plays(Seat::B, &plays);
    assert_eq!(
        tally,
        Tally {
            bombs: 1,
            rocket: true,
            landlord_plays: 3,
            farmer_plays: 3,
        }
    );
    // SPEC: × (1 + 1 bomb) × 2 for the rocket.
    assert_eq!(tally.multiplier(), 4);
    assert_eq!(tally.team_factor(), 3);
    assert_eq!(tally.shown().to_string(), "4 (1 bomb, rocket)");
    // Landlord B won with base 3: each farmer pays 100 × 3 × 4, B gets twice that; by the
    // team rule B's side gets 3 × (1 + 1 + 1).
    let won = Outcome::of_plays(Seat::B, 3, Seat::B, &plays);
    assert_eq!(won.scores().0, [-1200, 2400, -1200]);
    assert_eq!(won.landlord_value(Scoring::Team), 9);
    assert_eq!(won.shown().to_string(), "4 (1 bomb, rocket)");
    // Nothing played: × 1, shown bare.
    assert_eq!(Tally::default().shown().to_string(), "1");
}

#[test]
fn spring_and_anti_spring_from_the_plays() {
    // Spring: landlord A plays twice, the farmers only pass; base 1, × 2.
    let spring = [
        play(Seat::A, "34567"),
        play(Seat::B, "-"),
        play(Seat::C, "-"),
        play(Seat::A, "3"),
    ];
    let o = Outcome::of_plays(Seat::A, 1, Seat::A, &spring);
    assert!(o.spring() && !o.anti_spring());
    assert_eq!(o.scores().0, [400, -200, -200]);
    assert_eq!(o.shown().to_string(), "2 (spring)");
    assert_eq!(o.landlord_value(Scoring::Team), 2);
    // Anti-spring: landlord A leads once, then the farmers play out with two bombs;
    // base 2, × (1 + 2) × 2 = 6: each farmer gets 100 × 2 × 6.
    let anti = [
        play(Seat::A, "3"),
        play(Seat::B, "4444"),
        play(Seat::C, "-"),
        play(Seat::A, "-"),
        play(Seat::B, "5"),
        play(Seat::C, "6666"),
        play(Seat::A, "-"),
        play(Seat::B, "-"),
        play(Seat::C, "7"),
    ];
    let o = Outcome::of_plays(Seat::A, 2, Seat::C, &anti);
    assert!(o.anti_spring() && !o.spring());
    assert_eq!(o.multiplier(), 6);
    assert_eq!(o.scores().0, [-2400, 1200, 1200]);
    assert_eq!(o.shown().to_string(), "6 (2 bombs, anti-spring)");
    // Team rule: 2 × (1 + 2 bombs + 1 anti-spring) to the farmers.
    assert_eq!(o.landlord_value(Scoring::Team), -8);
    // The landlord wins those same plays: no anti-spring (the landlord won), no spring
    // (the farmers played).
    let o = Outcome::of_plays(Seat::A, 2, Seat::A, &anti);
    assert!(!o.spring() && !o.anti_spring());
    assert_eq!(o.multiplier(), 3);
    // Two landlord plays: the farmers' win is no anti-spring.
    let mut twice = anti.to_vec();
    twice[3] = play(Seat::A, "6");
    let o = Outcome::of_plays(Seat::A, 2, Seat::C, &twice);
    assert!(!o.anti_spring());
    assert_eq!(o.multiplier(), 3);
}

#[test]
fn the_tracker_tallies_the_plays_as_the_record_does() {
    // Seen from farmer A (dealt 20..=36); landlord C, no bidding; two bombs.
    let mut s = GameState::new(Seat::A, Cards((1u64 << 37) - (1u64 << 20)));
    s.set_landlord(Seat::C, cards("50,51,52")).unwrap();
    let plays = [
        (Seat::C, Some(cards("0,1,2,3"))),
        (Seat::A, None),
        (Seat::B, Some(cards("4,5,6,7"))),
        (Seat::C, None),
        (Seat::A, None),
        (Seat::B, Some(cards("8"))),
        (Seat::C, Some(cards("52"))),
    ];
    for &(seat, c) in &plays {
        s.record_play(seat, c).unwrap();
    }
    let tally = s.tally();
    assert_eq!(tally, Tally::of_plays(Seat::C, &plays));
    assert_eq!(
        (tally.bombs, tally.landlord_plays, tally.farmer_plays),
        (2, 2, 2)
    );
    assert_eq!(s.base(), 1);
    assert_eq!(
        s.outcome(Seat::A),
        Outcome::of_plays(Seat::C, 1, Seat::A, &plays)
    );
    // A position set up midway: the farmers hold fewer cards than dealt with nothing
    // recorded, so their unrecorded plays rule out a spring.
    let mut midway = GameState::new(Seat::B, cards("0,4,5"));
    midway.set_landlord(Seat::B, Cards::EMPTY).unwrap();
    midway.cards_left[Seat::A] = 10;
    let o = midway.outcome(Seat::B);
    assert!(o.tally.farmer_plays > 1 && !o.spring());
    // The landlord's own cards gone unrecorded rule out an anti-spring.
    let o = midway.outcome(Seat::A);
    assert!(o.tally.landlord_plays > 1 && !o.anti_spring());
}

#[test]
fn a_rule_reads_back_from_its_name() {
    for rule in [Scoring::Official, Scoring::Team] {
        assert_eq!(rule.to_string().parse::<Scoring>(), Ok(rule));
        assert_eq!(rule.name().to_uppercase().parse::<Scoring>(), Ok(rule));
    }
    let e = "swiss".parse::<Scoring>().unwrap_err();
    assert_eq!(e.to_string(), "'swiss' is not official or team");
}
