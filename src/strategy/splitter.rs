//! Hand splitting: the decomposition of a hand into groups (plays it can make in one go) that is
//! best under the value model ([`super::value`]), and the fewest plays the hand needs.
//!
//! The design text (the rule-based design text; `docs/strategy.md`) splits greedily in 12 steps; that misses
//! better splits. Here the search is exact over the part that is combinatorial, the chains:
//! every multiset of straights, pair straights and planes the hand can hold is visited (chains
//! taken in a fixed order so each multiset is seen once). What is left after the chains is split
//! by rank (rocket, bombs, triples, pairs, singles) and the kickers are attached to triples,
//! planes and fours: each plane and each four tries no wings, single wings and pair wings (every
//! combination), then the lowest units go first (attaching a unit always saves a round and its
//! negative value, so the lowest ones gain most). Model limits, on purpose: a rank left after
//! the chains is not split further (a pair is not broken into two singles except to give a
//! plane or four its single wings), the rocket is never split into two kickers (both jokers as
//! kickers read differently on some platforms), and no kicker shares a rank with a plane's body.
//!
//! Results are memoised in a [`Splitter`] keyed by the rank counts (a `u64`, hashed with a tiny
//! FxHash-style hasher): the follow search evaluates many hands that differ by one play, and the
//! same hands come back turn after turn.

use super::value::{
    bomb_value, chain_value, four_kicked_value, is_big_group, is_big_rank, kicker_keep, pair_value,
    plane_value, round_penalty, single_value, triple_kicked_value, triple_value, ROCKET_VALUE,
    SCALE,
};
use crate::cards::{Counts, Rank};
use crate::rules::{classify, Combo, Kind};
use arrayvec::ArrayVec;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A hand of at most 20 cards splits into at most 20 groups.
pub(crate) type Groups = ArrayVec<Combo, 20>;

/// How the splitter scores a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The value model as it is.
    Normal,
    /// The design text's "fewest singles" variant, used when an enemy holds one card: every small
    /// single left over costs [`FEW_SINGLES_PENALTY`] more, so kickers and chains absorb singles.
    FewSingles,
}

/// Extra cost of each small single in [`Mode::FewSingles`], in tenths: a full round (7), since an
/// enemy with one card wins with any higher single, so a small single may never get out.
pub(crate) const FEW_SINGLES_PENALTY: i32 = 7 * SCALE;

/// The best split of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The groups, kickers attached, in the order: chains, then by rank.
    pub groups: Groups,
    /// The hand's value (tenths of a point).
    pub value: i32,
    /// The fewest plays that empty the hand (under the same group rules; may use another split).
    pub min_rounds: u32,
}

impl Split {
    /// Number of groups that cost a round (not big).
    #[must_use]
    pub(crate) fn small_groups(&self) -> usize {
        self.groups.iter().filter(|g| !is_big_group(g)).count()
    }
}

/// An FxHash-style hasher for `u64` keys: one rotate, xor and multiply per word.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FxHasher(u64);

/// The multiplier of FxHash (from Firefox's hasher): odd, with well-spread bits.
const FX_SEED: u64 = 0x517c_c1b7_2722_0a95;

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

/// A `HashMap` with the Fx hasher.
pub(crate) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The memo grows to at most this many hands before it is cleared (about 10 MB), far more than
/// one game needs.
const MEMO_LIMIT: usize = 30_000;

/// A chain the hand can hold: straight, pair straight or plane (bare).
#[derive(Clone, Copy, Debug)]
struct Chain {
    combo: Combo,
    value: i32,
}

/// The splitter: the exact search and its memo. Reuse one per player.
#[derive(Debug, Default)]
pub struct Splitter {
    memo: FxMap<u64, Arc<Split>>,
    /// Leaf evaluations made (a fingerprint of the work done, for `ddz bench`).
    pub(crate) nodes: u64,
}

impl Splitter {
    /// A splitter with an empty memo.
    #[must_use]
    pub fn new() -> Splitter {
        Splitter::default()
    }

