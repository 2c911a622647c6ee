//! Classification, table-driven: `fixtures/classify.txt` lists card multisets and their
//! canonical reading (or `invalid`); every case is checked against [`classify`], and every
//! valid reading against the generator (the play must be among the leads of its own cards).

use ddz::cards::{Counts, Rank};
use ddz::rules::{classify, leads, Kind};

const FIXTURE: &str = include_str!("../../fixtures/classify.txt");

fn kind_named(name: &str) -> Option<Kind> {
    Kind::ALL
        .iter()
        .copied()
        .find(|k| format!("{:?}", k) == name)
}

/// A reading as (kind, key, length), or `None` for no play.
type Reading = Option<(Kind, Rank, u8)>;

/// `(line number, cards, expected reading)` for each case of the fixture.
fn cases() -> Vec<(usize, Counts, Reading)> {
    let mut out = Vec::new();
    for (i, raw) in FIXTURE.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (cards, want) = line
            .split_once("->")
            .unwrap_or_else(|| panic!("line {}: no '->' in {:?}", line_no, raw));
        let cards: Counts = cards
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("line {}: cards {:?}: {}", line_no, cards, e));
        let fields: Vec<&str> = want.split_whitespace().collect();
        let want = match fields.as_slice() {
            ["invalid"] => None,
            [kind, key, len] => {
                let kind = kind_named(kind)
                    .unwrap_or_else(|| panic!("line {}: unknown kind {:?}", line_no, kind));
                let mut key_chars = key.chars();
                let key = match (
                    key_chars.next().and_then(Rank::from_symbol),
                    key_chars.next(),
                ) {
                    (Some(rank), None) => rank,
                    _ => panic!("line {}: bad key {:?}", line_no, key),
                };
                let len: u8 = len
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: bad length {:?}", line_no, len));
                Some((kind, key, len))
            }
            _ => panic!("line {}: expected KIND KEY LEN or invalid", line_no),
        };
        out.push((line_no, cards, want));
    }
    out
}

#[test]
fn fixture_readings() {
    let cases = cases();
    assert!(
        cases.len() >= 80,
        "fixture holds only {} cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for (line_no, cards, want) in &cases {
        let got = classify(*cards).map(|c| (c.kind, c.key, c.len));
        if got != *want {
            failures.push(format!(
                "line {}: {} reads as {:?}, fixture says {:?}",
                line_no, cards, got, want
            ));
        }
        if let Some(combo) = classify(*cards) {
            assert_eq!(combo.cards, *cards, "line {}: cards kept whole", line_no);
            let mut all = Vec::new();
            leads(*cards, &mut all);
            assert!(
                all.contains(&combo),
                "line {}: {} is not among the leads of its own cards",
                line_no,
                cards
            );
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn fixture_covers_every_kind() {
    let cases = cases();
    for kind in Kind::ALL.iter().skip(1) {
        assert!(
            cases
                .iter()
                .any(|(_, _, w)| matches!(w, Some((k, _, _)) if k == kind)),
            "no case of {:?}",
            kind
        );
    }
}

#[test]
fn chains_never_hold_two_or_jokers() {
    // Every straight, pair straight and plane (with or without wings) whose chain reaches `2`
    // or a joker is no such play; checked over every chain shape that would otherwise fit.
    for (width, min) in [(1u8, 5usize), (2, 3), (3, 2)] {
        for high in 12..15usize {
            for len in min..=12 {
                if len > high + 1 {
                    continue;
                }
                let low = high + 1 - len;
                let mut cards = Counts::EMPTY;
                let mut fits = true;
                for r in low..=high {
                    let rank = Rank::ALL[r];
                    if width > rank.deck_count() {
                        fits = false;
                    }
                    cards.add(rank, width.min(rank.deck_count()));
                }
                if !fits {
                    continue;
                }
                if let Some(c) = classify(cards) {
                    assert!(
                        !matches!(c.kind, Kind::Straight | Kind::PairStraight | Kind::Plane),
                        "{} read as {:?}",
                        cards,
                        c
                    );
                }
            }
        }
    }
    // And no reading of any multiset puts 2 or a joker inside a chain.
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..20_000 {
        let mut cards = Counts::EMPTY;
        for _ in 0..rng.usize(1..=20) {
            let r = Rank::ALL[rng.usize(0..15)];
            if cards.get(r) < r.deck_count() {
                cards.add(r, 1);
            }
        }
        if let Some(c) = classify(cards) {
            if matches!(
                c.kind,
                Kind::Straight
                    | Kind::PairStraight
                    | Kind::Plane
                    | Kind::PlaneSingles
                    | Kind::PlanePairs
            ) {
                assert!(c.key.chains(), "{} read as {:?}", cards, c);
                assert!(
                    c.body().ranks().all(|r| r.chains()),
                    "{} read as {:?}",
                    cards,
                    c
                );
            }
        }
    }
}
