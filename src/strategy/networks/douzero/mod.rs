//! DouZero's networks (Zha et al., 2021; github.com/kwai/DouZero), played by the engine itself:
//! the forward pass of its three position networks in Rust ([`net`]), their weights read from
//! one safetensors file ([`safetensors`]) that `python -m ddz.douzero_convert` writes from
//! DouZero's checkpoints or the trainer's (docs/douzero.md).
//!
//! The file holds each position's state dict under its position's name: `landlord.lstm.
//! weight_ih_l0`, …, `landlord_up.dense6.bias`, `landlord_down.…`, every tensor `F32` in
//! PyTorch's shape. A file that lacks one, or holds one of another shape or dtype, is refused
//! with the file's and the tensor's names.

pub(crate) mod net;
pub(crate) mod safetensors;

use net::{PositionNet, ACTION_WIDTH, Z_ROWS, Z_WIDTH};
use safetensors::TensorFile;
pub use safetensors::TensorFileError;
use std::sync::Arc;

/// DouZero's three positions, in its order (`ddz.douzero.POSITIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// The landlord.
    Landlord,
    /// The farmer who plays before the landlord.
    LandlordUp,
    /// The farmer who plays after the landlord.
    LandlordDown,
}

impl Position {
    /// Every position, in DouZero's order.
    pub const ALL: [Position; 3] = [
        Position::Landlord,
        Position::LandlordUp,
        Position::LandlordDown,
    ];

    /// DouZero's name, the prefix of the position's tensors.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Position::Landlord => "landlord",
            Position::LandlordUp => "landlord_up",
            Position::LandlordDown => "landlord_down",
        }
    }

    /// The columns of the network's `x`: the position's features and a play's 54 cards.
    #[must_use]
    pub fn x_width(self) -> usize {
        match self {
            Position::Landlord => 373,
            Position::LandlordUp | Position::LandlordDown => 484,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// DouZero's three networks, read from one safetensors file (shared by every player built
/// from it: 1.46 M parameters a position).
#[derive(Clone, Debug)]
pub struct DouZeroNets {
    path: String,
    nets: Arc<[PositionNet; 3]>,
}

/// Two specs are the same player when they name the same file.
impl PartialEq for DouZeroNets {
    fn eq(&self, other: &DouZeroNets) -> bool {
        self.path == other.path
    }
}

impl DouZeroNets {
    /// Reads the three networks from the safetensors file at `path`.
    pub fn read(path: &str) -> Result<DouZeroNets, TensorFileError> {
        DouZeroNets::from_file(&TensorFile::read(path)?)
    }

    fn from_file(file: &TensorFile) -> Result<DouZeroNets, TensorFileError> {
        let read = |p: Position| PositionNet::read(file, p.name(), p.x_width());
        Ok(DouZeroNets {
            path: file.path.clone(),
            nets: Arc::new([
                read(Position::Landlord)?,
                read(Position::LandlordUp)?,
                read(Position::LandlordDown)?,
            ]),
        })
    }

    /// The file the networks were read from.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The value `position`'s network gives each play: `z` the history (DouZero's `z`, 5 × 162
    /// row-major), `x_no_action` the position's features, `actions` the plays' cards (54
    /// columns a play, DouZero's `action_cards`). The LSTM runs once for all the plays.
    #[must_use]
    pub fn values(
        &self,
        position: Position,
        z: &[f32],
        x_no_action: &[f32],
        actions: &[f32],
    ) -> Vec<f32> {
        self.nets[position.index()].values(z, x_no_action, actions)
    }

    /// Weights and biases of `position`'s network.
    #[must_use]
    pub fn parameters(&self, position: Position) -> usize {
        self.nets[position.index()].parameters()
    }
}

/// The largest difference [`check_arrays`] found between the values an arrays file holds
/// (PyTorch's) and this forward pass's, with the plays and positions compared, by position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ParityReport {
    /// Positions (decisions) compared.
    pub positions: usize,
    /// Plays (rows) compared.
    pub plays: usize,
    /// The largest absolute difference.
    pub worst: f32,
    /// The median time of a decision's forward pass, in seconds.
    pub median_seconds: f64,
}

/// Compares `nets` with the values in the arrays file at `path` (a safetensors file, written
/// by scripts/douzero_parity.py): for each position `P`, `P.z` `(k, 5, 162)`,
/// `P.x_no_action` `(k, features)`, `P.offsets` `(k + 1)` `I64`, `P.action_cards` `(n, 54)`
/// and `P.values` `(n)`, PyTorch's value of each play; a position with no decisions may be
/// absent. Returns each position's figures.
pub fn check_arrays(nets: &DouZeroNets, path: &str) -> Result<[ParityReport; 3], TensorFileError> {
    let file = TensorFile::read(path)?;
    let mut reports = [ParityReport::default(); 3];
    for position in Position::ALL {
        let name = |key: &str| format!("{}.{}", position.name(), key);
        if file.get(&name("offsets")).is_err() {
            continue;
        }
        let offsets = file
            .get(&name("offsets"))?
            .i64s()
            .ok_or_else(|| file.error(&name("offsets"), "dtype F32, expected I64"))?;
        let k = offsets.len().saturating_sub(1);
        let n = offsets.last().map_or(0, |&n| n.max(0) as usize);
        let features = position.x_width() - ACTION_WIDTH;
        let z = file.f32s(&name("z"), &[k, Z_ROWS, Z_WIDTH])?;
        let x = file.f32s(&name("x_no_action"), &[k, features])?;
        let actions = file.f32s(&name("action_cards"), &[n, ACTION_WIDTH])?;
        let expected = file.f32s(&name("values"), &[n])?;
        let report = &mut reports[position.index()];
        let mut seconds = Vec::with_capacity(k);
        for d in 0..k {
            let (from, to) = (offsets[d], offsets[d + 1]);
            if from < 0 || to < from || to as usize > n {
                return Err(file.error(&name("offsets"), "not rising within the plays"));
            }
            let (from, to) = (from as usize, to as usize);
            let z_rows = &z[d * Z_ROWS * Z_WIDTH..(d + 1) * Z_ROWS * Z_WIDTH];
            let started = std::time::Instant::now();
            let values = nets.values(
                position,
                z_rows,
                &x[d * features..(d + 1) * features],
                &actions[from * ACTION_WIDTH..to * ACTION_WIDTH],
            );
            seconds.push(started.elapsed().as_secs_f64());
            for (got, want) in values.iter().zip(&expected[from..to]) {
                // Written so that a NaN on either side is the worst and stays so.
                let difference = (got - want).abs();
                if difference.is_nan() || difference > report.worst {
                    report.worst = difference;
                }
            }
            report.positions += 1;
            report.plays += to - from;
        }
        seconds.sort_by(f64::total_cmp);
        report.median_seconds = seconds.get(seconds.len() / 2).copied().unwrap_or(0.0);
    }
    Ok(reports)
}

#[cfg(test)]
pub(crate) mod tests;
