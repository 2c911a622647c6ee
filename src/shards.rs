//! A run cut into shards, for the arena (`ddz arena --shard K/N`) and self-play (`ddz selfplay
//! --shard K/N`) alike: one run's deals played as N separate runs (on a batch system, one job
//! each), and their files joined back into what the whole run gives. This module owns what the
//! two share, so they cannot drift apart:
//!
//! - the slicing ([`Shard`]): shard K of N plays the deals i (from 0) with `i mod N = K - 1`,
//!   every N-th deal, so the shards are the same size within one deal and each sees the whole
//!   range of the run; a deal is played the same in a shard as in the whole run;
//! - the "same run?" check ([`Shards::of`]): the files are the shards of one run (what the
//!   run's settings are is each file's own to say, [`ShardFile::run_difference`]), each once,
//!   none missing;
//! - the merge's walk ([`Shards::each_deal`]): every deal of the run in order, taken from the
//!   shard that played it.
//!
//! What a shard's file holds and how it reads are its format's: the arena's JSON logs
//! (`arena::log_merge`) and self-play's data files (`training::data_merge`). Neither file changes
//! for being read here.

use std::fmt;

/// One slice of a run's deals: deal `i` belongs to shard `(i / group) mod count + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 1.
    pub index: usize,
    /// How many shards the run is cut into.
    pub(crate) count: usize,
    /// Consecutive deals that go to one shard together: 1 in the arena; 3 in self-play, whose
    /// deal is three arena deals, one per landlord seat, kept in one shard.
    pub(crate) group: usize,
}

/// A shard's `K/N` that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardSpecError {
    /// Not two numbers around a `/`.
    NotKOfN(String),
    /// K is not 1 to N.
    OutOfRange(String),
}

impl fmt::Display for ShardSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardSpecError::NotKOfN(text) => write!(f, "'{}' is not K/N", text),
            ShardSpecError::OutOfRange(text) => write!(f, "'{}': K must be 1 to N", text),
        }
    }
}

impl std::error::Error for ShardSpecError {}

impl Shard {
    /// The whole run as one shard (a plain log reads as shard 1/1).
    pub(crate) const WHOLE: Shard = Shard {
        index: 1,
        count: 1,
        group: 1,
    };

    /// Reads `K/N` (1 ≤ K ≤ N).
    pub fn parse(text: &str) -> Result<Shard, ShardSpecError> {
        let not_k_of_n = || ShardSpecError::NotKOfN(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(not_k_of_n)?;
        let k: usize = k.trim().parse().map_err(|_| not_k_of_n())?;
        let n: usize = n.trim().parse().map_err(|_| not_k_of_n())?;
        if n == 0 || k == 0 || k > n {
            return Err(ShardSpecError::OutOfRange(text.to_string()));
        }
        Ok(Shard {
            index: k,
            count: n,
            group: 1,
        })
    }

    /// Whether the deal with this number (from 0) is this shard's.
    #[must_use]
    pub(crate) fn holds(self, deal: usize) -> bool {
        (deal / self.group.max(1)) % self.count + 1 == self.index
    }

    /// `K/N`, as the files and the messages write it.
    #[must_use]
    pub(crate) fn name(self) -> String {
        format!("{}/{}", self.index, self.count)
    }
}

/// One shard's file, read as far as the shards' check needs: which shard it is, of which run.
pub(crate) trait ShardFile {
    /// Which shard of how many.
    fn shard(&self) -> Shard;

    /// Deals of the whole run (not only this shard's).
    fn deals(&self) -> usize;

    /// `None` when `first` is a shard of the same run as this one (the same settings; the
    /// shard's own number and what may differ between the shards of one run aside); otherwise
    /// how this one's run differs, in words (`--seed 12, not 11`: this file's value first).
    fn run_difference(&self, first: &Self) -> Option<String>;
}

/// Files that are not the shards of one run, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ShardsError {
    /// No file given.
    NoFiles,
    /// Two files cut from runs cut into another number of shards: the file, its shard, the
    /// first file and its shard.
    OtherCount {
        name: String,
        shard: Shard,
        first: String,
        first_shard: Shard,
    },
    /// A file of another run than the first file's: the file, the first, how the runs differ.
    OtherRun {
        name: String,
        first: String,
        why: String,
    },
    /// Two files of the same shard.
    Twice {
        name: String,
        other: String,
        shard: Shard,
    },
    /// These shards are missing.
    Missing(Vec<Shard>),
}

