//! `ddz moves`: the rules, asked from the command line (`ddz classify` beside it, in
//! [`super::classify`]).
//!
//! `ddz moves HAND [--follow PLAY]` prints every legal play of `HAND` (every lead, or every
//! answer to `PLAY`), one per line in human notation with ranks ascending, and nothing else.
//! Lines come in a fixed order (see [`crate::rules::generate::display_order`]): by kind in the official table's order
//! (rocket, bomb, single, pair, triple, triple with a single, triple with a pair, straight, pair
//! straight, plane, plane with single wings, plane with pair wings, four with two singles, four
//! with two pairs), then chain length, then key, then the cards compared as rank sequences
//! ascending; the line `pass` comes last, when passing is legal (that is, with `--follow`).
//! The list is the canonical one (SPEC); a play that some known platform would refuse there
//! (an answer it reads as not beating `PLAY`, or a lead it reads as no play at all: see
//! [`crate::rules::platform`]) is still listed, its line ending in `  # refused by P1, P2`
//! with the platforms' names (`sample2015`, `icga2019`). The engine itself never makes such
//! an answer.
//!
//! `HAND` and `PLAY` are human notation (`33344T`, `10` accepted for ten) or comma-separated
//! codes (`0,1,2`; a lone code with a trailing comma, `45,`), spaces allowed: the words of
//! `HAND` (and of `PLAY` for `classify`) are read together (`ddz moves 3 3 4`). `HAND` and a
//! `--follow` `PLAY` together may not hold more cards of a rank than the deck. Bad arguments are
//! an error: a message on stderr, a non-zero exit and nothing on stdout.

use super::classify::why_invalid;
use crate::cards::{Cards, Counts, Rank};
use crate::cli::{Arg, Args};
use crate::named::Named;
use crate::rules::generate::display_order;
use crate::rules::platform::refused_by;
use crate::rules::{classify, follows, leads};
use anyhow::{anyhow, bail, Context};
use std::io::Write;

/// Usage of `ddz moves`.
pub(crate) const MOVES_USAGE: &str = "\
usage: ddz moves HAND [--follow PLAY]
Every legal play of HAND: every lead, or every answer to PLAY (then `pass` last). Cards in human
notation (33344T, 10 for ten, X and D for the jokers) or as codes (0,1,2); spaces are allowed
(ddz moves 3 3 4 5, --follow \"4 4\"). A play some platform would refuse is marked
`# refused by P`.";

/// The words of a command line that are cards, read as one text (cards may be typed with
/// spaces); `None` when there are none.
fn cards_text(words: &[String]) -> Option<String> {
    if words.is_empty() {
        None
    } else {
        Some(words.join(" "))
    }
}

/// `ddz moves HAND [--follow PLAY]`.
pub(crate) fn run_moves(args: &[String]) -> anyhow::Result<()> {
    let mut words = Vec::new();
    let mut follow_text: Option<String> = None;
    let mut line = Args::new("moves", MOVES_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Flag(f) if f == "--follow" => {
                if follow_text.is_some() {
                    bail!("--follow given twice{}", line.hint());
                }
                follow_text = Some(line.value()?);
            }
            Arg::Word(w) => words.push(w),
            other => return Err(line.unknown(&other).into()),
        }
    }
    let hand_text = cards_text(&words)
        .ok_or_else(|| anyhow!("no HAND given (usage: ddz moves HAND [--follow PLAY])"))?;
    let hand_text = hand_text.as_str();
    let follow_text = follow_text.as_deref();
    let hand = Cards::parse_any(hand_text)
        .with_context(|| format!("HAND '{}'", hand_text))?
        .counts();

    let mut plays = Vec::new();
    let mut target = None;
    match follow_text {
        None => leads(hand, &mut plays),
        Some(text) => {
            let cards = Cards::parse_any(text)
                .with_context(|| format!("--follow PLAY '{}'", text))?
                .counts();
            let t = classify(cards).ok_or_else(|| {
                anyhow!(
                    "--follow PLAY '{}' is not a legal play: {}",
                    text,
                    why_invalid(cards)
                )
            })?;
            if let Some(rank) = over_deck(hand.plus(cards)) {
                bail!(
                    "HAND and --follow PLAY together hold more {} than the deck",
                    rank
                );
            }
            follows(hand, &t, &mut plays);
            target = Some(t);
        }
    }
    display_order(&mut plays);

    let mut text = String::with_capacity(plays.len() * 8);
    for play in &plays {
        text.push_str(&play.to_string());
        let refused = refused_by(play, target.as_ref());
        if !refused.is_empty() {
            let names: Vec<&str> = refused.iter().map(|p| p.name()).collect();
            text.push_str("  # refused by ");
            text.push_str(&names.join(", "));
        }
        text.push('\n');
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The first rank of which `cards` hold more than the deck, if any.
fn over_deck(cards: Counts) -> Option<Rank> {
    Rank::ALL
        .iter()
        .copied()
        .find(|&r| cards.get(r) > r.deck_count())
}
