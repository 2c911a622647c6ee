//! The arena's JSON lines written and read back: a game line keeps the log's layout and its
//! 64-bit seed exact for every reader, and a bad line is refused with the reason.

use ddz::arena::wire::json::{GameLine, LogLine};
use ddz::arena::FaultKind;
use ddz::arena::{ErrorRecord, GameRecord};
use ddz::cards::Cards;
use ddz::game::deal::Deal;
use ddz::game::{BySeat, Seat};

fn cards(codes: &str) -> Cards {
    Cards::parse_codes(codes).unwrap()
}

/// A game with every field set, and a seed past 2^53 (a double's exact integers).
fn record() -> GameRecord {
    let deck: Vec<u8> = (0..54).collect();
    let codes = |r: std::ops::Range<usize>| {
        deck[r]
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    GameRecord {
        deal_index: 7,
        seating: 2,
        lineup: BySeat([2, 0, 1]),
        seed: u64::MAX - 12345,
        deal: Deal {
            hands: BySeat([
                cards(&codes(0..17)),
                cards(&codes(17..34)),
                cards(&codes(34..51)),
            ]),
            bottom: cards(&codes(51..54)),
        },
        bids: vec![(Seat::A, 1), (Seat::B, 0), (Seat::C, 3)],
        landlord: Some(Seat::C),
        base: 3,
        plays: vec![
            (Seat::C, Some(cards("34"))),
            (Seat::A, None),
            (Seat::B, None),
        ],
        winner: None,
        multiplier: 2,
        scores: BySeat([6, 6, -12]),
        errors: vec![ErrorRecord {
            seat: Seat::C,
            kind: FaultKind::Late,
            detail: "said \"PLAY C-1\"\nlate\\".to_string(),
            scored: true,
        }],
        times: BySeat([vec![1_000, 2_000], vec![], vec![3_000_000]]),
        transcripts: None,
        swapped: Some(Seat::A),
    }
}

fn labels() -> Vec<String> {
    ["x", "y", "z"].map(String::from).to_vec()
}

#[test]
fn a_game_line_round_trips_with_its_64_bit_seed() {
    let g = record();
    let line = GameLine::new(&g, &labels());
    let text = line.write();
    assert!(
        text.contains("\"seed\":\"18446744073709539270\","),
        "{}",
        text
    );
    let back = GameLine::read(&text).unwrap();
    assert_eq!(back, line);
    assert_eq!(back.seed, u64::MAX - 12345);
    assert_eq!(back.players, ["z", "x", "y"].map(String::from));
    let again = back.to_record(&labels()).unwrap();
    assert_eq!(again.lineup, g.lineup);
    assert_eq!(again.errors, g.errors);
    assert_eq!(again.times, g.times);
    assert_eq!(GameLine::new(&again, &labels()), line);
    match LogLine::read(&text).unwrap() {
        LogLine::Game(read) => assert_eq!(*read, line),
        other => panic!("{:?}", other),
    }
}

/// A seed above 2^53 survives the log as text, where a reader holding JSON numbers as
/// doubles (jq, JavaScript, `serde_json::Value::as_f64`) would change its digits; a log
/// written before, with the seed as a number, reads the same game.
#[test]
fn a_seed_past_2_to_the_53_survives_every_reader_and_old_logs_still_read() {
    let seed = (1u64 << 53) + 1;
    let mut g = record();
    g.seed = seed;
    let text = GameLine::new(&g, &labels()).write();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let as_text = value["seed"].as_str().expect("the seed is text");
    assert_eq!(as_text.parse::<u64>(), Ok(seed));
    // What a double-only reader makes of the same seed written as a number.
    let numeric = text.replace(&format!("\"{}\"", seed), &seed.to_string());
    assert_ne!(numeric, text);
    let value: serde_json::Value = serde_json::from_str(&numeric).unwrap();
    let as_double = value["seed"].as_f64().unwrap();
    assert_ne!(as_double as u64, seed, "a double cannot hold 2^53 + 1");
    // Both forms read back to the exact seed.
    assert_eq!(GameLine::read(&text).unwrap().seed, seed);
    assert_eq!(GameLine::read(&numeric).unwrap().seed, seed);
    assert_eq!(
        GameLine::read(&numeric).unwrap(),
        GameLine::read(&text).unwrap()
    );
}

#[test]
fn a_game_line_keeps_the_logs_layout() {
    let text = GameLine::new(&record(), &labels()).write();
    let keys = [
        "deal",
        "seating",
        "seed",
        "players",
        "hands",
        "bids",
        "landlord",
        "base",
        "plays",
        "winner",
        "swapped",
        "multiplier",
        "scores",
        "errors",
        "reply_us",
    ];
    let at: Vec<usize> = keys
        .iter()
        .map(|k| text.find(&format!("\"{}\":", k)).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{}", text);
    for part in [
        "\"players\":[\"z\",\"x\",\"y\"]",
        "\"bottom\":\"51,52,53\"",
        "\"bids\":[[\"A\",1],[\"B\",0],[\"C\",3]]",
        "\"plays\":[[\"C\",\"34\"],[\"A\",\"-1\"],[\"B\",\"-1\"]]",
        "\"winner\":null,\"swapped\":\"A\"",
        "\"scores\":[6,6,-12]",
        "{\"seat\":\"C\",\"kind\":\"late\",\"scored\":true,\"detail\":\"said \\\"PLAY C-1\\\"\\nlate\\\\\"}",
        "\"reply_us\":[[1,2],[],[3000]]",
    ] {
        assert!(text.contains(part), "{} not in {}", part, text);
    }
    let mut plain = record();
    plain.swapped = None;
    assert!(!GameLine::new(&plain, &labels()).write().contains("swapped"));
}

#[test]
fn bad_lines_are_refused_with_the_reason() {
    let text = GameLine::new(&record(), &labels()).write();
    for (from, to, why) in [
        (
            "\"landlord\":\"C\"",
            "\"landlord\":\"D\"",
            "'D' is not a seat",
        ),
        ("\"kind\":\"late\"", "\"kind\":\"slow\"", "unknown fault"),
        ("[\"C\",\"34\"]", "[\"C\",\"99\"]", "cards '99'"),
        ("[\"C\",\"34\"]", "[\"C\",\"\"]", "without cards"),
        (
            "\"seed\":\"18446744073709539270\"",
            "\"seed\":\"18446744073709551616\"",
            "no 64-bit number",
        ),
        (
            "\"seed\":\"18446744073709539270\"",
            "\"seed\":18446744073709551616",
            "a seed is a 64-bit number",
        ),
        (
            "\"seed\":\"18446744073709539270\"",
            "\"seed\":-1",
            "a seed is a 64-bit number",
        ),
        ("\"base\":3,", "", "base"),
    ] {
        let bad = text.replace(from, to);
        assert_ne!(bad, text);
        let e = GameLine::read(&bad).unwrap_err().to_string();
        assert!(e.contains(why), "{}: {}", why, e);
    }
    let e = GameLine::new(&record(), &labels())
        .to_record(&["x".to_string()])
        .unwrap_err()
        .to_string();
    assert!(e.contains("'z'"), "{}", e);
    assert!(LogLine::read("{\"arena_end\":{\"deals\":\"x\"}}").is_err());
    assert!(LogLine::read("[1,]").is_err());
}
