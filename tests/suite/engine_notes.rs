//! What the platform says that contradicts what the engine knows is noted in its log, with
//! what contradicts what, and play goes on with the protocol's answer; notes about a seat name
//! that seat.

use ddz::cards::Cards;
use ddz::engine::Log;
use ddz::engine::{Engine, Session};
use ddz::game::{GameState, Seat};
use ddz::rules::Platform;
use ddz::strategy::Greedy;
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
    // We are named the landlord with three of our own cards as the bottom (the issue's line).
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

// ---- Card lists: one policy per message, the note beside the tracker's state -------------

/// The two ways a game reaches the engine (docs/protocol.md): the 2015 platform's handshake
/// and six-field INFO, read by its rules; the 2019 server's bare DEAL, read by its rules.
const FRAMINGS: [(&str, Platform); 2] = [
    (
        "DOUDIZHUVER 1.0\nINFO 1,4,1,9,9,3150\n",
        Platform::Sample2015,
    ),
    ("", Platform::Icga2019),
];

/// The replies to `input` after each framing's opening, the problems noted, and the session
/// (its engine's tracked game), once per framing.
fn each_framing(input: &str) -> Vec<(Vec<String>, Vec<String>, Session)> {
    FRAMINGS
        .iter()
        .map(|&(opening, platform)| {
            let log = Written::default();
            let mut engine = Engine::new("ddz", Box::new(Greedy));
            engine.set_platform(platform);
            let mut session = Session::new(engine);
            session.log = Log::new(Some(Box::new(log.clone())));
            let mut out = Vec::new();
            let text = format!("{}{}", opening, input);
            session
                .run(Cursor::new(text.into_bytes()), &mut out)
                .unwrap();
            let skip = opening.lines().count();
            let replies = String::from_utf8(out)
                .unwrap()
                .lines()
                .skip(skip)
                .map(String::from)
                .collect();
            let logged = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
            let problems = logged
                .lines()
                .filter_map(|l| l.split_once("] ! ").map(|(_, p)| p.to_string()))
                .collect();
            (replies, problems, session)
        })
        .collect()
}

fn codes(text: &str) -> Cards {
    Cards::parse_codes(text).unwrap()
}

/// Every card the tracker holds anywhere: our hand, the bottom, every seat's plays.
fn tracked(s: &GameState) -> Cards {
    s.hand.or(s.bottom).or(s.played_all())
}

#[test]
fn a_bottom_with_a_bad_number_drops_it_and_says_what_was_used() {
    // The issue's line: '-3' is no card, and card 3 must not join the hand.
    for (replies, problems, session) in each_framing(&format!("{}LEFTOVER B-3,48,53\n", DEAL)) {
        assert_eq!(replies, ["OK DEAL", "OK LEFTOVER"]);
        assert_eq!(
            problems,
            [
                "'LEFTOVER B-3,48,53': '-3' is not a card code: dropped, the 2 cards read used; \
                 answering OK LEFTOVER",
                "LEFTOVER with 2 cards, not 3: landlord B takes the 2 shown (2D), and we hold 19",
            ]
        );
        let s = session.engine.state().unwrap();
        assert_eq!(s.landlord, Some(Seat::B));
        assert_eq!(s.bottom, codes("48,53"));
        assert_eq!(s.hand.len(), 19);
        assert_eq!(s.cards_left[Seat::B], 19);
        assert!(!tracked(s).contains_all(codes("3")));
    }
    // A bottom of two cards, read cleanly, and one with a card twice: taken, the counts said.
    for (_, problems, session) in each_framing(&format!("{}LEFTOVER A48,53\n", DEAL)) {
        assert_eq!(
            problems,
            ["LEFTOVER with 2 cards, not 3: landlord A takes the 2 shown (2D), and A is counted 20"]
        );
        let s = session.engine.state().unwrap();
        assert_eq!((s.landlord, s.bottom), (Some(Seat::A), codes("48,53")));
        assert_eq!(s.cards_left[Seat::A], 20);
    }
    for (_, problems, session) in each_framing(&format!("{}LEFTOVER A48,48,53\n", DEAL)) {
        assert!(
            problems[0].contains("card 48 is listed twice: dropped"),
            "{:?}",
            problems
        );
        assert!(
            problems[1].starts_with("LEFTOVER with 2 cards, not 3"),
            "{:?}",
            problems
        );
        assert_eq!(session.engine.state().unwrap().bottom, codes("48,53"));
    }
    // Four cards are no bottom: refused, no landlord.
    for (replies, problems, session) in each_framing(&format!("{}LEFTOVER A1,2,3,6\n", DEAL)) {
        assert_eq!(replies, ["OK DEAL", "OK LEFTOVER"]);
        assert_eq!(
            problems,
            ["LEFTOVER with 4 cards: refused (a bottom is 3); no landlord is recorded"]
        );
        let s = session.engine.state().unwrap();
        assert_eq!((s.landlord, s.bottom), (None, Cards::EMPTY));
    }
    // No seat: refused.
    for (replies, problems, session) in each_framing(&format!("{}LEFTOVER Z1,2,3\n", DEAL)) {
        assert_eq!(replies, ["OK DEAL", "OK LEFTOVER"]);
        assert_eq!(
            problems,
            [
                "'LEFTOVER Z1,2,3': 'Z' is not a seat (A, B or C); answering OK LEFTOVER: no \
                 landlord is recorded"
            ]
        );
        assert_eq!(session.engine.state().unwrap().landlord, None);
    }
}

