//! Botzone's variant: its readings, its comparisons and its scores.

use ddz_core::cards::Counts;
use ddz_core::rules::botzone_variant::{accepts, read, scores, BotzoneKind};
use BotzoneKind::*;

fn kind(text: &str) -> Option<BotzoneKind> {
    read(text.parse().unwrap()).map(|p| p.kind)
}

fn beats(a: &str, t: &str) -> bool {
    accepts(a.parse().unwrap(), Some(t.parse().unwrap()))
}

#[test]
fn the_variant_readings() {
    assert_eq!(kind("XD"), Some(Rocket));
    assert_eq!(kind("X2"), None);
    assert_eq!(kind("33334444"), Some(Shuttle));
    assert_eq!(kind("33334455"), Some(FourPairs));
    assert_eq!(kind("333355"), None, "a pair is not two singles");
    assert_eq!(kind("3333XD"), Some(FourSingles));
    assert_eq!(kind("33355"), Some(TriplePair));
    assert_eq!(kind("333XD"), None);
    assert_eq!(kind("3334445555"), None, "a four is not two pair wings");
    assert_eq!(kind("33344455"), None, "a pair is not two single wings");
    assert_eq!(kind("3334445566"), Some(PlanePairs));
    assert_eq!(kind("333444555666"), Some(Plane));
    assert_eq!(kind("333344445678"), Some(ShuttleSingles));
    assert_eq!(kind("3333444455667788"), Some(ShuttlePairs));
    assert_eq!(kind("QKA2X"), None);
    assert_eq!(kind("TJQKA"), Some(Straight));
    assert_eq!(kind("222333"), None);
}

#[test]
fn the_variant_comparisons() {
    assert!(beats("44445555", "33334444"));
    assert!(
        !beats("44445555", "33334455"),
        "a shuttle is no four with two pairs"
    );
    assert!(beats("3333", "44445555"), "a shuttle is no bomb");
    assert!(beats("XD", "2222"));
    assert!(!beats("34567", "3456789"));
    assert!(beats("4445", "333K"));
    assert!(!beats("44455", "333K"));
    assert!(!accepts(Counts::EMPTY, None));
    assert!(accepts(Counts::EMPTY, Some("3".parse().unwrap())));
}

#[test]
fn the_variant_scores() {
    assert_eq!(scores(0, 0, false, true), (2, -1));
    assert_eq!(scores(3, 2, true, false), (-48, 24));
}