impl fmt::Display for ShardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardsError::NoFiles => f.write_str("no shard files given"),
            ShardsError::OtherCount {
                name,
                shard,
                first,
                first_shard,
            } => write!(
                f,
                "{} is shard {} and {} is shard {}: cuts of another run or another N",
                name,
                shard.name(),
                first,
                first_shard.name()
            ),
            ShardsError::OtherRun { name, first, why } => write!(
                f,
                "{} is a shard of another run than {} ({})",
                name, first, why
            ),
            ShardsError::Twice { name, other, shard } => {
                write!(f, "{} and {} are both shard {}", other, name, shard.name())
            }
            ShardsError::Missing(shards) => {
                let names: Vec<String> = shards.iter().map(|s| s.name()).collect();
                write!(f, "shard {} missing", names.join(", "))
            }
        }
    }
}

impl std::error::Error for ShardsError {}

/// The files of all N shards of one run, each with its name, in shard order.
pub(crate) struct Shards<F> {
    files: Vec<(String, F)>,
}

impl<F: ShardFile> Shards<F> {
    /// The shards `files` (name, file; in any order) are, checked to be one run's: the same
    /// number of shards and the same run as the first file, each shard once, none missing.
    pub(crate) fn of(files: Vec<(String, F)>) -> Result<Shards<F>, ShardsError> {
        let (first_name, first) = files.first().ok_or(ShardsError::NoFiles)?;
        let first_shard = first.shard();
        // Which of `files` is each shard's.
        let mut slots: Vec<Option<usize>> = vec![None; first_shard.count];
        for (i, (name, file)) in files.iter().enumerate() {
            let shard = file.shard();
            if shard.count != first_shard.count {
                return Err(ShardsError::OtherCount {
                    name: name.clone(),
                    shard,
                    first: first_name.clone(),
                    first_shard,
                });
            }
            if let Some(why) = file.run_difference(first) {
                return Err(ShardsError::OtherRun {
                    name: name.clone(),
                    first: first_name.clone(),
                    why,
                });
            }
            if let Some(other) = slots[shard.index - 1].replace(i) {
                return Err(ShardsError::Twice {
                    name: name.clone(),
                    other: files[other].0.clone(),
                    shard,
                });
            }
        }
        let missing: Vec<Shard> = (0..first_shard.count)
            .filter(|&k| slots[k].is_none())
            .map(|k| Shard {
                index: k + 1,
                ..first_shard
            })
            .collect();
        if !missing.is_empty() {
            return Err(ShardsError::Missing(missing));
        }
        let mut given: Vec<Option<(String, F)>> = files.into_iter().map(Some).collect();
        let files = slots
            .into_iter()
            .flatten()
            .filter_map(|i| given[i].take())
            .collect();
        Ok(Shards { files })
    }

    /// How many shards the run was cut into.
    #[must_use]
    pub(crate) fn count(&self) -> usize {
        self.files.len()
    }

    /// Deals of the whole run.
    #[must_use]
    pub(crate) fn deals(&self) -> usize {
        self.files[0].1.deals()
    }

    /// Shard 1's file (every shard's run is its run).
    #[must_use]
    pub(crate) fn first(&self) -> &F {
        &self.files[0].1
    }

    /// The files, with their names, in shard order.
    #[must_use]
    pub(crate) fn files(&self) -> &[(String, F)] {
        &self.files
    }

