//! Near names: the one helper behind every "did you mean …?" (unknown settings in player specs,
//! unknown built-in players, flags and subcommands). A typo is a few edits away from the name
//! meant; a word that far from every name gets no suggestion rather than a wrong one.

/// The most edits a suggestion may be away from what was typed: one or two typos, a missing or
/// extra letter (`sample` for `samples`, `--game` for `--games`, `gredy` for `greedy`).
const MOST_EDITS: usize = 2;

/// The number of single-character insertions, deletions and substitutions that turn `a` into
/// `b` (Levenshtein distance), by characters, not bytes.
///
/// ```
/// use ddz_core::near_names::edit_distance;
///
/// assert_eq!(edit_distance("sample", "samples"), 1); // a letter missing
/// assert_eq!(edit_distance("gredy", "greedy"), 1);
/// assert_eq!(edit_distance("smaples", "samples"), 2); // two letters swapped: two edits
/// assert_eq!(edit_distance("地主", "地主"), 0); // by characters, not bytes
/// assert_eq!(edit_distance("", "bid"), 3);
/// ```
#[must_use]
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // One row of the table at a time: the distances from a's first i characters to each
    // prefix of b.
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            row[j + 1] = (previous[j + 1] + 1)
                .min(row[j] + 1)
                .min(previous[j] + cost);
        }
        previous = row;
    }
    previous[b.len()]
}

/// The name among `names` nearest to `typed`, when one is near enough to be the one meant:
/// at most `MOST_EDITS` edits, and fewer edits than the word is long (so `x` does not
/// suggest `eval`). Ties go to the first name listed. Case is no edit (`DDZ` is `ddz` typed
/// with caps lock on): the names are compared in lower case.
///
/// ```
/// use ddz_core::near_names::nearest;
///
/// let players = ["greedy", "rules", "thinker", "random"];
/// assert_eq!(nearest("gredy", players), Some("greedy"));
/// assert_eq!(nearest("thinkr", players), Some("thinker"));
/// assert_eq!(nearest("alphazero", players), None); // far from every name
/// assert_eq!(nearest("r", players), None); // too short to guess which
/// assert_eq!(nearest("RULES", players), Some("rules")); // case is no edit
/// ```
#[must_use]
pub fn nearest<'a, I>(typed: &str, names: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let limit = MOST_EDITS.min(typed.chars().count().saturating_sub(1));
    let typed = typed.to_lowercase();
    let mut best: Option<(usize, &'a str)> = None;
    for name in names {
        let d = edit_distance(&typed, &name.to_lowercase());
        if d <= limit && best.map_or(true, |(b, _)| d < b) {
            best = Some((d, name));
        }
    }
    best.map(|(_, name)| name)
}

/// `" (did you mean 'NAME'?)"` for the nearest name, or nothing: the end of an error message.
///
/// ```
/// use ddz_core::near_names::did_you_mean;
///
/// let settings = ["think", "samples", "bid"];
/// let said = format!("unknown setting 'sample'{}", did_you_mean("sample", settings));
/// assert_eq!(said, "unknown setting 'sample' (did you mean 'samples'?)");
/// assert_eq!(did_you_mean("zzzz", settings), "");
/// ```
#[must_use]
pub fn did_you_mean<'a, I>(typed: &str, names: I) -> String
where
    I: IntoIterator<Item = &'a str>,
{
    match nearest(typed, names) {
        Some(name) => format!(" (did you mean '{}'?)", name),
        None => String::new(),
    }
}
