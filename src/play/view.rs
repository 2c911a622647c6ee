//! How the table looks in a terminal: the person's hand spaced by rank, the seats with their
//! roles and card counts, the bottom cards, the current trick, the multiplier, whose turn it is;
//! one line per event (a bid, a play); the legal plays grouped by kind. Everything is plain text,
//! coloured only when the [`Style`] says so.

use crate::cards::{Cards, Counts, Rank};
use crate::game::state::Turn;
use crate::game::{GameState, Seat};
use crate::rules::{Combo, Kind};
use std::ffi::OsStr;
use std::fmt::Write;

/// A colour or weight of the view (an ANSI SGR code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paint {
    /// The person's own things and prompts.
    Bold,
    /// Help that stays out of the way.
    Dim,
    /// The landlord, refusals.
    Red,
    /// Farmers, gains.
    Green,
    /// Big cards (2 and the jokers), warnings.
    Yellow,
    /// Hints.
    Cyan,
}

impl Paint {
    const fn sgr(self) -> &'static str {
        match self {
            Paint::Bold => "1",
            Paint::Dim => "2",
            Paint::Red => "31",
            Paint::Green => "32",
            Paint::Yellow => "33",
            Paint::Cyan => "36",
        }
    }
}

/// Whether the view is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Style {
    /// Colour with ANSI escapes; plain text when false.
    pub(crate) colour: bool,
}

impl Style {
    /// `text` in `paint`, or `text` itself without colour.
    #[must_use]
    pub(crate) fn paint(self, paint: Paint, text: &str) -> String {
        if self.colour && !text.is_empty() {
            format!("\x1b[{}m{}\x1b[0m", paint.sgr(), text)
        } else {
            text.to_string()
        }
    }
}

/// Whether to colour the output: only on a terminal, never when `NO_COLOR` is set to anything
/// but the empty string (no-color.org) or when `TERM` is `dumb`.
#[must_use]
pub(crate) fn colour_wanted(
    terminal: bool,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
) -> bool {
    terminal && no_color.map_or(true, OsStr::is_empty) && term.map_or(true, |t| t != "dumb")
}

/// A hand in human notation, ranks ascending, one group per rank separated by spaces
/// (`333 44 T J QQ 2 X`), so counting is easy.
#[must_use]
pub fn spaced(counts: Counts) -> String {
    let groups: Vec<String> = Rank::ALL
        .iter()
        .filter(|&&r| counts.get(r) > 0)
        .map(|&r| r.symbol().to_string().repeat(counts.get(r) as usize))
        .collect();
    groups.join(" ")
}

/// [`spaced`], with the big cards (2 and the jokers) painted.
fn painted_hand(counts: Counts, style: Style) -> String {
    let groups: Vec<String> = Rank::ALL
        .iter()
        .filter(|&&r| counts.get(r) > 0)
        .map(|&r| {
            let group = r.symbol().to_string().repeat(counts.get(r) as usize);
            if r >= Rank::TWO {
                style.paint(Paint::Yellow, &group)
            } else {
                style.paint(Paint::Bold, &group)
            }
        })
        .collect();
    groups.join(" ")
}

/// A play with its kind, e.g. `33344 (triple with a pair)`, or `pass`.
#[must_use]
pub(crate) fn describe(combo: &Combo) -> String {
    if combo.is_pass() {
        "pass".to_string()
    } else {
        format!("{} ({})", combo, combo.kind.name())
    }
}

/// The current trick: the plays and passes since the last lead (the whole last trick when
/// the next player leads).
#[must_use]
pub(crate) fn current_trick(history: &[Turn]) -> &[Turn] {
    let mut start = 0;
    let mut passes = 2;
    for (i, turn) in history.iter().enumerate() {
        if turn.combo.is_pass() {
            passes += 1;
        } else {
            if passes >= 2 {
                start = i;
            }
            passes = 0;
        }
    }
    &history[start..]
}

/// A seat's role once the landlord is known.
fn role(state: &GameState, seat: Seat) -> &'static str {
    match state.landlord {
        Some(l) if l == seat => "landlord",
        Some(_) => "farmer",
        None => "",
    }
}

