//! Many games stepped at once, for learners: `N` slots, each playing seeded deals one after
//! another with the landlord fixed by the deal (no bidding, as DouZero plays, and as
//! `ddz arena --fixed-landlord` seats it: deal `k`'s landlord is seat `k mod 3`, at base 1).
//!
//! Every slot's moves are action-space indices ([`crate::actions`]); a step takes one per slot,
//! refuses the whole step before any game moves when one is not legal, and steps the slots
//! across threads. A finished game's rewards are reported under an [`Objective`] and the slot
//! moves on to its next deal in the same step. Slot `g` plays deal `k` of its own seed,
//! `Deal::seeded(mix(seed, g), k)`, so a seeded batch plays the same games whatever the thread
//! count, and each game is the single-game path's (`ddz.Game(seed=…, deal=k, landlord=k % 3)`).
//!
//! ```
//! use ddz_core::batch::{Batch, Objective};
//! use ddz_core::rules::Platform;
//!
//! let mut batch = Batch::new(8, 1, Platform::Canonical, Objective::WinOrLose, 2);
//! let mut rewards = vec![0.0; 8 * 3];
//! let mut done = vec![false; 8];
//! let mut finished = 0;
//! while finished < 8 {
//!     // Each slot plays its first legal action.
//!     let first: Vec<i64> = (0..8).map(|g| i64::from(batch.legal(g)[0])).collect();
//!     batch.step(&first, &mut rewards, &mut done).unwrap();
//!     finished += done.iter().filter(|&&d| d).count();
//! }
//! // An index that is not legal is refused, and no game moves.
//! let mut bad: Vec<i64> = (0..8).map(|g| i64::from(batch.legal(g)[0])).collect();
//! bad[3] = 1_000_000;
//! let error = batch.step(&bad, &mut rewards, &mut done).unwrap_err();
//! assert!(error.to_string().starts_with("game 3: action 1000000"));
//! ```

use crate::actions::{ActionSpace, CARD_COLUMNS};
use crate::encode::douzero::{self, Position, Z_WIDTH};
use crate::encode::observation::{self, Table, WIDTH};
use crate::game::deal::{mix, Deal};
use crate::game::{Game, Seat};
use crate::named::Named;
use crate::rules::Platform;
use std::fmt;
use std::sync::Arc;

/// What a finished game pays, by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// The official score (Botzone's under its variant), in points.
    Score,
    /// DouZero's WP: 1 to the landlord when it wins, −1 when it loses; each farmer the opposite.
    WinOrLose,
    /// DouZero's ADP: ±2 to the power of the bombs and rockets played, signed as WP.
    AdjustedPoints,
}

impl Named for Objective {
    /// The names the Python API takes (`ddz.Batch(objective=…)`), DouZero's for its two.
    const NAMES: &'static [(&'static str, Objective)] = &[
        ("score", Objective::Score),
        ("wp", Objective::WinOrLose),
        ("adp", Objective::AdjustedPoints),
    ];
    const WHAT: Option<&'static str> = Some("an objective");
}
crate::named_enum!(Objective);

/// A step refused: no game moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// Not one action per game.
    WrongCount {
        /// Actions given.
        given: usize,
        /// Games in the batch.
        games: usize,
    },
    /// An action that is not one of its game's legal actions here.
    NotLegal {
        /// The game.
        game: usize,
        /// The action given.
        action: i64,
        /// The play it names, when it names one.
        play: Option<String>,
        /// How many legal actions the game has.
        legal: usize,
    },
    /// Actions to restore that end their game's deal (a game is dealt anew when it ends).
    Finished {
        /// The game.
        game: usize,
    },
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::WrongCount { given, games } => write!(
                f,
                "{} actions for {} games: one action per game",
                given, games
            ),
            BatchError::NotLegal {
                game,
                action,
                play,
                legal,
            } => {
                let named = match play {
                    Some(p) => format!(" ({})", p),
                    None => " (no action of the space)".to_string(),
                };
                write!(
                    f,
                    "game {}: action {}{} is not legal there ({} legal actions)",
                    game, action, named, legal
                )
            }
            BatchError::Finished { game } => write!(
                f,
                "game {}: the actions end its deal (a game ended is dealt anew)",
                game
            ),
        }
    }
}

impl std::error::Error for BatchError {}

/// One slot: the game it plays now ([`Game`], as `ddz.Game` plays it) and its legal actions.
#[derive(Clone)]
struct Slot {
    /// The deal of the slot's stream being played.
    deal_index: u64,
    /// Its seed is the slot's own, `mix(batch seed, slot)`.
    game: Game,
    /// The legal actions of the seat to move, as indices, in the generator's order.
    legal: Vec<u32>,
}

