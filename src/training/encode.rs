//! Training matrices: self-play samples turned into the networks' inputs
//! ([`crate::strategy::networks::features`]) and targets, in a file the trainer reads with numpy.
//!
//! The matrix file (little-endian): the magic `DDZX`, a format version (`u32`, 1), the rows, the
//! inputs and the targets per row (`u32` each), then each row's inputs and targets (`f32`).
//!
//! The targets are the outcome from the landlord's side at base 1 ([`targets`]): the official
//! score in units of the landlord's stake (± the multiplier), the team rule's points, and the
//! result (+1 the landlord won, −1 it lost). The play network learns them for every position;
//! the bid network, at the first position of each game, for each seat's 17 dealt cards in its
//! role (the landlord's, or a farmer's after or before it): what the hand is worth as the
//! landlord, and what it is worth as a farmer when another seat takes the landlord.

use super::data::Sample;
use crate::game::score::POINT;
use crate::game::Seat;
use crate::game::{Outcome, Scoring};
use crate::named::Named;
use crate::strategy::networks::features::{
    bid_features, play_features, Role, BID_INPUTS, PLAY_INPUTS,
};
use crate::strategy::networks::{CheckFileError, CheckLine};
use crate::strategy::splitter::Splitter;
use std::io::{Seek, SeekFrom, Write};

/// Targets per row.
pub const TARGETS: usize = 3;

/// Which network a matrix is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Net {
    /// The play network: every position, all hands open.
    Play,
    /// The bid network: each seat's dealt hand in its role, once per game.
    Bid,
}

impl Net {
    /// Inputs per row.
    #[must_use]
    pub(crate) fn inputs(self) -> usize {
        match self {
            Net::Play => PLAY_INPUTS,
            Net::Bid => BID_INPUTS,
        }
    }
}

impl Named for Net {
    /// The names on the command line.
    const NAMES: &'static [(&'static str, Net)] = &[("play", Net::Play), ("bid", Net::Bid)];
}
crate::named_enum!(Net);

/// The outcome from the landlord's side at base 1: official score in units of the landlord's
/// stake (`2 × 100`), team points, and ±1 for the result.
#[must_use]
pub fn targets(outcome: &Outcome) -> [f32; TARGETS] {
    let base = f32::from(outcome.base.max(1));
    let official = outcome.landlord_value(Scoring::Official) as f32 / (2.0 * POINT as f32 * base);
    let team = outcome.landlord_value(Scoring::Team) as f32 / base;
    let won = if outcome.winner == outcome.landlord {
        1.0
    } else {
        -1.0
    };
    [official, team, won]
}

/// A matrix file as it is written: the header, rows appended, and the row count written into
/// the header at the end ([`MatrixFile::finish`]). Every network's matrix is one of these.
pub(crate) struct MatrixFile<W: Write + Seek> {
    out: W,
    rows: u32,
}

impl<W: Write + Seek> MatrixFile<W> {
    /// A matrix of rows of `inputs` then `targets` f32 values, written to `out`.
    pub(crate) fn new(mut out: W, inputs: usize, targets: usize) -> std::io::Result<MatrixFile<W>> {
        out.write_all(b"DDZX")?;
        for w in [1u32, 0, inputs as u32, targets as u32] {
            out.write_all(&w.to_le_bytes())?;
        }
        Ok(MatrixFile { out, rows: 0 })
    }

    /// Appends `rows` whole rows, laid out in `bytes` (little-endian f32, row after row).
    pub(crate) fn append(&mut self, bytes: &[u8], rows: u32) -> std::io::Result<()> {
        self.rows += rows;
        self.out.write_all(bytes)
    }

    /// Rows written so far.
    #[must_use]
    pub(crate) fn rows(&self) -> u32 {
        self.rows
    }

