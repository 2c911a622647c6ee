//! The solver's transposition table: a fixed-size array of two-entry buckets indexed by
//! `hash & mask`, as chess engines keep theirs. Memory is set once; nothing grows during a
//! search. Each entry keeps the whole position (three rank-count words and a packed word for
//! the seat to move and the play to beat), so a hit is exact, never a hash collision, and the
//! position's proof and disproof numbers; two entries fill one cache line.
//!
//! A table can be started on a new epoch ([`TransTable::begin_epoch`]): from then on it sees only
//! what is stored in that epoch, as if it had been cleared, without the cost of clearing. The
//! thinking player starts every play-out on a new epoch, so that whether a solve fits in its
//! node budget never depends on what other deals stored before (the same deals spread over
//! other threads give the same answer).

use crate::cards::Counts;

/// One stored result: 32 bytes, so that a bucket of two fills one 64-byte cache line and a
/// probe costs one memory access.
#[derive(Clone, Copy, Default)]
struct Entry {
    hands: [u64; 3],
    /// The seat to move and the play to beat, packed ([`super::solver`] builds it; it leaves
    /// [`WORK_BITS`] clear), with the entry's work in those bits; 0 = empty slot (a packed word
    /// always has its valid bit set).
    meta_work: u32,
    /// Proof and disproof numbers from the side to move's view (see [`super::solver`]): 0 proof
    /// means it wins, 0 disproof that it loses; otherwise estimates of the work left, kept to
    /// 16 bits ([`narrow`]).
    proof: u16,
    disproof: u16,
}

/// Where an entry keeps log2 of the nodes its result took (at most 64, seven bits): the
/// replacement rule keeps costly results. The solver's packed meta word never uses these bits
/// (it keeps bit 31 and the bits below 24).
pub(crate) const WORK_BITS: u32 = 0x7F00_0000;

/// Entries per bucket: the second slot keeps a costly result alive when cheap ones collide.
const WAYS: usize = 2;

/// A bucket: one cache line.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// A fixed-size table of solved positions.
pub(crate) struct TransTable {
    buckets: Vec<Bucket>,
    mask: u64,
    /// The epoch's number: 0 until the first [`TransTable::begin_epoch`], then 1 to
    /// [`EPOCHS`] − 1, each used once between two clears.
    epoch: u32,
    /// The epoch's tag, kept in the hand words' spare nibbles of every entry stored in it.
    tag: [u64; 3],
}

/// A hand's rank counts take the low 60 bits of its word (15 ranks, four bits each); an
/// entry keeps its epoch's number in the top nibble of its three hand words, four bits each.
const EPOCH_SHIFT: u32 = 60;
/// Epochs told apart before the table must really be cleared (12 bits).
const EPOCHS: u32 = 1 << 12;

/// The hand words' top nibbles for epoch `n`.
fn epoch_tag(n: u32) -> [u64; 3] {
    let nibble = |k: u32| u64::from((n >> (4 * k)) & 0xF) << EPOCH_SHIFT;
    [nibble(0), nibble(1), nibble(2)]
}

/// Bytes one bucket takes.
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// A proof or disproof number as stored: `u32::MAX` ("never", a solved position) stays exact,
/// anything else is capped just below it. A capped number read back is only an estimate
/// that is too low; the search recomputes a node's numbers from its children when it enters
/// it, so that only costs a visit.
fn narrow(n: u32) -> u16 {
    if n == u32::MAX {
        u16::MAX
    } else {
        n.min(u32::from(u16::MAX - 1)) as u16
    }
}

/// The stored number back: see [`narrow`].
fn widen(n: u16) -> u32 {
    if n == u16::MAX {
        u32::MAX
    } else {
        u32::from(n)
    }
}

