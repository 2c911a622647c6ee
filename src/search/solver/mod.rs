//! The exact solver for open-hand positions: all three hands known, which side wins with best
//! play by both sides, and a winning play for the side to move when it has one.
//!
//! The landlord plays against the two farmers as one team (a farmer going out wins for both),
//! so a position is a two-sided game with a yes/no outcome. It is searched by depth-first
//! proof-number search (df-pn, [`Solver`]'s `mid`): every position carries a proof number
//! (roughly, how much work it takes to show that the side to move wins) and a disproof number
//! (to show that it loses); a node won for its mover needs one winning child, a lost one needs
//! every child lost, and the search always works where a proof or disproof looks cheapest.
//! Card endgames are uneven trees (a side a few plays from going out beside long fights), and
//! this finds the short proofs a plain depth-first search with cut-offs misses when its first
//! try is a long one. What else makes it fast:
//! - going out at once is checked before any play is generated, and a leader whose hand splits
//!   into plays no enemy can beat and one last play is seen to win without search;
//! - a seat that cannot beat the play on the table passes without a node of its own;
//! - first numbers of unsearched positions come from the plays each side still needs, and
//!   from the move order (a pass first when the partner leads the trick, then plays no enemy
//!   can beat, then long plays);
//! - proof and disproof numbers go into a fixed-size transposition table ([`TransTable`]) keyed on
//!   the three rank-count words, the seat to move and the play to beat, with Zobrist keys
//!   updated as cards leave a hand; a node's children are looked up all at once;
//! - a node budget: past it the search stops and answers "unknown" rather than running on.
//!
//! Suits never matter, so positions are rank counts; the play to beat matters only by kind,
//! length and key (kickers never decide a comparison), so that is all the table keeps of it.
//! Plays are read canonically ([`crate::rules::classify`]), as the move generator yields them.

mod cache;
mod hash;
mod order;
mod position;

pub use position::{Next, SolverPosition, SolverPositionError};

use super::transposition::TransTable;
use crate::cards::Counts;
use crate::game::Role;
use crate::rules::{follows, Combo};
use cache::{going_out, LeadLists, WholeHands};
use hash::{table_key, Node, Zobrist};
use order::{may_beat, order_score, runs_out};
use std::time::Instant;

/// What the solver found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The side that wins with best play, or `None` when the node budget ran out first.
    pub winner: Option<Role>,
    /// A winning play for the side to move, when it wins.
    pub play: Option<Combo>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Table size when none is given: 16 MiB, room for half a million solved positions; the
/// engine's setting overrides it.
pub(crate) const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// A proof or disproof number that means "never": the other side has won.
const INFINITE: u32 = u32::MAX;

/// The 1 + ε trick of df-pn (Pawlewicz and Lew): a child may run until its proof number
/// passes the second-best child's by 1/`EPSILON_DIV`, not just by one, which saves most of
/// the switching back and forth between two close children.
const EPSILON_DIV: u32 = 2;

/// What the square of the plays a side still needs weighs in a first proof or disproof
/// number, against [`ORDER_STEP`].
const PLAY_WEIGHT: u32 = 10;

/// What each place further down the move order adds to a child's first number (proof when
/// the child's mover is on the node's side, disproof otherwise). The order is a strong hint:
/// on the bench's 40-card positions (games 0–59 and 100–159), steps of 10, 40 and 80 solved
/// 43, 45–48 and 45–47 of 60 within 400,000 nodes, no step 39 and 42.
const ORDER_STEP: u32 = 80;

/// Proof and disproof numbers of a position not searched yet: from how many plays each side
/// still needs, roughly (distinct ranks of its shortest hand, less one per triple which can
/// carry a kicker), squared, so that the search looks first where a side is close to going
/// out (squares solved a few more bench positions than plain counts).
fn first_numbers(node: &Node) -> (u32, u32) {
    let me = node.to_move;
    let mut mine = u32::MAX;
    let mut theirs = u32::MAX;
    for (s, &h) in node.hands.iter().enumerate() {
        let plays = (h.nibbles_with_at_least(1).count_ones()
            - h.nibbles_with_at_least(3).count_ones())
        .max(1);
        if node.is_landlord(s) == node.is_landlord(me) {
            mine = mine.min(plays);
        } else {
            theirs = theirs.min(plays);
        }
    }
    (PLAY_WEIGHT * mine * mine, PLAY_WEIGHT * theirs * theirs)
}

