//! Near names: the edit distance against a search over edits, and the suggestions.

use ddz_core::near_names::{did_you_mean, edit_distance, nearest};

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
    // Case is no edit: a name typed in capitals is the name, and a near one still near.
    assert_eq!(nearest("THINK", names), Some("think"));
    assert_eq!(nearest("FAST", names), None);
    assert_eq!(nearest("Sample", names), Some("samples"));
}