    /// The best split of `hand` in `mode` (memoised). Shared with the memo, not copied: the
    /// rule player asks for thousands of splits per search decision, most of them memo hits.
    pub fn split(&mut self, hand: Counts, mode: Mode) -> Arc<Split> {
        let key = memo_key(hand, mode);
        if let Some(s) = self.memo.get(&key) {
            return Arc::clone(s);
        }
        let s = Arc::new(self.search(hand, mode));
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(key, Arc::clone(&s));
        s
    }

    /// The value of the best split of `hand` (memoised); 0 for the empty hand. A memo hit
    /// reads the value in place, where sharing the split would raise and lower its atomic
    /// count (a quarter of a hit's time under `perf`).
    pub fn value(&mut self, hand: Counts, mode: Mode) -> i32 {
        if hand.is_empty() {
            return 0;
        }
        if let Some(s) = self.memo.get(&memo_key(hand, mode)) {
            return s.value;
        }
        self.split(hand, mode).value
    }

    /// The best split computed afresh, bypassing the memo (for `ddz bench`).
    pub fn search_only(&mut self, hand: Counts, mode: Mode) -> Split {
        self.search(hand, mode)
    }

    /// The search without the memo.
    fn search(&mut self, hand: Counts, mode: Mode) -> Split {
        let mut search = Search {
            chains: all_chains(hand),
            mode,
            stack: ArrayVec::new(),
            best_value: i32::MIN,
            best_chains: ArrayVec::new(),
            best_rounds: u32::MAX,
            nodes: 0,
        };
        search.walk(0, hand);
        self.nodes += search.nodes;
        let mut groups = Groups::new();
        let chosen: ArrayVec<Chain, 8> = search
            .best_chains
            .iter()
            .map(|&i| search.chains[i as usize])
            .collect();
        let rest = chosen
            .iter()
            .fold(hand, |h, c| Counts(h.0 - c.combo.cards.0));
        let (value, _) = leaf(rest, &chosen, mode, Some(&mut groups));
        debug_assert_eq!(value, search.best_value);
        Split {
            groups,
            value,
            min_rounds: search.best_rounds,
        }
    }
}

/// The memo's key: the rank counts (60 bits) and the mode in the top bit.
const fn memo_key(hand: Counts, mode: Mode) -> u64 {
    hand.0 | (mode_bit(mode) << 63)
}

const fn mode_bit(mode: Mode) -> u64 {
    match mode {
        Mode::Normal => 0,
        Mode::FewSingles => 1,
    }
}

/// Every straight, pair straight and plane `hand` holds (each length), lowest first.
fn all_chains(hand: Counts) -> Vec<Chain> {
    let mut out = Vec::new();
    for (kind, width, min) in [
        (Kind::Straight, 1u8, 5usize),
        (Kind::PairStraight, 2, 3),
        (Kind::Plane, 3, 2),
    ] {
        for low in 0..=Rank::ACE.index() {
            let mut high = low;
            while high <= Rank::ACE.index() && hand.get(Rank::ALL[high]) >= width {
                let len = high - low + 1;
                if len >= min {
                    let (lo, hi) = (Rank::ALL[low], Rank::ALL[high]);
                    let combo = Combo {
                        kind,
                        key: hi,
                        len: len as u8,
                        cards: Counts::run(lo, hi, width),
                    };
                    let value = if kind == Kind::Plane {
                        plane_value(hi)
                    } else {
                        chain_value(hi)
                    };
                    out.push(Chain { combo, value });
                }
                high += 1;
            }
        }
    }
    out
}

struct Search {
    chains: Vec<Chain>,
    mode: Mode,
    stack: ArrayVec<u8, 8>,
    best_value: i32,
    best_chains: ArrayVec<u8, 8>,
    best_rounds: u32,
    nodes: u64,
}