impl Slot {
    fn new(seed: u64, deal_index: u64, platform: Platform, space: &ActionSpace) -> Slot {
        let deal = Deal::seeded(seed, deal_index);
        let game = Game::new(seed, platform, deal, Some(landlord_of(deal_index)));
        let mut slot = Slot {
            deal_index,
            game,
            legal: Vec::with_capacity(64),
        };
        space.legal_indices(&slot.game.round, &mut slot.legal);
        slot
    }

    /// Refuses `action` unless it is one of the legal actions here (`game`: this slot's).
    fn check(&self, game: usize, action: i64, space: &ActionSpace) -> Result<(), BatchError> {
        if self.legal.iter().any(|&a| i64::from(a) == action) {
            return Ok(());
        }
        let play = usize::try_from(action).ok().and_then(|i| space.play(i));
        Err(BatchError::NotLegal {
            game,
            action,
            play: play.map(|p| p.to_string()),
            legal: self.legal.len(),
        })
    }
}

/// The landlord of a slot's deal `k`: seat `k mod 3`, as the arena's `--fixed-landlord`.
fn landlord_of(deal_index: u64) -> Seat {
    Seat::ALL[(deal_index % 3) as usize]
}

/// The batch: its slots, the rules they play by and how finished games pay.
pub struct Batch {
    platform: Platform,
    objective: Objective,
    threads: usize,
    space: Arc<ActionSpace>,
    slots: Vec<Slot>,
}

impl Batch {
    /// `games` slots playing seeded deals under `platform`, stepped on `threads` threads (0: as
    /// many as the machine has).
    #[must_use]
    pub fn new(
        games: usize,
        seed: u64,
        platform: Platform,
        objective: Objective,
        threads: usize,
    ) -> Batch {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let space = ActionSpace::shared();
        let slots = (0..games)
            .map(|g| Slot::new(mix(seed, g as u64), 0, platform, &space))
            .collect();
        Batch {
            platform,
            objective,
            threads,
            space,
            slots,
        }
    }

    /// How many games (slots).
    #[must_use]
    pub fn games(&self) -> usize {
        self.slots.len()
    }

    /// Game `g` now.
    #[must_use]
    pub fn game(&self, g: usize) -> &Game {
        &self.slots[g].game
    }

    /// Game `g`'s deal: its slot's seed and the deal's index in the slot's stream.
    #[must_use]
    pub fn deal_of(&self, g: usize) -> (u64, u64) {
        (self.slots[g].game.seed, self.slots[g].deal_index)
    }

    /// Game `g`'s legal actions, as action-space indices in the generator's order.
    #[must_use]
    pub fn legal(&self, g: usize) -> &[u32] {
        &self.slots[g].legal
    }

    /// The seat to move in game `g`.
    #[must_use]
    pub fn to_move(&self, g: usize) -> Seat {
        self.slots[g].game.round.to_move()
    }

    /// The position (DouZero's: 0 landlord, 1 landlord_up, 2 landlord_down) of the seat to move
    /// in game `g`.
    #[must_use]
    pub fn role(&self, g: usize) -> usize {
        let round = &self.slots[g].game.round;
        douzero::role_of(round.to_move(), landlord_of(self.slots[g].deal_index))
    }

