//! Hand-made positions for the strategy's tests (`fixtures/strategy/*.txt`): a short text that
//! sets up one seat's view of a game in progress, and what the player is expected to do.
//!
//! Format: one `key: value` per line, `#` comments and blank lines ignored.
//! ```text
//! me: C                 # our seat
//! landlord: A
//! hand: 3355678999TQQQQ22
//! left: A=9 B=10        # cards the other seats hold (ours is the hand's size)
//! played: 3468KK4       # cards gone from the game, any seat (they are not unseen)
//! bottom: 4A2           # the landlord's bottom cards (public)
//! last: A K             # the play to beat and who made it; absent when we lead
//! expect: 2             # the play expected: cards, `pass`, `not pass`, `not CARDS`,
//!                       #   `kind single` (any play of that kind), or `unit NAME`
//! ```
//! A file may hold several positions separated by a line `---`.

use ddz::cards::{Cards, Counts};
use ddz::game::{BySeat, GameState, Seat};
use ddz::rules::{classify, Combo};

/// What a position expects of the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Exactly this play (cards at the rank level; `Combo::PASS` for a pass).
    Play(Combo),
    /// Anything but this play.
    Not(Combo),
    /// A play of this kind (by [`ddz::rules::Kind::name`]).
    Kind(String),
    /// The answer comes from this unit.
    Unit(String),
}

/// One parsed position.
#[derive(Clone, Debug)]
pub struct Position {
    /// The state from our seat.
    pub state: GameState,
    /// What is expected.
    pub expects: Vec<Expect>,
    /// The first comment line (what the position tests).
    pub title: String,
}

fn play_of(text: &str) -> Result<Combo, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Combo::PASS);
    }
    let counts: Counts = t.parse().map_err(|e| format!("'{}': {}", t, e))?;
    classify(counts).ok_or_else(|| format!("'{}' is no legal play", t))
}

fn seat_of(text: &str) -> Result<Seat, String> {
    text.trim()
        .parse()
        .map_err(|e: ddz::game::ParseSeatError| e.to_string())
}

/// Concrete cards for a rank multiset, taken from `pool` (lowest codes first).
fn take(pool: &mut Cards, counts: Counts) -> Result<Cards, String> {
    let cards = pool
        .pick(counts)
        .ok_or_else(|| format!("{} is more than the deck has left", counts))?;
    *pool = pool.minus(cards);
    Ok(cards)
}

/// Parses every position of a fixture file.
pub fn parse_positions(text: &str) -> Result<Vec<Position>, String> {
    text.split("\n---")
        .filter(|block| block.lines().any(|l| l.contains(':')))
        .map(parse_position)
        .collect()
}

/// Parses one position.
pub fn parse_position(text: &str) -> Result<Position, String> {
    let mut me = None;
    let mut landlord = None;
    let mut hand = None;
    let mut left: Vec<(Seat, u8)> = Vec::new();
    let mut played = Counts::EMPTY;
    let mut bottom = Counts::EMPTY;
    let mut last = None;
    let mut expects = Vec::new();
    let mut title = String::new();
    for raw in text.lines() {
        let line = raw.trim();
        if let Some(c) = line.strip_prefix('#') {
            // The comment just before the first key names the position.
            if me.is_none() && landlord.is_none() && hand.is_none() {
                title = c.trim().to_string();
            }
            continue;
        }
        if line.is_empty() || line == "---" {
            continue;
        }
        let line = line.split(" #").next().unwrap_or(line);
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("'{}': expected key: value", line))?;
        let value = value.trim();
        match key.trim() {
            "me" => me = Some(seat_of(value)?),
            "landlord" => landlord = Some(seat_of(value)?),
            "hand" => hand = Some(value.parse::<Counts>().map_err(|e| e.to_string())?),
            "left" => {
                for item in value.split_whitespace() {
                    let (s, n) = item
                        .split_once('=')
                        .ok_or_else(|| format!("'{}': expected SEAT=N", item))?;
                    let n: u8 = n.parse().map_err(|_| format!("'{}': bad count", item))?;
                    left.push((seat_of(s)?, n));
                }
            }
            "played" => {
                played = value
                    .parse()
                    .map_err(|e: ddz::cards::ParseError| e.to_string())?
            }
            "bottom" => {
                bottom = value
                    .parse()
                    .map_err(|e: ddz::cards::ParseError| e.to_string())?
            }
            "last" => {
                let (s, p) = value
                    .split_once(' ')
                    .ok_or_else(|| format!("'{}': expected SEAT PLAY", value))?;
                last = Some((seat_of(s)?, play_of(p)?));
            }
            "expect" => {
                let e = if let Some(rest) = value.strip_prefix("not ") {
                    Expect::Not(play_of(rest)?)
                } else if let Some(rest) = value.strip_prefix("kind ") {
                    Expect::Kind(rest.trim().to_string())
                } else if let Some(rest) = value.strip_prefix("unit ") {
                    Expect::Unit(rest.trim().to_string())
                } else {
                    Expect::Play(play_of(value)?)
                };
                expects.push(e);
            }
            other => return Err(format!("unknown key '{}'", other)),
        }
    }
    let me = me.ok_or("no 'me:'")?;
    let landlord = landlord.ok_or("no 'landlord:'")?;
    let hand = hand.ok_or("no 'hand:'")?;
    let mut pool = Cards::DECK;
    let hand_cards = take(&mut pool, hand)?;
    // Our bottom cards are in our hand; another landlord's are public but still in its hand.
    let bottom_cards = if me == landlord {
        hand_cards
            .pick(bottom)
            .ok_or_else(|| format!("bottom {} is not in our hand", bottom))?
    } else {
        take(&mut pool, bottom)?
    };
    let played_cards = take(&mut pool, played)?;
    let mut state = GameState::new(me, hand_cards);
    state.landlord = Some(landlord);
    state.bottom = bottom_cards;
    state.played = BySeat::default();
    // Played cards are attributed to the seat after ours: only their absence matters here.
    state.played[me.next()] = played_cards;
    state.cards_left[me] = hand.total() as u8;
    for (s, n) in left {
        state.cards_left[s] = n;
    }
    state.to_move = Some(me);
    if let Some((by, play)) = last {
        state.last = Some((by, play));
        state.passes = if by == me.prev() { 0 } else { 1 };
    }
    Ok(Position {
        state,
        expects,
        title,
    })
}