impl TransTable {
    /// A table of at most `bytes` bytes (rounded down to a power of two buckets, at least one).
    #[must_use]
    pub(crate) fn with_bytes(bytes: usize) -> TransTable {
        let wanted = (bytes / BUCKET_BYTES).max(1);
        // The largest power of two not above `wanted`.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        TransTable {
            buckets: vec![Bucket::default(); buckets],
            mask: buckets as u64 - 1,
            epoch: 0,
            tag: epoch_tag(0),
        }
    }

    /// From now on the table holds nothing stored before: probes find only this epoch's
    /// entries and stores take the older ones' slots as if empty. Every `EPOCHS` − 1 (4,095) epochs the
    /// table is cleared for real, so that no number is used twice.
    pub(crate) fn begin_epoch(&mut self) {
        self.epoch += 1;
        if self.epoch == EPOCHS {
            self.clear();
            self.epoch = 1;
        }
        self.tag = epoch_tag(self.epoch);
    }

    /// The key words of `hands` in this epoch.
    #[inline]
    fn key(&self, hands: &[Counts; 3]) -> [u64; 3] {
        debug_assert!(
            hands.iter().all(|h| h.0 >> EPOCH_SHIFT == 0),
            "rank counts leave the top nibble free"
        );
        [
            hands[0].0 | self.tag[0],
            hands[1].0 | self.tag[1],
            hands[2].0 | self.tag[2],
        ]
    }

    /// Whether `e` is empty in this epoch: never filled, or stored in another epoch.
    #[inline]
    fn vacant(&self, e: &Entry) -> bool {
        e.meta_work == 0 || (0..3).any(|i| e.hands[i] >> EPOCH_SHIFT << EPOCH_SHIFT != self.tag[i])
    }

    #[cfg(test)] // read by the tests alone
    /// Bytes the table holds.
    #[must_use]
    pub(crate) fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        for b in self.buckets.iter_mut() {
            *b = Bucket::default();
        }
    }

    /// Starts loading the bucket of `hash` into the cache, so that a probe soon after finds
    /// it there: the search probes all the children of a node at once, and their buckets are
    /// scattered over memory far larger than the cache.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        let bucket = &self.buckets[(hash & self.mask) as usize];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; it reads nothing and the address is valid.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>((bucket as *const Bucket).cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// The stored proof and disproof numbers of this position.
    #[inline]
    pub(crate) fn probe(&self, hash: u64, hands: &[Counts; 3], meta: u32) -> Option<(u32, u32)> {
        let key = self.key(hands);
        let bucket = &self.buckets[(hash & self.mask) as usize].0;
        bucket
            .iter()
            .find(|e| e.meta_work & !WORK_BITS == meta && e.hands == key)
            .map(|e| (widen(e.proof), widen(e.disproof)))
    }

    /// Stores the numbers found with `nodes` nodes of work. Replaces the same position, else
    /// an empty slot, else the slot whose result was cheaper to find (the newest result always
    /// goes in: it is the one the search is about to need again).
    #[inline]
    pub(crate) fn store(
        &mut self,
        hash: u64,
        hands: &[Counts; 3],
        meta: u32,
        (proof, disproof): (u32, u32),
        nodes: u64,
    ) {
        debug_assert_eq!(
            meta & WORK_BITS,
            0,
            "the meta word leaves the work bits clear"
        );
        let work = 64 - nodes.leading_zeros();
        let entry = Entry {
            hands: self.key(hands),
            meta_work: meta | work << WORK_BITS.trailing_zeros(),
            proof: narrow(proof),
            disproof: narrow(disproof),
        };
        let index = (hash & self.mask) as usize;
        let vacant = self.buckets[index].0.map(|e| self.vacant(&e));
        let bucket = &mut self.buckets[index].0;
        let slot = bucket
            .iter()
            .position(|e| e.meta_work & !WORK_BITS == meta && e.hands == entry.hands)
            .or_else(|| vacant.iter().position(|&v| v))
            .unwrap_or_else(|| {
                if bucket[0].meta_work & WORK_BITS <= bucket[1].meta_work & WORK_BITS {
                    0
                } else {
                    1
                }
            });
        bucket[slot] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let t = TransTable::with_bytes(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        assert!(t.bytes() > 1 << 19);
        assert!(t.buckets.len().is_power_of_two());
        assert_eq!(BUCKET_BYTES, 64, "a bucket is one cache line");
        assert_eq!(TransTable::with_bytes(1).buckets.len(), 1);
    }

    #[test]
    fn stores_and_finds_exactly() {
        let mut t = TransTable::with_bytes(4096);
        let a = [Counts(1), Counts(2), Counts(3)];
        let b = [Counts(1), Counts(2), Counts(4)];
        t.store(7, &a, 0x8000_0001, (0, 9), 10);
        assert_eq!(t.probe(7, &a, 0x8000_0001), Some((0, 9)));
        // Same bucket, other position or other meta: no hit.
        assert_eq!(t.probe(7, &b, 0x8000_0001), None);
        assert_eq!(t.probe(7, &a, 0x8000_0002), None);
        // A full bucket keeps the costlier result.
        t.store(7, &b, 0x8000_0001, (9, 0), 1000);
        let c = [Counts(9), Counts(9), Counts(9)];
        t.store(7, &c, 0x8000_0001, (3, 4), 2);
        assert_eq!(t.probe(7, &b, 0x8000_0001), Some((9, 0)));
        assert_eq!(t.probe(7, &c, 0x8000_0001), Some((3, 4)));
        assert_eq!(t.probe(7, &a, 0x8000_0001), None);
        // Solved stays solved; a large estimate comes back capped, never as "solved".
        t.store(7, &b, 0x8000_0001, (u32::MAX, 0), 1000);
        assert_eq!(t.probe(7, &b, 0x8000_0001), Some((u32::MAX, 0)));
        t.store(7, &b, 0x8000_0001, (1 << 20, 3), 1000);
        let (p, d) = t.probe(7, &b, 0x8000_0001).unwrap();
        assert!(p < u32::MAX && p >= u32::from(u16::MAX - 1) && d == 3);
        t.clear();
        assert_eq!(t.probe(7, &b, 0x8000_0001), None);
    }

    #[test]
    fn a_new_epoch_sees_an_empty_table() {
        let mut t = TransTable::with_bytes(64);
        let a = [Counts(1), Counts(2), Counts(3)];
        let b = [Counts(1), Counts(2), Counts(4)];
        let c = [Counts(9), Counts(9), Counts(9)];
        // Two costly results fill the one bucket.
        t.store(7, &a, 0x8000_0001, (0, 9), 1 << 20);
        t.store(7, &b, 0x8000_0001, (9, 0), 1 << 20);
        t.begin_epoch();
        assert_eq!(t.probe(7, &a, 0x8000_0001), None);
        assert_eq!(t.probe(7, &b, 0x8000_0001), None);
        // The old entries count as empty: two cheap results of this epoch both stay, where
        // the costly old ones would have kept one of them out.
        t.store(7, &c, 0x8000_0001, (1, 1), 1);
        t.store(7, &a, 0x8000_0001, (2, 2), 1);
        assert_eq!(t.probe(7, &c, 0x8000_0001), Some((1, 1)));
        assert_eq!(t.probe(7, &a, 0x8000_0001), Some((2, 2)));
        // Epoch numbers come back only after a real clear: the epoch stored first, 4,095
        // epochs ago, is not seen again when its number is reused.
        t.begin_epoch();
        t.store(7, &c, 0x8000_0001, (3, 3), 1);
        for _ in 0..EPOCHS - 1 {
            t.begin_epoch();
        }
        assert_eq!(t.epoch, 2, "the number of the epoch that stored c");
        assert_eq!(t.probe(7, &c, 0x8000_0001), None);
    }
}