impl Search {
    /// Visits every multiset of chains from index `from` on that fits `rest`.
    fn walk(&mut self, from: usize, rest: Counts) {
        self.nodes += 1;
        let chosen: ArrayVec<Chain, 8> = self
            .stack
            .iter()
            .map(|&i| self.chains[i as usize])
            .collect();
        let (value, rounds) = leaf(rest, &chosen, self.mode, None);
        if value > self.best_value {
            self.best_value = value;
            self.best_chains = self.stack.clone();
        }
        self.best_rounds = self.best_rounds.min(rounds);
        if self.stack.is_full() {
            return;
        }
        for i in from..self.chains.len() {
            let c = self.chains[i].combo.cards;
            if rest.holds(c) {
                self.stack.push(i as u8);
                self.walk(i, Counts(rest.0 - c.0));
                self.stack.pop();
            }
        }
    }
}

/// Wings a plane or four takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wings {
    None,
    Singles,
    Pairs,
}

/// A holder of kickers: a plane (from the chains) or a four (from the rest).
#[derive(Clone, Copy, Debug)]
struct Holder {
    key: Rank,
    /// Links of a plane; 0 for a four.
    len: u8,
}

impl Holder {
    fn units(&self) -> usize {
        if self.len == 0 {
            2
        } else {
            self.len as usize
        }
    }
}

/// What a leaf has left to split after its chains: the units by rank, the kicker holders
/// (planes from the chains, then fours), and which ranks may serve as kickers.
struct Leftover {
    chain_value_sum: i32,
    chain_count: usize,
    rocket: bool,
    singles: ArrayVec<Rank, 15>,
    pairs: ArrayVec<Rank, 13>,
    triples: ArrayVec<Rank, 13>,
    holders: ArrayVec<Holder, 13>,
    /// Holders before this index are planes, the rest fours.
    plane_count: usize,
    /// Ranks in a plane's body, which may not serve as its wings.
    plane_ranks: u16,
}

impl Leftover {
    /// Whether a unit of rank `r` may be a kicker (it is in no plane's body).
    fn kickable(&self, r: Rank) -> bool {
        self.plane_ranks & (1 << r.index()) == 0
    }
}

/// Evaluates the split of `rest` by rank, the chains `chains` already taken: returns the best
/// value and the fewest groups, and writes the best-value groups to `emit` when given.
fn leaf(rest: Counts, chains: &[Chain], mode: Mode, emit: Option<&mut Groups>) -> (i32, u32) {
    let rocket = rest.get(Rank::SMALL_JOKER) == 1 && rest.get(Rank::BIG_JOKER) == 1;
    let mut singles: ArrayVec<Rank, 15> = ArrayVec::new();
    let mut pairs: ArrayVec<Rank, 13> = ArrayVec::new();
    let mut triples: ArrayVec<Rank, 13> = ArrayVec::new();
    let mut holders: ArrayVec<Holder, 13> = ArrayVec::new();
    // Ranks in a plane's body may not serve as its wings (the cards would read as another play).
    let mut plane_ranks = 0u16;
    let mut chain_value_sum = 0;
    for c in chains {
        chain_value_sum += c.value;
        if c.combo.kind == Kind::Plane {
            holders.push(Holder {
                key: c.combo.key,
                len: c.combo.len,
            });
            for r in c.combo.low().index()..=c.combo.key.index() {
                plane_ranks |= 1 << r;
            }
        }
    }
    let plane_count = holders.len();
    let mut bare = rest.0;
    let mut rank = 0usize;
    while bare != 0 {
        let n = (bare & 0xF) as u8;
        let r = Rank::ALL[rank];
        let jokers = rank >= Rank::SMALL_JOKER.index();
        match n {
            0 => {}
            1 if jokers && rocket => {}
            1 => singles.push(r),
            2 => pairs.push(r),
            3 => triples.push(r),
            _ => holders.push(Holder { key: r, len: 0 }),
        }
        bare >>= 4;
        rank += 1;
    }
    let left = Leftover {
        chain_value_sum,
        chain_count: chains.len(),
        rocket,
        singles,
        pairs,
        triples,
        holders,
        plane_count,
        plane_ranks,
    };

    let mut best_value = i32::MIN;
    let mut best_choice = [Wings::None; 13];
    let mut best_rounds = u32::MAX;
    let holder_count = left.holders.len();
    // Every holder tries none / singles / pairs: 3^h choices (h is almost always 0 or 1; capped
    // so that a freak hand of five fours still evaluates quickly: later holders keep no wings).
    let free = holder_count.min(5);
    let combos = 3usize.pow(free as u32);
    for code in 0..combos {
        let mut choice = [Wings::None; 13];
        let mut c = code;
        for slot in choice.iter_mut().take(free) {
            *slot = match c % 3 {
                0 => Wings::None,
                1 => Wings::Singles,
                _ => Wings::Pairs,
            };
            c /= 3;
        }
        if let Some(v) = value_of(&left, &choice, mode, None) {
            if v > best_value {
                best_value = v;
                best_choice = choice;
            }
        }
        if let Some(n) = rounds_of(&left, &choice) {
            best_rounds = best_rounds.min(n);
        }
    }
    if let Some(out) = emit {
        for c in chains {
            out.push(c.combo);
        }
        value_of(&left, &best_choice, mode, Some(out));
    }
    (best_value, best_rounds)
}