    /// Plays `actions[g]` in every game `g`; `rewards` (3 a game, by seat) and `done` (one a
    /// game) are written for every game, rewards nonzero only where a game just ended, and a
    /// finished game is dealt its slot's next deal. Refused before any game moves when there is
    /// not one action per game or one is not legal in its game.
    pub fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f32],
        done: &mut [bool],
    ) -> Result<(), BatchError> {
        self.check(actions)?;
        let (platform, objective, space) = (self.platform, self.objective, &*self.space);
        let per = self.chunk(self.slots.len());
        let work = self
            .slots
            .chunks_mut(per)
            .zip(actions.chunks(per))
            .zip(rewards.chunks_mut(3 * per).zip(done.chunks_mut(per)));
        in_parallel(work, |((slots, actions), (rewards, done))| {
            let each = slots
                .iter_mut()
                .zip(actions)
                .zip(rewards.chunks_mut(3))
                .zip(done.iter_mut());
            for (((slot, &action), reward), done) in each {
                *done = play(slot, action as usize, platform, objective, space, reward);
            }
        });
        Ok(())
    }

    /// Refuses actions that are not one legal action per game.
    fn check(&self, actions: &[i64]) -> Result<(), BatchError> {
        if actions.len() != self.slots.len() {
            return Err(BatchError::WrongCount {
                given: actions.len(),
                games: self.slots.len(),
            });
        }
        for (game, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            slot.check(game, action, &self.space)?;
        }
        Ok(())
    }

    /// The action-space indices played so far in game `g`'s deal, in order: with
    /// [`Batch::deal_of`], the position [`Batch::restore`] puts a game back at.
    #[must_use]
    pub fn played(&self, g: usize) -> Vec<u32> {
        let actions = self.slots[g].game.actions();
        actions.map(|a| self.space.index_of_action(a)).collect()
    }

    /// Puts game `g` at deal `deal_index` of its slot's stream with `actions` played in turn
    /// (how a pickled batch is restored); refused, the game left as it was, when an action is
    /// not legal where it comes or the actions end the deal.
    pub fn restore(
        &mut self,
        g: usize,
        deal_index: u64,
        actions: &[i64],
    ) -> Result<(), BatchError> {
        let (platform, objective, space) = (self.platform, self.objective, &*self.space);
        let mut slot = Slot::new(self.slots[g].game.seed, deal_index, platform, space);
        let mut reward = [0.0; 3];
        for &action in actions {
            slot.check(g, action, space)?;
            if play(
                &mut slot,
                action as usize,
                platform,
                objective,
                space,
                &mut reward,
            ) {
                return Err(BatchError::Finished { game: g });
            }
        }
        self.slots[g] = slot;
        Ok(())
    }

    /// Slots per thread for `n` items: all threads busy, none with fewer than a few dozen
    /// slots (below that a thread's start costs more than its share of the work).
    fn chunk(&self, n: usize) -> usize {
        const LEAST_PER_THREAD: usize = 32;
        let threads = self.threads.min(n / LEAST_PER_THREAD).max(1);
        ((n + threads - 1) / threads).max(1)
    }

    /// Every game's seat to move, observed: [`WIDTH`] values a game into `out`.
    pub fn observation(&self, out: &mut [i8]) {
        let per = self.chunk(self.slots.len());
        let work = self.slots.chunks(per).zip(out.chunks_mut(per * WIDTH));
        in_parallel(work, |(slots, out)| {
            for (slot, row) in slots.iter().zip(out.chunks_mut(WIDTH)) {
                let round = &slot.game.round;
                let table = Table::of_round(round, slot.game.deal.bottom.counts());
                observation::encode(&table, round.to_move(), row);
            }
        });
    }

    /// The games whose seat to move plays `role` (0 landlord, 1 landlord_up, 2 landlord_down)
    /// and where each one's legal actions start in the rows of DouZero's arrays.
    #[must_use]
    pub fn douzero_layout(&self, role: usize) -> DouZeroLayout {
        let mut layout = DouZeroLayout {
            role,
            games: Vec::new(),
            offsets: vec![0],
        };
        for g in 0..self.slots.len() {
            if self.role(g) == role {
                layout.games.push(g);
                let rows = layout.rows() + self.slots[g].legal.len();
                layout.offsets.push(rows);
            }
        }
        layout
    }

    /// DouZero's arrays of the games of `layout` (made by [`Batch::douzero_layout`] since the
    /// last step) into `out`, sized by the layout.
    pub fn douzero(&self, layout: &DouZeroLayout, mut out: DouZeroBuffers<'_>) {
        let width = douzero::x_width(layout.role);
        let expanded = !out.x_batch.is_empty();
        let per = self.chunk(layout.games.len());
        let mut work = Vec::with_capacity(self.threads);
        for (k, games) in layout.games.chunks(per).enumerate() {
            let first = k * per;
            let rows = layout.offsets[first + games.len()] - layout.offsets[first];
            work.push((games, out.split_off(games.len(), rows, width, expanded)));
        }
        let (slots, space) = (&self.slots, &*self.space);
        in_parallel(work.into_iter(), |(games, mut part)| {
            for &g in games {
                part.fill_one(&slots[g], space, width, expanded);
            }
        });
    }
}

/// Runs `work` on each part, the first on this thread and each other on a thread of its own.
fn in_parallel<I>(parts: I, work: impl Fn(I::Item) + Sync)
where
    I: Iterator,
    I::Item: Send,
{
    let mut parts = parts;
    let first = parts.next();
    let work = &work;
    std::thread::scope(|scope| {
        for part in parts {
            scope.spawn(move || work(part));
        }
        if let Some(part) = first {
            work(part);
        }
    });
}

