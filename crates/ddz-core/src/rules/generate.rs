//! Legal plays: every lead of a hand, and every follow to a given play.
//!
//! Generation works on rank counts and yields each distinct rank multiset once, under its
//! canonical reading ([`classify`]): kicker choices are enumerated completely as multisets, and
//! a candidate whose cards read as something else (for example `33334444` generated as four
//! with two pairs, which reads as a plane with wings) is dropped. [`crate::cards::Cards::pick`]
//! turns a chosen play back into concrete cards.

use super::combo::{classify, Combo, Kind};
use crate::cards::{Counts, Rank};
use std::cmp::Ordering;

/// Every legal lead of `hand`, appended to `out` (the pass is never a lead).
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::leads;
///
/// let hand: Counts = "3334".parse().unwrap();
/// let mut plays = Vec::new();
/// leads(hand, &mut plays);
/// let shown: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
/// // Kind by kind in the table's order: singles, the pair, the triple, the triple with one.
/// assert_eq!(shown, ["3", "4", "33", "333", "3334"]);
/// ```
pub fn leads(hand: Counts, out: &mut Vec<Combo>) {
    let c = hand.per_rank();
    for kind in Kind::ALL.iter().skip(1) {
        generate(*kind, hand, &c, None, None, out);
    }
}

/// Every legal answer of `hand` to `target`, the pass included, appended to `out`. When
/// `target` is the pass (nothing to beat) this is the leads.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::{classify, follows, Combo};
///
/// let hand: Counts = "5899JJJJ".parse().unwrap();
/// let seven = classify("7".parse().unwrap()).unwrap();
/// let mut answers = Vec::new();
/// follows(hand, &seven, &mut answers);
/// let shown: Vec<String> = answers.iter().map(|p| p.to_string()).collect();
/// // Higher singles, then the bomb, and the pass last.
/// assert_eq!(shown, ["8", "9", "J", "JJJJ", "pass"]);
/// assert_eq!(answers.last(), Some(&Combo::PASS));
/// ```
pub fn follows(hand: Counts, target: &Combo, out: &mut Vec<Combo>) {
    if target.is_pass() {
        leads(hand, out);
        return;
    }
    let c = hand.per_rank();
    match target.kind {
        Kind::Rocket => {}
        Kind::Bomb => {
            generate(Kind::Bomb, hand, &c, None, Some(target.key), out);
            generate(Kind::Rocket, hand, &c, None, None, out);
        }
        kind => {
            generate(kind, hand, &c, Some(target.len), Some(target.key), out);
            generate(Kind::Bomb, hand, &c, None, None, out);
            generate(Kind::Rocket, hand, &c, None, None, out);
        }
    }
    out.push(Combo::PASS);
}

/// The legal plays of `hand` when `target` is the play to beat (`None` or pass: a lead).
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::{classify, legal_plays, Kind};
///
/// let hand: Counts = "334455XD".parse().unwrap();
/// // A lead: any play of the hand (the pair straight and the rocket among them), never a pass.
/// let leads = legal_plays(hand, None);
/// assert!(leads.iter().any(|p| p.kind == Kind::PairStraight));
/// assert!(leads.iter().all(|p| !p.is_pass()));
/// // On a pair of kings: no higher pair (the jokers are no pair), so the rocket or a pass.
/// let kings = classify("KK".parse().unwrap()).unwrap();
/// let answers = legal_plays(hand, Some(&kings));
/// let shown: Vec<String> = answers.iter().map(|p| p.to_string()).collect();
/// assert_eq!(shown, ["XD", "pass"]);
/// ```
#[must_use]
pub fn legal_plays(hand: Counts, target: Option<&Combo>) -> Vec<Combo> {
    let mut out = Vec::with_capacity(64);
    match target {
        Some(t) => follows(hand, t, &mut out),
        None => leads(hand, &mut out),
    }
    out
}

