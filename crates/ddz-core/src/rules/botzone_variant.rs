//! Botzone's 斗地主 variant (the game "FightTheLandlord2"): how its judge reads and compares
//! plays, and how it scores a game (`docs/botzone.md`; the judge program itself is in
//! `../shared/platform/botzone/`, run by `scripts/test-botzone.sh`, never copied here).
//!
//! The judge's table differs from the official one:
//! - it knows "space shuttles" (航天飞机): two or more consecutive fours within `3..=A`, alone,
//!   with two single cards per four, or with two pairs per four; they are ordinary plays (not
//!   bombs, they double nothing) and compare with shuttles of the same form and length;
//! - kickers are counted the way its rank tally sees them: four with two singles needs two
//!   different ranks (`3333` + `55` is no play), a plane's single wings are cards of ranks held
//!   once (no pair, no card of a triple's or a four's rank), pair wings are ranks held exactly
//!   twice (`333444` + `5555` is no play), and four with two pairs needs two different pairs;
//! - a play is read by the first of these that matches: single, rocket, pair, bomb, straight,
//!   pair straight, triple (with nothing, a single or a pair), four with two singles, four with
//!   two pairs, plane, shuttle. So `33334444` is a shuttle, and `33334455` four with two pairs.
//!
//! Two plays compare when they are of the same kind and the same length: the higher body wins
//! (the rank of the single, pair, triple or four, the lowest link of a chain, which decides
//! the same as the highest). A bomb beats every ordinary play and lower bombs, the rocket
//! everything.

use crate::cards::{Counts, Rank};
use crate::named::Named;

/// A kind of play as the Botzone judge names it.
///
/// ```
/// use ddz_core::rules::botzone_variant::{read, BotzoneKind};
///
/// let kind = |text: &str| read(text.parse().unwrap()).map(|p| p.kind);
/// assert_eq!(kind("33334444"), Some(BotzoneKind::Shuttle));
/// assert_eq!(kind("33334455"), Some(BotzoneKind::FourPairs));
/// assert_eq!(kind("333355"), None); // four with two singles needs two ranks
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotzoneKind {
    /// 单张.
    Single,
    /// 一对.
    Pair,
    /// 火箭: both jokers.
    Rocket,
    /// 炸弹: four of a rank.
    Bomb,
    /// 单顺: five or more consecutive single ranks in `3..=A`.
    Straight,
    /// 双顺: three or more consecutive pairs in `3..=A`.
    PairStraight,
    /// 三带零.
    Triple,
    /// 三带一.
    TripleSingle,
    /// 三带二 (a real pair).
    TriplePair,
    /// 四带两只: a four and two cards of two other ranks.
    FourSingles,
    /// 四带两对: a four and two pairs of two other ranks.
    FourPairs,
    /// 飞机不带翼.
    Plane,
    /// 飞机带小翼: one single-held rank per triple.
    PlaneSingles,
    /// 飞机带大翼: one pair per triple.
    PlanePairs,
    /// 航天飞机不带翼: two or more consecutive fours.
    Shuttle,
    /// 航天飞机带小翼: two single-held ranks per four.
    ShuttleSingles,
    /// 航天飞机带大翼: two pairs per four.
    ShuttlePairs,
}

impl Named for BotzoneKind {
    /// The kinds' names: the official kind's name where the kinds are alike, the shuttles' own.
    const NAMES: &'static [(&'static str, BotzoneKind)] = &[
        ("single", BotzoneKind::Single),
        ("pair", BotzoneKind::Pair),
        ("rocket", BotzoneKind::Rocket),
        ("bomb", BotzoneKind::Bomb),
        ("straight", BotzoneKind::Straight),
        ("pair straight", BotzoneKind::PairStraight),
        ("triple", BotzoneKind::Triple),
        ("triple with a single", BotzoneKind::TripleSingle),
        ("triple with a pair", BotzoneKind::TriplePair),
        ("four with two singles", BotzoneKind::FourSingles),
        ("four with two pairs", BotzoneKind::FourPairs),
        ("plane", BotzoneKind::Plane),
        ("plane with single wings", BotzoneKind::PlaneSingles),
        ("plane with pair wings", BotzoneKind::PlanePairs),
        ("shuttle", BotzoneKind::Shuttle),
        ("shuttle with single wings", BotzoneKind::ShuttleSingles),
        ("shuttle with pair wings", BotzoneKind::ShuttlePairs),
    ];
}
crate::named_enum!(BotzoneKind);

