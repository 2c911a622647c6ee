//! What the platform says that contradicts what the engine knows is noted in its log, with
//! what contradicts what, and play goes on with the protocol's answer; notes about a seat name
//! that seat.

use ddz::engine::log::Log;
use ddz::engine::{Engine, Session};
use ddz::strategy::greedy::Greedy;
use std::io::Cursor;

use crate::engine_common::Written;

/// The replies to `input`, one line a message, and the problems the log noted (`! …`).
fn run(input: &str) -> (Vec<String>, Vec<String>) {
    let log = Written::default();
    let mut session = Session::new(Engine::new("ddz", Box::new(Greedy)));
    session.log = Log::new(Some(Box::new(log.clone())));
    let mut out = Vec::new();
    session
        .run(Cursor::new(input.as_bytes().to_vec()), &mut out)
        .unwrap();
    let replies = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let logged = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    let problems = logged
        .lines()
        .filter_map(|l| l.split_once("] ! ").map(|(_, p)| p.to_string()))
        .collect();
    (replies, problems)
}

/// South's deal in the official example: 3 4 4 4 5 5 7 8 9 J J Q K K A A A.
const DEAL: &str = "DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46\n";

#[test]
fn a_bottom_naming_cards_we_were_dealt_is_noted_and_play_goes_on() {
    // We are named the landlord with three of our own cards as the bottom (the line).
    let (replies, problems) = run(&format!(
        "{}BID A1\nBID B2\nBID C0\nLEFTOVER B0,4,5\nPLAY WHAT\n",
        DEAL
    ));
    assert_eq!(
        replies[..5],
        ["OK DEAL", "OK BID", "OK BID", "OK BID", "OK LEFTOVER"]
    );
    assert!(
        replies[5].starts_with("PLAY B") && replies[5] != "PLAY B-1",
        "{:?}",
        replies
    );
    assert_eq!(
        problems,
        [
            "tracker: the bottom shown with landlord B names 344 (0,4,5), cards we were dealt: as \
          the landlord we hold fewer than 20 cards (after 'LEFTOVER B0,4,5')"
        ]
    );

    // Another seat is named the landlord with one of our cards in the bottom, though we bid
    // highest: both are said; C's count is taken as 20 and the game goes on.
    let (replies, problems) = run(&format!(
        "{}BID A1\nBID B2\nBID C0\nLEFTOVER C0,1,2\nPLAY C3\nPLAY A-1\nPLAY WHAT\n",
        DEAL
    ));
    assert_eq!(replies[4..7], ["OK LEFTOVER", "OK PLAY", "OK PLAY"]);
    assert!(replies[7].starts_with("PLAY B"), "{:?}", replies);
    assert_eq!(problems.len(), 2, "{:?}", problems);
    assert!(
        problems[0].contains(
            "landlord C names 3 (0), cards we were dealt: we keep them, and C is counted 20 cards"
        ),
        "{:?}",
        problems
    );
    assert!(
        problems[1].contains("C is named the landlord, but B bid highest (2)"),
        "{:?}",
        problems
    );

    // A second bottom unlike the first.
    let (replies, problems) = run(&format!("{}LEFTOVER A1,2,3\nLEFTOVER C1,2,6\n", DEAL));
    assert_eq!(replies, ["OK DEAL", "OK LEFTOVER", "OK LEFTOVER"]);
    assert_eq!(
        problems,
        [
            "tracker: a second bottom this game: landlord C with 334, after landlord A with 333 \
          (after 'LEFTOVER C1,2,6')"
        ]
    );
}

#[test]
fn a_deal_with_a_card_twice_is_noted_and_played_as_read() {
    let (replies, problems) =
        run("DEAL A0,0,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46\nLEFTOVER A1,2,3\nPLAY WHAT\n");
    assert_eq!(replies[..2], ["OK DEAL", "OK LEFTOVER"]);
    assert!(replies[2].starts_with("PLAY A"), "{:?}", replies);
    assert_eq!(problems.len(), 2, "{:?}", problems);
    assert!(
        problems[0].contains("card 0 is listed twice"),
        "{:?}",
        problems
    );
    assert!(
        problems[1].contains("DEAL with 16 cards, not 17"),
        "{:?}",
        problems
    );
}

#[test]
fn notes_about_other_seats_name_them() {
    // A leads after B and C passed... but A passes: the note names A, never "you".
    let (_, problems) = run(&format!(
        "{}BID A3\nLEFTOVER A1,2,3\nPLAY A-1\nPLAY A6\nPLAY WHAT\nPLAY C-1\nPLAY A22\n",
        DEAL
    ));
    let text = problems.join("\n");
    assert!(
        text.contains("A played illegally: A leads: a pass is not allowed"),
        "{}",
        text
    );
    for p in &problems {
        let words: Vec<&str> = p.split(|c: char| !c.is_alphanumeric()).collect();
        assert!(!words.contains(&"you") && !words.contains(&"your"), "{}", p);
    }
    // A plays a card we were dealt: named as A's play of our card.
    let (_, problems) = run(&format!("{}BID A3\nLEFTOVER A1,2,3\nPLAY A4\n", DEAL));
    assert_eq!(
        problems,
        ["tracker: A played 4 (4), cards we hold (after 'PLAY A4')"]
    );
}
