//! Position keys: Zobrist keys of the hands, kept up to date as cards leave them, and the
//! search's node with its key mixed into the transposition table's.

use crate::cards::{Counts, Rank};
use crate::rules::Combo;

/// Random keys for (seat, rank, count): a hand's key is the XOR of its ranks' keys.
pub(super) struct Zobrist([[[u64; 5]; 15]; 3]);

impl Zobrist {
    pub(super) fn new() -> Zobrist {
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

    pub(super) fn hand(&self, seat: usize, hand: Counts) -> u64 {
        Rank::ALL
            .iter()
            .fold(0, |h, &r| h ^ self.0[seat][r.index()][hand.get(r) as usize])
    }

    /// The change of a hand's key when `played` leaves `hand`.
    pub(super) fn removal(&self, seat: usize, hand: Counts, played: Counts) -> u64 {
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
pub(super) struct Node {
    pub(super) hands: [Counts; 3],
    pub(super) landlord: usize,
    pub(super) to_move: usize,
    pub(super) last: Option<(usize, Combo)>,
    pub(super) hands_key: u64,
}

impl Node {
    /// The seat to move, the landlord and the play to beat in one word (bit 31 set, so never 0
    /// = empty). The landlord belongs to the key: the same hands are another game when the
    /// landlord differs, and one table serves many games.
    pub(super) fn meta(&self) -> u32 {
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

    pub(super) fn is_landlord(&self, seat: usize) -> bool {
        seat == self.landlord
    }
}

/// Mixes the meta word into the hands' key.
pub(super) fn table_key(node: &Node, meta: u32) -> u64 {
    node.hands_key ^ (u64::from(meta).wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(29)
}
