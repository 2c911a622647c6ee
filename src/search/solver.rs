//! The exact solver for open-hand positions: all three hands known, which side wins with best
//! play by both sides, and a winning play for the side to move when it has one.
//!
//! The landlord plays against the two farmers as one team (a farmer going out wins for both),
//! so a position is a two-sided game with a yes/no outcome, searched depth-first with win/loss
//! cut-offs: a node is won for the side to move as soon as one play wins, lost only when every
//! play loses. What makes it fast is what makes endgame solvers of card and board games fast:
//! - going out at once is checked before any play is generated;
//! - plays are ordered so the likely winner comes first: a pass first when the partner leads
//!   the trick, then plays no enemy can beat, then long plays (fewer cards left, fewer turns);
//! - solved positions go into a fixed-size transposition table ([`Table`]) keyed on the three
//!   rank-count words, the seat to move and the play to beat, with Zobrist keys updated as
//!   cards leave a hand;
//! - a node budget: past it the search stops and answers "unknown" rather than running on.
//!
//! Suits never matter, so positions are rank counts; the play to beat matters only by kind,
//! length and key (kickers never decide a comparison), so that is all the table keeps of it.
//! Plays are read canonically ([`crate::rules::classify`]), as the move generator yields them.

use super::table::Table;
use crate::cards::{Counts, Rank};
use crate::game::{BySeat, Seat};
use crate::rules::{classify, follows, leads, Combo, Kind};
use std::fmt;

/// One side of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The landlord, alone.
    Landlord,
    /// The two farmers, as one team.
    Farmers,
}

impl Side {
    /// The side `seat` plays for when `landlord` is the landlord.
    #[must_use]
    pub fn of(seat: Seat, landlord: Seat) -> Side {
        if seat == landlord {
            Side::Landlord
        } else {
            Side::Farmers
        }
    }

    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Landlord => Side::Farmers,
            Side::Farmers => Side::Landlord,
        }
    }
}

impl fmt::Display for Side {
    /// `landlord wins` / `farmers win`, as `ddz solve` prints a result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Landlord => write!(f, "landlord wins"),
            Side::Farmers => write!(f, "farmers win"),
        }
    }
}

/// An open-hand position: every hand, the landlord, the seat to move and the play to beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each seat's cards (every hand holds at least one: the game is not over).
    pub hands: BySeat<Counts>,
    /// The landlord.
    pub landlord: Seat,
    /// The seat to move.
    pub to_move: Seat,
    /// The play to beat and the seat that made it; `None` when the seat to move leads. Passes
    /// since that play are implied: none when its maker sat just before the seat to move, one
    /// when it sat just after.
    pub last: Option<(Seat, Combo)>,
}

/// Why a position is not one the solver takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A seat holds no cards: the game is already over.
    EmptyHand(Seat),
    /// The hands together hold more cards of a rank than the deck has.
    TooMany(Rank),
    /// The play to beat is no play (a pass, or not a legal combination).
    NotAPlay,
    /// The play to beat is the mover's own: after two passes the mover simply leads.
    OwnPlay(Seat),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::EmptyHand(s) => {
                write!(
                    f,
                    "seat {} holds no cards: every hand needs at least one",
                    s
                )
            }
            PositionError::TooMany(r) => {
                write!(
                    f,
                    "the hands hold more {}s than the deck ({})",
                    r,
                    r.deck_count()
                )
            }
            PositionError::NotAPlay => write!(f, "the play to beat is not a play"),
            PositionError::OwnPlay(s) => write!(
                f,
                "the play to beat was made by {}, the seat to move: it would simply lead",
                s
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// What follows a play: the game goes on, or the player went out and its side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The position after the play.
    Continue(Position),
    /// The player emptied its hand: this side won.
    Over(Side),
}