/// A play as the Botzone judge reads it.
///
/// ```
/// use ddz_core::rules::botzone_variant::read;
///
/// let play = |text: &str| read(text.parse().unwrap()).unwrap();
/// // Shuttles compare with shuttles of their length and double nothing; bombs beat them.
/// assert!(play("44445555").beats(&play("33334444")));
/// assert!(!play("44445555").doubles());
/// assert!(play("2222").beats(&play("44445555")) && play("2222").doubles());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BotzonePlay {
    /// Its kind.
    pub kind: BotzoneKind,
    /// The lowest rank of its body (the single, pair, triple, four or chain).
    pub low: Rank,
    /// Ranks in its body: 1, or a chain's links.
    pub links: u8,
}

impl BotzonePlay {
    /// Whether `self`, played on `target`, is accepted by the judge.
    #[must_use]
    pub fn beats(&self, target: &BotzonePlay) -> bool {
        let power = |k: BotzoneKind| match k {
            BotzoneKind::Rocket => 3,
            BotzoneKind::Bomb => 2,
            _ => 1,
        };
        match power(self.kind).cmp(&power(target.kind)) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => {
                self.kind == target.kind && self.links == target.links && self.low > target.low
            }
        }
    }

    /// Whether the play doubles the score (a bomb or the rocket; shuttles do not).
    #[must_use]
    pub fn doubles(&self) -> bool {
        matches!(self.kind, BotzoneKind::Bomb | BotzoneKind::Rocket)
    }
}

/// The ranks (as a sorted list) held exactly `n` times in `c`.
fn held(c: &[u8; 15], n: u8) -> Vec<usize> {
    (0..15).filter(|&r| c[r] == n).collect()
}

/// Whether `ranks` (sorted) are consecutive and all within `3..=A`.
fn is_chain(ranks: &[usize]) -> bool {
    !ranks.is_empty()
        && ranks.iter().all(|&r| r <= Rank::ACE.index())
        && ranks.windows(2).all(|w| w[1] == w[0] + 1)
}

