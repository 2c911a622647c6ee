//! The mean and standard error of a sample, and the normal quantile that turns a confidence
//! into the z of its interval: checked against independent computations and worked examples.

use ddz::estimate::{normal_quantile, Estimate, Z95};

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
