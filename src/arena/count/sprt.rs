//! The sequential probability ratio test on paired per-deal score differences: "is X stronger
//! than Y by at least this much?" decided with as few deals as the data allow, the way chess
//! engine testers (cutechess, fastchess, OpenBench) decide on a change.
//!
//! Model. Each deal gives one difference `d` = X's mean score per seat on the deal minus Y's
//! (pair and duplicate formats: both played every seat of the same deal), or X's team points
//! minus Y's (team format). The `d` are taken as independent draws of a distribution with mean
//! `μ` and variance `σ²`. The hypotheses are H0: `μ = margin0` and H1: `μ = margin1`
//! (`margin0 < margin1`, in points per deal). As in the generalised SPRT of fastchess and
//! OpenBench for their normalised models, the log-likelihood ratio is that of two normal laws
//! with the variance estimated from the data so far:
//!
//! `LLR = n · (margin1 − margin0) · (2·mean − margin0 − margin1) / (2·var)`
//!
//! where `mean` and `var` are the sample mean and (unbiased) variance of the `n` differences.
//! Wald's bounds decide: H1 is accepted once `LLR ≥ ln((1 − β) / α)`, H0 once
//! `LLR ≤ ln(β / (1 − α))`, where `α` is the chance of accepting H1 when H0 holds and `β` the
//! chance of accepting H0 when H1 holds. The normal law stands on the central limit theorem,
//! so no decision is taken before [`MIN_SAMPLES`] deals (the variance estimate of a handful of
//! deals is too rough). `tests/suite/arena_sprt.rs` checks the error rates by simulation.

use crate::estimate::Estimate;

/// Default chance of accepting H1 when H0 holds.
pub(crate) const DEFAULT_ALPHA: f64 = 0.05;
/// Default chance of accepting H0 when H1 holds.
pub(crate) const DEFAULT_BETA: f64 = 0.05;
/// No decision before this many deals: the variance estimated from fewer is too rough for the
/// normal approximation (the simulated error rates exceed α and β with 8).
pub(crate) const MIN_SAMPLES: u64 = 20;
/// Smallest variance used, so identical differences do not divide by zero.
const MIN_VARIANCE: f64 = 1e-12;

/// The test's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    /// The mean difference under H0 (points per deal).
    pub margin0: f64,
    /// The mean difference under H1 (points per deal), above `margin0`.
    pub margin1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// A sequential test's `MARGIN0,MARGIN1[,ALPHA,BETA]` refused: the text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SprtSpecError {
    /// The text given.
    pub(crate) text: String,
    /// What is wrong with it.
    pub(crate) why: SprtProblem,
}

/// What is wrong with a sequential test's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SprtProblem {
    /// Not two or four numbers.
    Shape,
    /// MARGIN0 is not below MARGIN1.
    Margins,
    /// ALPHA or BETA outside (0, 0.5).
    Rates,
}

impl std::fmt::Display for SprtSpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.why {
            SprtProblem::Shape => write!(f, "'{}' is not MARGIN0,MARGIN1[,ALPHA,BETA]", self.text),
            SprtProblem::Margins => write!(f, "MARGIN0 must be below MARGIN1 in '{}'", self.text),
            SprtProblem::Rates => {
                write!(f, "ALPHA and BETA must be in (0, 0.5) in '{}'", self.text)
            }
        }
    }
}

impl std::error::Error for SprtSpecError {}

impl SprtConfig {
    /// Reads `MARGIN0,MARGIN1[,ALPHA,BETA]`.
    pub fn parse(text: &str) -> Result<SprtConfig, SprtSpecError> {
        let refused = |why| SprtSpecError {
            text: text.to_string(),
            why,
        };
        let fields: Result<Vec<f64>, _> = text.split(',').map(|f| f.trim().parse()).collect();
        let fields = fields.map_err(|_| refused(SprtProblem::Shape))?;
        let (margin0, margin1, alpha, beta) = match fields.as_slice() {
            [m0, m1] => (*m0, *m1, DEFAULT_ALPHA, DEFAULT_BETA),
            [m0, m1, a, b] => (*m0, *m1, *a, *b),
            _ => return Err(refused(SprtProblem::Shape)),
        };
        if !(margin0.is_finite() && margin1.is_finite() && margin0 < margin1) {
            return Err(refused(SprtProblem::Margins));
        }
        let rate_ok = |r: f64| r > 0.0 && r < 0.5;
        if !(rate_ok(alpha) && rate_ok(beta)) {
            return Err(refused(SprtProblem::Rates));
        }
        Ok(SprtConfig {
            margin0,
            margin1,
            alpha,
            beta,
        })
    }

    /// The lower bound: at or below it H0 is accepted.
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound: at or above it H1 is accepted.
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// What the test has concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 accepted: the difference is at most about `margin0`.
    H0,
    /// H1 accepted: the difference is at least about `margin1`.
    H1,
}

/// The running test: the differences seen so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The settings.
    pub(crate) config: SprtConfig,
    /// The differences seen so far.
    diffs: Vec<f64>,
}

impl Sprt {
    /// A test with nothing seen yet.
    #[must_use]
    pub fn new(config: SprtConfig) -> Sprt {
        Sprt {
            config,
            diffs: Vec::new(),
        }
    }

    /// Adds one deal's difference.
    pub fn add(&mut self, d: f64) {
        self.diffs.push(d);
    }

    /// Deals seen.
    #[must_use]
    pub fn samples(&self) -> u64 {
        self.diffs.len() as u64
    }

    /// The mean difference so far.
    #[must_use]
    pub fn mean(&self) -> f64 {
        Estimate::of(&self.diffs).mean
    }

    /// The log-likelihood ratio of H1 against H0 (0 before two deals: with the spread
    /// unknown, the data favour neither).
    #[must_use]
    pub fn llr(&self) -> f64 {
        let estimate = Estimate::of(&self.diffs);
        let var = match estimate.variance {
            Some(v) => v.max(MIN_VARIANCE),
            None => return 0.0,
        };
        let SprtConfig {
            margin0: m0,
            margin1: m1,
            ..
        } = self.config;
        estimate.n as f64 * (m1 - m0) * (2.0 * estimate.mean - m0 - m1) / (2.0 * var)
    }

    /// The decision, once the LLR has crossed a bound (never before [`MIN_SAMPLES`] deals).
    #[must_use]
    pub fn decision(&self) -> Option<Decision> {
        if self.samples() < MIN_SAMPLES {
            return None;
        }
        let llr = self.llr();
        if llr >= self.config.upper() {
            Some(Decision::H1)
        } else if llr <= self.config.lower() {
            Some(Decision::H0)
        } else {
            None
        }
    }

    /// One line for people: the LLR between its bounds, and the decision when taken.
    #[must_use]
    pub fn status(&self) -> String {
        let verdict = match self.decision() {
            Some(Decision::H0) => " H0 accepted",
            Some(Decision::H1) => " H1 accepted",
            None => "",
        };
        format!(
            "SPRT [{}, {}] α {} β {}: LLR {:.2} ({:.2}, {:.2}), {} deals, mean {:.2}{}",
            self.config.margin0,
            self.config.margin1,
            self.config.alpha,
            self.config.beta,
            self.llr(),
            self.config.lower(),
            self.config.upper(),
            self.samples(),
            self.mean(),
            verdict
        )
    }
}