fn paint_role(state: &GameState, seat: Seat, style: Style) -> String {
    let text = format!("{:<8}", role(state, seat));
    match state.landlord {
        Some(l) if l == seat => style.paint(Paint::Red, &text),
        Some(_) => style.paint(Paint::Green, &text),
        None => text,
    }
}

/// The landlord's stake as every page says it: `bid 3`, or `no bidding, base 1` when the
/// landlord was fixed without bids (the game's end says the same, `no bidding: landlord A,
/// base 1`, and a stake nobody bid is no bid).
fn stake(state: &GameState) -> String {
    if state.bids.0.iter().all(Option::is_none) {
        format!("no bidding, base {}", state.base())
    } else {
        format!("bid {}", state.base())
    }
}

/// The table as the person sees it before deciding: a header (the deal, the landlord and bid,
/// the bottom cards, the multiplier), one row per seat (role, cards left or bid), the current
/// trick, and the person's hand. `title` names the deal.
#[must_use]
pub(crate) fn table(state: &GameState, title: &str, style: Style) -> String {
    let mut out = String::new();
    let me = state.me;
    let header = match state.landlord {
        Some(l) => format!(
            "-- {} -- landlord {} ({}) · bottom {} · multiplier x{}",
            title,
            l,
            stake(state),
            spaced(state.bottom.counts()),
            state.tally().shown()
        ),
        None => format!("-- {} -- bidding", title),
    };
    let _ = writeln!(out, "{}", style.paint(Paint::Bold, &header));
    for seat in Seat::ALL {
        let what = if seat == me {
            style.paint(Paint::Bold, "you")
        } else if state.landlord.is_some() {
            let n = state.cards_left[seat];
            let text = format!("{:>2} card{}", n, if n == 1 { "" } else { "s" });
            if n <= 2 {
                style.paint(Paint::Yellow, &format!("{}  (almost out!)", text))
            } else {
                text
            }
        } else {
            match state.bids[seat] {
                Some(0) => "no bid".to_string(),
                Some(b) => format!("bid {}", b),
                None => "-".to_string(),
            }
        };
        let _ = writeln!(
            out,
            "   {}  {} {}",
            seat,
            paint_role(state, seat, style),
            what
        );
    }
    if state.landlord.is_some() {
        let trick = current_trick(&state.history);
        let label = if state.to_beat_for(me).is_none() && !trick.is_empty() {
            "last trick"
        } else {
            "trick"
        };
        let plays: Vec<String> = trick
            .iter()
            .map(|t| {
                if t.combo.is_pass() {
                    format!("{} pass", t.seat)
                } else {
                    format!("{} {}", t.seat, t.cards)
                }
            })
            .collect();
        let shown = if plays.is_empty() {
            "-".to_string()
        } else {
            plays.join(" · ")
        };
        let _ = writeln!(out, "   {}: {}", label, shown);
    }
    let _ = writeln!(
        out,
        "   your hand ({}):  {}",
        state.hand.len(),
        painted_hand(state.hand.counts(), style)
    );
    out
}