impl Position {
    /// A checked position.
    pub fn new(
        hands: BySeat<Counts>,
        landlord: Seat,
        to_move: Seat,
        last: Option<(Seat, Combo)>,
    ) -> Result<Position, PositionError> {
        for (seat, hand) in hands.iter() {
            if hand.is_empty() {
                return Err(PositionError::EmptyHand(seat));
            }
        }
        for r in Rank::ALL {
            let n: u8 = hands.0.iter().map(|h| h.get(r)).sum();
            if n > r.deck_count() {
                return Err(PositionError::TooMany(r));
            }
        }
        if let Some((by, combo)) = last {
            if combo.is_pass() || classify(combo.cards).map(|c| c.kind) != Some(combo.kind) {
                return Err(PositionError::NotAPlay);
            }
            if by == to_move {
                return Err(PositionError::OwnPlay(by));
            }
        }
        Ok(Position {
            hands,
            landlord,
            to_move,
            last,
        })
    }

    /// The side of the seat to move.
    #[must_use]
    pub fn mover_side(&self) -> Side {
        Side::of(self.to_move, self.landlord)
    }

    /// The play the seat to move must beat, if any.
    #[must_use]
    pub fn to_beat(&self) -> Option<&Combo> {
        self.last.as_ref().map(|(_, c)| c)
    }

    /// Cards in all three hands.
    #[must_use]
    pub fn total_cards(&self) -> u32 {
        self.hands.0.iter().map(|h| h.total()).sum()
    }

    /// The legal plays of the seat to move (the pass included when following).
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Combo> {
        crate::rules::legal_plays(self.hands[self.to_move], self.to_beat())
    }

    /// The position after the seat to move plays `combo` (a legal play of its hand, or the
    /// pass when following).
    #[must_use]
    pub fn after(&self, combo: &Combo) -> Next {
        let me = self.to_move;
        let mut hands = self.hands;
        hands[me] = hands[me].minus(combo.cards);
        if hands[me].is_empty() {
            return Next::Over(self.mover_side());
        }
        let next = me.next();
        let last = if combo.is_pass() {
            self.last.filter(|(by, _)| *by != next)
        } else {
            Some((me, *combo))
        };
        Next::Continue(Position {
            hands,
            to_move: next,
            last,
            ..*self
        })
    }
}

/// What the solver found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The side that wins with best play, or `None` when the node budget ran out first.
    pub winner: Option<Side>,
    /// A winning play for the side to move, when it wins.
    pub play: Option<Combo>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Table size when none is given: 16 MiB, room for half a million solved positions; the
/// engine's setting overrides it.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// The search ran out of its node budget.
struct OutOfBudget;

/// Random keys for (seat, rank, count): a hand's key is the XOR of its ranks' keys.
struct Zobrist([[[u64; 5]; 15]; 3]);

impl Zobrist {
    fn new() -> Zobrist {
        // splitmix64 from a fixed seed: the same keys on every machine.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut keys = [[[0u64; 5]; 15]; 3];
        for seat in keys.iter_mut() {
            for rank in seat.iter_mut() {
                for key in rank.iter_mut() {
                    *key = next();
                }
            }
        }
        Zobrist(keys)
    }

    fn hand(&self, seat: usize, hand: Counts) -> u64 {
        Rank::ALL
            .iter()
            .fold(0, |h, &r| h ^ self.0[seat][r.index()][hand.get(r) as usize])
    }

    /// The change of a hand's key when `played` leaves `hand`.
    fn removal(&self, seat: usize, hand: Counts, played: Counts) -> u64 {
        let mut delta = 0;
        let mut bits = played.0;
        while bits != 0 {
            let r = (bits.trailing_zeros() / 4) as usize;
            let n = (played.0 >> (4 * r)) & 0xF;
            let had = ((hand.0 >> (4 * r)) & 0xF) as usize;
            delta ^= self.0[seat][r][had] ^ self.0[seat][r][had - n as usize];
            bits &= !(0xF << (4 * r));
        }
        delta
    }
}

/// A position as the search walks it: seats as indices, the hands' Zobrist key kept up to date.
#[derive(Clone, Copy)]
struct Node {
    hands: [Counts; 3],
    landlord: usize,
    to_move: usize,
    last: Option<(usize, Combo)>,
    hands_key: u64,
}

impl Node {
    /// The seat to move, the landlord and the play to beat in one word (bit 31 set, so never 0
    /// = empty). The landlord belongs to the key: the same hands are another game when the
    /// landlord differs, and one table serves many games.
    fn meta(&self) -> u32 {
        let last = match self.last {
            None => 3 << 2,
            Some((by, c)) => {
                (by as u32) << 2
                    | (c.kind as u32) << 4
                    | (c.key.index() as u32) << 8
                    | (c.len as u32) << 12
            }
        };
        1 << 31 | (self.landlord as u32) << 17 | self.to_move as u32 | last
    }

