//! The hidden-hand model's data: arena game logs (`ddz arena --json`) replayed seat by seat,
//! each seat's view before a turn turned into the network's inputs
//! ([`crate::strategy::networks::hidden`]) and the true place of every hidden card
//! (`ddz encode --net hidden`); and its calibration on held-out games (`ddz netcheck
//! --hidden`): the log loss per hidden card of the network's chances against uniform deals and
//! against the search's inference.
//!
//! A row's targets are the network's outputs (per rank, the share of its hidden cards the seat
//! after ours holds), then what the trainer needs to weigh and judge them: the hidden cards per
//! rank, the hidden cards the seat after ours must hold, and all hidden cards
//! ([`HIDDEN_EXTRA`] values, not fitted).

use super::encode::{write_f32, MatrixFile};
use crate::arena::table::referee::GameRecord;
use crate::arena::wire::json::{GameLine, LogError, LogLine};
use crate::cards::{Cards, Rank};
use crate::game::{BySeat, GameState, Seat};
use crate::strategy::networks::hidden::{
    hidden_cards, hidden_features, hidden_need, hidden_targets, HIDDEN_INPUTS, HIDDEN_OUTPUTS,
};
use std::io::{Seek, Write};

/// Columns after the fitted targets: hidden cards per rank, the need of the seat after ours,
/// all hidden cards.
pub(crate) const HIDDEN_EXTRA: usize = Rank::COUNT + 2;

/// Every seat's view before each turn of a finished game (`every`: keep the turns whose
/// number, offset by the game's, is a multiple of it), with the hands the other seats held
/// then. `None` for a game that did not end normally.
#[must_use]
pub(crate) fn views_of(record: &GameRecord, every: u64) -> Option<Vec<(GameState, BySeat<Cards>)>> {
    let landlord = record.landlord?;
    record.winner?;
    if !record.errors.is_empty() {
        return None;
    }
    let deal = &record.deal;
    let mut views: Vec<GameState> = Seat::ALL
        .iter()
        .map(|&s| {
            let mut v = GameState::new(s, deal.hands[s]);
            for &(seat, bid) in &record.bids {
                v.bids[seat] = Some(bid);
            }
            v
        })
        .collect();
    for v in &mut views {
        v.set_landlord(landlord, deal.bottom).ok()?;
    }
    let mut hands = deal.hands;
    hands[landlord] = hands[landlord].or(deal.bottom);
    let offset = (record.deal_index as u64).wrapping_mul(131) + record.seating as u64 * 7;
    let mut out = Vec::new();
    for (turn, &(seat, cards)) in record.plays.iter().enumerate() {
        if (offset + turn as u64) % every.max(1) == 0 {
            for v in &views {
                out.push((v.clone(), hands));
            }
        }
        for v in &mut views {
            v.record_play(seat, cards).ok()?;
        }
        if let Some(c) = cards {
            hands[seat] = hands[seat].minus(c);
        }
    }
    Some(out)
}

/// A line of an arena log that does not read: its number (from 1), and why.
#[derive(Debug)]
pub(crate) struct LogLineError {
    /// The line's number, from 1.
    pub(crate) line: usize,
    /// Why it does not read.
    pub(crate) error: LogError,
}

impl std::fmt::Display for LogLineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LogLineError {}

/// Reads the finished games of an arena log, skipping its header and end lines.
pub(crate) fn games_of_log(text: &str) -> Result<Vec<GameRecord>, LogLineError> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |error| LogLineError { line: n + 1, error };
        match LogLine::read(line).map_err(at)? {
            LogLine::Game(g) => games.push(record_of(&g).map_err(at)?),
            _ => continue,
        }
    }
    Ok(games)
}

fn record_of(g: &GameLine) -> Result<GameRecord, LogError> {
    let labels: Vec<String> = g.players.to_vec();
    g.to_record(&labels)
}

/// Writes the hidden-hand matrix: the DDZX format of [`super::encode`], a row per view.
pub(crate) struct HiddenMatrix<W: Write + Seek> {
    file: MatrixFile<W>,
    buf: Vec<u8>,
}

impl<W: Write + Seek> HiddenMatrix<W> {
    /// A matrix written to `out`.
    pub(crate) fn new(out: W) -> std::io::Result<HiddenMatrix<W>> {
        Ok(HiddenMatrix {
            file: MatrixFile::new(out, HIDDEN_INPUTS, HIDDEN_OUTPUTS + HIDDEN_EXTRA)?,
            buf: Vec::new(),
        })
    }

