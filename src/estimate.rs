//! The mean and standard error of a sample: the one estimate behind every "±" the crate
//! prints or decides on (the thinking player's candidates, the arena's per-deal scores, the
//! arena's sequential test).
//!
//! Below two values the spread is unknown, and the estimate says so: with no values the mean
//! is 0 (no evidence either way) and with one it is that value; in both cases the variance and
//! [`Estimate::std_error`] are `None` and [`Estimate::half_width`] is infinite (an interval of
//! unknown width excludes nothing). Each caller decides what an unknown spread means for it.

/// z of a two-sided 95% interval of a normal mean.
pub const Z95: f64 = 1.96;

/// The mean and spread of a sample, computed in two passes over its values (the sum, then the
/// squared deviations from the mean): the mean is the sum over the size, so two samples
/// holding the same values have exactly the same mean, and a spread that equals a lead in
/// exact arithmetic compares equal to it (the thinking player's decisions rest on both).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// How many values.
    pub n: usize,
    /// The mean; 0 for no values.
    pub mean: f64,
    /// The unbiased sample variance; `None` below two values.
    pub variance: Option<f64>,
}

impl Estimate {
    /// The estimate from `values`.
    #[must_use]
    pub fn of(values: &[f64]) -> Estimate {
        let n = values.len();
        if n == 0 {
            return Estimate {
                n,
                mean: 0.0,
                variance: None,
            };
        }
        let size = n as f64;
        let mean = values.iter().sum::<f64>() / size;
        let variance = (n >= 2)
            .then(|| values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (size - 1.0));
        Estimate { n, mean, variance }
    }

    /// The standard error of the mean; `None` below two values.
    #[must_use]
    pub fn std_error(&self) -> Option<f64> {
        self.variance.map(|v| (v / self.n as f64).sqrt())
    }

    /// Half the width of the interval of `z` standard errors around the mean; infinite below
    /// two values.
    #[must_use]
    pub fn half_width(&self, z: f64) -> f64 {
        self.std_error().map_or(f64::INFINITY, |se| z * se)
    }
}

/// The standard normal quantile: the z with P(Z ≤ z) = `p`, for `p` in (0, 1) (Acklam's
/// rational approximation, relative error below 1.2e-9; ±∞ at 0 and 1): the z to give
/// [`Estimate::half_width`] for an interval of confidence `2p - 1`.
#[must_use]
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const LOW: f64 = 0.024_25;
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let tail = |q: f64| {
        let q = (-2.0 * q.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < LOW {
        tail(p)
    } else if p > 1.0 - LOW {
        -tail(1.0 - p)
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}