/// Appends the plays of one kind: of chain length `len` when given (every length otherwise),
/// with a key above `above` when given.
fn generate(
    kind: Kind,
    hand: Counts,
    c: &[u8; 15],
    len: Option<u8>,
    above: Option<Rank>,
    out: &mut Vec<Combo>,
) {
    let first_key = above.map_or(0, |r| r.index() + 1);
    let push = |out: &mut Vec<Combo>, kind, key: usize, len: u8, cards| {
        out.push(Combo {
            kind,
            key: Rank::ALL[key],
            len,
            cards,
        })
    };
    match kind {
        Kind::Pass => {}
        Kind::Rocket => {
            if c[13] == 1 && c[14] == 1 {
                let cards = Counts::of(Rank::SMALL_JOKER, 1).with_added(Rank::BIG_JOKER, 1);
                push(out, kind, 14, 1, cards);
            }
        }
        Kind::Single | Kind::Pair | Kind::Triple | Kind::Bomb => {
            let width = kind.width();
            for (key, &held) in c.iter().enumerate().skip(first_key) {
                // Two cards of different jokers are never a pair: each joker rank holds one.
                if held >= width {
                    push(out, kind, key, 1, Counts::of(Rank::ALL[key], width));
                }
            }
        }
        Kind::TripleSingle | Kind::TriplePair => {
            let unit = if kind == Kind::TripleSingle { 1 } else { 2 };
            for key in first_key..13 {
                if c[key] < 3 {
                    continue;
                }
                let body = Counts::of(Rank::ALL[key], 3);
                for (kick, &held) in c.iter().enumerate() {
                    if kick != key && held >= unit {
                        let cards = body.with_added(Rank::ALL[kick], unit);
                        push(out, kind, key, 1, cards);
                    }
                }
            }
        }
        Kind::Straight | Kind::PairStraight | Kind::Plane => {
            let min_len = match kind {
                Kind::Straight => 5,
                Kind::PairStraight => 3,
                _ => 2,
            };
            each_chain(c, kind.width(), min_len, len, first_key, |low, high| {
                let l = (high - low + 1) as u8;
                let cards = Counts::run(Rank::ALL[low], Rank::ALL[high], kind.width());
                push(out, kind, high, l, cards);
            });
        }
        Kind::PlaneSingles | Kind::PlanePairs => {
            planes_with_wings(kind, hand, c, len, first_key, out)
        }
        Kind::FourSingles | Kind::FourPairs => fours_with_kickers(kind, hand, c, first_key, out),
    }
}

/// The planes with wings of `kind` in `hand`: each chain of triples with every set of wings
/// the rest of the hand gives, kept where the cards read as that plane.
#[inline]
fn planes_with_wings(
    kind: Kind,
    hand: Counts,
    c: &[u8; 15],
    len: Option<u8>,
    first_key: usize,
    out: &mut Vec<Combo>,
) {
    let unit = if kind == Kind::PlaneSingles { 1 } else { 2 };
    let total = hand.total() as usize;
    each_chain(c, 3, 2, len, first_key, |low, high| {
        let l = high - low + 1;
        if l * (3 + unit as usize) > total {
            return;
        }
        let body = Counts::run(Rank::ALL[low], Rank::ALL[high], 3);
        let rest = hand.minus(body);
        each_kicker_set(&rest.per_rank(), unit, l as u8, |kickers| {
            let cards = body.plus(kickers);
            let combo = Combo {
                kind,
                key: Rank::ALL[high],
                len: l as u8,
                cards,
            };
            if classify(cards) == Some(combo) {
                out.push(combo);
            }
        });
    });
}