    fn is_landlord(&self, seat: usize) -> bool {
        seat == self.landlord
    }
}

/// Mixes the meta word into the hands' key.
fn table_key(node: &Node, meta: u32) -> u64 {
    node.hands_key ^ (u64::from(meta).wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(29)
}

/// The exact solver. It keeps its transposition table between calls (positions of the same
/// game share subtrees); [`Solver::clear`] forgets it.
pub struct Solver {
    table: Table,
    zobrist: Zobrist,
    /// Move lists, one per ply, reused so the search allocates nothing once warm.
    buffers: Vec<Vec<Combo>>,
    /// Order scores of the move list being sorted.
    scores: Vec<i32>,
    nodes: u64,
    budget: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(DEFAULT_TABLE_BYTES)
    }
}

impl Solver {
    /// A solver whose table takes at most `table_bytes` bytes.
    #[must_use]
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            table: Table::with_bytes(table_bytes),
            zobrist: Zobrist::new(),
            buffers: Vec::new(),
            scores: Vec::with_capacity(256),
            nodes: 0,
            budget: u64::MAX,
        }
    }

    /// Bytes the transposition table holds.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets every solved position.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Solves `pos` within `node_budget` nodes: the winning side and, when the side to move
    /// wins, a winning play.
    pub fn solve(&mut self, pos: &Position, node_budget: u64) -> Solution {
        self.nodes = 0;
        self.budget = node_budget;
        let node = self.node(pos);
        let outcome = self.root(&node);
        let mover = pos.mover_side();
        match outcome {
            Ok(Some(play)) => Solution {
                winner: Some(mover),
                play: Some(play),
                nodes: self.nodes,
            },
            Ok(None) => Solution {
                winner: Some(mover.other()),
                play: None,
                nodes: self.nodes,
            },
            Err(OutOfBudget) => Solution {
                winner: None,
                play: None,
                nodes: self.nodes,
            },
        }
    }

    /// Whether the side to move in `pos` wins, within `node_budget` nodes (`None`: unknown).
    pub fn mover_wins(&mut self, pos: &Position, node_budget: u64) -> Option<bool> {
        self.nodes = 0;
        self.budget = node_budget;
        let node = self.node(pos);
        self.search(&node, 0).ok()
    }

    /// Nodes searched by the last call.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn node(&self, pos: &Position) -> Node {
        let hands = pos.hands.0;
        let hands_key = (0..3).fold(0, |k, s| k ^ self.zobrist.hand(s, hands[s]));
        Node {
            hands,
            landlord: pos.landlord.index(),
            to_move: pos.to_move.index(),
            last: pos.last.map(|(s, c)| (s.index(), c)),
            hands_key,
        }
    }

    /// The root: like [`Solver::search`], but it keeps the winning play and skips the table.
    fn root(&mut self, node: &Node) -> Result<Option<Combo>, OutOfBudget> {
        self.nodes += 1;
        if let Some(out) = going_out(node) {
            return Ok(Some(out));
        }
        let moves = self.ordered_moves(node, 0);
        let mut found = None;
        for m in moves.iter() {
            match self.mover_wins_with(node, m, 1) {
                Ok(true) => {
                    found = Some(*m);
                    break;
                }
                Ok(false) => {}
                Err(e) => {
                    self.buffers[0] = moves;
                    return Err(e);
                }
            }
        }
        self.buffers[0] = moves;
        Ok(found)
    }

    /// Whether the side to move at `node` wins.
    fn search(&mut self, node: &Node, ply: usize) -> Result<bool, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        if going_out(node).is_some() {
            return Ok(true);
        }
        let meta = node.meta();
        let key = table_key(node, meta);
        if let Some(wins) = self.table.probe(key, &node.hands, meta) {
            return Ok(wins);
        }
        let start = self.nodes;
        let moves = self.ordered_moves(node, ply);
        let mut wins = false;
        for m in moves.iter() {
            match self.mover_wins_with(node, m, ply + 1) {
                Ok(true) => {
                    wins = true;
                    break;
                }
                Ok(false) => {}
                Err(e) => {
                    self.buffers[ply] = moves;
                    return Err(e);
                }
            }
        }
        self.buffers[ply] = moves;
        self.table
            .store(key, &node.hands, meta, wins, self.nodes - start);
        Ok(wins)
    }

    /// Whether the side to move at `node` wins by playing `m` (never the whole hand: going out
    /// is found before moves are generated).
    fn mover_wins_with(&mut self, node: &Node, m: &Combo, ply: usize) -> Result<bool, OutOfBudget> {
        let me = node.to_move;
        let next = (me + 1) % 3;
        let mut child = *node;
        child.to_move = next;
        if m.is_pass() {
            child.last = node.last.filter(|(by, _)| *by != next);
        } else {
            child.hands_key ^= self.zobrist.removal(me, node.hands[me], m.cards);
            child.hands[me] = node.hands[me].minus(m.cards);
            child.last = Some((me, *m));
        }
        let child_wins = self.search(&child, ply)?;
        let same_side = node.is_landlord(me) == node.is_landlord(next);
        Ok(child_wins == same_side)
    }

    /// The plays of the seat to move, likeliest winners first, in the buffer of `ply` (taken
    /// out of the solver; the caller puts it back).
    fn ordered_moves(&mut self, node: &Node, ply: usize) -> Vec<Combo> {
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::with_capacity(64));
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        let me = node.to_move;
        let hand = node.hands[me];
        match node.last {
            Some((_, target)) => follows(hand, &target, &mut moves),
            None => leads(hand, &mut moves),
        }
        let partner_leads_trick = node.last.map_or(false, |(by, _)| {
            node.is_landlord(by) == node.is_landlord(me)
        });
        let enemies: arrayvec::ArrayVec<Counts, 2> = (0..3)
            .filter(|&s| node.is_landlord(s) != node.is_landlord(me))
            .map(|s| node.hands[s])
            .collect();
        let scores = &mut self.scores;
        scores.clear();
        scores.extend(
            moves
                .iter()
                .map(|m| order_score(m, hand, partner_leads_trick, &enemies)),
        );
        // Insertion sort by score, highest first: lists are short and mostly in order.
        for i in 1..moves.len() {
            let (m, sc) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < sc {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            scores[j] = sc;
        }
        moves
    }
}

