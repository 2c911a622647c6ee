//! Tricks: a trick starts with a lead and ends when two passes follow its last play (both
//! other seats declined it), after which the seat that made that play leads again.

/// The trick (from 0) each play of a game belongs to, given whether each play, in order, was
/// a pass. A play that is not a pass after two passes in a row starts the next trick.
///
/// ```
/// use ddz_core::game::trick_numbers;
///
/// // A leads, B beats, C and A pass: B's play takes the trick and B leads the next, which one
/// // pass does not end.
/// let passes = [false, false, true, true, false, true, false];
/// assert_eq!(trick_numbers(passes), [0, 0, 0, 0, 1, 1, 1]);
/// ```
#[must_use]
pub fn trick_numbers(passes: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut numbers = Vec::new();
    let mut trick = 0;
    let mut passes_in_a_row = 0;
    for (i, pass) in passes.into_iter().enumerate() {
        if pass {
            passes_in_a_row += 1;
        } else {
            if i > 0 && passes_in_a_row >= 2 {
                trick += 1;
            }
            passes_in_a_row = 0;
        }
        numbers.push(trick);
    }
    numbers
}