/// How the Botzone judge reads `cards`: `None` for no play (and for the empty set, a pass).
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::botzone_variant::{read, BotzoneKind};
///
/// let plane = read("333444+56".parse().unwrap()).unwrap();
/// assert_eq!((plane.kind, plane.links, plane.low.symbol()), (BotzoneKind::PlaneSingles, 2, '3'));
/// assert_eq!(read("33344455".parse().unwrap()), None); // a pair is not two single wings
/// assert_eq!(read(Counts::EMPTY), None);
/// ```
#[must_use]
pub fn read(cards: Counts) -> Option<BotzonePlay> {
    let c = cards.per_rank();
    let n = cards.total() as usize;
    let present: Vec<usize> = (0..15).filter(|&r| c[r] > 0).collect();
    let rank = |r: usize| Rank::new(r as u8).expect("rank index below 15");
    let play = |kind, low: usize, links: usize| {
        Some(BotzonePlay {
            kind,
            low: rank(low),
            links: links as u8,
        })
    };
    let (ones, twos, threes, fours) = (held(&c, 1), held(&c, 2), held(&c, 3), held(&c, 4));
    match n {
        0 => return None,
        1 => return play(BotzoneKind::Single, present[0], 1),
        2 => {
            return if present == [Rank::SMALL_JOKER.index(), Rank::BIG_JOKER.index()] {
                play(BotzoneKind::Rocket, present[0], 1)
            } else if twos.len() == 1 {
                play(BotzoneKind::Pair, twos[0], 1)
            } else {
                None
            };
        }
        _ => {}
    }
    if n == 4 && fours.len() == 1 {
        return play(BotzoneKind::Bomb, fours[0], 1);
    }
    if n >= 5 && ones.len() == n && is_chain(&ones) {
        return play(BotzoneKind::Straight, ones[0], n);
    }
    if n >= 6 && twos.len() * 2 == n && is_chain(&twos) {
        return play(BotzoneKind::PairStraight, twos[0], n / 2);
    }
    if n <= 5 && threes.len() == 1 {
        // Three with two different single cards is no play; otherwise the size names it.
        return match (n, ones.len()) {
            (_, 2) => None,
            (3, _) => play(BotzoneKind::Triple, threes[0], 1),
            (4, _) => play(BotzoneKind::TripleSingle, threes[0], 1),
            _ => play(BotzoneKind::TriplePair, threes[0], 1),
        };
    }
    if n == 6 && fours.len() == 1 && ones.len() == 2 {
        return play(BotzoneKind::FourSingles, fours[0], 1);
    }
    if n == 8 && fours.len() == 1 && twos.len() == 2 {
        return play(BotzoneKind::FourPairs, fours[0], 1);
    }
    if threes.len() > 1 && is_chain(&threes) {
        let l = threes.len();
        if 3 * l == n {
            return play(BotzoneKind::Plane, threes[0], l);
        }
        if ones.len() == l && 4 * l == n {
            return play(BotzoneKind::PlaneSingles, threes[0], l);
        }
        if twos.len() == l && 5 * l == n {
            return play(BotzoneKind::PlanePairs, threes[0], l);
        }
    }
    if fours.len() > 1 && threes.is_empty() && is_chain(&fours) {
        let l = fours.len();
        if 4 * l == n {
            return play(BotzoneKind::Shuttle, fours[0], l);
        }
        if ones.len() == 2 * l && 6 * l == n {
            return play(BotzoneKind::ShuttleSingles, fours[0], l);
        }
        if twos.len() == 2 * l && 8 * l == n {
            return play(BotzoneKind::ShuttlePairs, fours[0], l);
        }
    }
    None
}

/// Whether the judge accepts `answer` (empty: a pass) when `target` is the play to beat
/// (`None` or empty: a lead, where a pass is refused).
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::botzone_variant::accepts;
///
/// let c = |text: &str| text.parse::<Counts>().unwrap();
/// assert!(accepts(c("44445555"), Some(c("33334444")))); // a higher shuttle of two fours
/// assert!(accepts(c("3333"), Some(c("44445555")))); // any bomb beats a shuttle
/// assert!(accepts(Counts::EMPTY, Some(c("7")))); // a pass on a play
/// assert!(!accepts(Counts::EMPTY, None)); // but not on a lead
/// assert!(!accepts(c("333355"), None)); // four with two singles needs two ranks
/// ```
#[must_use]
pub fn accepts(answer: Counts, target: Option<Counts>) -> bool {
    let target = target.filter(|t| !t.is_empty());
    match (answer.is_empty(), target) {
        (true, t) => t.is_some(),
        (false, None) => read(answer).is_some(),
        (false, Some(t)) => match (read(answer), read(t)) {
            (Some(a), Some(on)) => a.beats(&on),
            _ => false,
        },
    }
}

/// The judge's score of a finished game, landlord first: the stake `max(bid, 1)` doubled for
/// every bomb and rocket played (`doublings`) and for a spring or an anti-spring; the landlord
/// wins or loses twice the stake, each farmer once. Returns (landlord's, each farmer's).
///
/// ```
/// use ddz_core::rules::botzone_variant::scores;
///
/// // No bid (a stake of 1), nothing doubled: the landlord wins 2, each farmer loses 1.
/// assert_eq!(scores(0, 0, false, true), (2, -1));
/// // Bid 3, a bomb and the rocket (two doublings) and an anti-spring: a stake of 3 × 2³.
/// assert_eq!(scores(3, 2, true, false), (-48, 24));
/// ```
#[must_use]
pub fn scores(bid: u8, doublings: u32, spring: bool, landlord_won: bool) -> (i64, i64) {
    let times = doublings + u32::from(spring);
    let stake = i64::from(bid.max(1)) << times.min(40);
    if landlord_won {
        (2 * stake, -stake)
    } else {
        (-2 * stake, stake)
    }
}