/// The play that empties the mover's hand at once, when its whole hand is one legal play.
fn going_out(node: &Node) -> Option<Combo> {
    let hand = node.hands[node.to_move];
    // Most hands are no single play: without a triple or four (which may carry kickers), a
    // play has every rank at the same count (a single, pair, chain) or is the rocket.
    if at_least(hand, 3) == 0 {
        let ones = at_least(hand, 1);
        let uniform = ones == at_least(hand, 2) || at_least(hand, 2) == 0;
        let rocket = hand.0
            == Counts::of(Rank::SMALL_JOKER, 1)
                .plus(Counts::of(Rank::BIG_JOKER, 1))
                .0;
        if !uniform || (ones.count_ones() > 1 && !rocket && ones.count_ones() < 3) {
            return None;
        }
    }
    let whole = classify(hand)?;
    match node.last {
        Some((_, target)) if !whole.beats(&target) => None,
        _ => Some(whole),
    }
}

/// What breaking one rank (leaving part of it in the hand) costs a play in the move order: a
/// little more than a card's worth of length.
const BROKEN_RANK: i32 = 96;

/// How promising a play looks, higher first: a pass when the partner leads the trick (let it
/// run), then plays no enemy can beat, then long ones; a pass otherwise comes last, and among
/// equals the lower play first (it keeps the higher cards for later).
fn order_score(m: &Combo, hand: Counts, partner_leads_trick: bool, enemies: &[Counts]) -> i32 {
    if m.is_pass() {
        return if partner_leads_trick { 10_000 } else { -1 };
    }
    let unbeatable = enemies.iter().all(|&e| !may_beat(e, m));
    // A play that takes whole ranks keeps the rest of the hand together; one that breaks a
    // pair, triple or bomb leaves more plays to make.
    let taken = at_least(m.cards, 1);
    let emptied = (at_least(hand.minus(m.cards), 1) & taken) ^ taken;
    let broken = taken.count_ones() as i32 - emptied.count_ones() as i32;
    let mut score = 64 * m.size() as i32 - m.key.index() as i32 - BROKEN_RANK * broken;
    if unbeatable {
        score += 2_000;
    }
    if m.kind.is_bomb_like() && !unbeatable {
        // A bomb that can itself be bombed rarely wins more than keeping it.
        score -= 1_000;
    }
    score
}

