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

#[cfg(test)]
mod tests {
    use super::*;

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