/// Units left for kickers, lowest first: singles, and pairs (which may be split into two single
/// units when a plane or four needs single wings and the singles ran out).
struct Units<'a> {
    singles: &'a [Rank],
    pairs: &'a [Rank],
    single_used: u32,
    pair_used: u32,
    /// A pair split for single wings whose second half is still free.
    half: Option<Rank>,
}

impl<'a> Units<'a> {
    fn single_free(&self, i: usize) -> bool {
        self.single_used & (1 << i) == 0
    }

    fn pair_free(&self, i: usize) -> bool {
        self.pair_used & (1 << i) == 0
    }

    /// The lowest free kickable single (index), if any.
    fn lowest_single(&self, ok: &dyn Fn(Rank) -> bool) -> Option<usize> {
        (0..self.singles.len()).find(|&i| self.single_free(i) && ok(self.singles[i]))
    }

    fn lowest_pair(&self, ok: &dyn Fn(Rank) -> bool) -> Option<usize> {
        (0..self.pairs.len()).find(|&i| self.pair_free(i) && ok(self.pairs[i]))
    }

    /// Takes one single unit: a free single, else the free half of a split pair, else splits
    /// the lowest free pair.
    fn take_single(&mut self, ok: &dyn Fn(Rank) -> bool) -> Option<Rank> {
        if let Some(i) = self.lowest_single(ok) {
            self.single_used |= 1 << i;
            return Some(self.singles[i]);
        }
        if let Some(r) = self.half.take() {
            return Some(r);
        }
        let i = self.lowest_pair(ok)?;
        self.pair_used |= 1 << i;
        self.half = Some(self.pairs[i]);
        Some(self.pairs[i])
    }

    fn take_pair(&mut self, ok: &dyn Fn(Rank) -> bool) -> Option<Rank> {
        let i = self.lowest_pair(ok)?;
        self.pair_used |= 1 << i;
        Some(self.pairs[i])
    }
}

/// The value of one kicker choice, or `None` when the holders' wings cannot be supplied.
/// Writes the groups when `emit` is given.
fn value_of(
    left: &Leftover,
    choice: &[Wings; 13],
    mode: Mode,
    mut emit: Option<&mut Groups>,
) -> Option<i32> {
    // Value mode attaches only small units: a big unit (a 2 or a joker) costs no round, so
    // attaching it would gain nothing and throw away a card that wins tricks.
    let small_ok = |r: Rank| !is_big_rank(r) && left.kickable(r);
    let mut units = Units {
        singles: &left.singles,
        pairs: &left.pairs,
        single_used: 0,
        pair_used: 0,
        half: None,
    };
    let mut tally = Tally {
        value: left.chain_value_sum,
        small: left.chain_count as u32,
    };
    if left.rocket {
        tally.value += ROCKET_VALUE;
        if let Some(out) = emit.as_deref_mut() {
            out.push(make(
                Counts::of(Rank::SMALL_JOKER, 1).with_added(Rank::BIG_JOKER, 1),
            ));
        }
    }
    for (i, h) in left.holders.iter().enumerate() {
        let (body, cards) = tally.holder(h, choice[i], &mut units, &small_ok)?;
        if let Some(out) = emit.as_deref_mut() {
            if i < left.plane_count {
                // Replace the bare plane emitted with the chains by the winged one.
                if let Some(slot) = out.iter_mut().find(|g| g.cards == body) {
                    *slot = make(cards);
                }
            } else {
                out.push(make(cards));
            }
        }
    }
    for &t in &left.triples {
        let cards = tally.triple(t, &mut units, &small_ok);
        if let Some(out) = emit.as_deref_mut() {
            out.push(make(cards));
        }
    }
    tally.unattached(left, &units, mode, emit);
    Some(tally.value - round_penalty(tally.small))
}

