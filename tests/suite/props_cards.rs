//! Properties of the card core and the plays, over generated values (`props_common`), each
//! checked against a second, plainer path: card sets against a list of codes, the rank-count
//! view against counting the codes, the generator's plays against the classifier, its answers
//! against its leads filtered by `beats`. The exhaustive checks (`rules_bruteforce`) stop at
//! 14 cards; these reach the 17- and 20-card hands the engine plays with.

use crate::props_common::{any_cards, dealt_hand, dense_hand, for_all, replaying_one};
use ddz::cards::{Cards, Counts, Rank};
use ddz::rules::{classify, follows, leads, readings, Combo, Kind};
use std::collections::BTreeSet;

/// The codes of a set, by the plainest path: asking for each one.
fn code_list(set: Cards) -> Vec<u8> {
    (0..54).filter(|&c| set.contains(c)).collect()
}

#[test]
fn card_sets_read_back_in_every_form() {
    for_all(
        "card_sets_read_back_in_every_form",
        1_000,
        5_000,
        any_cards,
        |&set| {
            let codes = set.to_codes();
            assert_eq!(Cards::from_code_list(&codes), Ok(set), "{}", codes);
            let json = serde_json::to_string(&set).unwrap();
            assert_eq!(
                serde_json::from_str::<Cards>(&json).unwrap(),
                set,
                "{}",
                json
            );
            let human = set.to_string();
            assert_eq!(human.chars().count(), set.len(), "{}", human);
            if set.is_empty() {
                assert_eq!(codes, "");
                assert!(human.parse::<Counts>().is_err());
            } else {
                assert_eq!(Cards::parse_codes(&codes), Ok(set), "{}", codes);
                assert_eq!(human.parse::<Counts>(), Ok(set.counts()), "{}", human);
            }
        },
    );
}

#[test]
fn set_algebra_agrees_with_lists_of_codes() {
    let pair = |rng: &mut fastrand::Rng| (any_cards(rng), any_cards(rng));
    for_all(
        "set_algebra_agrees_with_lists_of_codes",
        2_000,
        5_000,
        pair,
        |&(a, b)| {
            let (la, lb) = (code_list(a), code_list(b));
            let union: Vec<u8> = (0..54)
                .filter(|c| la.contains(c) || lb.contains(c))
                .collect();
            let both: Vec<u8> = la.iter().copied().filter(|c| lb.contains(c)).collect();
            let only_a: Vec<u8> = la.iter().copied().filter(|c| !lb.contains(c)).collect();
            assert_eq!(code_list(a.or(b)), union);
            assert_eq!(code_list(a.and(b)), both);
            assert_eq!(code_list(a.minus(b)), only_a);
            assert_eq!(a.contains_all(b), lb.iter().all(|c| la.contains(c)));
            assert_eq!(a.len(), la.len());
            assert_eq!(a.is_empty(), la.is_empty());
            assert!((54..64).all(|c| !a.contains(c)), "no code past the deck");

            // The laws the engine leans on when it takes cards out of hands and puts them back.
            assert_eq!(a.or(b), b.or(a));
            assert_eq!(a.and(b), b.and(a));
            assert_eq!(a.minus(b).or(a.and(b)), a, "a split by b is whole again");
            assert!(a.minus(b).and(b).is_empty());
            assert_eq!(a.or(b).len() + a.and(b).len(), a.len() + b.len());
            let rest = |s: Cards| Cards::DECK.minus(s);
            assert_eq!(rest(a.or(b)), rest(a).and(rest(b)), "De Morgan");
            assert_eq!(rest(a.and(b)), rest(a).or(rest(b)), "De Morgan");
            assert!(a.or(b).contains_all(a) && a.contains_all(a.and(b)));

            // Walking the codes: ascending, each once, as many as the set holds.
            let walked: Vec<u8> = a.codes().collect();
            assert_eq!(walked, la);
            assert_eq!(a.codes().count(), a.len());
            assert_eq!(walked.iter().copied().collect::<Cards>(), a);
        },
    );
}