#[test]
fn a_play_with_a_bad_number_is_refused_whole_and_no_pass_is_made_of_it() {
    let opening = format!("{}BID A1\nBID WHAT\nBID C0\nLEFTOVER A27,48,53\n", DEAL);
    for (line, why) in [
        // The issue's lines: '1x2' is not read as 33, '-12,13' is no pass.
        ("PLAY A1x2", "'1x2' is not a card code"),
        ("PLAY A-12,13", "'-12' is not a card code"),
        ("PLAY A-1,5", "'-1' is not a card code"),
        ("PLAY A3,3", "card 3 is listed twice"),
        ("PLAY A3,54", "'54' is out of range 0..=53"),
        ("PLAY Z3", "'Z' is not a seat (A, B or C)"),
        ("PLAY A\u{1}", "'\\u{1}' is not a card code"),
    ] {
        for (replies, problems, session) in each_framing(&format!("{}{}\n", opening, line)) {
            assert_eq!(
                replies.last().map(String::as_str),
                Some("OK PLAY"),
                "{}",
                line
            );
            assert_eq!(problems.len(), 1, "{}: {:?}", line, problems);
            let expected = format!(
                "'{}': {}; answering OK PLAY: nothing is recorded",
                line, why
            )
            .replace('\u{1}', "\\u{1}");
            assert!(problems[0].starts_with(&expected), "{:?}", problems);
            let s = session.engine.state().unwrap();
            // Nothing recorded: no play, no pass, A still to play with 20 cards.
            assert!(s.history.is_empty(), "{}: {:?}", line, s.history);
            assert_eq!(s.to_move, Some(Seat::A));
            assert_eq!(s.cards_left[Seat::A], 20);
            assert!(s.played_all().is_empty());
        }
    }
    // Exactly the pass token is a pass, spaces around it allowed.
    let lead = format!("{}PLAY A3\n", opening);
    for line in ["PLAY B-1", "PLAY B -1 ", "play b-1\r"] {
        for (_, problems, session) in each_framing(&format!("{}{}\n", lead, line)) {
            assert!(problems.is_empty(), "{}: {:?}", line, problems);
            let s = session.engine.state().unwrap();
            assert_eq!(s.history.len(), 2);
            assert!(s.history[1].combo.is_pass());
        }
    }
}

