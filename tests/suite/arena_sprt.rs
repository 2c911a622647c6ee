//! The SPRT: its error rates by simulation (streams with known means: it must decide right at
//! about the stated rates), and in the arena, a pair with a large known difference decided in
//! few deals, both ways round; and its reading, bounds and log-likelihood ratio computed
//! directly.

use ddz::arena::count::sprt::{Decision, Sprt, SprtConfig};
use ddz::arena::{run, ArenaConfig, Format};

/// Simulated tests per case: the error-rate estimate's standard error is then under 0.01.
const RUNS: usize = 1000;
/// Longest simulated test; the SPRT stops long before with these margins.
const MAX_SAMPLES: usize = 100_000;

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut fastrand::Rng) -> f64 {
    let u = rng.f64().max(1e-300);
    let v = rng.f64();
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// The share of `RUNS` tests on `draw`'s stream that accept H1, and the mean deals used.
fn h1_rate(
    config: SprtConfig,
    seed: u64,
    mut draw: impl FnMut(&mut fastrand::Rng) -> f64,
) -> (f64, f64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (mut h1, mut samples) = (0, 0);
    for _ in 0..RUNS {
        let mut s = Sprt::new(config);
        let decision = loop {
            s.add(draw(&mut rng));
            if let Some(d) = s.decision() {
                break d;
            }
            assert!((s.samples() as usize) < MAX_SAMPLES, "no decision");
        };
        h1 += usize::from(decision == Decision::H1);
        samples += s.samples();
    }
    (h1 as f64 / RUNS as f64, samples as f64 / RUNS as f64)
}

/// An observed error rate is "about the stated rate": not above it by more than this (Wald's
/// bounds make the true rate at most about the stated one; the estimated variance adds a
/// little), and not so far below that the test would be needlessly long.
const OVER: f64 = 0.03;

fn check_rates(config: SprtConfig, sd: f64, seed: u64) {
    let (m0, m1) = (config.margin0, config.margin1);
    let (false_h1, n0) = h1_rate(config, seed, |r| m0 + sd * normal(r));
    let (true_h1, n1) = h1_rate(config, seed + 1, |r| m1 + sd * normal(r));
    let false_h0 = 1.0 - true_h1;
    println!(
        "{:?} sd {}: false H1 {:.3} ({:.0} samples), false H0 {:.3} ({:.0} samples)",
        config, sd, false_h1, n0, false_h0, n1
    );
    assert!(
        false_h1 <= config.alpha + OVER,
        "false H1 rate {}",
        false_h1
    );
    assert!(false_h0 <= config.beta + OVER, "false H0 rate {}", false_h0);
    assert!(
        false_h1 >= config.alpha / 5.0,
        "false H1 rate {} far below α",
        false_h1
    );
    assert!(
        false_h0 >= config.beta / 5.0,
        "false H0 rate {} far below β",
        false_h0
    );
    // Far from both margins the decision is (almost) always right.
    let wide = 3.0 * (m1 - m0);
    let (low, _) = h1_rate(config, seed + 2, |r| m0 - wide + sd * normal(r));
    let (high, _) = h1_rate(config, seed + 3, |r| m1 + wide + sd * normal(r));
    assert!(low < 0.01 && high > 0.99, "{} {}", low, high);
}

#[test]
fn error_rates_are_about_the_stated_ones() {
    check_rates(SprtConfig::parse("0,0.25").unwrap(), 1.0, 1);
    check_rates(SprtConfig::parse("-10,10,0.1,0.2").unwrap(), 100.0, 2);
}

#[test]
fn error_rates_on_lumpy_score_differences() {
    // Differences like a pair match's: mostly small, now and then a large swing either way
    // (a bomb game, a spring), shifted to the hypotheses' means.
    let config = SprtConfig::parse("0,30").unwrap();
    let lumpy = |r: &mut fastrand::Rng| -> f64 {
        let base = match r.usize(..20) {
            0 => -600.0,
            1 => 600.0,
            2..=4 => -200.0,
            5..=7 => 200.0,
            _ => 0.0,
        };
        base + 50.0 * normal(r)
    };
    let (false_h1, _) = h1_rate(config, 7, lumpy);
    let (true_h1, _) = h1_rate(config, 8, |r| 30.0 + lumpy(r));
    println!(
        "lumpy: false H1 {:.3}, false H0 {:.3}",
        false_h1,
        1.0 - true_h1
    );
    assert!(
        false_h1 <= config.alpha + OVER,
        "false H1 rate {}",
        false_h1
    );
    assert!(
        1.0 - true_h1 <= config.beta + OVER,
        "false H0 rate {}",
        1.0 - true_h1
    );
}

fn pair(x: &str, y: &str, sprt: &str) -> ArenaConfig {
    ArenaConfig {
        players: vec![x.to_string(), y.to_string()],
        format: Format::Pair,
        games: 1000,
        seed: 5,
        jobs: 2,
        sprt: Some(SprtConfig::parse(sprt).unwrap()),
        ..ArenaConfig::default()
    }
}

#[test]
fn a_large_known_difference_is_decided_in_few_deals() {
    let report = run(
        &pair("builtin:rules", "builtin:random", "0,50"),
        &mut |_| Ok(()),
    )
    .unwrap();
    let s = report.sprt.as_ref().expect("the test ran");
    assert_eq!(s.decision(), Some(Decision::H1), "{}", s.status());
    assert!(s.samples() < 100, "{}", s.status());
    assert_eq!(
        report.deals,
        s.samples(),
        "no deal reported past the decision"
    );
    assert!(report.summary().contains("H1 accepted"));
    let back = run(
        &pair("builtin:random", "builtin:rules", "0,50"),
        &mut |_| Ok(()),
    )
    .unwrap();
    let s = back.sprt.as_ref().expect("the test ran");
    assert_eq!(s.decision(), Some(Decision::H0), "{}", s.status());
    assert!(s.samples() < 100, "{}", s.status());
}

#[test]
fn parse_and_bounds() {
    let c = SprtConfig::parse("0,20").unwrap();
    assert_eq!(
        (c.margin0, c.margin1, c.alpha, c.beta),
        (0.0, 20.0, 0.05, 0.05)
    );
    assert!((c.upper() - (0.95f64 / 0.05).ln()).abs() < 1e-12);
    assert!((c.lower() + (0.95f64 / 0.05).ln()).abs() < 1e-12);
    let d = SprtConfig::parse("-5, 5, 0.1, 0.2").unwrap();
    assert_eq!((d.alpha, d.beta), (0.1, 0.2));
    for bad in ["", "1", "5,0", "0,1,0.05", "0,1,0.6,0.05", "a,b"] {
        assert!(SprtConfig::parse(bad).is_err(), "{}", bad);
    }
}

#[test]
fn llr_matches_the_normal_likelihood_ratio() {
    // Against the direct sum of log-density ratios with the same variance.
    let xs = [3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, 6.0];
    let mut s = Sprt::new(SprtConfig::parse("0,2").unwrap());
    for x in xs {
        s.add(x);
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    let direct: f64 = xs
        .iter()
        .map(|x| ((x - 0.0) * (x - 0.0) - (x - 2.0) * (x - 2.0)) / (2.0 * var))
        .sum();
    assert!((s.llr() - direct).abs() < 1e-9, "{} vs {}", s.llr(), direct);
    assert!((s.mean() - mean).abs() < 1e-12);
}
