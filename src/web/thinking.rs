//! A game of the engine's own log as the replay page draws it: the seat's view (its hand face
//! up, the others' face down with their counts) and, beside the table, each decision's thinking
//! from the log's notes (`explain = on`): the candidates with their figures, the fast policy's
//! choice, the deals, the time and why the search stopped, the answer. `ddz replay LOG --html`
//! writes these; `ddz replay LOG` prints the same notes under each game.

use super::replay_page::{DrawnGame, Row, Thought};
use crate::arena::wire::engine_log::{Decided, LoggedGame};
use crate::play::narration::Narration;
use crate::strategy::explain::{Note, NotedCandidate};

impl Row {
    fn of(c: &NotedCandidate) -> Row {
        Row {
            play: c.play.clone(),
            mean: c.mean,
            ci95: Some(c.ci95).filter(|x| x.is_finite()),
            win: c.win_percent,
            deals: c.deals,
        }
    }
}

/// What a decision decided, for people: `bid 2` (the game's second bid), `play 7, trick 3`.
#[must_use]
pub(crate) fn decision_title(decided: Decided, narration: &Narration) -> String {
    match decided {
        Decided::Bid(i) => match narration.bids.get(i) {
            Some((_, 0)) => format!("bid {}: pass", i + 1),
            Some((_, b)) => format!("bid {}: {}", i + 1, b),
            None => format!("bid {}", i + 1),
        },
        Decided::Play(i) => match narration.plays.get(i) {
            Some(p) => format!("play {}, trick {}: {}", i + 1, p.trick + 1, p.text()),
            None => format!("play {}", i + 1),
        },
    }
}

/// The seat's view of a logged game, titled by it, the seat's player named by its process;
/// `None` when its transcript holds no deal.
#[must_use]
pub(crate) fn narration_of(game: &LoggedGame) -> Option<Narration> {
    let mut narration = Narration::of_transcript(&game.transcript)?;
    narration.title = game.title();
    narration.seats[game.seat.index()].player = format!("this log's process {}", game.process);
    Some(narration)
}

/// The thinking of a logged game's decisions, in order.
#[must_use]
pub(crate) fn thoughts(game: &LoggedGame, narration: &Narration) -> Vec<Thought> {
    game.decisions()
        .into_iter()
        .map(|(line, decided, note)| thought(line, decided, note, narration))
        .collect()
}

fn thought(line: usize, decided: Decided, note: &Note, narration: &Narration) -> Thought {
    Thought {
        step: match decided {
            Decided::Bid(_) => 0,
            Decided::Play(i) => i + 1,
        },
        title: decision_title(decided, narration),
        line,
        summary: note.describe().into_iter().next().unwrap_or_default(),
        answer: note.get("answer").unwrap_or("").to_string(),
        policy: note.get("policy").map(str::to_string),
        candidates: note.candidates().iter().map(Row::of).collect(),
    }
}

/// The seat's view of a logged game, with its thinking, as the replay page draws it; `None`
/// when its transcript holds no deal.
#[must_use]
pub(crate) fn logged_game(game: &LoggedGame) -> Option<DrawnGame> {
    let narration = narration_of(game)?;
    let mut drawn = DrawnGame::of(&narration);
    drawn.south = Some(game.seat);
    drawn.thinking = thoughts(game, &narration);
    Some(drawn)
}

/// The replay page of logged games, titled by `source` (the log's name).
#[must_use]
pub(crate) fn log_page(games: &[&LoggedGame], source: &str) -> String {
    let drawn: Vec<DrawnGame> = games.iter().filter_map(|g| logged_game(g)).collect();
    super::replay_page::page_of(&drawn, source)
}
