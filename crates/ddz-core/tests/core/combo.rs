//! What a play is: the canonical readings, ambiguity and comparison.

use ddz_core::rules::{classify, Combo, Kind};

/// A reading as (kind, key symbol, length), or `None` for no play.
type Reading = Option<(Kind, char, u8)>;

fn read(text: &str) -> Reading {
    classify(text.parse().unwrap()).map(|c| (c.kind, c.key.symbol(), c.len))
}

#[test]
fn table_of_readings() {
    use Kind::*;
    let table: &[(&str, Reading)] = &[
        ("XD", Some((Rocket, 'D', 1))),
        ("7777", Some((Bomb, '7', 1))),
        ("X", Some((Single, 'X', 1))),
        ("22", Some((Pair, '2', 1))),
        ("3X", None),
        ("QQQ", Some((Triple, 'Q', 1))),
        ("QQQ3", Some((TripleSingle, 'Q', 1))),
        ("QQQD", Some((TripleSingle, 'Q', 1))),
        ("AAA22", Some((TriplePair, 'A', 1))),
        ("QQQXD", None),
        ("34567", Some((Straight, '7', 5))),
        ("TJQKA", Some((Straight, 'A', 5))),
        ("JQKA2", None),
        ("3456", None),
        ("334455", Some((PairStraight, '5', 3))),
        ("QQKKAA", Some((PairStraight, 'A', 3))),
        ("KKAA22", None),
        ("3344", None),
        ("333444", Some((Plane, '4', 2))),
        ("AAA222", None),
        ("333444555666", Some((Plane, '6', 4))),
        ("44455577", Some((PlaneSingles, '5', 2))),
        ("5556669999", Some((PlanePairs, '6', 2))),
        ("33334444", Some((PlaneSingles, '4', 2))),
        ("33336666", Some((FourPairs, '6', 1))),
        ("3333XD", Some((FourSingles, '3', 1))),
        ("333345", Some((FourSingles, '3', 1))),
        ("33334455", Some((FourPairs, '3', 1))),
        ("3333445", None),
        ("JJJJ2222", Some((FourPairs, '2', 1))),
        ("333444555789", Some((PlaneSingles, '5', 3))),
        // 20 cards: a 5-plane with singles beats a 4-plane with pairs reading.
        ("33344455566677788899", Some((PlaneSingles, '8', 5))),
    ];
    for (text, want) in table {
        assert_eq!(read(text), *want, "reading {}", text);
    }
}

#[test]
fn planes_never_hold_two_or_jokers() {
    assert_eq!(read("KKKAAA222"), None);
    assert_eq!(read("AAA222"), None);
    assert_eq!(read("AAA2223"), None);
    assert_eq!(read("AAA22234"), None);
}

#[test]
fn ambiguity() {
    let amb = |t: &str| classify(t.parse().unwrap()).unwrap().is_ambiguous();
    assert!(amb("33334444"));
    assert!(amb("3333XD"));
    assert!(!amb("333345"));
    assert!(!amb("44455577"));
    assert!(!amb("34567"));
    assert!(amb("333444555666"));
}

#[test]
fn comparison() {
    let p = |t: &str| classify(t.parse().unwrap()).unwrap();
    assert!(p("4").beats(&p("3")));
    assert!(!p("3").beats(&p("3")));
    assert!(p("3333").beats(&p("22")));
    assert!(p("4444").beats(&p("3333")));
    assert!(p("XD").beats(&p("2222")));
    assert!(!p("2222").beats(&p("XD")));
    assert!(!p("45678").beats(&p("3456789")));
    assert!(p("TJQKA").beats(&p("34567")));
    assert!(!p("QQQ33").beats(&p("JJJ3")));
    assert!(p("QQQ3").beats(&p("JJJA")));
    assert!(p("3").beats(&Combo::PASS));
    assert!(!Combo::PASS.beats(&p("3")));
}