#[test]
fn rank_counts_agree_with_the_set() {
    let pair = |rng: &mut fastrand::Rng| (any_cards(rng), any_cards(rng));
    for_all(
        "rank_counts_agree_with_the_set",
        3_000,
        5_000,
        pair,
        |&(a, b)| {
            let counts = a.counts();
            let la = code_list(a);
            let mut per_rank = [0u8; 15];
            for &c in &la {
                per_rank[Rank::of_code(c).index()] += 1;
            }
            assert_eq!(counts.per_rank(), per_rank, "{}", a);
            for r in Rank::ALL {
                assert_eq!(counts.get(r) as usize, a.of_rank(r).len(), "{} in {}", r, a);
                assert!(a.of_rank(r).codes().all(|c| Rank::of_code(c) == r));
                let at_least = |n: u8| counts.ranks_with_at_least(n) >> r.index() & 1 == 1;
                for n in 1..=4 {
                    assert_eq!(
                        at_least(n),
                        per_rank[r.index()] >= n,
                        "{} ×{} in {}",
                        r,
                        n,
                        a
                    );
                }
            }
            assert_eq!(counts.total() as usize, a.len());
            assert_eq!(counts.is_empty(), a.is_empty());
            let present: Vec<Rank> = Rank::ALL
                .into_iter()
                .filter(|r| per_rank[r.index()] > 0)
                .collect();
            assert_eq!(counts.ranks().collect::<Vec<_>>(), present);
            assert_eq!(counts.lowest(), la.first().map(|&c| Rank::of_code(c)));
            assert_eq!(counts.highest(), la.last().map(|&c| Rank::of_code(c)));

            // The view follows the set's algebra: disjoint parts add, a part taken out subtracts.
            let (left, right) = (a.minus(b), a.and(b));
            assert_eq!(left.counts().plus(right.counts()), counts);
            assert_eq!(counts.minus(right.counts()), left.counts());
            assert!(counts.contains(right.counts()) && counts.holds(right.counts()));
            assert_eq!(
                counts.contains(b.counts()),
                counts.holds(b.counts()),
                "the two containment tests agree on real hands"
            );
            if a.contains_all(b) {
                assert!(counts.contains(b.counts()));
            }

            // Choosing concrete cards for counts: exactly those counts, from the set, or `None`
            // when the set lacks them.
            match a.pick(b.counts()) {
                Some(picked) => {
                    assert!(counts.contains(b.counts()), "{} picked from {}", b, a);
                    assert!(a.contains_all(picked));
                    assert_eq!(picked.counts(), b.counts());
                }
                None => assert!(!counts.contains(b.counts()), "{} not picked from {}", b, a),
            }
        },
    );
}

/// A hand the engine could hold: 17 or 20 dealt cards, or 17 to 20 from a few ranks.
fn playing_hand(rng: &mut fastrand::Rng) -> Cards {
    match rng.u8(0..3) {
        0 => dealt_hand(rng, 17),
        1 => dealt_hand(rng, 20),
        _ => {
            let size = rng.usize(17..=20);
            dense_hand(rng, size)
        }
    }
}

#[test]
fn every_generated_lead_reads_back_as_itself_from_the_hand() {
    let mut checked = 0;
    let name = "every_generated_lead_reads_back_as_itself_from_the_hand";
    for_all(name, 4_000, 1_000, playing_hand, |&hand| {
        let mut plays = Vec::new();
        leads(hand.counts(), &mut plays);
        let distinct: BTreeSet<Combo> = plays.iter().copied().collect();
        assert_eq!(distinct.len(), plays.len(), "a lead twice from {}", hand);
        for play in &plays {
            assert_eq!(classify(play.cards), Some(*play), "{} from {}", play, hand);
            assert_eq!(readings(play.cards).first(), Some(play), "{}", play);
            assert!(!play.is_pass());
            assert_eq!(play.size(), play.cards.total());
            assert!(play.body().plus(play.kickers()) == play.cards);
            let chosen = hand.pick(play.cards).expect("a lead fits its hand");
            assert!(hand.contains_all(chosen) && chosen.counts() == play.cards);
            checked += 1;
        }
    });
    assert!(replaying_one() || checked > 80_000, "{} leads", checked);
}

