//! Trick numbers: a trick ends after two passes.

use ddz_core::game::trick_numbers;

#[test]
fn a_trick_ends_after_two_passes() {
    // A leads, B beats, C and A pass: B leads the second trick, which C wins after two
    // passes; C leads the third.
    let plays = [false, false, true, true, false, false, true, true, false];
    assert_eq!(trick_numbers(plays), vec![0, 0, 0, 0, 1, 1, 1, 1, 2]);
}

#[test]
fn one_pass_does_not_end_a_trick() {
    let plays = [false, true, false, true, false];
    assert_eq!(trick_numbers(plays), vec![0; 5]);
    assert!(trick_numbers(std::iter::empty()).is_empty());
}
