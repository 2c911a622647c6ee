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
    pub(crate) n: usize,
    /// The mean; 0 for no values.
    pub mean: f64,
    /// The unbiased sample variance; `None` below two values.
    pub(crate) variance: Option<f64>,
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
    pub(crate) fn std_error(&self) -> Option<f64> {
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
/// rational approximation, relative error below 1.2e-9; ±∞ at 0 and 1).
#[must_use]
pub(crate) fn normal_quantile(p: f64) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The quantile inverts the normal distribution function, computed here independently by
    /// integrating the density (Simpson's rule), and gives the familiar points.
    #[test]
    fn the_normal_quantile_inverts_the_distribution() {
        let cdf = |z: f64| {
            let steps = 20_000;
            let (a, b) = (-12.0, z);
            let h = (b - a) / f64::from(steps);
            let f = |x: f64| (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
            let mut sum = f(a) + f(b);
            for i in 1..steps {
                let x = a + h * f64::from(i);
                sum += if i % 2 == 1 { 4.0 } else { 2.0 } * f(x);
            }
            sum * h / 3.0
        };
        for p in [
            1e-7, 1e-4, 0.001, 0.01, 0.02, 0.025, 0.1, 0.3, 0.5, 0.8, 0.975, 0.999,
        ] {
            let z = normal_quantile(p);
            assert!(
                (cdf(z) - p).abs() < 1e-8 + 1e-6 * p,
                "p {} z {} cdf {}",
                p,
                z,
                cdf(z)
            );
        }
        assert!((normal_quantile(0.975) - Z95).abs() < 1e-3);
        assert_eq!(normal_quantile(0.5), 0.0);
    }

    #[test]
    fn a_worked_example() {
        // Mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, variance 32/7, error √(4/7).
        let e = Estimate::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(e.n, 8);
        assert_eq!(e.mean, 5.0);
        assert!((e.variance.unwrap() - 32.0 / 7.0).abs() < 1e-12);
        assert!((e.std_error().unwrap() - (4.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert!((e.half_width(Z95) - 1.96 * (4.0f64 / 7.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn below_two_values_the_spread_is_unknown() {
        let none = Estimate::of(&[]);
        assert_eq!((none.n, none.mean, none.variance), (0, 0.0, None));
        assert_eq!(none.std_error(), None);
        assert_eq!(none.half_width(Z95), f64::INFINITY);
        let one = Estimate::of(&[-3.5]);
        assert_eq!((one.n, one.mean, one.variance), (1, -3.5, None));
        assert_eq!(one.std_error(), None);
        assert_eq!(one.half_width(Z95), f64::INFINITY);
        let two = Estimate::of(&[-3.5, 0.5]);
        assert_eq!(two.mean, -1.5);
        // Deviations ±2: variance 8, error √(8/2) = 2.
        assert_eq!(two.variance, Some(8.0));
        assert!((two.std_error().unwrap() - 2.0).abs() < 1e-12);
    }

    #[test]
    fn matches_a_one_pass_computation() {
        // Welford's running update, an independent route to the same figures.
        let mut rng = fastrand::Rng::with_seed(19);
        for len in 2..60 {
            let xs: Vec<f64> = (0..len)
                .map(|_| f64::from(rng.i32(-12..=12) * 2) + 1e3 * rng.f64())
                .collect();
            let (mut mean, mut m2) = (0.0, 0.0);
            for (i, &x) in xs.iter().enumerate() {
                let delta = x - mean;
                mean += delta / (i + 1) as f64;
                m2 += delta * (x - mean);
            }
            let se = (m2 / (len - 1) as f64 / len as f64).sqrt();
            let e = Estimate::of(&xs);
            assert!((e.mean - mean).abs() < 1e-9, "len {}", len);
            assert!((e.std_error().unwrap() - se).abs() < 1e-9, "len {}", len);
        }
        // Equal values: no spread at all.
        assert_eq!(Estimate::of(&[4.0; 9]).std_error(), Some(0.0));
    }

    #[test]
    fn a_lead_made_by_one_deal_is_one_standard_error() {
        // One difference d among n zeros: mean d/n, variance d²/n, error d/n, exactly the mean;
        // the thinking player's stick compares the two, so they must come out equal.
        for n in 2..40 {
            let mut xs = vec![0.0; n];
            xs[n / 2] = 4.0;
            let e = Estimate::of(&xs);
            assert_eq!(e.mean, 4.0 / n as f64);
            assert!((e.std_error().unwrap() - e.mean).abs() < 1e-12, "n {}", n);
        }
    }
}