/// A hand and a play to answer: another hand's lead, often of the hand's own shapes, a bomb
/// or the rocket, so that answers of the same kind come up.
fn hand_and_target(rng: &mut fastrand::Rng) -> (Cards, Combo) {
    let hand = playing_hand(rng);
    let other = if rng.bool() { playing_hand(rng) } else { hand };
    let mut plays = Vec::new();
    leads(other.counts(), &mut plays);
    let target = match rng.u8(0..10) {
        0 => classify(Counts::of(Rank::ALL[rng.usize(0..13)], 4)).unwrap(),
        1 => classify("XD".parse().unwrap()).unwrap(),
        _ => plays[rng.usize(0..plays.len())],
    };
    (hand, target)
}

#[test]
fn the_answers_are_the_leads_that_beat() {
    let mut answered = 0;
    for_all(
        "the_answers_are_the_leads_that_beat",
        5_000,
        4_000,
        hand_and_target,
        |&(hand, target)| {
            let hand = hand.counts();
            let mut all = Vec::new();
            leads(hand, &mut all);
            let mut expect: BTreeSet<Combo> =
                all.iter().filter(|p| p.beats(&target)).copied().collect();
            expect.insert(Combo::PASS);
            let mut got = Vec::new();
            follows(hand, &target, &mut got);
            for answer in &got {
                assert!(
                    answer.is_pass() || answer.beats(&target),
                    "{} on {}",
                    answer,
                    target
                );
                assert!(hand.contains(answer.cards), "{} from {}", answer, hand);
            }
            let got_set: BTreeSet<Combo> = got.iter().copied().collect();
            assert_eq!(got_set.len(), got.len(), "an answer twice on {}", target);
            assert_eq!(got_set, expect, "{} on {}", hand, target);
            answered += got.len() - 1;
        },
    );
    assert!(replaying_one() || answered > 15_000, "{} answers", answered);
}

/// Three plays from one hand's leads, the pass now and then; often two of one kind and
/// length, where `beats` compares keys.
fn three_plays(rng: &mut fastrand::Rng) -> [Combo; 3] {
    let hand = playing_hand(rng);
    let mut plays = Vec::new();
    leads(hand.counts(), &mut plays);
    let draw = |rng: &mut fastrand::Rng| {
        if rng.u8(0..20) == 0 {
            Combo::PASS
        } else {
            plays[rng.usize(0..plays.len())]
        }
    };
    let a = draw(rng);
    let mut b = draw(rng);
    let like_a: Vec<Combo> = plays
        .iter()
        .copied()
        .filter(|p| p.kind == a.kind && p.len == a.len)
        .collect();
    if rng.bool() && !like_a.is_empty() {
        b = like_a[rng.usize(0..like_a.len())];
    }
    [a, b, draw(rng)]
}

#[test]
fn beats_is_a_strict_order_that_compares_keys_within_a_kind() {
    let name = "beats_is_a_strict_order_that_compares_keys_within_a_kind";
    for_all(name, 6_000, 10_000, three_plays, |&[a, b, c]| {
        assert!(!a.beats(&a), "{} beats itself", a);
        assert!(
            !(a.beats(&b) && b.beats(&a)),
            "{} and {} beat each other",
            a,
            b
        );
        if a.beats(&b) && b.beats(&c) {
            assert!(a.beats(&c), "{} > {} > {} but not {} > {}", a, b, c, a, c);
        }
        // What decides: the rocket over all, bombs over the rest and by key among
        // themselves, otherwise the same kind and length by key; the pass beats nothing and
        // every play beats the pass.
        let expect = match (a.kind, b.kind) {
            (Kind::Pass, _) => false,
            (_, Kind::Pass) => true,
            (Kind::Rocket, _) => b.kind != Kind::Rocket,
            (_, Kind::Rocket) => false,
            (Kind::Bomb, Kind::Bomb) => a.key > b.key,
            (Kind::Bomb, _) => true,
            (_, Kind::Bomb) => false,
            (x, y) => x == y && a.len == b.len && a.key > b.key,
        };
        assert_eq!(a.beats(&b), expect, "{} on {}", a, b);
        // Within a kind and length plays are ranked by key alone: of two different keys one
        // beats the other, and kickers never decide.
        if a.kind == b.kind && a.len == b.len && !a.is_pass() && a.kind != Kind::Rocket {
            assert_eq!(
                a.beats(&b) || b.beats(&a),
                a.key != b.key,
                "{} and {}",
                a,
                b
            );
        }
    });
}