    /// The row of `view` with the other seats holding `hands`.
    pub(crate) fn add(&mut self, view: &GameState, hands: &BySeat<Cards>) -> std::io::Result<()> {
        let mut x = [0.0f32; HIDDEN_INPUTS];
        let hidden = hidden_cards(view);
        if !hidden_features(view, &mut x) || hidden.is_empty() {
            return Ok(());
        }
        self.buf.clear();
        write_f32(&mut self.buf, &x);
        write_f32(&mut self.buf, &hidden_targets(view, hands));
        let mut extra = [0.0f32; HIDDEN_EXTRA];
        for r in Rank::ALL {
            extra[r.index()] = f32::from(hidden.counts().get(r));
        }
        extra[Rank::COUNT] = hidden_need(view, view.me.next()) as f32;
        extra[Rank::COUNT + 1] = hidden.len() as f32;
        write_f32(&mut self.buf, &extra);
        self.file.append(&self.buf, 1)
    }

    /// Rows written so far.
    #[must_use]
    pub(crate) fn rows(&self) -> u32 {
        self.file.rows()
    }

    /// Writes the row count into the header and hands back the output.
    pub(crate) fn finish(self) -> std::io::Result<W> {
        self.file.finish()
    }
}

/// The log loss of chances for the hidden cards of one view: the sum over hidden cards of
/// −ln(the chance given to the hand it is in), and the cards counted.
#[must_use]
pub(crate) fn log_loss(
    view: &GameState,
    hands: &BySeat<Cards>,
    chance_next: impl Fn(u8) -> f64,
) -> (f64, u32) {
    let next = hands[view.me.next()];
    let mut loss = 0.0;
    let mut n = 0;
    for code in hidden_cards(view).codes() {
        let p = chance_next(code).clamp(1e-6, 1.0 - 1e-6);
        loss -= if next.contains(code) { p } else { 1.0 - p }.ln();
        n += 1;
    }
    (loss, n)
}

/// How well each way of drawing deals places the hidden cards of held-out games: the log loss
/// per hidden card of the chances it gives, over the same views.
#[derive(Clone, Debug, Default)]
pub(crate) struct Calibration {
    /// Views scored.
    pub(crate) views: u32,
    /// Hidden cards scored.
    pub(crate) cards: u64,
    /// Per way (in the order given), the summed log loss.
    pub(crate) loss: Vec<f64>,
}

impl Calibration {
    /// The log loss per hidden card of way `k`.
    #[must_use]
    pub(crate) fn per_card(&self, k: usize) -> f64 {
        self.loss[k] / self.cards.max(1) as f64
    }
}

/// Scores each of `ways` (a name and a thinker whose `infer` draws the deals) on every view of
/// `records` (one turn in `every`): the share of `deals` deals in which a hidden card lies with
/// the seat after ours is its chance (smoothed by half a deal each way, so that no card is
/// ever impossible), and the log loss is counted on the true deal. Uniform deals are scored
/// exactly (each card's chance is that seat's share of the hidden cards) as way 0.
pub(crate) fn calibrate(
    records: &[GameRecord],
    every: u64,
    ways: &mut [crate::strategy::thinker::Thinker],
    deals: u32,
) -> Calibration {
    let mut cal = Calibration {
        loss: vec![0.0; ways.len() + 1],
        ..Calibration::default()
    };
    for record in records {
        let views = match views_of(record, every) {
            Some(v) => v,
            None => continue,
        };
        for (view, hands) in &views {
            let hidden = hidden_cards(view);
            if hidden.is_empty() || view.landlord.is_none() {
                continue;
            }
            let share = f64::from(hidden_need(view, view.me.next())) / hidden.len() as f64;
            let (loss, n) = log_loss(view, hands, |_| share);
            cal.loss[0] += loss;
            cal.cards += u64::from(n);
            cal.views += 1;
            for (k, thinker) in ways.iter_mut().enumerate() {
                let chances = thinker.believed_chances(view, deals);
                let smooth = |code: u8| {
                    chances
                        .iter()
                        .find(|(c, _)| *c == code)
                        .map_or(share, |&(_, p)| {
                            (p * f64::from(deals) + 0.5) / (f64::from(deals) + 1.0)
                        })
                };
                cal.loss[k + 1] += log_loss(view, hands, smooth).0;
            }
        }
    }
    cal
}
