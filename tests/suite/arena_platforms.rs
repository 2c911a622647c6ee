//! Plays some platform reads differently, led on purpose by `builtin:tricky`: no answer of our
//! players to such a play is refused by any platform's reading (checked here from the game
//! records with the readings alone), and with the 2019 server's reading as judge no reply of
//! theirs is a fault.

use crate::arena_common;

use arena_common::{check_game, play};
use ddz::arena::GameRecord;
use ddz::arena::{ArenaConfig, Format};
use ddz::cards::{Cards, Counts};
use ddz::game::deal::Deal;
use ddz::game::BySeat;
use ddz::rules::Platform;

/// Deals of whole ranks: the deck in rank order, cut at a random point, dealt in blocks of 17,
/// then a few cards swapped between hands. Fours, planes and so ambiguous plays are common.
fn blocky_deals(n: usize, seed: u64) -> Vec<Deal> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n)
        .map(|_| {
            let mut codes: Vec<u8> = (0..54).collect();
            codes.rotate_left(rng.usize(..54));
            for _ in 0..SWAPS {
                let (a, b) = (rng.usize(..54), rng.usize(..54));
                codes.swap(a, b);
            }
            let take =
                |from: usize, n: usize| codes[from..from + n].iter().copied().collect::<Cards>();
            Deal {
                hands: BySeat([take(0, 17), take(17, 17), take(34, 17)]),
                bottom: take(51, 3),
            }
        })
        .collect()
}

/// Random card swaps per blocky deal: enough that hands differ from deal to deal.
const SWAPS: usize = 6;

fn tricky_match(deals: usize, platform: Platform) -> ArenaConfig {
    let mut c = ArenaConfig {
        players: vec![
            "builtin:tricky".to_string(),
            "builtin:ddz:samples=4".to_string(),
            "builtin:greedy".to_string(),
        ],
        format: Format::Duplicate,
        games: deals,
        seed: 33334444,
        jobs: 2,
        deals: Some(blocky_deals(deals, 33334444)),
        ..ArenaConfig::default()
    };
    c.rules.platform = platform;
    c
}

/// Answers by players other than entry 0 (tricky) to a play some platform reads differently:
/// (answers, those some platform refuses).
fn answers_to_ambiguous_plays(g: &GameRecord) -> (usize, Vec<String>) {
    let mut last: Option<Counts> = None;
    let mut passes = 0;
    let mut seen = 0;
    let mut refused = Vec::new();
    let differs = |c: Counts| {
        let canonical = Platform::Canonical.read(c);
        Platform::ALL.iter().any(|p| p.read(c) != canonical)
    };
    for &(seat, cards) in &g.plays {
        match cards {
            None => {
                passes += 1;
                if passes == 2 {
                    last = None;
                    passes = 0;
                }
            }
            Some(c) => {
                let answer = c.counts();
                if let Some(target) = last {
                    if g.lineup[seat] != 0 && differs(target) {
                        seen += 1;
                        for p in Platform::ALL {
                            let ok = match p.read(target) {
                                None => true,
                                Some(t) => p.read(answer).map_or(false, |a| a.beats(&t)),
                            };
                            if !ok {
                                refused.push(format!(
                                    "deal {} seating {}: {} answered {} to {} ({} refuses)",
                                    g.deal_index, g.seating, seat, answer, target, p
                                ));
                            }
                        }
                    }
                }
                last = Some(answer);
                passes = 0;
            }
        }
    }
    (seen, refused)
}

#[test]
fn no_answer_to_an_ambiguous_lead_is_refused_anywhere() {
    let (report, games) = play(&tricky_match(100, Platform::Canonical));
    assert_eq!(report.error_total(), 0, "{}", report.summary());
    let mut seen = 0;
    let mut refused = Vec::new();
    for g in &games {
        check_game(g);
        let (n, r) = answers_to_ambiguous_plays(g);
        seen += n;
        refused.extend(r);
    }
    assert!(refused.is_empty(), "{}", refused.join("\n"));
    eprintln!("{} answers to ambiguous plays", seen);
    assert!(seen > 20, "only {} answers to ambiguous plays", seen);
}

#[test]
fn the_2019_reading_as_judge_finds_no_fault() {
    let (report, _) = play(&tricky_match(100, Platform::Icga2019));
    assert_eq!(report.error_total(), 0, "{}", report.summary());
}
