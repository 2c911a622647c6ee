//! The thinking player's decisions, recorded to teach the learned policy
//! ([`crate::strategy::learned_policy`]): `ddz label` plays seeded self-play games, and at every
//! decision of every seat with a choice to make the thinker searches the seat's own view, as it
//! would in a game; each candidate it searched becomes one line with the thinker's figures and
//! the learned policy's features of the play.
//!
//! The file is tab-separated with a header naming the columns (lines starting with `#` are
//! comments): `game`, `turn` (plays and passes before the decision), `seat`, `play` (the
//! candidate, `pass` for the pass), `mean` (the thinker's mean score of it for the seat's side),
//! `deals` (deals it was judged on: fewer than the decision's when it was dropped as clearly
//! worse), `chosen` (1 for the thinker's play), then one column per feature
//! ([`FEATURE_NAMES`]). A decision is its lines of one `game` and `turn`. Numbers are written
//! in their shortest exact form, so a line read back is the same line (`Candidate::parse`
//! and `Display` round-trip) and the trainer reads the very values the player computes.

use super::run::{match_config, replay_start, SelfPlay};
use crate::arena::table::referee::GameRecord;
use crate::arena::{self};
use crate::game::{GameState, Seat};
use crate::rules::{classify, Combo};
use crate::shards::Shard;
use crate::strategy::learned_policy::candidate_features::{Features, FEATURE_NAMES};
use crate::strategy::learned_policy::LearnedPlayer;
use crate::strategy::thinker::{Thinker, ThinkerSettings};
use crate::time::Deadline;
use std::fmt;

/// The columns before the features.
const LEADING: [&str; 7] = ["game", "turn", "seat", "play", "mean", "deals", "chosen"];

/// The header line of a decisions file.
#[must_use]
pub(crate) fn header() -> String {
    LEADING
        .iter()
        .chain(FEATURE_NAMES.iter())
        .copied()
        .collect::<Vec<_>>()
        .join("\t")
}

/// One candidate of one recorded decision.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Candidate {
    /// The game's number in the run.
    pub(crate) game: u64,
    /// Plays and passes before the decision.
    pub(crate) turn: u32,
    /// The seat deciding.
    pub(crate) seat: Seat,
    /// The candidate play.
    pub(crate) play: Combo,
    /// The thinker's mean score of it, for the seat's side.
    pub(crate) mean: f64,
    /// Deals it was judged on.
    pub(crate) deals: u32,
    /// Whether the thinker chose it.
    pub(crate) chosen: bool,
    /// The learned policy's features of it.
    pub(crate) features: Features,
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play = if self.play.is_pass() {
            "pass".to_string()
        } else {
            self.play.cards.to_string()
        };
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.turn,
            self.seat,
            play,
            self.mean,
            self.deals,
            u8::from(self.chosen)
        )?;
        for x in &self.features {
            write!(f, "\t{}", x)?;
        }
        Ok(())
    }
}

#[cfg(test)] // a line read back: the tests' round trip
/// Why a decisions line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DecisionError(pub(crate) String);

#[cfg(test)] // with DecisionError
impl fmt::Display for DecisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)] // with DecisionError
impl std::error::Error for DecisionError {}

#[cfg(test)] // a line read back: the tests' round trip
impl Candidate {
    /// Reads one line of a decisions file.
    pub(crate) fn parse(line: &str) -> Result<Candidate, DecisionError> {
        use crate::strategy::learned_policy::candidate_features::FEATURES;
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() != LEADING.len() + FEATURES {
            return Err(DecisionError(format!(
                "{} columns, not {}",
                cols.len(),
                LEADING.len() + FEATURES
            )));
        }
        fn num<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, DecisionError> {
            text.parse()
                .map_err(|_| DecisionError(format!("{} '{}' is not a number", name, text)))
        }
        let play = if cols[3] == "pass" {
            Combo::PASS
        } else {
            cols[3]
                .parse()
                .ok()
                .and_then(classify)
                .ok_or_else(|| DecisionError(format!("play '{}' is not a play", cols[3])))?
        };
        let mut features = [0.0; FEATURES];
        for (i, x) in features.iter_mut().enumerate() {
            *x = num(FEATURE_NAMES[i], cols[LEADING.len() + i])?;
        }
        Ok(Candidate {
            game: num("game", cols[0])?,
            turn: num("turn", cols[1])?,
            seat: cols[2]
                .parse()
                .map_err(|_| DecisionError(format!("seat '{}'", cols[2])))?,
            play,
            mean: num("mean", cols[4])?,
            deals: num("deals", cols[5])?,
            chosen: match cols[6] {
                "0" => false,
                "1" => true,
                other => return Err(DecisionError(format!("chosen '{}' is not 0 or 1", other))),
            },
            features,
        })
    }
}

/// What decides and what describes: the thinker whose decisions are recorded, and the learned
/// policy's feature maker.
pub(crate) struct Labeller {
    thinker: Thinker,
    describer: LearnedPlayer,
}

impl Labeller {
    /// A labeller searching with `settings` (a fixed budget: `samples` should be set).
    #[must_use]
    pub(crate) fn new(settings: ThinkerSettings) -> Labeller {
        Labeller {
            thinker: Thinker::new(settings),
            describer: LearnedPlayer::new(),
        }
    }