/// The fours with two singles or two pairs of `kind` in `hand`, keyed above `first_key`.
#[inline]
fn fours_with_kickers(
    kind: Kind,
    hand: Counts,
    c: &[u8; 15],
    first_key: usize,
    out: &mut Vec<Combo>,
) {
    let unit = if kind == Kind::FourSingles { 1 } else { 2 };
    for (key, &held) in c.iter().enumerate().take(13).skip(first_key) {
        if held < 4 {
            continue;
        }
        let body = Counts::of(Rank::ALL[key], 4);
        let rest = hand.minus(body);
        each_kicker_set(&rest.per_rank(), unit, 2, |kickers| {
            let cards = body.plus(kickers);
            let combo = Combo {
                kind,
                key: Rank::ALL[key],
                len: 1,
                cards,
            };
            // Six cards with a four always read as four with two singles; eight may read as a
            // plane with wings or as a higher four.
            if kind == Kind::FourSingles || classify(cards) == Some(combo) {
                out.push(combo);
            }
        });
    }
}

/// Calls `visit(low, high)` for every run of ranks within `3..=A` holding at least `width`
/// cards each, of length ≥ `min_len` (exactly `len` when given), with `high ≥ first_key`.
fn each_chain(
    c: &[u8; 15],
    width: u8,
    min_len: usize,
    len: Option<u8>,
    first_key: usize,
    mut visit: impl FnMut(usize, usize),
) {
    let mut run = 0usize;
    for (high, &held) in c.iter().enumerate().take(Rank::ACE.index() + 1) {
        run = if held >= width { run + 1 } else { 0 };
        if high < first_key {
            continue;
        }
        match len {
            Some(l) => {
                let l = l as usize;
                if l >= min_len && run >= l {
                    visit(high + 1 - l, high);
                }
            }
            None => {
                for l in min_len..=run {
                    visit(high + 1 - l, high);
                }
            }
        }
    }
}

/// Calls `visit` with every multiset of `k` kicker units (single cards when `unit` is 1, pairs
/// when 2) that `avail` can supply; ranks may repeat where the counts allow (`7`,`7` or two
/// pairs of nines). Jokers never form a pair.
fn each_kicker_set(avail: &[u8; 15], unit: u8, k: u8, mut visit: impl FnMut(Counts)) {
    fn walk(
        avail: &[u8; 15],
        unit: u8,
        left: u8,
        from: usize,
        acc: Counts,
        visit: &mut dyn FnMut(Counts),
    ) {
        if left == 0 {
            visit(acc);
            return;
        }
        for r in from..15 {
            let mut with_r = acc;
            for taken in 1..=(avail[r] / unit).min(left) {
                with_r = with_r.with_added(Rank::ALL[r], unit);
                walk(avail, unit, left - taken, r + 1, with_r, visit);
            }
        }
    }
    walk(avail, unit, k, 0, Counts::EMPTY, &mut visit);
}

/// Sorts plays into the order `ddz moves` prints: kind in table order, chain length, key, then
/// the cards as rank sequences ascending (lexicographic); the pass last.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::generate::display_order;
/// use ddz_core::rules::{classify, legal_plays};
///
/// let hand: Counts = "45XD".parse().unwrap();
/// let three = classify("3".parse().unwrap()).unwrap();
/// let mut plays = legal_plays(hand, Some(&three)); // singles, then the rocket, then the pass
/// display_order(&mut plays);
/// let shown: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
/// assert_eq!(shown, ["XD", "4", "5", "X", "D", "pass"]);
/// ```
pub fn display_order(plays: &mut [Combo]) {
    plays.sort_by(|a, b| {
        let class = |c: &Combo| (c.is_pass(), c.kind, c.len, c.key);
        class(a)
            .cmp(&class(b))
            .then_with(|| compare_sequences(a.cards, b.cards))
    });
}

/// Compares two multisets as their rank sequences, ascending, lexicographically.
fn compare_sequences(a: Counts, b: Counts) -> Ordering {
    let seq = |c: Counts| -> Vec<Rank> {
        Rank::ALL
            .iter()
            .flat_map(|&r| std::iter::repeat(r).take(c.get(r) as usize))
            .collect()
    };
    seq(a).cmp(&seq(b))
}