#[test]
fn a_deal_without_a_seat_or_a_hand_is_refused_and_the_questions_say_their_seat() {
    // No seat, no earlier deal: refused; the bid names its seat as a guess.
    for (replies, problems, session) in
        each_framing("DEAL Z0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46\nBID A1\nBID WHAT\n")
    {
        assert_eq!(replies, ["OK DEAL", "OK BID", "BID A0"]);
        assert_eq!(
            problems,
            [
                "'DEAL Z0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46': 'Z' is not a seat (A, B \
                 or C); answering OK DEAL: the game before it is over, and no game is tracked \
                 until the next DEAL",
                "'BID A1' with no game tracked: ignored",
                "BID WHAT with no game tracked: bidding 0 as A (a guess: no DEAL has named our \
                 seat)",
            ]
        );
        assert!(session.engine.state().is_none());
    }
    // After a game as B: that game is over (its state is not played on), and B is said.
    for (replies, problems, session) in each_framing(&format!(
        "{}BID A1\nBID WHAT\nDEAL Z0,1,2\nBID WHAT\nPLAY WHAT\n",
        DEAL
    )) {
        assert_eq!(replies[3..], ["OK DEAL", "BID B0", "PLAY B-1"]);
        assert_eq!(
            problems[1..],
            [
                "BID WHAT with no game tracked: bidding 0 as B (the seat of the last DEAL that \
                 named one)",
                "PLAY WHAT with no game tracked: passing as B (the seat of the last DEAL that \
                 named one)",
            ]
        );
        assert!(session.engine.state().is_none());
    }
    // More cards than a hand: refused, the game before it over, the seat kept.
    let many: Vec<String> = (0..26).map(|c| c.to_string()).collect();
    for (replies, problems, session) in each_framing(&format!(
        "{}BID A1\nDEAL C{}\nBID WHAT\nPLAY WHAT\n",
        DEAL,
        many.join(",")
    )) {
        assert_eq!(replies[2..], ["OK DEAL", "BID C0", "PLAY C-1"]);
        assert_eq!(
            problems[0],
            "DEAL with 26 cards: refused (a hand is 1 to 17 cards); no game is tracked until the \
             next DEAL"
        );
        assert!(session.engine.state().is_none());
    }
    // Bad numbers in a deal: dropped, named, and never read as cards.
    for (replies, problems, session) in
        each_framing("DEAL B0,-3,1x2,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46\nBID WHAT\n")
    {
        assert_eq!(replies[0], "OK DEAL");
        assert!(replies[1].starts_with("BID B"), "{:?}", replies);
        assert_eq!(
            problems,
            [
                "'DEAL B0,-3,1x2,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46': '-3' is not a card \
                 code, '1x2' is not a card code: dropped, the 16 cards read used; answering OK \
                 DEAL",
                "DEAL with 16 cards, not 17: playing the 16 dealt",
            ]
        );
        let s = session.engine.state().unwrap();
        assert_eq!(s.hand.len(), 16);
        for code in ["3", "1", "2", "12"] {
            assert!(!s.hand.contains_all(codes(code)), "card {} was read", code);
        }
    }
}

#[test]
fn bad_seats_and_values_elsewhere_are_refused_or_read_without_them() {
    for (replies, problems, session) in each_framing(&format!(
        "{}BID A7\nBID Z1\nBID A1\nGAMEOVER Zed\nERROR 9\n",
        DEAL
    )) {
        assert_eq!(
            replies,
            [
                "OK DEAL",
                "OK BID",
                "OK BID",
                "OK BID",
                "OK GAMEOVER",
                "OK ERROR"
            ]
        );
        assert_eq!(
            problems,
            [
                "'BID A7': '7' is not a bid (0 to 3); answering OK BID: the bid is not recorded",
                "'BID Z1': 'Z' is not a seat (A, B or C); answering OK BID: the bid is not \
                 recorded",
                "'GAMEOVER Zed': 'Zed' is not a seat (A, B or C); answering OK GAMEOVER: the \
                 game is over, its winner unread",
                "'ERROR 9': '9' is not a seat (A, B or C); answering OK ERROR: the game is over, \
                 the seat at fault unread",
            ]
        );
        let s = session.engine.state().unwrap();
        assert_eq!(s.bids[Seat::A], Some(1));
        assert_eq!(s.bids[Seat::B], None);
    }
}

#[test]
fn a_long_junk_line_is_quoted_bounded_with_its_length() {
    // A megabyte of junk (the issue's note quoted 4,233 characters of it).
    let (_, problems) = run(&format!("{}\n", "Z".repeat(1 << 20)));
    assert_eq!(problems.len(), 2, "{:?}", problems);
    assert!(
        problems[0].starts_with("a line of 1048576 bytes"),
        "{:?}",
        problems
    );
    assert!(problems[1].len() < 300, "{}", problems[1]);
    assert!(
        problems[1].contains("(4056 more characters)"),
        "{}",
        problems[1]
    );
    // Many bad tokens: the first five named, the rest counted.
    let junk: Vec<String> = (0..200).map(|i| format!("x{}", i)).collect();
    let (_, problems) = run(&format!("DEAL A0,1,{}\n", junk.join(",")));
    assert!(problems[0].len() < 300, "{}", problems[0]);
    assert!(
        problems[0].contains("'x4' is not a card code, 195 more: dropped, the 2 cards read used"),
        "{}",
        problems[0]
    );
}