    /// Writes the row count into the header and hands back the output.
    pub(crate) fn finish(mut self) -> std::io::Result<W> {
        self.out.seek(SeekFrom::Start(8))?;
        self.out.write_all(&self.rows.to_le_bytes())?;
        self.out.seek(SeekFrom::End(0))?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Writes a play or bid network's matrix row by row; [`MatrixWriter::finish`] writes the row
/// count.
pub struct MatrixWriter<W: Write + Seek> {
    file: MatrixFile<W>,
    net: Net,
    splitter: Splitter,
    buf: Vec<u8>,
}

impl<W: Write + Seek> MatrixWriter<W> {
    /// A matrix for `net` written to `out`.
    pub fn new(out: W, net: Net) -> std::io::Result<MatrixWriter<W>> {
        Ok(MatrixWriter {
            file: MatrixFile::new(out, net.inputs(), TARGETS)?,
            net,
            splitter: Splitter::new(),
            buf: Vec::new(),
        })
    }

    /// Adds the rows `sample` gives for this network (for the bid network: three at the first
    /// position of a game, one per seat, none later).
    pub fn add(&mut self, sample: &Sample) -> std::io::Result<()> {
        self.buf.clear();
        match self.net {
            Net::Play => {
                let mut x = [0.0f32; PLAY_INPUTS];
                play_features(&sample.position, &mut self.splitter, &mut x);
                write_f32(&mut self.buf, &x);
            }
            Net::Bid => {
                // The first position of a game: each seat's dealt hand in its role.
                if sample.turn != 0 {
                    return Ok(());
                }
                let landlord = sample.position.landlord;
                let t = targets(&sample.outcome);
                for seat in Seat::ALL {
                    let dealt = if seat == landlord {
                        sample.landlord_dealt()
                    } else {
                        sample.position.hands[seat.index()]
                    };
                    let mut x = [0.0f32; BID_INPUTS];
                    bid_features(dealt, Role::of(seat, landlord), &mut self.splitter, &mut x);
                    write_f32(&mut self.buf, &x);
                    write_f32(&mut self.buf, &t);
                }
                return self.file.append(&self.buf, Seat::ALL.len() as u32);
            }
        }
        write_f32(&mut self.buf, &targets(&sample.outcome));
        self.file.append(&self.buf, 1)
    }

    /// Rows written so far.
    #[must_use]
    pub(crate) fn rows(&self) -> u32 {
        self.file.rows()
    }

    /// Writes the row count into the header and hands back the output.
    pub fn finish(self) -> std::io::Result<W> {
        self.file.finish()
    }
}

/// Appends `values` to `buf` as little-endian f32.
pub(crate) fn write_f32(buf: &mut Vec<u8>, values: &[f32]) {
    for v in values {
        buf.extend_from_slice(&v.to_le_bytes());
    }
}

/// How far the Rust forward pass of `weights` is from the trainer's own outputs in `check` (a
/// `.check` file of `scripts/train.py`: rows of inputs `|` outputs): the largest difference,
/// relative to 1 + |the trainer's output|, and the rows compared.
pub fn compare_with_trainer(weights: &[u8], check: &str) -> Result<(f32, usize), CheckFileError> {
    let net = crate::strategy::networks::mlp::Mlp::from_bytes(weights)
        .map_err(CheckFileError::Network)?;
    let mut worst = 0.0f32;
    let mut rows = 0;
    for (n, line) in check.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why| CheckFileError::Line { line: n + 1, why };
        let (x, y) = line.split_once('|').ok_or_else(|| bad(CheckLine::NoBar))?;
        let numbers = |t: &str| -> Result<Vec<f32>, CheckFileError> {
            t.split_whitespace()
                .map(|v| {
                    v.parse::<f32>()
                        .map_err(|_| bad(CheckLine::NotANumber(Some(v.to_string()))))
                })
                .collect()
        };
        let (x, y) = (numbers(x)?, numbers(y)?);
        if x.len() != net.inputs() || y.len() != net.outputs() {
            return Err(bad(CheckLine::Shape {
                inputs: x.len(),
                outputs: y.len(),
                takes: net.inputs(),
                gives: net.outputs(),
            }));
        }
        let mut out = vec![0.0; net.outputs()];
        net.forward(&x, &mut out);
        for (a, b) in out.iter().zip(&y) {
            worst = worst.max((a - b).abs() / (1.0 + b.abs()));
        }
        rows += 1;
    }
    Ok((worst, rows))
}
