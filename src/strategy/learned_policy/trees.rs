//! Gradient-boosted trees as LightGBM writes them (`Booster.save_model`, its text format): the
//! learned policy's scorer. Reading LightGBM's own file keeps one source of truth: the trainer
//! saves the model, the engine embeds that file, and `ddz netcheck --policy` checks that the
//! two agree on the trainer's own scores.
//!
//! Only what a numeric model uses is read: per tree the split features, thresholds, decision
//! types, children and leaf values. A categorical split is refused (the trainer declares no
//! categorical feature).

use std::fmt;

/// One tree as the file lists it: internal nodes by index; a child below zero is the leaf
/// `!child`.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tree {
    feature: Vec<u16>,
    threshold: Vec<f64>,
    /// LightGBM's decision type per node: bit 1 = missing values go left; bits 2–3 = what
    /// counts as missing (0 none, 1 zero, 2 NaN).
    decision: Vec<u8>,
    left: Vec<i32>,
    right: Vec<i32>,
    leaf: Vec<f64>,
}

/// LightGBM treats a value this close to zero as zero when zero means missing.
const ZERO_THRESHOLD: f64 = 1e-35;

/// LightGBM's numerical decision at `node` for the value `v`: NaN is zero unless NaN means
/// missing; a missing value goes the node's default way; else `v <= threshold` goes left.
fn goes_left(node: &Node, mut v: f64) -> bool {
    let missing = (node.decision >> 2) & 3;
    if v.is_nan() && missing != 2 {
        v = 0.0;
    }
    if (missing == 1 && v.abs() <= ZERO_THRESHOLD) || (missing == 2 && v.is_nan()) {
        node.decision & 2 != 0
    } else {
        v <= node.threshold
    }
}

/// Whether a node decides every number (not NaN) by its threshold alone: unless zero counts as
/// missing there, [`goes_left`] comes down to `v <= threshold` for any value that is not NaN.
fn plain(decision: u8) -> bool {
    (decision >> 2) & 3 != 1
}

/// One node in the flat layout the scorer walks: everything a step needs in one place, so a
/// walk touches one cache line per node.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Node {
    /// The split's threshold; a leaf's value.
    threshold: f64,
    /// Children, left then right, as indices into the tree's block of nodes; a leaf is its
    /// own child both ways. Indexed by the comparison, a step takes no branch: a tree's path
    /// is unpredictable, and a branch a node mispredicts often (a row of round 4: 1.15 µs
    /// with one, 1.03 without, the least of ten alternated runs over the decisions of 300
    /// self-played deals).
    child: [u32; 2],
    feature: u16,
    decision: u8,
    leaf: bool,
}

/// A boosted model: the sum of its trees.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Trees {
    /// Where each tree's block of nodes starts (its first node is its root, or its only
    /// leaf for a one-leaf tree).
    roots: Vec<u32>,
    /// Each tree's block: its internal nodes, then its leaves.
    nodes: Vec<Node>,
    /// Whether every node is [`plain`].
    plain: bool,
    /// Features the model reads (its largest feature index + 1).
    pub(crate) features: usize,
}

/// Why a model file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ModelError(pub(crate) String);

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LightGBM model: {}", self.0)
    }
}

impl std::error::Error for ModelError {}

fn numbers<T: std::str::FromStr>(key: &str, text: &str) -> Result<Vec<T>, ModelError> {
    text.split_whitespace()
        .map(|t| {
            t.parse::<T>()
                .map_err(|_| ModelError(format!("{}: '{}' is not a number", key, t)))
        })
        .collect()
}

