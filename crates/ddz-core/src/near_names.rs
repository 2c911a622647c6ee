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
/// suggest `eval`). Ties go to the first name listed.
///
/// ```
/// use ddz_core::near_names::nearest;
///
/// let players = ["greedy", "rules", "thinker", "random"];
/// assert_eq!(nearest("gredy", players), Some("greedy"));
/// assert_eq!(nearest("thinkr", players), Some("thinker"));
/// assert_eq!(nearest("alphazero", players), None); // far from every name
/// assert_eq!(nearest("r", players), None); // too short to guess which
/// ```
#[must_use]
pub fn nearest<'a, I>(typed: &str, names: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let limit = MOST_EDITS.min(typed.chars().count().saturating_sub(1));
    let mut best: Option<(usize, &'a str)> = None;
    for name in names {
        let d = edit_distance(typed, name);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance by its definition: the fewest edits over every way to edit, found by a
    /// breadth-first search over strings (small words only), an independent path.
    fn edits_by_search(a: &str, b: &str) -> usize {
        use std::collections::{HashSet, VecDeque};
        let alphabet: Vec<char> = a.chars().chain(b.chars()).collect();
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        queue.push_back((a.chars().collect::<Vec<char>>(), 0));
        seen.insert(a.to_string());
        while let Some((w, d)) = queue.pop_front() {
            if w.iter().collect::<String>() == b {
                return d;
            }
            let mut next = Vec::new();
            for i in 0..=w.len() {
                for &c in &alphabet {
                    let mut v = w.clone();
                    v.insert(i, c);
                    next.push(v);
                }
                if i < w.len() {
                    let mut v = w.clone();
                    v.remove(i);
                    next.push(v);
                    for &c in &alphabet {
                        let mut v = w.clone();
                        v[i] = c;
                        next.push(v);
                    }
                }
            }
            for v in next {
                if v.len() <= a.len().max(b.len()) + 1 && seen.insert(v.iter().collect()) {
                    queue.push_back((v, d + 1));
                }
            }
        }
        unreachable!("b is always reachable")
    }

    #[test]
    fn the_distance_agrees_with_a_search_over_edits() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "samples", "sample", "bid", "bd",
        ];
        for a in words {
            for b in words {
                if a.len() <= 3 && b.len() <= 3 {
                    assert_eq!(edit_distance(a, b), edits_by_search(a, b), "{} {}", a, b);
                }
            }
        }
        assert_eq!(edit_distance("sample", "samples"), 1);
        assert_eq!(edit_distance("smaples", "samples"), 2);
        assert_eq!(edit_distance("思考", "思考"), 0);
    }

    #[test]
    fn suggests_only_names_near_enough() {
        let names = ["think", "samples", "table-mb", "bid", "eval"];
        assert_eq!(nearest("sample", names), Some("samples"));
        assert_eq!(nearest("tabel-mb", names), Some("table-mb"));
        assert_eq!(nearest("fast", names), None);
        assert_eq!(nearest("x", names), None);
        assert_eq!(nearest("bd", names), Some("bid"));
        assert_eq!(did_you_mean("thnk", names), " (did you mean 'think'?)");
        assert_eq!(did_you_mean("zzzzzz", names), "");
    }
}