/// What to print of `table` when `before` was shown last (both line by line): every line when
/// the table's shape changed (a new game, the end of the bidding), else only the lines that
/// differ from the ones in the same place, and always the last line (the person's hand).
#[must_use]
pub(crate) fn changed_lines(before: &[String], table: &str) -> String {
    let lines: Vec<&str> = table.lines().collect();
    let same_shape = before.len() == lines.len();
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let last = i + 1 == lines.len();
        if !same_shape || last || before[i] != *line {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The prompt line for the person's play: what to beat, or a free lead.
#[must_use]
pub(crate) fn play_prompt(state: &GameState, can_beat: bool, style: Style) -> String {
    let task = match state.to_beat_for(state.me) {
        Some(on) if can_beat => format!("beat {} or p to pass", describe(on)),
        Some(on) => format!("nothing of yours beats {}: p to pass", describe(on)),
        None => "you lead: any play".to_string(),
    };
    format!(
        "{} {}  {}",
        style.paint(Paint::Bold, &format!("your play, {}:", state.me)),
        task,
        style.paint(Paint::Dim, "(? · hint · help · q)")
    )
}

/// The prompt line for the person's bid, with the legal choices.
#[must_use]
pub(crate) fn bid_prompt(state: &GameState, style: Style) -> String {
    format!(
        "{} {}  {}",
        style.paint(Paint::Bold, &format!("your bid, {}:", state.me)),
        bid_choices(state),
        style.paint(Paint::Dim, "(? · hint · help · q)")
    )
}

/// The legal bids in words: `0 (no bid), 2 or 3`.
#[must_use]
pub(crate) fn bid_choices(state: &GameState) -> String {
    super::input::legal_bid_words(state.highest_bid())
}

/// Plays listed per kind at most, so a 20-card lead (hundreds of plays with kickers) stays a
/// screenful; the rest is counted.
pub(crate) const LISTED_PER_KIND: usize = 16;

/// The legal plays grouped by kind in the official table's order, one line per kind.
#[must_use]
pub(crate) fn legal_list(legal: &[Combo]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "   legal plays ({}):", legal.len());
    for kind in Kind::ALL {
        let mut plays: Vec<&Combo> = legal.iter().filter(|c| c.kind == kind).collect();
        if plays.is_empty() {
            continue;
        }
        plays.sort_by_key(|c| (c.len, c.key, c.cards));
        let mut shown: Vec<String> = plays
            .iter()
            .take(LISTED_PER_KIND)
            .map(|c| c.to_string())
            .collect();
        if plays.len() > LISTED_PER_KIND {
            shown.push(format!("… {} more", plays.len() - LISTED_PER_KIND));
        }
        let _ = writeln!(out, "     {:<24} {}", kind.name(), shown.join("  "));
    }
    out
}

/// One line telling what another seat (or the game) did; `None` for messages with nothing to
/// tell. `state` is the tracker after the message.
#[must_use]
pub(crate) fn event(
    command: &crate::protocol::Command,
    state: &GameState,
    style: Style,
) -> Option<String> {
    use crate::protocol::Command;
    let text = match command {
        Command::Bid { seat, bid: 0 } => format!("{} does not bid", seat),
        Command::Bid { seat, bid } => format!("{} bids {}", seat, bid),
        Command::Leftover { landlord, cards } => {
            let who = if *landlord == state.me {
                style.paint(Paint::Bold, "you are the landlord")
            } else {
                format!("{} is the landlord", landlord)
            };
            format!(
                "{} ({}); the bottom cards {} join {} hand",
                who,
                stake(state),
                spaced(cards.counts()),
                if *landlord == state.me { "your" } else { "its" }
            )
        }
        Command::Play { seat, cards } => {
            let play = match cards {
                None => "passes".to_string(),
                Some(c) => format!("plays {}", played(*c)),
            };
            let left = state.cards_left[*seat];
            if cards.is_some() && left <= 2 && left > 0 {
                let warn = format!(", {} card{} left", left, if left == 1 { "" } else { "s" });
                format!("{} {}{}", seat, play, style.paint(Paint::Yellow, &warn))
            } else {
                format!("{} {}", seat, play)
            }
        }
        Command::GameOver { winner: Some(w) } => format!("{} emptied its hand", w),
        Command::Error { seat: Some(s), .. } => {
            format!("{} made a faulty reply: the game ends", s)
        }
        _ => return None,
    };
    Some(text)
}

/// Concrete cards with their reading: `33344 (triple with a pair)`.
#[must_use]
pub(crate) fn played(cards: Cards) -> String {
    match crate::rules::classify(cards.counts()) {
        Some(c) => describe(&c),
        None => cards.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_landlord_nobody_bid_for_is_said_one_way() {
        use crate::protocol::Command;
        let bottom = Cards::parse_codes("0,1,2").unwrap();
        let mut state = GameState::new(Seat::B, Cards::parse_codes("10,11").unwrap());
        let _ = state.set_landlord(Seat::A, bottom);
        let shown = Command::Leftover {
            landlord: Seat::A,
            cards: bottom,
        };
        let said = event(&shown, &state, Style::default()).unwrap();
        assert!(said.contains("(no bidding, base 1)"), "{}", said);
        assert!(table(&state, "t", Style::default()).contains("landlord A (no bidding, base 1)"));
        state.bids[Seat::A] = Some(2);
        let said = event(&shown, &state, Style::default()).unwrap();
        assert!(said.contains("(bid 2)"), "{}", said);
    }

    #[test]
    fn the_spaced_hand_reads_back_as_the_same_cards() {
        for text in [
            "33344TJQQ2XD",
            "3",
            "TTTT",
            "34567890JQKA2XD".replace('0', "T").as_str(),
        ] {
            let counts: Counts = text.parse().unwrap();
            let shown = spaced(counts);
            assert_eq!(shown.parse::<Counts>().unwrap(), counts, "{}", shown);
            // One group per distinct rank.
            assert_eq!(shown.split(' ').count(), counts.ranks().count());
        }
        assert_eq!(spaced("33344TJQQ".parse().unwrap()), "333 44 T J QQ");
    }

    #[test]
    fn colour_only_on_a_terminal_that_wants_it() {
        let s = |t: &str| Some(OsStr::new(t).to_owned());
        let cases = [
            (true, None, s("xterm"), true),
            (false, None, s("xterm"), false),
            (true, s("1"), s("xterm"), false),
            (true, s(""), s("xterm"), true),
            (true, None, s("dumb"), false),
            (true, None, None, true),
        ];
        for (tty, no_color, term, want) in borrowed(&cases) {
            assert_eq!(colour_wanted(tty, no_color, term), want);
        }
        let plain = Style { colour: false }.paint(Paint::Red, "x");
        let coloured = Style { colour: true }.paint(Paint::Red, "x");
        assert_eq!(plain, "x");
        assert!(coloured.starts_with('\x1b') && coloured.contains('x'));
    }

    type Case = (
        bool,
        Option<std::ffi::OsString>,
        Option<std::ffi::OsString>,
        bool,
    );

    fn borrowed(cases: &[Case]) -> Vec<(bool, Option<&OsStr>, Option<&OsStr>, bool)> {
        cases
            .iter()
            .map(|(a, b, c, d)| (*a, b.as_deref(), c.as_deref(), *d))
            .collect()
    }

    #[test]
    fn the_trick_starts_at_the_last_lead() {
        let mut s = GameState::new(Seat::A, Cards::parse_any("33344556").unwrap());
        s.set_landlord(Seat::A, Cards::parse_any("789").unwrap())
            .unwrap();
        let play = |s: &mut GameState, seat, text: Option<&str>| {
            s.record_play(seat, text.map(|t| Cards::parse_codes(t).unwrap()))
                .unwrap();
        };
        play(&mut s, Seat::A, Some("0"));
        play(&mut s, Seat::B, Some("51"));
        play(&mut s, Seat::C, None);
        play(&mut s, Seat::A, None);
        // B leads a new trick: the old one is over.
        play(&mut s, Seat::B, Some("47"));
        play(&mut s, Seat::C, None);
        let trick = current_trick(&s.history);
        assert_eq!(trick.len(), 2);
        assert_eq!(trick[0].seat, Seat::B);
        assert_eq!(current_trick(&s.history[..4]).len(), 4);
        assert!(current_trick(&[]).is_empty());
    }

    #[test]
    fn every_legal_play_is_listed() {
        let hand: Counts = "334455".parse().unwrap();
        let legal = crate::rules::legal_plays(hand, None);
        let list = legal_list(&legal);
        for c in &legal {
            assert!(
                list.split_whitespace().any(|w| w == c.to_string()),
                "{} missing from\n{}",
                c,
                list
            );
        }
        assert!(list.contains(&format!("({})", legal.len())));
    }

    #[test]
    fn only_changed_lines_are_shown_again() {
        let first = "head\nA 17\nB you\ntrick: -\nhand 33\n";
        let lines: Vec<String> = first.lines().map(String::from).collect();
        // Nothing shown yet: all of it.
        assert_eq!(changed_lines(&[], first), first);
        // One count and the trick changed: those lines, and the hand always.
        let next = "head\nA 15\nB you\ntrick: A 55\nhand 33\n";
        assert_eq!(changed_lines(&lines, next), "A 15\ntrick: A 55\nhand 33\n");
        // Another shape (a line more): all of it.
        let other = "head\nA 15\nB you\nC 17\ntrick: -\nhand 33\n";
        assert_eq!(changed_lines(&lines, other), other);
    }
}
