//! The learned policy: the thinking player's choices distilled into a fast chooser.
//!
//! At a decision it takes the plays the thinker would search ([`super::choices`]), describes
//! each by [`candidate_features`] (the position, the rule player's choice and which of its rules made it,
//! the rest of the hand after the play, the chance an enemy beats it, …) and plays the one the
//! boosted trees ([`trees`]) score highest. The trees are fitted by `scripts/train-policy.py`
//! (LightGBM, a ranking objective) on decisions of the thinking player recorded by `ddz label`,
//! and the model is embedded in the binary (`policy.txt`), so the engine needs no file beside it.
//!
//! It plays as a [`Strategy`] of its own (the arena's `builtin:learned`), and as the play-out
//! policy of the thinking player (`playout = learned`). It bids as the rule player does.

pub(crate) mod candidate_features;
pub(crate) mod trees;

use super::choices::candidates;
use super::rules_player::{explain_among, RulesPlayer};
use crate::game::GameState;
use crate::rules::Combo;
use crate::search::Policy;
use crate::strategy::networks::{CheckFileError, CheckLine};
use crate::strategy::player::Strategy;
use crate::time::Deadline;
use candidate_features::{features_of, Features};
use std::sync::{Arc, Mutex};
use trees::Trees;

/// The embedded model: LightGBM's text file as the trainer saved it.
pub(crate) const EMBEDDED_MODEL: &str = include_str!("policy.txt");

/// The embedded model read once per process and shared by every player (the thinker makes one
/// play-out policy per search thread, the arena one player per seat and game).
static SHARED_MODEL: Mutex<Option<Arc<Trees>>> = Mutex::new(None);

/// The embedded model, read at the first call.
#[must_use]
pub(crate) fn embedded_model() -> Arc<Trees> {
    let mut shared = SHARED_MODEL.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(shared.get_or_insert_with(|| {
        Arc::new(Trees::parse(EMBEDDED_MODEL).expect("the embedded policy model reads"))
    }))
}

/// The largest difference between the model's score and the trainer's own in a check file
/// (`PREFIX.check`, written by `scripts/train-policy.py` beside the model: each line a
/// candidate's features then the trainer's score), relative to the score (or absolute below
/// 1), and the number of lines compared.
pub(crate) fn compare_with_trainer(
    model: &Trees,
    check: &str,
) -> Result<(f64, usize), CheckFileError> {
    let (mut worst, mut rows) = (0.0f64, 0);
    for (i, line) in check.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let values = line
            .split('\t')
            .map(|v| v.parse::<f64>())
            .collect::<Result<Vec<f64>, _>>()
            .map_err(|_| CheckFileError::Line {
                line: i + 1,
                why: CheckLine::NotANumber(None),
            })?;
        if values.len() != model.features + 1 {
            return Err(CheckFileError::Line {
                line: i + 1,
                why: CheckLine::Values {
                    values: values.len(),
                    features: model.features,
                },
            });
        }
        let (x, theirs) = values.split_at(model.features);
        let difference = (model.score(x) - theirs[0]).abs() / theirs[0].abs().max(1.0);
        worst = worst.max(difference);
        rows += 1;
    }
    Ok((worst, rows))
}

/// The largest difference [`compare_with_trainer`] accepts: both sides add the same doubles in
/// the same order, so anything beyond rounding in the text is a disagreement.
pub(crate) const TRAINER_TOLERANCE: f64 = 1e-9;

/// One decision as the learned policy sees it: the candidates, their features and scores.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scored {
    /// The plays weighed.
    pub(crate) candidates: Vec<Combo>,
    /// Each candidate's features.
    pub(crate) features: Vec<Features>,
    /// Each candidate's score (higher is better).
    pub(crate) scores: Vec<f64>,
    /// The rule player's choice (always among the candidates).
    pub(crate) rule_choice: Combo,
}

impl Scored {
    /// The best-scored candidate (the first of equals, in the candidates' order).
    #[must_use]
    pub(crate) fn best(&self) -> Combo {
        let mut best = 0;
        for (i, s) in self.scores.iter().enumerate() {
            if *s > self.scores[best] {
                best = i;
            }
        }
        self.candidates[best]
    }
}

/// The learned policy.
pub(crate) struct LearnedPlayer {
    /// The rule player: its choice and the unit that made it are features, and its splitter
    /// (with its memo) splits the candidates' rests.
    rules: RulesPlayer,
    model: Arc<Trees>,
    /// Decisions made (for `ddz bench`).
    pub(crate) decisions: u64,
}

impl Default for LearnedPlayer {
    fn default() -> LearnedPlayer {
        LearnedPlayer::with_model(embedded_model())
    }
}

impl std::fmt::Debug for LearnedPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LearnedPlayer({} trees)", self.model.len())
    }
}

impl LearnedPlayer {
    /// The player of the embedded model.
    #[must_use]
    pub(crate) fn new() -> LearnedPlayer {
        LearnedPlayer::default()
    }

