//! `ddz classify`: the rules' reading of one play, asked from the command line.
//!
//! `ddz classify PLAY` prints one line, `<type>, key <rank>, <n> cards` (`1 card` for one),
//! followed by `, <L> links` for chains and planes and by `, ambiguous` when platforms may read
//! the cards differently; or `invalid: <reason>` when the cards are no legal play (exit 0: the
//! question was well asked). `PLAY` is read as `ddz moves` reads cards ([`super::moves`]).

use crate::cards::{Cards, Counts, Rank};
use crate::cli::{Arg, Args};
use crate::rules::classify;
use anyhow::{bail, Context};

/// Usage of `ddz classify`.
pub(crate) const CLASSIFY_USAGE: &str = "\
usage: ddz classify PLAY
The type, key and size of PLAY (`invalid: why` for cards that are no play). Cards as for
ddz moves, spaces allowed (ddz classify 3 3 3 4).";

/// `ddz classify PLAY`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut words = Vec::new();
    let mut line = Args::new("classify", CLASSIFY_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Word(w) => words.push(w),
            other => return Err(line.unknown(&other).into()),
        }
    }
    // The words are read together: cards may be typed with spaces.
    if words.is_empty() {
        bail!("no PLAY given (usage: ddz classify PLAY)");
    }
    let text = words.join(" ");
    let cards = Cards::parse_any(&text)
        .with_context(|| format!("PLAY '{}'", text))?
        .counts();
    println!("{}", describe(cards));
    Ok(())
}

/// The line `ddz classify` prints for these cards.
#[must_use]
pub(crate) fn describe(cards: Counts) -> String {
    match classify(cards) {
        Some(combo) => {
            let size = combo.size();
            let mut line = format!(
                "{}, key {}, {} card{}",
                combo.kind.name(),
                combo.key,
                size,
                if size == 1 { "" } else { "s" }
            );
            let chain = combo.kind.is_chain();
            if chain {
                line.push_str(&format!(", {} links", combo.len));
            }
            if combo.is_ambiguous() {
                line.push_str(", ambiguous");
            }
            line
        }
        None => format!("invalid: {}", why_invalid(cards)),
    }
}

/// Why cards that [`classify`] rejects are no legal play, as a short phrase.
#[must_use]
pub(crate) fn why_invalid(cards: Counts) -> String {
    let n = cards.total();
    if n == 0 {
        return "no cards".into();
    }
    let ranks: Vec<Rank> = cards.ranks().collect();
    let most = ranks.iter().map(|&r| cards.get(r)).max().unwrap_or(0);
    let uniform = ranks.iter().all(|&r| cards.get(r) == most);
    if n == 2 && ranks.len() == 2 {
        return "two cards of different ranks are no pair".into();
    }
    if uniform && most <= 3 && ranks.len() >= 2 {
        let (name, min) = match most {
            1 => ("straight", 5),
            2 => ("pair straight", 3),
            _ => ("plane", 2),
        };
        if ranks.iter().any(|r| !r.chains()) {
            return format!("a {} may not hold a 2 or a joker", name);
        }
        let low = ranks[0].index();
        let high = ranks[ranks.len() - 1].index();
        if high - low + 1 != ranks.len() {
            return format!("the ranks of a {} must be consecutive", name);
        }
        if ranks.len() < min {
            return format!("a {} needs at least {} ranks", name, min);
        }
    }
    if most == 4 {
        return "a four is a bomb alone, or takes two single cards or two pairs (the jokers are \
                no pair)"
            .into();
    }
    if most >= 3 && n == 5 {
        return "a triple takes one card or one pair (the jokers are no pair)".into();
    }
    if most >= 3 {
        return format!(
            "{} cards with a triple are no triple with one, and no plane of consecutive triples \
             within 3..A with as many single cards or pairs as triples",
            n
        );
    }
    format!("{} cards match no type of the table", n)
}
