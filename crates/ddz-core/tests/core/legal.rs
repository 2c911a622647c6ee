//! What is legal: the bids, and refusals that speak to the player or name a seat.

use ddz_core::cards::Cards;
use ddz_core::game::legal::{
    judge_bid, judge_play, legal_bid_words, legal_bids_said, IllegalPlay, MAX_BID,
};
use ddz_core::game::Seat;
use ddz_core::rules::{classify, Platform};

#[test]
fn a_bid_is_legal_exactly_when_it_is_zero_or_raises_the_highest() {
    for highest in 0..=MAX_BID {
        for bid in 0..=9u8 {
            let by_hand = bid == 0 || (bid > highest && bid <= 3);
            assert_eq!(
                judge_bid(bid, highest).is_ok(),
                by_hand,
                "{} on {}",
                bid,
                highest
            );
        }
    }
    assert_eq!(legal_bid_words(1), "0 (no bid), 2 or 3");
    assert_eq!(legal_bids_said(3), "the only bid left is 0 (no bid)");
}

#[test]
fn a_refusal_speaks_to_the_player_and_names_a_seat_in_a_note() {
    let hand = Cards::parse_any("33345").unwrap();
    let on = classify(Cards::parse_any("6").unwrap().counts());
    let refusals = [
        judge_play(Platform::Canonical, hand, None, None),
        judge_play(
            Platform::Canonical,
            hand,
            None,
            Cards::parse_any("3333").ok(),
        ),
        judge_play(Platform::Canonical, hand, None, Cards::parse_any("2").ok()),
        judge_play(Platform::Canonical, hand, None, Cards::parse_any("35").ok()),
        judge_play(
            Platform::Canonical,
            hand,
            on.as_ref(),
            Cards::parse_any("5").ok(),
        ),
    ];
    // A held 3 of another suit: those very cards are not in the hand.
    let other_three = Cards::parse_codes("3").ok();
    let mut refusals: Vec<IllegalPlay> = refusals.iter().map(|r| r.unwrap_err()).collect();
    refusals.push(
        judge_play(
            Platform::Canonical,
            hand.minus(Cards::parse_codes("3").unwrap()),
            None,
            other_three,
        )
        .unwrap_err(),
    );
    for reason in refusals {
        let told = reason.to_string();
        for seat in Seat::ALL {
            let said = reason.said_of(seat).to_string();
            let words: Vec<&str> = said
                .split(|c: char| !c.is_alphanumeric() && c != '\'')
                .collect();
            assert!(
                !words.contains(&"you") && !words.contains(&"your"),
                "{}",
                said
            );
            // The same refusal: only the person differs.
            let back = said
                .replace(&format!("{}'s", seat), "your")
                .replace(&format!("{} holds", seat), "you hold")
                .replace(&format!("{} leads", seat), "you lead");
            assert!(told.starts_with(&back), "{} / {}", said, told);
        }
    }
    assert_eq!(
        IllegalPlay::PassOnLead.said_of(Seat::A).to_string(),
        "A leads: a pass is not allowed"
    );
    let not_held = judge_play(
        Platform::Canonical,
        hand,
        None,
        Cards::parse_any("33332").ok(),
    );
    assert_eq!(
        not_held.unwrap_err().said_of(Seat::C).to_string(),
        "not in C's hand: C holds 333, not 3333; C holds no 2"
    );
}