    /// Every decision with a choice in the finished game `record`, searched and described;
    /// `None` for a game that did not end normally. Decisions are taken `every` turns apart
    /// (1: all), starting at the game's number mod `every`, so runs of neighbouring games
    /// cover every turn.
    pub(crate) fn label(&mut self, record: &GameRecord, every: u32) -> Option<Vec<Candidate>> {
        let mut game = replay_start(record)?;
        let game_number = record.deal_index as u64;
        let mut out = Vec::new();
        for (turn, &(seat, cards)) in record.plays.iter().enumerate() {
            if game.state().to_move != Some(seat) {
                return None;
            }
            let play = match cards {
                None => Combo::PASS,
                Some(c) => classify(c.counts())?,
            };
            let every = every.max(1) as u64;
            if (turn as u64 + game_number) % every == 0 {
                let state = game.view(seat).clone();
                if state.legal_plays().len() > 1 {
                    out.extend(self.decide(&state, game_number, turn as u32));
                }
            }
            game.play(seat, &play).ok()?;
        }
        Some(out)
    }

    /// One decision searched: its candidates with the thinker's figures and their features
    /// (none when the thinker had nothing to weigh).
    fn decide(&mut self, state: &GameState, game: u64, turn: u32) -> Vec<Candidate> {
        let analysis = self.thinker.analyze(state, Deadline::unlimited());
        if analysis.candidates.len() < 2 {
            return Vec::new();
        }
        let plays: Vec<Combo> = analysis.candidates.iter().map(|c| c.play).collect();
        let features = self.describer.describe(state, &plays);
        analysis
            .candidates
            .iter()
            .zip(features)
            .map(|(c, features)| Candidate {
                game,
                turn,
                seat: state.me,
                play: c.play,
                mean: c.mean,
                deals: c.deals,
                chosen: c.play == analysis.chosen,
                features,
            })
            .collect()
    }
}

/// Plays the self-play run `run` (or its `shard`) and labels its games' decisions with
/// `labeller`, handing each game's candidates to `on_game` in game order.
pub(crate) fn label_run(
    run: &SelfPlay,
    shard: Option<Shard>,
    labeller: &mut Labeller,
    every: u32,
    on_game: &mut dyn FnMut(&[Candidate]) -> Result<(), arena::Stop>,
) -> Result<arena::count::report::Report, arena::MatchError> {
    let mut config = match_config(run);
    config.shard = shard.map(super::data_merge::deal_shard);
    arena::run(&config, &mut |games: &[GameRecord]| {
        for g in games {
            if let Some(candidates) = labeller.label(g, every) {
                on_game(&candidates)?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{ArenaConfig, Format};
    use crate::game::deal::Deal;
    use crate::time::SearchLimit;

    /// A few games of the rule player, labelled by a small search.
    fn labelled() -> Vec<Candidate> {
        let deals: Vec<Deal> = (0..2).map(|i| Deal::seeded(5, i)).collect();
        let mut config = ArenaConfig {
            players: vec!["builtin:rules".to_string(); 3],
            format: Format::Seats,
            games: deals.len(),
            deals: Some(deals),
            jobs: 1,
            ..ArenaConfig::default()
        };
        config.rules.fixed_landlord = true;
        let mut labeller = Labeller::new(ThinkerSettings {
            limit: Some(SearchLimit::Deals(8)),
            threads: Some(1),
            table_bytes: 1 << 20,
            ..ThinkerSettings::default()
        });
        let mut out = Vec::new();
        arena::run(&config, &mut |games: &[GameRecord]| {
            for g in games {
                out.extend(labeller.label(g, 1).expect("a finished game"));
            }
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn recorded_decisions_read_back_as_written() {
        let candidates = labelled();
        assert!(candidates.len() > 20, "{}", candidates.len());
        for c in &candidates {
            let line = c.to_string();
            assert_eq!(line.split('\t').count(), header().split('\t').count());
            assert_eq!(Candidate::parse(&line).as_ref(), Ok(c), "{}", line);
        }
    }

    #[test]
    fn every_decision_has_one_chosen_play_among_legal_candidates() {
        let candidates = labelled();
        let mut decisions = std::collections::BTreeMap::new();
        for c in &candidates {
            decisions
                .entry((c.game, c.turn))
                .or_insert_with(Vec::new)
                .push(c);
        }
        assert!(decisions.len() > 5);
        for (key, cands) in decisions {
            assert_eq!(cands.iter().filter(|c| c.chosen).count(), 1, "{:?}", key);
            assert!(cands.len() >= 2);
            // The candidates are the thinker's: the rule player's choice is among them.
            let rule = FEATURE_NAMES
                .iter()
                .position(|n| *n == "rule_choice")
                .unwrap();
            assert_eq!(
                cands.iter().filter(|c| c.features[rule] == 1.0).count(),
                1,
                "{:?}",
                key
            );
        }
    }

    #[test]
    fn a_damaged_line_is_refused() {
        let line = labelled()[0].to_string();
        assert!(Candidate::parse(&line.replacen('\t', "\tx", 1)).is_err());
        assert!(Candidate::parse(&line[..line.len() / 2]).is_err());
        let bad_play: Vec<String> = line
            .split('\t')
            .enumerate()
            .map(|(i, c)| {
                if i == 3 {
                    "34".to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        assert!(Candidate::parse(&bad_play.join("\t")).is_err());
    }
}
