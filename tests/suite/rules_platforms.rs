//! Platform readings and safe answers: `fixtures/platforms.txt` case by case; each platform's
//! reading against the canonical list of readings on many dense random plays; and the engine's
//! answers (`GameState::legal_plays`, and the real player's choice) against the platforms'
//! readings taken one by one.

use ddz::cards::{Cards, Counts, Rank};
use ddz::game::{GameState, Seat};
use ddz::rules::{classify, follows, leads, readings, Combo, Kind, Platform};
use ddz::strategy::RulesPlayer;
use ddz::strategy::Strategy;
use ddz::time::Deadline;

const FIXTURE: &str = include_str!("../../fixtures/platforms.txt");

fn kind_named(name: &str) -> Kind {
    Kind::ALL
        .iter()
        .copied()
        .find(|k| format!("{:?}", k) == name)
        .unwrap_or_else(|| panic!("unknown kind {:?}", name))
}

fn counts(text: &str) -> Counts {
    text.parse()
        .unwrap_or_else(|e| panic!("cards {:?}: {}", text, e))
}

/// Whether every platform reading `target` as a play accepts `answer` on it, from the
/// readings alone.
fn accepted_everywhere(answer: Counts, target: Counts) -> bool {
    Platform::ALL.iter().all(|p| match p.read(target) {
        None => true,
        Some(t) => p.read(answer).map_or(false, |a| a.beats(&t)),
    })
}

#[test]
fn fixture_cases() {
    let mut cases = 0;
    for (i, raw) in FIXTURE.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("platforms.txt line {}: {}", i + 1, raw);
        let (left, right) = line.split_once("->").expect("a '->'");
        let left: Vec<&str> = left.split_whitespace().collect();
        let right: Vec<&str> = right.split_whitespace().collect();
        match (left.as_slice(), right.as_slice()) {
            (["read", platform, cards], want) => {
                let p = platform.parse::<Platform>().expect("a platform name");
                let got = p.read(counts(cards));
                let got = got.map(|c| (c.kind, c.key, c.len));
                let want = match want {
                    ["invalid"] => None,
                    [kind, key, len] => Some((
                        kind_named(kind),
                        Rank::from_symbol(key.chars().next().unwrap()).unwrap(),
                        len.parse::<u8>().unwrap(),
                    )),
                    _ => panic!("{}: bad reading", at),
                };
                assert_eq!(got, want, "{}", at);
            }
            (["safe", target, answer], [want]) => {
                let (t, a) = (counts(target), counts(answer));
                let want = match *want {
                    "yes" => true,
                    "no" => false,
                    _ => panic!("{}: yes or no", at),
                };
                assert_eq!(accepted_everywhere(a, t), want, "{} (readings)", at);
                // The rules' own verdict on canonical answers, and the engine's legal list.
                let target = classify(t).expect("a canonical play");
                let answer = classify(a).expect("a canonical play");
                let safe = answer.beats(&target) && ddz::rules::safe_answer(&answer, &target);
                assert_eq!(safe, want, "{} (safe_answer)", at);
                let state = following(a.plus(counts("3")), t);
                assert_eq!(
                    state.legal_plays().contains(&answer),
                    want,
                    "{} (GameState::legal_plays)",
                    at
                );
            }
            _ => panic!("{}: not a case", at),
        }
        cases += 1;
    }
    assert!(cases >= 30, "only {} cases", cases);
}

/// Concrete cards for rank counts (the lowest codes of each rank).
fn hand_of(c: Counts) -> Cards {
    Cards::DECK.pick(c).expect("counts within the deck")
}

/// A state where we (B, a farmer) must answer `target`, led by the landlord A.
fn following(hand: Counts, target: Counts) -> GameState {
    let mut s = GameState::new(Seat::B, hand_of(hand));
    s.set_landlord(Seat::A, Cards::EMPTY).unwrap();
    s.to_move = Some(Seat::B);
    let t = classify(target).expect("a legal target");
    s.last = Some((Seat::A, t));
    s
}

/// A hand whose cards come from a few neighbouring ranks, so planes and fours are common.
fn dense(rng: &mut fastrand::Rng, size: u32) -> Counts {
    let first = rng.usize(0..6);
    let mut c = Counts::EMPTY;
    while c.total() < size {
        let r = Rank::ALL[rng.usize(first..first + 6)];
        if c.get(r) < r.deck_count() {
            c.add(r, 1);
        }
    }
    c
}

#[test]
fn each_platform_picks_a_canonical_reading_and_agrees_on_unambiguous_plays() {
    let mut rng = fastrand::Rng::with_seed(2019);
    let (mut ambiguous, mut differing) = (0, 0);
    for _ in 0..1500 {
        let mut plays = Vec::new();
        leads(dense(&mut rng, 20), &mut plays);
        for play in plays {
            let all = readings(play.cards);
            for p in Platform::ALL {
                if let Some(r) = p.read(play.cards) {
                    assert!(all.contains(&r), "{:?} reads {} as {:?}", p, play, r);
                }
                if all.len() == 1 {
                    assert_eq!(p.read(play.cards), Some(play), "{:?} on {}", p, play);
                }
            }
            if all.len() > 1 {
                ambiguous += 1;
                differing += usize::from(
                    Platform::ALL
                        .iter()
                        .any(|p| p.read(play.cards) != Some(play)),
                );
            }
        }
    }
    assert!(
        ambiguous > 1000 && differing > 100,
        "{} ambiguous, {} read differently",
        ambiguous,
        differing
    );
}

/// Positions with a target some platform reads differently: the engine's list of legal
/// answers and the real player's choice are checked on each.
const PLAYER_CASES: usize = 300;

#[test]
fn the_engine_answers_only_what_every_platform_accepts() {
    let mut rng = fastrand::Rng::with_seed(11);
    let mut player = RulesPlayer::new();
    let (mut checked, mut left_out, mut chosen) = (0, 0, 0);
    for _ in 0..PLAYER_CASES {
        // A target some platform reads differently, from a dense hand's leads.
        let mut plays = Vec::new();
        leads(dense(&mut rng, 20), &mut plays);
        let targets: Vec<Combo> = plays
            .into_iter()
            .filter(|p| Platform::ALL.iter().any(|q| q.read(p.cards) != Some(*p)))
            .collect();
        if targets.is_empty() {
            continue;
        }
        let target = targets[rng.usize(..targets.len())];
        // Our hand: dense too, within what the deck leaves once the target is out.
        let drawn = dense(&mut rng, 17);
        let mut hand = Counts::EMPTY;
        for r in Rank::ALL {
            hand.add(r, drawn.get(r).min(r.deck_count() - target.cards.get(r)));
        }
        let state = following(hand, target.cards);
        let legal = state.legal_plays();
        let mut all = Vec::new();
        follows(hand, &target, &mut all);
        for a in &all {
            let safe = a.is_pass() || accepted_everywhere(a.cards, target.cards);
            assert_eq!(
                legal.contains(a),
                safe,
                "{} on {} (hand {})",
                a,
                target,
                hand
            );
            left_out += usize::from(!safe);
            checked += 1;
        }
        let answer = player.play(&state, Deadline::unlimited());
        assert!(
            answer.is_pass() || accepted_everywhere(answer.cards, target.cards),
            "the player answered {} to {}",
            answer,
            target
        );
        chosen += usize::from(!answer.is_pass());
    }
    assert!(
        checked > 1000 && left_out > 100 && chosen > 50,
        "{} checked, {} left out, {} chosen",
        checked,
        left_out,
        chosen
    );
}
