//! Seeded deals and the platform's `cards.dat` form.

use ddz_core::game::deal::{parse_dat, write_dat, Deal, DealError};

#[test]
fn seeded_deals_are_reproducible_and_whole() {
    let a = Deal::seeded(7, 3);
    assert_eq!(a, Deal::seeded(7, 3));
    assert_ne!(a, Deal::seeded(7, 4));
    assert_ne!(a, Deal::seeded(8, 3));
    for i in 0..200 {
        assert!(Deal::seeded(1, i).is_valid());
    }
}

#[test]
fn dat_round_trip() {
    let deals: Vec<Deal> = (0..5).map(|i| Deal::seeded(42, i)).collect();
    let text = write_dat(&deals);
    assert!(text.lines().all(|l| l.ends_with(" \r") || l.ends_with(' ')));
    assert_eq!(parse_dat(&text).unwrap(), deals);
}

#[test]
fn bad_files_name_the_problem() {
    let text = Deal::seeded(1, 1).to_dat();
    let lines: Vec<&str> = text.lines().collect();
    let three: String = lines[..3].iter().map(|l| format!("{}\n", l)).collect();
    assert_eq!(parse_dat(&three), Err(DealError::Truncated));
    // Seat B given seat A's cards: sizes fit, but the deck is not whole.
    let twice = format!("{}\n{}\n{}\n{}\n", lines[0], lines[0], lines[2], lines[3]);
    assert_eq!(parse_dat(&twice), Err(DealError::NotADeck(4)));
    let short: String = lines[0]
        .split_whitespace()
        .take(16)
        .map(|c| format!("{} ", c))
        .collect();
    assert!(matches!(parse_dat(&short), Err(DealError::WrongSize(1, _))));
    assert!(matches!(
        parse_dat("1 2 x\n"),
        Err(DealError::BadLine(1, _))
    ));
}