/// Plays `action` in `slot`; on the game's end writes its rewards and deals the next deal.
/// Returns whether the game ended.
fn play(
    slot: &mut Slot,
    action: usize,
    platform: Platform,
    objective: Objective,
    space: &ActionSpace,
    reward: &mut [f32],
) -> bool {
    // A listed action is legal: played unjudged, as the single game plays it.
    space.play_listed(&mut slot.game, action);
    for r in reward.iter_mut() {
        *r = 0.0;
    }
    let round = &slot.game.round;
    match (round.outcome(), round.score()) {
        (Some(outcome), Some((_, scores))) => {
            let won = outcome.winner == outcome.landlord;
            let sign = if won { 1.0 } else { -1.0 };
            let landlord_gets = match objective {
                Objective::WinOrLose => sign,
                Objective::AdjustedPoints => sign * 2f32.powi(outcome.tally().doublings() as i32),
                Objective::Score => 0.0,
            };
            for s in Seat::ALL {
                reward[s.index()] = match objective {
                    // The official score, or Botzone's under its variant, in points.
                    Objective::Score => scores[s] as f32,
                    _ if s == outcome.landlord => landlord_gets,
                    _ => -landlord_gets,
                };
            }
            *slot = Slot::new(slot.game.seed, slot.deal_index + 1, platform, space);
            true
        }
        _ => {
            space.legal_indices(&slot.game.round, &mut slot.legal);
            false
        }
    }
}

/// The games of one DouZero position and where their rows start.
#[derive(Clone, Debug, Default)]
pub struct DouZeroLayout {
    /// The position (0 landlord, 1 landlord_up, 2 landlord_down).
    pub role: usize,
    /// The games whose seat to move plays it, ascending.
    pub games: Vec<usize>,
    /// Where each game's rows start, and the total last (`games.len() + 1` entries).
    pub offsets: Vec<usize>,
}

impl DouZeroLayout {
    /// Rows (legal actions) in all.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.offsets.last().copied().unwrap_or(0)
    }
}

/// Buffers for DouZero's arrays of one position's games (sizes from its [`DouZeroLayout`]:
/// `k` games, `n` rows, `w` = [`douzero::x_width`]).
pub struct DouZeroBuffers<'a> {
    /// `k × w`.
    pub x_no_action: &'a mut [i8],
    /// `k × Z_WIDTH`.
    pub z: &'a mut [i8],
    /// `n`: each row's action-space index.
    pub actions: &'a mut [i32],
    /// `n × 54`: each row's play.
    pub action_cards: &'a mut [i8],
    /// `n × (w + 54)`, or empty for the compact form alone.
    pub x_batch: &'a mut [f32],
    /// `n × Z_WIDTH`, or empty for the compact form alone.
    pub z_batch: &'a mut [f32],
}

/// The first `n` values of `slice`, leaving it the rest.
fn take<'a, T>(slice: &mut &'a mut [T], n: usize) -> &'a mut [T] {
    let (head, tail) = std::mem::take(slice).split_at_mut(n);
    *slice = tail;
    head
}

impl<'a> DouZeroBuffers<'a> {
    /// The buffers' first `games` games and `rows` rows, leaving these the rest.
    fn split_off(
        &mut self,
        games: usize,
        rows: usize,
        width: usize,
        expanded: bool,
    ) -> DouZeroBuffers<'a> {
        let wide = if expanded { rows } else { 0 };
        DouZeroBuffers {
            x_no_action: take(&mut self.x_no_action, games * width),
            z: take(&mut self.z, games * Z_WIDTH),
            actions: take(&mut self.actions, rows),
            action_cards: take(&mut self.action_cards, rows * CARD_COLUMNS),
            x_batch: take(&mut self.x_batch, wide * (width + CARD_COLUMNS)),
            z_batch: take(&mut self.z_batch, wide * Z_WIDTH),
        }
    }

    /// Writes one game's arrays at the front, leaving these the rest.
    fn fill_one(&mut self, slot: &Slot, space: &ActionSpace, width: usize, expanded: bool) {
        let rows = slot.legal.len();
        let part = self.split_off(1, rows, width, expanded);
        if let Some(position) = Position::of_round(&slot.game.round) {
            douzero::encode(&position, part.x_no_action, part.z);
        }
        for ((a, cards), &index) in part
            .actions
            .iter_mut()
            .zip(part.action_cards.chunks_exact_mut(CARD_COLUMNS))
            .zip(&slot.legal)
        {
            *a = index as i32;
            cards.copy_from_slice(space.columns(index as usize));
        }
        if expanded {
            douzero::x_batch(part.x_no_action, part.action_cards, part.x_batch);
            douzero::z_batch(part.z, part.z_batch);
        }
    }
}