/// A kicker choice's value so far, and its groups that cost a round (small ones).
struct Tally {
    value: i32,
    small: u32,
}

impl Tally {
    /// Holder `h` with the wings `wings`, taken from `units`: its body and its cards, or
    /// `None` when the wings cannot be supplied.
    fn holder(
        &mut self,
        h: &Holder,
        wings: Wings,
        units: &mut Units<'_>,
        small_ok: &dyn Fn(Rank) -> bool,
    ) -> Option<(Counts, Counts)> {
        let body = if h.len == 0 {
            Counts::of(h.key, 4)
        } else {
            Counts::run(Rank::ALL[h.key.index() + 1 - h.len as usize], h.key, 3)
        };
        let mut cards = body;
        match wings {
            Wings::None => {
                if h.len == 0 {
                    self.value += bomb_value(h.key);
                } else {
                    // A bare plane: its value and round were counted with the chains.
                }
            }
            Wings::Singles | Wings::Pairs => {
                for _ in 0..h.units() {
                    let r = if wings == Wings::Singles {
                        units.take_single(small_ok)?
                    } else {
                        units.take_pair(small_ok)?
                    };
                    let n = if wings == Wings::Singles { 1 } else { 2 };
                    let unit = if n == 1 {
                        single_value(r)
                    } else {
                        pair_value(r)
                    };
                    self.value += kicker_keep(unit);
                    cards = cards.with_added(r, n);
                }
                if h.len == 0 {
                    self.value += four_kicked_value(h.key);
                    self.small += 1;
                }
            }
        }
        Some((body, cards))
    }

    /// Triple `t` with the lowest free unit of either kind as its kicker (single first on a
    /// tie), or bare when none is free: its cards.
    fn triple(
        &mut self,
        t: Rank,
        units: &mut Units<'_>,
        small_ok: &dyn Fn(Rank) -> bool,
    ) -> Counts {
        let s = units.lowest_single(small_ok).map(|i| units.singles[i]);
        let half = units.half.filter(|&r| small_ok(r));
        let p = units.lowest_pair(small_ok).map(|i| units.pairs[i]);
        let single_pick = match (s, half) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let take_single = match (single_pick, p) {
            (Some(a), Some(b)) => single_value(a) <= pair_value(b),
            (Some(_), None) => true,
            _ => false,
        };
        let mut cards = Counts::of(t, 3);
        if take_single {
            let r = single_pick.expect("checked");
            if half == Some(r) && s != Some(r) {
                units.half = None;
            } else {
                units.take_single(small_ok);
            }
            self.value += triple_kicked_value(t) + kicker_keep(single_value(r));
            cards = cards.with_added(r, 1);
        } else if let Some(r) = p {
            units.take_pair(small_ok);
            self.value += triple_kicked_value(t) + kicker_keep(pair_value(r));
            cards = cards.with_added(r, 2);
        } else {
            self.value += triple_value(t);
        }
        if !is_big_rank(t) {
            self.small += 1;
        }
        cards
    }