/// `a + b` where either may be [`INFINITE`]; a finite sum stays below it.
fn add(a: u32, b: u32) -> u32 {
    if a == INFINITE || b == INFINITE {
        INFINITE
    } else {
        a.saturating_add(b).min(INFINITE - 1)
    }
}

/// Nodes between two looks at the clock ([`Solver::stop_at`]): about a tenth of a millisecond.
const CLOCK_EVERY: u64 = 256;

/// The search ran out of its node budget.
struct OutOfBudget;

/// The exact solver. It keeps its transposition table between calls (positions of the same
/// game share subtrees); [`Solver::clear`] forgets it.
pub struct Solver {
    table: TransTable,
    zobrist: Zobrist,
    /// Move lists, one per ply, reused so the search allocates nothing once warm.
    buffers: Vec<Vec<Combo>>,
    /// Order scores of the move list being sorted.
    scores: Vec<i32>,
    /// The children's (proof, disproof) numbers from the mover's view, one list per ply.
    numbers: Vec<Vec<(u32, u32)>>,
    /// The children being looked up in the table: position, same side to move, table key and
    /// packed meta word.
    children: Vec<(Node, bool, u64, u32)>,
    /// Whole hands read as one play.
    whole: WholeHands,
    /// Leads of recent hands.
    leads: LeadLists,
    nodes: u64,
    budget: u64,
    /// Past this instant a search stops as if its budget ran out ([`Solver::stop_at`]).
    stop: Option<Instant>,
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
            table: TransTable::with_bytes(table_bytes),
            zobrist: Zobrist::new(),
            buffers: Vec::new(),
            scores: Vec::with_capacity(256),
            numbers: Vec::new(),
            children: Vec::with_capacity(256),
            whole: WholeHands::new(),
            leads: LeadLists::new(),
            nodes: 0,
            budget: u64::MAX,
            stop: None,
        }
    }

    /// Forgets every solved position.
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// From now on the solver sees nothing it solved before, as after [`Solver::clear`], at
    /// almost no cost ([`TransTable::begin_epoch`]).
    pub(crate) fn begin_epoch(&mut self) {
        self.table.begin_epoch();
    }

    /// Every later search stops at `stop` (the answer's hard deadline) as if its node budget
    /// ran out, answering "unknown"; `None`: only the budget stops it.
    pub fn stop_at(&mut self, stop: Option<Instant>) {
        self.stop = stop;
    }

    /// Whether the clock has passed the stop: read every [`CLOCK_EVERY`] nodes, so the clock
    /// costs nothing next to the search.
    fn past_stop(&self) -> bool {
        self.nodes % CLOCK_EVERY == 0 && self.stop.map_or(false, |t| Instant::now() >= t)
    }

    /// Solves `pos` within `node_budget` nodes: the winning side and, when the side to move
    /// wins, a winning play.
    pub fn solve(&mut self, pos: &SolverPosition, node_budget: u64) -> Solution {
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
    pub(crate) fn mover_wins(&mut self, pos: &SolverPosition, node_budget: u64) -> Option<bool> {
        self.nodes = 0;
        self.budget = node_budget;
        let node = self.node(pos);
        self.search(&node, 0).ok()
    }

    fn node(&self, pos: &SolverPosition) -> Node {
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

    /// The root: proof-number search until the root is solved (or the budget runs out); a
    /// winning play when the side to move wins.
    fn root(&mut self, node: &Node) -> Result<Option<Combo>, OutOfBudget> {
        if let Some(out) = going_out(node, &mut self.whole) {
            self.nodes += 1;
            return Ok(Some(out));
        }
        let (proof, _, best) = self.mid(node, 0, INFINITE, INFINITE)?;
        Ok(if proof == 0 { best } else { None })
    }

    /// Whether the side to move at `node` wins.
    fn search(&mut self, node: &Node, ply: usize) -> Result<bool, OutOfBudget> {
        let (proof, _, _) = self.mid(node, ply, INFINITE, INFINITE)?;
        Ok(proof == 0)
    }

    /// The position after the seat to move at `node` plays `m`, and whether the seat to move
    /// there plays for the same side. Seats that cannot beat the play on the table pass at
    /// once: such a seat has one legal play, so its node would only copy its child's result.
    fn child(&self, node: &Node, m: &Combo) -> (Node, bool) {
        let me = node.to_move;
        let mut child = *node;
        if !m.is_pass() {
            child.hands_key ^= self.zobrist.removal(me, node.hands[me], m.cards);
            child.hands[me] = node.hands[me].minus(m.cards);
            child.last = Some((me, *m));
        }
        child.to_move = (me + 1) % 3;
        if m.is_pass() {
            child.last = node.last.filter(|(by, _)| *by != child.to_move);
        }
        while let Some((_, target)) = child.last {
            if may_beat(child.hands[child.to_move], &target) {
                break;
            }
            child.to_move = (child.to_move + 1) % 3;
            child.last = child.last.filter(|(by, _)| *by != child.to_move);
        }
        (
            child,
            node.is_landlord(me) == node.is_landlord(child.to_move),
        )
    }

    /// Proof and disproof numbers of `node` for its side to move, and the play whose child
    /// holds the smallest proof number (a winning play when the proof number is 0).
    ///
    /// Depth-first proof-number search (df-pn): the node works on its most promising child
    /// (smallest proof number) as long as its own numbers stay below the thresholds
    /// `max_proof`, `max_disproof`, and the child's own thresholds keep it from running past
    /// the point where another child (or an ancestor's other child) becomes more promising.
    /// Numbers are from the side to move's view; a child whose mover plays for the other side
    /// swaps them (farmer → farmer keeps them: sides do not alternate strictly).
    fn mid(
        &mut self,
        node: &Node,
        ply: usize,
        max_proof: u32,
        max_disproof: u32,
    ) -> Result<(u32, u32, Option<Combo>), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget || self.past_stop() {
            return Err(OutOfBudget);
        }
        if let Some(out) = going_out(node, &mut self.whole) {
            return Ok((0, INFINITE, Some(out)));
        }
        let meta = node.meta();
        let key = table_key(node, meta);
        let start = self.nodes;
        let moves = self.ordered_moves(node, ply);
        if ply > 0 && node.last.is_none() && runs_out(node, &moves, &mut self.whole) {
            self.buffers[ply] = moves;
            self.table
                .store(key, &node.hands, meta, (0, INFINITE), self.nodes - start);
            return Ok((0, INFINITE, None));
        }
        while self.numbers.len() <= ply {
            self.numbers.push(Vec::with_capacity(64));
        }
        let mut numbers = std::mem::take(&mut self.numbers[ply]);
        numbers.clear();
        self.first_numbers_of_children(node, &moves, &mut numbers);
        let outcome = loop {
            // The node's numbers: the cheapest child to prove, the sum of all to disprove.
            let (mut proof, mut disproof, mut best, mut second) = (INFINITE, 0, 0, INFINITE);
            for (i, &(p, d)) in numbers.iter().enumerate() {
                if p < proof {
                    second = proof;
                    proof = p;
                    best = i;
                } else if p < second {
                    second = p;
                }
                disproof = add(disproof, d);
            }
            if proof >= max_proof || disproof >= max_disproof {
                break Ok((proof, disproof, Some(moves[best])));
            }
            let child_proof = max_proof.min(
                second
                    .saturating_add(second / EPSILON_DIV)
                    .saturating_add(1),
            );
            let child_disproof = max_disproof - disproof + numbers[best].1;
            let (child, same) = self.child(node, &moves[best]);
            let thresholds = if same {
                (child_proof, child_disproof)
            } else {
                (child_disproof, child_proof)
            };
            match self.mid(&child, ply + 1, thresholds.0, thresholds.1) {
                Ok((p, d, _)) => numbers[best] = if same { (p, d) } else { (d, p) },
                Err(e) => break Err(e),
            }
        };
        self.numbers[ply] = numbers;
        self.buffers[ply] = moves;
        if let Ok((proof, disproof, _)) = outcome {
            self.table.store(
                key,
                &node.hands,
                meta,
                (proof, disproof),
                self.nodes - start,
            );
        }
        outcome
    }

    /// The proof and disproof numbers each child of `node` (by `moves`) starts with, from the
    /// node's view, pushed to `numbers`: a child whose mover goes out at once is proved, one
    /// in the table has its numbers, any other its first guess, later children a little
    /// costlier.
    #[inline]
    fn first_numbers_of_children(
        &mut self,
        node: &Node,
        moves: &[Combo],
        numbers: &mut Vec<(u32, u32)>,
    ) {
        // Two passes over the children: first every table bucket is asked for at once (the
        // loads overlap), then read.
        self.children.clear();
        for m in moves.iter() {
            let (child, same) = self.child(node, m);
            let child_meta = child.meta();
            let k = table_key(&child, child_meta);
            self.table.prefetch(k);
            self.children.push((child, same, k, child_meta));
        }
        // Siblings mostly share the next mover's hand: its reading is asked for once.
        let mut last_reading = (Counts::EMPTY, None);
        for (i, &(child, same, k, child_meta)) in self.children.iter().enumerate() {
            let hand = child.hands[child.to_move];
            if hand != last_reading.0 {
                last_reading = (hand, self.whole.reading(hand));
            }
            let goes_out = last_reading
                .1
                .map_or(false, |r| child.last.map_or(true, |(_, t)| r.beats(&t)));
            let (p, d) = if goes_out {
                (0, INFINITE)
            } else {
                match self.table.probe(k, &child.hands, child_meta) {
                    Some(n) => n,
                    None => {
                        let (p, d) = first_numbers(&child);
                        let later = ORDER_STEP * i as u32;
                        if same {
                            (p + later, d)
                        } else {
                            (p, d + later)
                        }
                    }
                }
            };
            numbers.push(if same { (p, d) } else { (d, p) });
        }
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
            None => self.leads.extend(hand, &mut moves),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::game::{BySeat, Seat};

    #[test]
    fn may_beat_never_misses_a_beating_play() {
        // Compare with the generator on random hands and targets.
        let mut rng = fastrand::Rng::with_seed(11);
        let mut deck: Vec<u8> = (0..54).collect();
        for _ in 0..400 {
            rng.shuffle(&mut deck);
            let of = |codes: &[u8]| codes.iter().copied().collect::<Cards>().counts();
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

    /// Which side wins `pos`: every play tried, nothing else (no table, no static rule).
    fn plain_minimax(pos: &SolverPosition) -> Role {
        let mover = pos.mover_side();
        let wins = pos.legal_plays().iter().any(|m| match pos.after(m) {
            Next::Over(side) => side == mover,
            Next::Continue(next) => plain_minimax(&next) == mover,
        });
        if wins {
            mover
        } else {
            mover.other()
        }
    }

    #[test]
    fn a_leader_that_runs_out_wins() {
        // Seeded leads of up to 18 cards, tilted towards strong leaders (so the rule often
        // fires): whenever the rule says the leader wins, a plain search over every play
        // agrees; and it fires on a good share of the positions it is true for.
        let mut rng = fastrand::Rng::with_seed(0x0005_7a71c);
        let mut deck: Vec<u8> = (0..54).collect();
        let (mut fired, mut won) = (0, 0);
        let mut whole = WholeHands::new();
        for _ in 0..3000 {
            rng.shuffle(&mut deck);
            // High cards first in the leader's hand half the time.
            if rng.bool() {
                deck[..20].sort_unstable_by(|a, b| b.cmp(a));
            }
            let sizes = [rng.usize(2..=8), rng.usize(1..=5), rng.usize(1..=5)];
            let mut at = 0;
            let hands = BySeat::from_fn(|s| {
                let n = sizes[s.index()];
                let h = deck[at..at + n].iter().copied().collect::<Cards>().counts();
                at += n;
                h
            });
            let landlord = Seat::ALL[rng.usize(..3)];
            let pos = SolverPosition::new(hands, landlord, Seat::A, None).unwrap();
            let leads = pos.legal_plays();
            let node = Node {
                hands: hands.0,
                landlord: landlord.index(),
                to_move: Seat::A.index(),
                last: None,
                hands_key: 0,
            };
            let says = runs_out(&node, &leads, &mut whole);
            let wins = plain_minimax(&pos) == pos.mover_side();
            assert!(!says || wins, "the rule is wrong in {:?}", pos);
            fired += says as usize;
            won += wins as usize;
        }
        assert!(
            fired > 1000 && fired < won,
            "fired {} of {} wins",
            fired,
            won
        );
    }
}