impl Tree {
    /// Whether the tree's lists agree in length and every index points inside it, for a model
    /// of `features` features.
    fn is_sound(&self, features: usize) -> bool {
        let (t, nodes) = (self, self.feature.len());
        t.threshold.len() == nodes
            && t.decision.len() == nodes
            && t.left.len() == nodes
            && t.right.len() == nodes
            && t.leaf.len() == nodes + 1
            && t.feature.iter().all(|&f| (f as usize) < features)
            && t.decision.iter().all(|d| d & 1 == 0)
            && t.left.iter().chain(&t.right).all(|&c| {
                if c >= 0 {
                    (c as usize) < nodes
                } else {
                    ((!c) as usize) < t.leaf.len()
                }
            })
    }
}

impl Trees {
    /// Reads LightGBM's text format.
    pub(crate) fn parse(text: &str) -> Result<Trees, ModelError> {
        let mut trees = Vec::new();
        let mut current: Option<Tree> = None;
        let mut max_feature = None;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with("Tree=") {
                trees.extend(current.take());
                current = Some(Tree::default());
                continue;
            }
            if line == "end of trees" {
                break;
            }
            let (key, value) = match line.split_once('=') {
                Some(kv) => kv,
                None => continue,
            };
            if key == "max_feature_idx" {
                max_feature = Some(
                    value
                        .parse::<usize>()
                        .map_err(|_| ModelError(format!("max_feature_idx '{}'", value)))?,
                );
            }
            let tree = match current.as_mut() {
                Some(t) => t,
                None => continue,
            };
            match key {
                "split_feature" => tree.feature = numbers(key, value)?,
                "threshold" => tree.threshold = numbers(key, value)?,
                "decision_type" => tree.decision = numbers(key, value)?,
                "left_child" => tree.left = numbers(key, value)?,
                "right_child" => tree.right = numbers(key, value)?,
                "leaf_value" => tree.leaf = numbers(key, value)?,
                "num_cat" if value != "0" => {
                    return Err(ModelError("categorical splits are not supported".into()))
                }
                _ => {}
            }
        }
        trees.extend(current.take());
        let features = max_feature.ok_or_else(|| ModelError("no max_feature_idx".into()))? + 1;
        if let Some(n) = trees.iter().position(|t| !t.is_sound(features)) {
            return Err(ModelError(format!("tree {} is malformed", n)));
        }
        if trees.is_empty() {
            return Err(ModelError("no trees".into()));
        }
        let mut model = Trees {
            features,
            ..Trees::default()
        };
        for t in &trees {
            model.push_tree(t);
        }
        model.plain = model.nodes.iter().all(|n| plain(n.decision));
        Ok(model)
    }

    /// Lays tree `t` out after the trees before it: its internal nodes, then its leaves.
    fn push_tree(&mut self, t: &Tree) {
        // The tree's internal nodes, then its leaves: LightGBM's leaf `!c` is node
        // `internal + !c` of the tree's block.
        let base = self.nodes.len() as u32;
        let internal = t.feature.len();
        let child = |c: i32| {
            if c >= 0 {
                c as u32
            } else {
                (internal + !c as usize) as u32
            }
        };
        self.roots.push(base);
        for i in 0..t.feature.len() {
            self.nodes.push(Node {
                threshold: t.threshold[i],
                child: [child(t.left[i]), child(t.right[i])],
                feature: t.feature[i],
                decision: t.decision[i],
                leaf: false,
            });
        }
        for (i, &value) in t.leaf.iter().enumerate() {
            let me = (internal + i) as u32;
            self.nodes.push(Node {
                threshold: value,
                child: [me, me],
                feature: 0,
                decision: 0,
                leaf: true,
            });
        }
    }

    /// The model's raw score of `x` (at least [`Trees::features`] values): the sum of the
    /// trees' leaves, added in the trees' order as LightGBM adds them.
    #[must_use]
    pub(crate) fn score(&self, x: &[f64]) -> f64 {
        assert!(x.len() >= self.features, "too few features for the model");
        // The features are numbers, never NaN: where every node is plain, the walk is one
        // comparison per node (the policy scores millions of candidates in a search).
        let fast = self.plain && x.iter().all(|v| !v.is_nan());
        let mut sum = 0.0;
        for &root in &self.roots {
            let tree = &self.nodes[root as usize..];
            let mut n = &tree[0];
            while !n.leaf {
                let v = x[n.feature as usize];
                let left = if fast {
                    v <= n.threshold
                } else {
                    goes_left(n, v)
                };
                n = &tree[n.child[usize::from(!left)] as usize];
            }
            sum += n.threshold;
        }
        sum
    }

    /// The scores of many rows at once, each the same as [`Trees::score`] gives it (the same
    /// leaves added in the same order). The rows walk each tree side by side: one row's walk is
    /// a chain of dependent loads, and several chains in flight keep the processor busy while
    /// each waits (a decision's candidates are scored this way, about twice as fast). A row at
    /// its leaf keeps stepping in place until every row is at one, so no step asks which rows
    /// still walk.
    #[must_use]
    pub(crate) fn score_many<X: AsRef<[f64]>>(&self, rows: &[X]) -> Vec<f64> {
        let fast = self.plain
            && rows.iter().all(|x| {
                let x = x.as_ref();
                assert!(x.len() >= self.features, "too few features for the model");
                x.iter().all(|v| !v.is_nan())
            });
        if !fast {
            return rows.iter().map(|x| self.score(x.as_ref())).collect();
        }
        let mut sums = vec![0.0; rows.len()];
        let mut at = vec![0u32; rows.len()];
        for &root in &self.roots {
            let tree = &self.nodes[root as usize..];
            at.iter_mut().for_each(|a| *a = 0);
            // Every row steps until all are at leaves (a leaf steps to itself): one branch a
            // step for all the rows, none a row.
            loop {
                let mut walking = false;
                for (a, x) in at.iter_mut().zip(rows) {
                    let n = &tree[*a as usize];
                    let right = x.as_ref()[n.feature as usize] > n.threshold;
                    *a = n.child[usize::from(right)];
                    walking |= !n.leaf;
                }
                if !walking {
                    break;
                }
            }
            for (sum, a) in sums.iter_mut().zip(&at) {
                *sum += tree[*a as usize].threshold;
            }
        }
        sums
    }

    /// Trees in the model.
    #[must_use]
    pub(crate) fn len(&self) -> usize {
        self.roots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two trees in LightGBM's layout: the first splits feature 0 at 0.5 and then feature 1
    /// at 2, the second is a single leaf.
    const SMALL: &str = "tree\nversion=v4\nmax_feature_idx=1\n\nTree=0\nnum_leaves=3\nnum_cat=0\n\
split_feature=0 1\nthreshold=0.5 2\ndecision_type=2 2\nleft_child=-1 -2\nright_child=1 -3\n\
leaf_value=1 2 3\nshrinkage=1\n\n\nTree=1\nnum_leaves=1\nnum_cat=0\nleaf_value=0.25\n\
shrinkage=1\n\n\nend of trees\n";

    #[test]
    fn a_value_takes_the_path_its_thresholds_say() {
        let m = Trees::parse(SMALL).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(m.score(&[0.5, 9.0]), 1.25);
        assert_eq!(m.score(&[0.6, 2.0]), 2.25);
        assert_eq!(m.score(&[0.6, 2.1]), 3.25);
        // Side by side, rows ending at different depths (and a one-leaf tree) score the same.
        let rows = [[0.5, 9.0], [0.6, 2.0], [0.6, 2.1]];
        assert_eq!(m.score_many(&rows), vec![1.25, 2.25, 3.25]);
    }

    #[test]
    fn a_broken_model_is_refused() {
        assert!(Trees::parse("").is_err());
        assert!(Trees::parse(&SMALL.replace("left_child=-1 -2", "left_child=-1 7")).is_err());
        assert!(Trees::parse(&SMALL.replace("split_feature=0 1", "split_feature=0 5")).is_err());
        assert!(Trees::parse(&SMALL.replace("threshold=0.5 2", "threshold=0.5 x")).is_err());
    }
}