    /// The pairs and singles no holder or triple took, each a group of its own.
    fn unattached(
        &mut self,
        left: &Leftover,
        units: &Units<'_>,
        mode: Mode,
        mut emit: Option<&mut Groups>,
    ) {
        for (i, &r) in left.pairs.iter().enumerate() {
            if units.pair_free(i) {
                self.value += pair_value(r);
                if !is_big_rank(r) {
                    self.small += 1;
                }
                if let Some(out) = emit.as_deref_mut() {
                    out.push(make(Counts::of(r, 2)));
                }
            }
        }
        let mut leftover_singles: ArrayVec<Rank, 16> = ArrayVec::new();
        for (i, &r) in left.singles.iter().enumerate() {
            if units.single_free(i) {
                leftover_singles.push(r);
            }
        }
        if let Some(r) = units.half {
            leftover_singles.push(r);
        }
        for &r in &leftover_singles {
            self.value += single_value(r);
            if !is_big_rank(r) {
                self.small += 1;
                if mode == Mode::FewSingles {
                    self.value -= FEW_SINGLES_PENALTY;
                }
            }
            if let Some(out) = emit.as_deref_mut() {
                out.push(make(Counts::of(r, 1)));
            }
        }
    }
}

/// The number of groups for one kicker choice, every unit allowed as a kicker (the rocket
/// excepted), or `None` when the wings cannot be supplied.
#[allow(clippy::too_many_arguments)]
fn rounds_of(left: &Leftover, choice: &[Wings; 13]) -> Option<u32> {
    let Leftover {
        chain_count,
        rocket,
        ref singles,
        ref pairs,
        ref triples,
        ref holders,
        ..
    } = *left;
    let kickable = |r: Rank| left.kickable(r);
    let s = singles.iter().filter(|&&r| kickable(r)).count();
    let p = pairs.iter().filter(|&&r| kickable(r)).count();
    let (mut s_need, mut p_need) = (0usize, 0usize);
    for (i, h) in holders.iter().enumerate() {
        match choice[i] {
            Wings::None => {}
            Wings::Singles => s_need += h.units(),
            Wings::Pairs => p_need += h.units(),
        }
    }
    if p_need > p {
        return None;
    }
    let mut p_left = p - p_need;
    let mut absorbed = p_need;
    let mut s_left = 0;
    if s_need <= s {
        absorbed += s_need;
        s_left = s - s_need;
    } else {
        let halves = s_need - s;
        let split_pairs = (halves + 1) / 2;
        if split_pairs > p_left {
            return None;
        }
        p_left -= split_pairs;
        absorbed += s + halves / 2;
        if halves % 2 == 1 {
            s_left = 1;
        }
    }
    absorbed += triples.len().min(s_left + p_left);
    let groups = chain_count + rocket as usize + holders.len()
        - holders.iter().filter(|h| h.len > 0).count()
        + triples.len()
        + pairs.len()
        + singles.len();
    Some((groups - absorbed) as u32)
}

/// The canonical play of some cards the splitter grouped. The rules above only build legal
/// plays; should one ever not read, it is kept as a pass-kinded placeholder holding the cards,
/// so the split still covers the hand and no caller panics (the strategies never play it).
fn make(cards: Counts) -> Combo {
    debug_assert!(classify(cards).is_some(), "unreadable group {}", cards);
    classify(cards).unwrap_or(Combo {
        kind: Kind::Pass,
        key: Rank::THREE,
        len: 0,
        cards,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Split {
        Splitter::new()
            .split(text.parse().unwrap(), Mode::Normal)
            .as_ref()
            .clone()
    }

    #[test]
    fn groups_cover_the_hand_and_value_matches_the_model() {
        for text in [
            "3334556789TJJK22X",
            "33344455",
            "3333456789",
            "XD2222AKQJ",
            "345678899TTJJQQ",
            "3",
        ] {
            let s = split(text);
            let sum = s.groups.iter().fold(Counts::EMPTY, |a, g| a.plus(g.cards));
            assert_eq!(sum.to_string(), text.parse::<Counts>().unwrap().to_string());
            assert_eq!(
                s.value,
                super::super::value::split_value(&s.groups),
                "{}",
                text
            );
            assert!(s.min_rounds as usize <= s.groups.len());
        }
    }

    #[test]
    fn plane_takes_split_pair_as_single_wings() {
        let s = split("33344455");
        assert_eq!(s.groups.len(), 1);
        assert_eq!(s.min_rounds, 1);
    }
}