    /// The player of `model`.
    #[must_use]
    pub(crate) fn with_model(model: Arc<Trees>) -> LearnedPlayer {
        LearnedPlayer {
            rules: RulesPlayer::new(),
            model,
            decisions: 0,
        }
    }

    /// Splitter work done so far (a fingerprint for `ddz bench`).
    #[must_use]
    pub(crate) fn nodes(&self) -> u64 {
        self.rules.nodes()
    }

    #[cfg(test)] // read by the tests alone
    /// The candidates of the decision in `state` (the seat to move's view), their features
    /// and scores.
    pub(crate) fn score(&mut self, state: &GameState) -> Scored {
        self.score_among(state, state.legal_plays())
    }

    /// The candidates of the decision in `state` scored, with the legal plays already generated.
    fn score_among(&mut self, state: &GameState, legal: Vec<Combo>) -> Scored {
        let rule = explain_among(&mut self.rules, state, legal);
        let candidates = candidates(self.rules.splitter(), state, &rule.legal, rule.choice);
        let features = features_of(self.rules.splitter(), state, &rule, &candidates);
        let scores = self.model.score_many(&features);
        Scored {
            candidates,
            features,
            scores,
            rule_choice: rule.choice,
        }
    }

    /// The candidates and features of a decision without scoring them (what `ddz label`
    /// records beside the thinker's figures).
    pub(crate) fn describe(&mut self, state: &GameState, candidates: &[Combo]) -> Vec<Features> {
        let rule = explain_among(&mut self.rules, state, state.legal_plays());
        features_of(self.rules.splitter(), state, &rule, candidates)
    }
}

impl Policy for LearnedPlayer {
    fn choose(&mut self, state: &GameState) -> Combo {
        self.decisions += 1;
        let legal = state.legal_plays();
        if legal.len() == 1 {
            return legal[0];
        }
        self.score_among(state, legal).best()
    }
}

impl Strategy for LearnedPlayer {
    fn name(&self) -> &str {
        "learned"
    }

    fn bid(&mut self, state: &GameState, deadline: Deadline) -> u8 {
        self.rules.bid(state, deadline)
    }

    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        self.choose(state)
    }

    fn new_game(&mut self) {
        self.rules.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::learned_policy::candidate_features::FEATURES;

    /// The trainer's own scores of fixed candidates (written beside the model by
    /// `scripts/train-policy.py`): the embedded model must give the same.
    #[test]
    fn the_embedded_model_scores_as_the_trainer_did() {
        let model = embedded_model();
        assert!(model.features <= FEATURES, "{} features", model.features);
        let (worst, rows) = compare_with_trainer(&model, include_str!("policy.check")).unwrap();
        assert!(rows >= 10, "{} rows", rows);
        assert!(worst <= TRAINER_TOLERANCE, "largest difference {}", worst);
        // A check with one score moved fails: the comparison can see a disagreement.
        let line = include_str!("policy.check")
            .lines()
            .find(|l| !l.starts_with('#'))
            .unwrap();
        let (features, score) = line.rsplit_once('\t').unwrap();
        let moved = format!("{}\t{}", features, score.parse::<f64>().unwrap() + 0.5);
        let (worst, _) = compare_with_trainer(&model, &moved).unwrap();
        assert!(worst > TRAINER_TOLERANCE);
    }

    /// Mid-game views of a few self-played games.
    fn views() -> Vec<GameState> {
        (0..12)
            .flat_map(crate::strategy::bench_games::self_play_positions)
            .flat_map(|m| m.views)
            .filter(|v| v.to_move == Some(v.me))
            .collect()
    }

    /// A decision's candidates scored side by side ([`Trees::score_many`], as the player scores
    /// them) get exactly the scores each gets alone ([`Trees::score`], as the trainer's check
    /// is compared).
    #[test]
    fn candidates_scored_together_score_as_alone() {
        let mut player = LearnedPlayer::new();
        let mut rows = 0;
        for view in views() {
            let scored = player.score(&view);
            for (f, s) in scored.features.iter().zip(&scored.scores) {
                assert_eq!(player.model.score(f).to_bits(), s.to_bits());
                rows += 1;
            }
        }
        assert!(rows > 100, "{} rows", rows);
    }

    #[test]
    fn the_learned_play_is_a_legal_candidate_with_the_best_score() {
        let mut player = LearnedPlayer::new();
        let views = views();
        assert!(views.len() > 10, "{}", views.len());
        for view in &views {
            let play = player.choose(view);
            assert!(view.legal_plays().contains(&play), "{:?}", play);
            let scored = player.score(view);
            assert!(scored.candidates.contains(&scored.rule_choice));
            if view.legal_plays().len() > 1 {
                let i = scored.candidates.iter().position(|c| *c == play).unwrap();
                assert!(scored.scores.iter().all(|s| *s <= scored.scores[i]));
            }
        }
    }
}