    /// The merge's walk: hands `take` every deal of the run (from 0) in order, with the name
    /// and the file of the shard that played it ([`Shard::holds`], the run's own slicing), and
    /// stops at the first error. What a deal's part of a file is, is the caller's to read.
    pub(crate) fn each_deal<E>(
        &mut self,
        mut take: impl FnMut(usize, &str, &mut F) -> Result<(), E>,
    ) -> Result<(), E> {
        for deal in 0..self.deals() {
            let (name, file) = self
                .files
                .iter_mut()
                .find(|(_, f)| f.shard().holds(deal))
                .expect("every deal is one shard's");
            take(deal, name, file)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shard's file as the check sees it: its shard and the run's seed.
    #[derive(Debug)]
    struct Fake {
        shard: Shard,
        seed: u64,
        taken: Vec<usize>,
    }

    impl ShardFile for Fake {
        fn shard(&self) -> Shard {
            self.shard
        }
        fn deals(&self) -> usize {
            10
        }
        fn run_difference(&self, first: &Fake) -> Option<String> {
            (self.seed != first.seed).then(|| format!("--seed {}, not {}", self.seed, first.seed))
        }
    }

    fn file(shard: &str, seed: u64) -> (String, Fake) {
        let shard = Shard::parse(shard).unwrap();
        (
            format!("s{}.txt", shard.index),
            Fake {
                shard,
                seed,
                taken: Vec::new(),
            },
        )
    }

    #[test]
    fn shards_cut_the_deals_round_robin() {
        let shards: Vec<Shard> = (1..=3)
            .map(|k| Shard::parse(&format!("{}/3", k)).unwrap())
            .collect();
        for deal in 0..12 {
            let owners: Vec<usize> = shards
                .iter()
                .filter(|s| s.holds(deal))
                .map(|s| s.index)
                .collect();
            assert_eq!(owners, vec![deal % 3 + 1]);
        }
        // Self-play's shards keep groups of three deals (one per landlord) together.
        let grouped = Shard {
            group: 3,
            ..Shard::parse("2/3").unwrap()
        };
        let held: Vec<usize> = (0..30).filter(|&d| grouped.holds(d)).collect();
        assert_eq!(held, vec![3, 4, 5, 12, 13, 14, 21, 22, 23]);
        for bad in ["0/3", "4/3", "1/0", "2", "a/b", "1/"] {
            assert!(Shard::parse(bad).is_err(), "{}", bad);
        }
        assert_eq!(Shard::parse(" 2/ 5").unwrap().name(), "2/5");
    }

    /// Given in any order, one run's shards come back in shard order, and the walk hands each
    /// deal to the shard that played it, in deal order.
    #[test]
    fn one_runs_shards_are_walked_in_deal_order() {
        let mut shards = Shards::of(vec![file("3/3", 7), file("1/3", 7), file("2/3", 7)]).unwrap();
        assert_eq!(shards.count(), 3);
        let names: Vec<&str> = shards.files().iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["s1.txt", "s2.txt", "s3.txt"]);
        let mut order = Vec::new();
        shards
            .each_deal(|deal, name, f: &mut Fake| {
                order.push((deal, name.to_string()));
                f.taken.push(deal);
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(order.len(), 10);
        assert!(order.iter().enumerate().all(|(i, (deal, _))| *deal == i));
        for (name, f) in shards.files() {
            assert!(f.taken.iter().all(|&d| f.shard.holds(d)), "{}", name);
            assert_eq!(f.taken.len(), (0..10).filter(|&d| f.shard.holds(d)).count());
        }
        let stopped = shards.each_deal(|deal, _, _| if deal == 4 { Err(deal) } else { Ok(()) });
        assert_eq!(stopped, Err(4));
    }

    #[test]
    fn files_that_are_not_one_runs_shards_are_refused_by_name() {
        let refused = |files: Vec<(String, Fake)>| Shards::of(files).err().unwrap();
        assert_eq!(refused(Vec::new()), ShardsError::NoFiles);
        let missing = refused(vec![file("1/4", 7), file("3/4", 7)]);
        assert_eq!(missing.to_string(), "shard 2/4, 4/4 missing");
        let (mut second, mut again) = (file("2/2", 7), file("2/2", 7));
        second.0 = "a.txt".to_string();
        again.0 = "b.txt".to_string();
        let twice = refused(vec![file("1/2", 7), second, again]);
        assert_eq!(twice.to_string(), "a.txt and b.txt are both shard 2/2");
        let other = refused(vec![file("1/2", 7), file("2/2", 8)]);
        assert_eq!(
            other.to_string(),
            "s2.txt is a shard of another run than s1.txt (--seed 8, not 7)"
        );
        let cut = refused(vec![file("1/2", 7), file("2/3", 7)]);
        assert_eq!(
            cut.to_string(),
            "s2.txt is shard 2/3 and s1.txt is shard 1/2: cuts of another run or another N"
        );
    }
}
