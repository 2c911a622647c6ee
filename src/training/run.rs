//! Self-play: seeded games between built-in players (or any engine the arena can host), each
//! deal played three times with each seat in turn as the landlord (base 1, no bidding), so the
//! luck of the deal cancels out of the labels; every position of every game becomes a
//! [`Sample`].

use super::data::{Sample, GAMES_PER_DEAL};
use super::data_merge::deal_shard;
use crate::arena::table::referee::GameRecord;
use crate::arena::{self, ArenaConfig, Format};
use crate::game::deal::Deal;
use crate::game::{BySeat, GameState, Scoring};
use crate::rules::classify;
use crate::search::rollout::OpenGame;
use crate::shards::Shard;
use crate::strategy::networks::open_position;

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// The player in each seat (the arena's syntax: `builtin:rules`, `builtin:ddz:samples=8`).
    pub players: [String; 3],
    /// Deals; each is played three times (landlord A, B, C), so there are three times as many
    /// games.
    pub deals: usize,
    /// The run's seed: the deals and the players' randomness come from it.
    pub seed: u64,
    /// Tables played at once.
    pub jobs: usize,
    /// The scoring rule the players weigh their decisions by (the labels hold the outcome, from
    /// which any rule's score follows).
    pub scoring: Scoring,
    /// Draw a progress line on stderr.
    pub progress: bool,
}

/// The player a run seats where `--players` names none.
pub(crate) const DEFAULT_PLAYER: &str = "builtin:rules";

impl SelfPlay {
    /// A run of `deals` deals by [`DEFAULT_PLAYER`] in every seat, seed 1, one table at a time,
    /// the official scoring, no progress line.
    #[must_use]
    pub(crate) fn of_deals(deals: usize) -> SelfPlay {
        SelfPlay {
            players: [
                DEFAULT_PLAYER.to_string(),
                DEFAULT_PLAYER.to_string(),
                DEFAULT_PLAYER.to_string(),
            ],
            deals,
            seed: 1,
            jobs: 1,
            scoring: Scoring::Official,
            progress: false,
        }
    }
}

/// The arena match that plays a self-play run: deal `i` of the seed is game `3i + k` with seat
/// `k` as the landlord (the arena's fixed landlord is the seat of the game's number mod 3).
#[must_use]
pub fn match_config(run: &SelfPlay) -> ArenaConfig {
    let deals: Vec<Deal> = (0..run.deals)
        .flat_map(|i| std::iter::repeat(Deal::seeded(run.seed, i as u64)).take(GAMES_PER_DEAL))
        .collect();
    let mut config = ArenaConfig {
        players: run.players.to_vec(),
        format: Format::Seats,
        games: deals.len(),
        deals: Some(deals),
        seed: run.seed,
        jobs: run.jobs,
        progress: run.progress,
        // Each of the match's deals is one game of the run.
        progress_unit: "games",
        ..ArenaConfig::default()
    };
    config.rules.fixed_landlord = true;
    config.rules.scoring = run.scoring;
    config
}

/// Plays one shard of the run ([`super::data_merge`]: the deals i with `i mod N = K - 1`, each
/// deal's three games as the whole run plays them), or the whole run for `None`.
pub(crate) fn run_shard(
    run: &SelfPlay,
    shard: Option<Shard>,
    on_samples: &mut dyn FnMut(&[Sample]) -> Result<(), arena::Stop>,
) -> Result<arena::count::report::Report, arena::MatchError> {
    let mut config = match_config(run);
    config.shard = shard.map(deal_shard);
    arena::run(&config, &mut |games: &[GameRecord]| {
        for g in games {
            if let Some(samples) = samples_of(g) {
                on_samples(&samples)?;
            }
        }
        Ok(())
    })
}

/// A finished game's record set up to be played again from its first play, every hand open;
/// `None` for a game that did not end normally (no landlord, no winner, a fault).
#[must_use]
pub(crate) fn replay_start(record: &GameRecord) -> Option<OpenGame> {
    let landlord = record.landlord?;
    record.winner?;
    if !record.errors.is_empty() {
        return None;
    }
    let deal = &record.deal;
    let mut view = GameState::new(landlord, deal.hands[landlord]);
    for &(seat, bid) in &record.bids {
        view.bids[seat] = Some(bid);
    }
    view.set_landlord(landlord, deal.bottom).ok()?;
    let mut hands = deal.hands;
    hands[landlord] = hands[landlord].or(deal.bottom);
    Some(OpenGame::new(&view, hands))
}

/// Every position of a finished game, replayed from its record; `None` for a game that did
/// not end normally.
#[must_use]
pub fn samples_of(record: &GameRecord) -> Option<Vec<Sample>> {
    let deal = &record.deal;
    let mut game = replay_start(record)?;
    let mut partial = Vec::with_capacity(record.plays.len());
    for (turn, &(seat, cards)) in record.plays.iter().enumerate() {
        let state = game.state();
        if state.to_move != Some(seat) {
            return None;
        }
        let play = match cards {
            None => crate::rules::Combo::PASS,
            Some(c) => classify(c.counts())?,
        };
        let position = open_position(state, game.hands())?;
        partial.push((turn as u32, position, state.played, state.passes, play));
        game.play(seat, &play).ok()?;
    }
    let winner = game.winner()?;
    if Some(winner) != record.winner {
        return None;
    }
    let mut outcome = game.outcome(winner);
    outcome.base = record.base.max(1);
    let bottom = deal.bottom.counts();
    Some(
        partial
            .into_iter()
            .map(|(turn, position, played, passes, play)| Sample {
                game: record.deal_index as u64,
                turn,
                position,
                played: BySeat::from_fn(|s| played[s].counts()),
                bottom,
                passes,
                play,
                outcome,
            })
            .collect(),
    )
}
