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

/// One internal node in the flat layout the scorer walks: everything a step needs in one
/// place, so a walk touches one cache line per node.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Node {
    threshold: f64,
    /// Children: an index into the nodes, or a leaf `!index` into the leaves.
    left: i32,
    right: i32,
    feature: u16,
    decision: u8,
}

/// A boosted model: the sum of its trees.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trees {
    /// Each tree's first node (or, for a one-leaf tree, its leaf as `!index`).
    roots: Vec<i32>,
    nodes: Vec<Node>,
    leaves: Vec<f64>,
    /// Whether every node is [`plain`].
    plain: bool,
    /// The same trees laid out for [`Trees::score_many`] (empty unless the model is plain).
    walk: Walk,
    /// Features the model reads (its largest feature index + 1).
    pub features: usize,
}

/// A plain model's trees laid out for walks held in registers ([`Trees::score_many`]): each
/// tree in preorder, so a node's left child is the next step and only the right child is
/// stored, with its threshold rounded to `f32` (8 bytes a step: the model in a third of the
/// memory). Each leaf is a step that leads to itself whatever the value (threshold −∞, right
/// child itself), so walks that have ended stay put while the others step on.
#[derive(Clone, Debug, Default, PartialEq)]
struct Walk {
    /// Each tree's root; a tree's `right` children count from it.
    roots: Vec<u32>,
    steps: Vec<Step>,
    /// Each step's exact threshold: a value that rounds to the step's `f32` threshold is
    /// compared with it (rounding keeps order, so only such a value can be judged wrongly).
    exact: Vec<f64>,
    /// The leaf's value at a leaf's step (0 at the others).
    values: Vec<f64>,
}

/// One step of [`Walk`]: a value goes to `right` when it is above `threshold`, else to the
/// next step.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Step {
    threshold: f32,
    right: u16,
    feature: u16,
}

impl Walk {
    /// The layout of a plain model's trees, or an empty one when a tree has more than 65,535
    /// nodes and leaves (then [`Trees::score_many`] walks as [`Trees::score`] does).
    fn new(model: &Trees) -> Walk {
        let mut walk = Walk::default();
        for &root in &model.roots {
            walk.roots.push(walk.steps.len() as u32);
            walk.lay(model, root);
            if walk.steps.len() - walk.roots[walk.roots.len() - 1] as usize > usize::from(u16::MAX)
            {
                return Walk::default();
            }
        }
        walk
    }

    /// Lays out the subtree at `node` (a leaf `!index` below zero) in preorder.
    fn lay(&mut self, model: &Trees, node: i32) {
        let root = self.roots[self.roots.len() - 1] as usize;
        let at = self.steps.len();
        let (threshold, feature, value) = if node < 0 {
            (f64::NEG_INFINITY, 0, model.leaves[!node as usize])
        } else {
            let n = &model.nodes[node as usize];
            (n.threshold, n.feature, 0.0)
        };
        self.steps.push(Step {
            threshold: threshold as f32,
            right: (at - root) as u16,
            feature,
        });
        self.exact.push(threshold);
        self.values.push(value);
        if node >= 0 {
            let n = model.nodes[node as usize];
            self.lay(model, n.left);
            self.steps[at].right = (self.steps.len() - root) as u16;
            self.lay(model, n.right);
        }
    }
}

/// Why a model file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError(pub String);

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

