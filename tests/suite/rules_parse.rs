//! Parsing and printing: round trips over random card sets and plays, and bad input as typed
//! errors that name the broken token, never a panic.

use ddz::cards::{Cards, Counts, ParseError, Rank};
use ddz::rules::{classify, leads};

fn random_set(rng: &mut fastrand::Rng) -> Cards {
    let size = rng.usize(1..=54);
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    codes[..size].iter().copied().collect::<Cards>()
}

#[test]
fn codes_round_trip() {
    let mut rng = fastrand::Rng::with_seed(11);
    for _ in 0..2000 {
        let set = random_set(&mut rng);
        let text = set.to_codes();
        assert_eq!(Cards::parse_codes(&text), Ok(set), "{}", text);
        // With a comma (or a trailing one for a lone code) parse_any reads codes too.
        let any = if set.len() == 1 {
            format!("{},", text)
        } else {
            text.clone()
        };
        assert_eq!(Cards::parse_any(&any), Ok(set), "{}", any);
        // Any order, spaces around the commas.
        let mut codes: Vec<u8> = set.codes().collect();
        rng.shuffle(&mut codes);
        let shuffled: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        assert_eq!(Cards::parse_codes(&shuffled.join(" , ")), Ok(set));
    }
}

#[test]
fn human_round_trip() {
    let mut rng = fastrand::Rng::with_seed(12);
    for _ in 0..2000 {
        let set = random_set(&mut rng);
        let counts = set.counts();
        let text = set.to_string();
        assert_eq!(text, counts.to_string());
        assert_eq!(text.chars().count(), set.len());
        assert_eq!(text.parse::<Counts>(), Ok(counts), "{}", text);
        // parse_any on human notation picks the lowest codes of each rank: same counts.
        let picked = Cards::parse_any(&text).unwrap();
        assert_eq!(picked.counts(), counts, "{}", text);
        assert_eq!(Cards::DECK.pick(counts), Some(picked));
        // Any order, `10` for ten, lower case, spaces and `+`.
        let mut chars: Vec<char> = text.chars().collect();
        rng.shuffle(&mut chars);
        let messy: String = chars
            .iter()
            .map(|&c| match c {
                'T' => "10".to_string(),
                'J' => "j+".to_string(),
                c => format!("{} ", c),
            })
            .collect();
        assert_eq!(messy.parse::<Counts>(), Ok(counts), "{}", messy);
    }
}

#[test]
fn ranks_round_trip() {
    for r in Rank::ALL {
        assert_eq!(Rank::from_symbol(r.symbol()), Some(r));
        assert_eq!(Rank::new(r.index() as u8), Some(r));
        assert_eq!(r.to_string(), r.symbol().to_string());
    }
    for code in 0..54u8 {
        let set = Cards::single(code);
        assert_eq!(set.counts(), Counts::of(Rank::of_code(code), 1));
    }
}

#[test]
fn plays_round_trip() {
    let mut rng = fastrand::Rng::with_seed(13);
    let mut checked = 0;
    for _ in 0..300 {
        let mut codes: Vec<u8> = (0..54).collect();
        rng.shuffle(&mut codes);
        let hand = codes[..20].iter().copied().collect::<Cards>();
        let mut plays = Vec::new();
        leads(hand.counts(), &mut plays);
        for play in plays {
            // Human form: printed, read back, classified again.
            let text = play.to_string();
            let counts: Counts = text.parse().unwrap();
            assert_eq!(classify(counts), Some(play), "{}", text);
            // Concrete form: the cards chosen from the hand, as protocol codes.
            let chosen = hand.pick(play.cards).expect("a lead fits its hand");
            assert!(hand.contains_all(chosen));
            let codes = chosen.to_codes();
            let back = Cards::parse_codes(&codes).unwrap();
            assert_eq!(back, chosen);
            assert_eq!(classify(back.counts()), Some(play), "{}", codes);
            checked += 1;
        }
    }
    assert!(checked > 10_000);
}

#[test]
fn bad_codes_name_the_token() {
    use ParseError::*;
    let table: &[(&str, ParseError)] = &[
        ("", Empty),
        (" , ,", Empty),
        ("54", OutOfRange("54".into())),
        ("0,1,99", OutOfRange("99".into())),
        ("4294967296", BadToken("4294967296".into())),
        ("3,-1", BadToken("-1".into())),
        ("1,x,2", BadToken("x".into())),
        ("1.5", BadToken("1.5".into())),
        ("7,7", Repeated(7)),
        ("53,0,53", Repeated(53)),
    ];
    for (text, want) in table {
        assert_eq!(Cards::parse_codes(text).as_ref(), Err(want), "{:?}", text);
        if text.contains(',') {
            assert_eq!(Cards::parse_any(text).as_ref(), Err(want), "{:?}", text);
        }
    }
}

#[test]
fn bad_human_names_the_token() {
    use ParseError::*;
    let table: &[(&str, ParseError)] = &[
        ("", Empty),
        ("  ", Empty),
        ("+", Empty),
        ("33Z", BadToken("Z".into())),
        ("1", BadToken("1".into())),
        ("3 1 4", BadToken("1".into())),
        ("0", BadToken("0".into())),
        ("33*", BadToken("*".into())),
        ("♥3", BadToken("♥".into())),
        ("33333", TooMany(Rank::THREE)),
        ("XX", TooMany(Rank::SMALL_JOKER)),
        ("DD", TooMany(Rank::BIG_JOKER)),
        ("1010101010", TooMany(Rank::TEN)),
    ];
    for (text, want) in table {
        assert_eq!(text.parse::<Counts>().as_ref(), Err(want), "{:?}", text);
        assert_eq!(Cards::parse_any(text).as_ref(), Err(want), "{:?}", text);
    }
    // Digits alone are human notation, never a code.
    assert_eq!(Cards::parse_any("3334").unwrap().to_string(), "3334");
    assert_eq!(Cards::parse_any("10").unwrap().to_string(), "T");
    assert_eq!(Cards::parse_any("45,").unwrap().to_codes(), "45");
}

#[test]
fn errors_say_what_was_wrong() {
    let message = |text: &str| Cards::parse_any(text).unwrap_err().to_string();
    assert!(message("1,77").contains("77"));
    assert!(message("33Q?").contains('?'));
    assert!(message("5,5").contains('5'));
    assert!(message("2222 2").contains('2'));
    assert!(message("").contains("no cards"));
}

#[test]
fn garbage_never_panics() {
    let alphabet: Vec<char> = "0123456789,+ -3TJQKA2XDxdt10♥\u{0}".chars().collect();
    let mut rng = fastrand::Rng::with_seed(14);
    for _ in 0..20_000 {
        let len = rng.usize(0..24);
        let text: String = (0..len)
            .map(|_| alphabet[rng.usize(0..alphabet.len())])
            .collect();
        if let Ok(cards) = Cards::parse_any(&text) {
            assert!(!cards.is_empty());
            assert!(Cards::DECK.contains_all(cards));
        }
        let _ = Cards::parse_codes(&text);
        let _ = text.parse::<Counts>();
    }
}