/// Whether `hand` may hold a play that beats `m`: never false when it does (kickers are not
/// checked, so it may say true when the body is there but the kickers are not).
fn may_beat(hand: Counts, m: &Combo) -> bool {
    if m.kind == Kind::Rocket {
        return false;
    }
    let fours = at_least(hand, 4);
    let rocket = hand.get(Rank::SMALL_JOKER) == 1 && hand.get(Rank::BIG_JOKER) == 1;
    if rocket {
        return true;
    }
    if m.kind == Kind::Bomb {
        return fours >> (4 * (m.key.index() + 1)) != 0;
    }
    if fours != 0 {
        return true;
    }
    let width = m.kind.width();
    let above = |mask: u64| mask >> (4 * (m.key.index() + 1)) != 0;
    match m.kind {
        Kind::Single | Kind::Pair | Kind::Triple | Kind::TripleSingle | Kind::TriplePair => {
            above(at_least(hand, width))
        }
        Kind::FourSingles | Kind::FourPairs => false,
        _ => {
            // Chains: a run of `len` ranks of at least `width` cards within 3..A, whose top
            // is above the key, i.e. whose lowest rank is above `key − len + 1`.
            const CHAIN_RANKS: u64 = 0x0000_1111_1111_1111;
            let ranks = at_least(hand, width) & CHAIN_RANKS;
            let mut runs = ranks;
            for i in 1..m.len as u32 {
                runs &= ranks >> (4 * i);
            }
            let lowest_above = m.key.index() + 2 - m.len as usize;
            runs >> (4 * lowest_above) != 0
        }
    }
}

/// Nibble mask (bit `4r` set) of the ranks holding at least `n` cards, `1 ≤ n ≤ 4`.
fn at_least(hand: Counts, n: u8) -> u64 {
    const LOW: u64 = 0x0111_1111_1111_1111;
    let x = hand.0;
    match n {
        1 => (x | x >> 1 | x >> 2 | x >> 3) & LOW,
        2 => (x >> 1 | x >> 2 | x >> 3) & LOW,
        3 => (x >> 2 | x >> 3 | (x & x >> 1)) & LOW,
        _ => (x >> 2 | x >> 3) & LOW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(s: &str) -> Counts {
        s.parse().unwrap()
    }

    #[test]
    fn at_least_matches_counting() {
        let hand = counts("3444555566678889TTTJJQKA2XD");
        for n in 1..=4u8 {
            let mask = at_least(hand, n);
            for r in Rank::ALL {
                assert_eq!(
                    mask >> (4 * r.index()) & 1 == 1,
                    hand.get(r) >= n,
                    "rank {} n {}",
                    r,
                    n
                );
            }
        }
    }

    #[test]
    fn may_beat_never_misses_a_beating_play() {
        // Compare with the generator on random hands and targets.
        let mut rng = fastrand::Rng::with_seed(11);
        let mut deck: Vec<u8> = (0..54).collect();
        for _ in 0..400 {
            rng.shuffle(&mut deck);
            let of = |codes: &[u8]| {
                codes
                    .iter()
                    .fold(crate::cards::Cards::EMPTY, |s, &c| {
                        s.or(crate::cards::Cards::single(c))
                    })
                    .counts()
            };
            let mine = of(&deck[..12]);
            let theirs = of(&deck[12..12 + rng.usize(1..15)]);
            for m in crate::rules::legal_plays(mine, None) {
                let beaten = crate::rules::legal_plays(theirs, Some(&m))
                    .iter()
                    .any(|c| !c.is_pass());
                if beaten {
                    assert!(may_beat(theirs, &m), "{} beats {}", theirs, m);
                }
            }
        }
    }
}
