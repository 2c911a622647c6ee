//! Move counts kept as data: `fixtures/moves.txt` holds the number of legal leads of fixed
//! hands, and of legal answers to fixed plays. The counts were produced by brute force (every
//! sub-multiset of the hand, classified directly; see `print_fixture` below, run with
//! `cargo test --release --test suite -- --ignored --nocapture rules_moves::print_fixture`), never by the generator,
//! and the generator is checked against them.

use crate::rules_common;

use ddz::cards::{Cards, Counts};
use ddz::rules::{classify, follows, leads, Combo};
use rules_common::sub_multisets;

const FIXTURE: &str = include_str!("../../fixtures/moves.txt");

/// One line of the fixture: a hand, the play to answer (`None`: lead) and the count.
struct Case {
    line: usize,
    hand: Counts,
    target: Option<Combo>,
    count: usize,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (i, raw) in FIXTURE.lines().enumerate() {
        let line = i + 1;
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let (left, count) = text
            .split_once("->")
            .unwrap_or_else(|| panic!("line {}: no '->'", line));
        let count: usize = count
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("line {}: bad count {:?}", line, count));
        let (hand, target) = match left.split_once('/') {
            Some((h, t)) => (h, Some(t)),
            None => (left, None),
        };
        let hand: Counts = hand
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("line {}: hand: {}", line, e));
        let target = target.map(|t| {
            let cards: Counts = t
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("line {}: target: {}", line, e));
            classify(cards).unwrap_or_else(|| panic!("line {}: target is no play", line))
        });
        out.push(Case {
            line,
            hand,
            target,
            count,
        });
    }
    out
}

/// The brute-force count: sub-multisets that read as a play (beating `target`, if given),
/// plus the pass when answering.
fn brute_count(hand: Counts, target: Option<&Combo>) -> usize {
    let plays = sub_multisets(hand)
        .into_iter()
        .filter_map(classify)
        .filter(|c| target.map_or(true, |t| c.beats(t)))
        .count();
    plays + usize::from(target.is_some())
}

fn generated_count(hand: Counts, target: Option<&Combo>) -> usize {
    let mut out = Vec::new();
    match target {
        Some(t) => follows(hand, t, &mut out),
        None => leads(hand, &mut out),
    }
    out.len()
}

#[test]
fn generator_matches_fixture() {
    let cases = cases();
    assert!(
        cases.len() >= 100,
        "fixture holds only {} lines",
        cases.len()
    );
    let hands: std::collections::BTreeSet<Counts> = cases.iter().map(|c| c.hand).collect();
    assert!(hands.len() >= 30);
    assert!(hands.iter().filter(|h| h.total() == 20).count() >= 10);
    let mut failures = Vec::new();
    for case in &cases {
        let got = generated_count(case.hand, case.target.as_ref());
        if got != case.count {
            failures.push(format!(
                "line {}: {} generates {}, fixture says {}",
                case.line, case.hand, got, case.count
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn brute_force_matches_fixture() {
    for case in cases() {
        // The brute force is slow on big hands in debug builds: check those in release only.
        if cfg!(debug_assertions) && case.hand.total() > 17 {
            continue;
        }
        assert_eq!(
            brute_count(case.hand, case.target.as_ref()),
            case.count,
            "line {}",
            case.line
        );
    }
}

/// Hands picked for the shapes they hold: planes with every kind of wing, many bombs, both
/// jokers, long chains.
const PICKED: [&str; 8] = [
    "33344455566677788899",
    "3333444455556666XD",
    "333444555666777888XD",
    "3456789TJQKA2XD",
    "33445566778899TTJJQQ",
    "AAAA2222KKKKQQQQXD",
    "333444555777999JJJQQ",
    "3334445557778889TTJQ",
];

/// The plays the fixture answers; each hand answers four of them in turn.
const TARGETS: [&str; 16] = [
    "4",
    "J",
    "55",
    "KK",
    "999",
    "6663",
    "TTT44",
    "45678",
    "9TJQKA",
    "778899",
    "555666",
    "55566637",
    "4445553366",
    "888834",
    "8888",
    "XD",
];

fn deal_hand(rng: &mut fastrand::Rng, size: usize) -> Counts {
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    codes[..size].iter().copied().collect::<Cards>().counts()
}

/// Prints the fixture's data lines, counted by brute force only.
#[test]
#[ignore]
fn print_fixture() {
    let mut rng = fastrand::Rng::with_seed(0x5eed_2026);
    let mut hands: Vec<Counts> = PICKED.iter().map(|h| h.parse().unwrap()).collect();
    for _ in 0..14 {
        hands.push(deal_hand(&mut rng, 20));
    }
    for _ in 0..10 {
        hands.push(deal_hand(&mut rng, 17));
    }
    for _ in 0..4 {
        let size = rng.usize(1..=12);
        hands.push(deal_hand(&mut rng, size));
    }
    let mut next_target = 0;
    for hand in hands {
        println!("{} -> {}", hand, brute_count(hand, None));
        for _ in 0..4 {
            let text = TARGETS[next_target % TARGETS.len()];
            next_target += 1;
            let target = classify(text.parse().unwrap()).unwrap();
            println!(
                "{} / {} -> {}",
                hand,
                target,
                brute_count(hand, Some(&target))
            );
        }
    }
}