impl Trees {
    /// Reads LightGBM's text format.
    pub fn parse(text: &str) -> Result<Trees, ModelError> {
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
        for (n, t) in trees.iter().enumerate() {
            let nodes = t.feature.len();
            let sound = t.threshold.len() == nodes
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
                });
            if !sound {
                return Err(ModelError(format!("tree {} is malformed", n)));
            }
        }
        if trees.is_empty() {
            return Err(ModelError("no trees".into()));
        }
        let mut model = Trees {
            features,
            ..Trees::default()
        };
        for t in &trees {
            let (node_base, leaf_base) = (model.nodes.len() as i32, model.leaves.len() as i32);
            let child = |c: i32| {
                if c >= 0 {
                    c + node_base
                } else {
                    !(!c + leaf_base)
                }
            };
            model.roots.push(if t.feature.is_empty() {
                !leaf_base
            } else {
                node_base
            });
            for i in 0..t.feature.len() {
                model.nodes.push(Node {
                    threshold: t.threshold[i],
                    left: child(t.left[i]),
                    right: child(t.right[i]),
                    feature: t.feature[i],
                    decision: t.decision[i],
                });
            }
            model.leaves.extend(&t.leaf);
        }
        model.plain = model.nodes.iter().all(|n| plain(n.decision));
        if model.plain {
            model.walk = Walk::new(&model);
        }
        Ok(model)
    }

    /// The model's raw score of `x` (at least [`Trees::features`] values): the sum of the
    /// trees' leaves, added in the trees' order as LightGBM adds them.
    #[must_use]
    pub fn score(&self, x: &[f64]) -> f64 {
        assert!(x.len() >= self.features, "too few features for the model");
        // The features are numbers, never NaN: where every node is plain, the walk is one
        // comparison per node (the policy scores millions of candidates in a search).
        let fast = self.plain && x.iter().all(|v| !v.is_nan());
        let mut sum = 0.0;
        for &root in &self.roots {
            let mut node = root;
            while node >= 0 {
                let n = &self.nodes[node as usize];
                let v = x[n.feature as usize];
                let left = if fast {
                    v <= n.threshold
                } else {
                    goes_left(n, v)
                };
                node = if left { n.left } else { n.right };
            }
            sum += self.leaves[!node as usize];
        }
        sum
    }

    /// The scores of many rows at once, each the same as [`Trees::score`] gives it (the same
    /// leaves added in the same order).
    ///
    /// A walk down a tree is a chain of dependent loads (the step, then its feature's value),
    /// so the rows walk in groups of four, then two, then one, each group's walks held in
    /// registers and stepped together over the [`Walk`] layout: the processor runs the walks'
    /// loads side by side, and a step is a comparison and a conditional move.
    #[must_use]
    pub fn score_many<X: AsRef<[f64]>>(&self, rows: &[X]) -> Vec<f64> {
        let fast = !self.walk.roots.is_empty()
            && rows.iter().all(|x| {
                let x = x.as_ref();
                assert!(x.len() >= self.features, "too few features for the model");
                // −∞ would not go right at a leaf's step; no feature is infinite.
                x.iter().all(|v| v.is_finite())
            });
        if !fast {
            return rows.iter().map(|x| self.score(x.as_ref())).collect();
        }
        let mut sums = vec![0.0; rows.len()];
        let mut at = 0;
        while at < rows.len() {
            let (rest, sums) = (&rows[at..], &mut sums[at..]);
            at += match rest.len() {
                1 => self.walk_together::<1, X>(rest, sums),
                2 | 3 => self.walk_together::<2, X>(rest, sums),
                _ => self.walk_together::<4, X>(rest, sums),
            };
        }
        sums
    }

    /// The scores of the first `N` of `rows` into `sums` ([`Trees::score_many`]); returns `N`.
    fn walk_together<const N: usize, X: AsRef<[f64]>>(
        &self,
        rows: &[X],
        sums: &mut [f64],
    ) -> usize {
        let x: [&[f64]; N] = std::array::from_fn(|i| &rows[i].as_ref()[..self.features]);
        let rounded: [Vec<f32>; N] =
            std::array::from_fn(|i| x[i].iter().map(|&v| v as f32).collect());
        let mut sum = [0.0; N];
        for &root in &self.walk.roots {
            let root = root as usize;
            let steps = &self.walk.steps[root..];
            let mut at = [0u16; N];
            loop {
                let before = at;
                for r in 0..N {
                    let a = at[r];
                    let step = &steps[usize::from(a)];
                    let f = usize::from(step.feature);
                    let v = rounded[r][f];
                    let mut right = v > step.threshold;
                    if v == step.threshold {
                        right = x[r][f] > self.walk.exact[root + usize::from(a)];
                    }
                    at[r] = if right { step.right } else { a + 1 };
                }
                if at == before {
                    break;
                }
            }
            for (s, a) in sum.iter_mut().zip(&at) {
                *s += self.walk.values[root + usize::from(*a)];
            }
        }
        sums[..N].copy_from_slice(&sum);
        N
    }

    /// Trees in the model.
    #[must_use]
    pub fn len(&self) -> usize {
        self.roots.len()
    }

    /// Whether the model has no trees (never, once read).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
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
    }

    /// The walk of many rows ([`Trees::score_many`]) against the plain walk ([`Trees::score`])
    /// on the embedded model: random rows whose values are often a threshold exactly, or one
    /// step of `f64` either side (where rounding to `f32` could go wrong), every score the same
    /// to the bit, in groups of every size.
    #[test]
    fn many_rows_score_as_each_alone() {
        let model = Trees::parse(crate::strategy::learned_policy::EMBEDDED_MODEL).unwrap();
        assert!(!model.walk.roots.is_empty());
        let thresholds: Vec<f64> = model.nodes.iter().map(|n| n.threshold).collect();
        let mut rng = fastrand::Rng::with_seed(46);
        for rows in 1..=9 {
            for _ in 0..200 {
                let batch: Vec<Vec<f64>> = (0..rows)
                    .map(|_| {
                        (0..model.features)
                            .map(|_| {
                                let t = thresholds[rng.usize(..thresholds.len())];
                                match rng.u8(..4) {
                                    0 => t,
                                    1 => f64::from_bits(t.to_bits().wrapping_add(1)),
                                    2 => f64::from_bits(t.to_bits().wrapping_sub(1)),
                                    _ => rng.f64() * 40.0 - 20.0,
                                }
                            })
                            .collect()
                    })
                    .collect();
                let together = model.score_many(&batch);
                for (x, s) in batch.iter().zip(&together) {
                    assert_eq!(model.score(x).to_bits(), s.to_bits());
                }
            }
        }
    }

    #[test]
    fn a_broken_model_is_refused() {
        assert!(Trees::parse("").is_err());
        assert!(Trees::parse(&SMALL.replace("left_child=-1 -2", "left_child=-1 7")).is_err());
        assert!(Trees::parse(&SMALL.replace("split_feature=0 1", "split_feature=0 5")).is_err());
        assert!(Trees::parse(&SMALL.replace("threshold=0.5 2", "threshold=0.5 x")).is_err());
    }
}
