//! The solver's transposition table: a fixed-size array of two-entry buckets indexed by
//! `hash & mask`, as chess engines keep theirs. Memory is set once; nothing grows during a
//! search. Each entry keeps the whole position (three rank-count words and a packed word for
//! the seat to move and the play to beat), so a hit is exact, never a hash collision.

use crate::cards::Counts;

/// One stored result.
#[derive(Clone, Copy, Default)]
struct Entry {
    hands: [u64; 3],
    /// The seat to move and the play to beat, packed ([`super::solver`] builds it); 0 = empty
    /// slot (a packed word always has its valid bit set).
    meta: u32,
    /// Whether the side to move wins.
    mover_wins: bool,
    /// log2 of the nodes it took to find: the replacement rule keeps costly results.
    work: u8,
}

/// Entries per bucket: the second slot keeps a costly result alive when cheap ones collide.
const WAYS: usize = 2;

/// A fixed-size table of solved positions.
pub struct Table {
    buckets: Vec<[Entry; WAYS]>,
    mask: u64,
}

/// Bytes one bucket takes.
const BUCKET_BYTES: usize = std::mem::size_of::<[Entry; WAYS]>();

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two buckets, at least one).
    #[must_use]
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / BUCKET_BYTES).max(1);
        // The largest power of two not above `wanted`.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            buckets: vec![[Entry::default(); WAYS]; buckets],
            mask: buckets as u64 - 1,
        }
    }

    /// Bytes the table holds.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for b in self.buckets.iter_mut() {
            *b = [Entry::default(); WAYS];
        }
    }

    /// The stored result for this position: whether the side to move wins.
    #[inline]
    pub fn probe(&self, hash: u64, hands: &[Counts; 3], meta: u32) -> Option<bool> {
        let bucket = &self.buckets[(hash & self.mask) as usize];
        bucket
            .iter()
            .find(|e| e.meta == meta && e.hands == raw(hands))
            .map(|e| e.mover_wins)
    }

    /// Stores a result found with `nodes` nodes of work. Replaces the same position, else an
    /// empty slot, else the slot whose result was cheaper to find (the newest result always goes
    /// in: it is the one the search is about to need again).
    #[inline]
    pub fn store(
        &mut self,
        hash: u64,
        hands: &[Counts; 3],
        meta: u32,
        mover_wins: bool,
        nodes: u64,
    ) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let entry = Entry {
            hands: raw(hands),
            meta,
            mover_wins,
            work,
        };
        let bucket = &mut self.buckets[(hash & self.mask) as usize];
        let slot = bucket
            .iter()
            .position(|e| e.meta == meta && e.hands == entry.hands)
            .or_else(|| bucket.iter().position(|e| e.meta == 0))
            .unwrap_or_else(|| {
                if bucket[0].work <= bucket[1].work {
                    0
                } else {
                    1
                }
            });
        bucket[slot] = entry;
    }
}

fn raw(hands: &[Counts; 3]) -> [u64; 3] {
    [hands[0].0, hands[1].0, hands[2].0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let t = Table::with_bytes(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        assert!(t.bytes() > 1 << 19);
        assert!(t.buckets.len().is_power_of_two());
        assert_eq!(Table::with_bytes(1).buckets.len(), 1);
    }

    #[test]
    fn stores_and_finds_exactly() {
        let mut t = Table::with_bytes(4096);
        let a = [Counts(1), Counts(2), Counts(3)];
        let b = [Counts(1), Counts(2), Counts(4)];
        t.store(7, &a, 0x8000_0001, true, 10);
        assert_eq!(t.probe(7, &a, 0x8000_0001), Some(true));
        // Same bucket, other position or other meta: no hit.
        assert_eq!(t.probe(7, &b, 0x8000_0001), None);
        assert_eq!(t.probe(7, &a, 0x8000_0002), None);
        // A full bucket keeps the costlier result.
        t.store(7, &b, 0x8000_0001, false, 1000);
        let c = [Counts(9), Counts(9), Counts(9)];
        t.store(7, &c, 0x8000_0001, true, 2);
        assert_eq!(t.probe(7, &b, 0x8000_0001), Some(false));
        assert_eq!(t.probe(7, &c, 0x8000_0001), Some(true));
        assert_eq!(t.probe(7, &a, 0x8000_0001), None);
        t.clear();
        assert_eq!(t.probe(7, &b, 0x8000_0001), None);
    }
}
