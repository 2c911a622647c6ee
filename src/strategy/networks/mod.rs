//! The learned evaluation: small networks trained on self-play outcomes (`ddz selfplay`,
//! `scripts/train.py`), evaluated in Rust with their weights embedded in the binary.
//!
//! - [`features`]: what a network sees of a position or a hand;
//! - [`mlp`]: the forward pass and the weights file format;
//! - [`douzero`]: DouZero's networks, read from a safetensors file and played natively.

pub(crate) mod douzero;
pub(crate) mod features;
pub(crate) mod hidden;
pub(crate) mod mlp;

use crate::cards::{Cards, Counts};
use crate::game::score::POINT;
use crate::game::{BySeat, GameState, Scoring};
use crate::strategy::splitter::Splitter;
use features::bid_features;
pub use features::{play_features, OpenPosition, Role, BID_INPUTS, PLAY_INPUTS};
use hidden::{HIDDEN_INPUTS, HIDDEN_OUTPUTS};
pub use mlp::Mlp;
use std::sync::{Arc, Mutex};

/// The play network's weights, embedded (made by `scripts/train.py`; see `weights/play.txt`).
pub const PLAY_WEIGHTS: &[u8] = include_bytes!("weights/play.bin");
/// The bid network's weights, embedded (see `weights/bid.txt`).
pub const BID_WEIGHTS: &[u8] = include_bytes!("weights/bid.bin");
/// The hidden-hand network's weights, embedded (see `weights/hidden.txt`).
pub const HIDDEN_WEIGHTS: &[u8] = include_bytes!("weights/hidden.bin");

/// What a network says of a position, from the landlord's side at base 1: the official score in
/// units of the landlord's stake (± the multiplier), the team rule's points, and the result
/// (+1 the landlord wins, −1 it loses).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetValue {
    /// Official score / (2 × 100 × base).
    pub(crate) official: f32,
    /// Team points / base.
    pub(crate) team: f32,
    /// Expected result, in −1..1 (2 × win chance − 1).
    pub(crate) won: f32,
}

impl NetValue {
    /// The landlord's expected points under `scoring` at `base`, in the units of
    /// [`crate::game::Outcome::landlord_value`].
    #[must_use]
    pub fn landlord_points(&self, scoring: Scoring, base: u8) -> f64 {
        let stakes = match scoring {
            Scoring::Official => self.official,
            Scoring::Team => self.team,
        };
        f64::from(stakes) * NetValue::stake(scoring) * f64::from(base.max(1))
    }

    /// The points of one stake (the landlord's score of a plain win at base 1) under `scoring`:
    /// the unit the networks' outputs are in.
    #[must_use]
    pub fn stake(scoring: Scoring) -> f64 {
        match scoring {
            Scoring::Official => 2.0 * f64::from(POINT),
            Scoring::Team => 1.0,
        }
    }

    /// The landlord's chance to win, clamped to 0..1.
    #[must_use]
    pub(crate) fn landlord_win_chance(&self) -> f64 {
        ((f64::from(self.won) + 1.0) / 2.0).clamp(0.0, 1.0)
    }

    /// The value `mlp` gives the inputs `x`.
    fn of_inputs(mlp: &Mlp, x: &[f32]) -> NetValue {
        let mut o = [0.0f32; 3];
        mlp.forward(x, &mut o);
        NetValue {
            official: o[0],
            team: o[1],
            won: o[2],
        }
    }
}

/// The network of `file` when given, else the embedded `bytes` of that `shape` (inputs,
/// outputs), parsed once per process into `cell` and shared.
fn file_or_embedded(
    file: Option<&NetFile>,
    cell: &'static Mutex<Option<Arc<Mlp>>>,
    bytes: &[u8],
    shape: (usize, usize),
) -> Arc<Mlp> {
    if let Some(f) = file {
        return Arc::clone(&f.mlp);
    }
    let mut slot = cell
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Arc::clone(slot.get_or_insert_with(|| {
        let m = Mlp::from_bytes(bytes)
            .expect("the embedded network is well-formed (a unit test reads it)");
        assert_eq!(
            (m.inputs(), m.outputs()),
            shape,
            "the embedded network fits its features"
        );
        Arc::new(m)
    }))
}

static PLAY_NET: Mutex<Option<Arc<Mlp>>> = Mutex::new(None);
static BID_NET: Mutex<Option<Arc<Mlp>>> = Mutex::new(None);
static HIDDEN_NET: Mutex<Option<Arc<Mlp>>> = Mutex::new(None);

/// A network read from a weights file, as `scripts/train.py` writes it (`PREFIX.bin`): the
/// thinking player's `net=FILE` setting ([`NetFiles`]), so that a newly trained network plays
/// against the embedded one in the same build, on the same deals. The engine itself needs no
/// file: without the setting it plays with the embedded weights.
#[derive(Clone, Debug)]
pub struct NetFile {
    path: String,
    mlp: Arc<Mlp>,
}

impl NetFile {
    /// The file the network was read from (for the settings a log records).
    #[must_use]
    pub(crate) fn path(&self) -> &str {
        &self.path
    }
}

/// A trainer's check file (the `.check` beside a trained network or policy: inputs and the
/// trainer's outputs per line) that cannot be compared with our forward pass.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum CheckFileError {
    /// The network's weights do not read.
    Network(mlp::MlpError),
    /// A line (numbered from 1) does not read.
    Line { line: usize, why: CheckLine },
}

/// What is wrong with a check file's line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum CheckLine {
    /// No `|` between the inputs and the outputs.
    NoBar,
    /// A field that is no number (the field, when one is named).
    NotANumber(Option<String>),
    /// Not the network's numbers of inputs and outputs.
    Shape {
        inputs: usize,
        outputs: usize,
        takes: usize,
        gives: usize,
    },
    /// Not the model's number of features and a score.
    Values { values: usize, features: usize },
}

impl std::fmt::Display for CheckFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckFileError::Network(e) => e.fmt(f),
            CheckFileError::Line { line, why } => {
                write!(f, "line {}: ", line)?;
                match why {
                    CheckLine::NoBar => f.write_str("no '|' between inputs and outputs"),
                    CheckLine::NotANumber(Some(v)) => write!(f, "'{}' is not a number", v),
                    CheckLine::NotANumber(None) => f.write_str("not numbers"),
                    CheckLine::Shape {
                        inputs,
                        outputs,
                        takes,
                        gives,
                    } => write!(
                        f,
                        "{} inputs and {} outputs, the network takes {} and gives {}",
                        inputs, outputs, takes, gives
                    ),
                    CheckLine::Values { values, features } => write!(
                        f,
                        "{} values, the model reads {} features and a score",
                        values, features
                    ),
                }
            }
        }
    }
}

impl std::error::Error for CheckFileError {}

/// A network file refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum NetFileError {
    /// The file cannot be read.
    Unreadable { path: String, why: String },
    /// It is no network in our format.
    Malformed { path: String, why: String },
    /// A network of none of our networks' shapes ([`NetFiles::read`]).
    NoneOfOurs {
        path: String,
        inputs: usize,
        outputs: usize,
    },
}

impl std::fmt::Display for NetFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetFileError::Unreadable { path, why } => write!(f, "cannot read '{}': {}", path, why),
            NetFileError::Malformed { path, why } => write!(f, "'{}': {}", path, why),
            NetFileError::NoneOfOurs {
                path,
                inputs,
                outputs,
            } => write!(
                f,
                "'{}' takes {} inputs and gives {} outputs: no network of ours (the play \
                 network takes {} and gives 3, the bid network {} and 3, the hidden-hand \
                 network {} and {})",
                path, inputs, outputs, PLAY_INPUTS, BID_INPUTS, HIDDEN_INPUTS, HIDDEN_OUTPUTS
            ),
        }
    }
}

impl std::error::Error for NetFileError {}

/// The networks read from files in place of the embedded ones (`net=FILE`), each told by its
/// shape: the play, the bid and the hidden-hand network; `None`: the embedded one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NetFiles {
    /// The play network ([`PlayNet`]).
    pub play: Option<NetFile>,
    /// The bid network ([`BidNet`]).
    pub bid: Option<NetFile>,
    /// The hidden-hand network ([`HiddenNet`]).
    pub hidden: Option<NetFile>,
}

impl NetFiles {
    /// Reads the network in the file at `path` into the place its shape says (inputs and
    /// outputs: each of our networks has its own).
    pub fn read(&mut self, path: &str) -> Result<(), NetFileError> {
        let bytes = std::fs::read(path).map_err(|e| NetFileError::Unreadable {
            path: path.to_string(),
            why: e.to_string(),
        })?;
        let mlp = Mlp::from_bytes(&bytes).map_err(|e| NetFileError::Malformed {
            path: path.to_string(),
            why: e.to_string(),
        })?;
        let (inputs, outputs) = (mlp.inputs(), mlp.outputs());
        let place = match (inputs, outputs) {
            (PLAY_INPUTS, 3) => &mut self.play,
            (BID_INPUTS, 3) => &mut self.bid,
            (HIDDEN_INPUTS, HIDDEN_OUTPUTS) => &mut self.hidden,
            _ => {
                return Err(NetFileError::NoneOfOurs {
                    path: path.to_string(),
                    inputs,
                    outputs,
                })
            }
        };
        *place = Some(NetFile {
            path: path.to_string(),
            mlp: Arc::new(mlp),
        });
        Ok(())
    }

    /// The files read, play, bid, hidden-hand network (none: every network the embedded one).
    #[must_use]
    pub fn paths(&self) -> Vec<&str> {
        [&self.play, &self.bid, &self.hidden]
            .iter()
            .filter_map(|f| f.as_ref().map(NetFile::path))
            .collect()
    }
}

/// Two settings are the same when they name the same file.
impl PartialEq for NetFile {
    fn eq(&self, other: &NetFile) -> bool {
        self.path == other.path
    }
}

/// The play network with its own splitter (for the features): one per player.
#[derive(Debug)]
pub struct PlayNet {
    mlp: Arc<Mlp>,
    splitter: Splitter,
    /// Evaluations made (for `ddz bench`).
    pub(crate) evaluations: u64,
}

impl PlayNet {
    /// The embedded play network.
    #[must_use]
    pub fn embedded() -> PlayNet {
        PlayNet::from_file_or_embedded(None)
    }

    /// The network of `file` when given, else the embedded one.
    #[must_use]
    pub(crate) fn from_file_or_embedded(file: Option<&NetFile>) -> PlayNet {
        PlayNet {
            mlp: file_or_embedded(file, &PLAY_NET, PLAY_WEIGHTS, (PLAY_INPUTS, 3)),
            splitter: Splitter::new(),
            evaluations: 0,
        }
    }

    /// The network's value of an open position.
    pub fn value(&mut self, p: &OpenPosition) -> NetValue {
        let mut x = [0.0f32; PLAY_INPUTS];
        play_features(p, &mut self.splitter, &mut x);
        self.evaluations += 1;
        NetValue::of_inputs(&self.mlp, &x)
    }
}

/// The bid network: the value of a dealt hand (the bottom unseen) as the landlord, or as a
/// farmer after or before the landlord.
#[derive(Debug)]
pub struct BidNet {
    mlp: Arc<Mlp>,
    splitter: Splitter,
}

impl BidNet {
    /// The embedded bid network.
    #[must_use]
    pub fn embedded() -> BidNet {
        BidNet::from_file_or_embedded(None)
    }

    /// The network of `file` when given, else the embedded one.
    #[must_use]
    pub(crate) fn from_file_or_embedded(file: Option<&NetFile>) -> BidNet {
        BidNet {
            mlp: file_or_embedded(file, &BID_NET, BID_WEIGHTS, (BID_INPUTS, 3)),
            splitter: Splitter::new(),
        }
    }

    /// The network's value of the game, from the landlord's side, when the seat dealt `hand`
    /// (before the bottom) plays it in `role`.
    pub fn value(&mut self, hand: Counts, role: Role) -> NetValue {
        let mut x = [0.0f32; BID_INPUTS];
        bid_features(hand, role, &mut self.splitter, &mut x);
        NetValue::of_inputs(&self.mlp, &x)
    }
}

/// The hidden-hand network ([`hidden`]): where the cards a seat cannot see are.
#[derive(Clone, Debug)]
pub(crate) struct HiddenNet {
    mlp: Arc<Mlp>,
}

impl HiddenNet {
    /// The network of `file` when given, else the embedded one.
    #[must_use]
    pub(crate) fn from_file_or_embedded(file: Option<&NetFile>) -> HiddenNet {
        HiddenNet {
            mlp: file_or_embedded(
                file,
                &HIDDEN_NET,
                HIDDEN_WEIGHTS,
                (HIDDEN_INPUTS, HIDDEN_OUTPUTS),
            ),
        }
    }

    /// For each rank, the chance that one hidden card of that rank lies with the seat after
    /// `state.me` rather than the one before it; `None` before the landlord is known.
    #[must_use]
    pub(crate) fn chances(&self, state: &GameState) -> Option<[f64; HIDDEN_OUTPUTS]> {
        let mut x = [0.0f32; HIDDEN_INPUTS];
        if !hidden::hidden_features(state, &mut x) {
            return None;
        }
        let mut out = [0.0f32; HIDDEN_OUTPUTS];
        self.mlp.forward(&x, &mut out);
        Some(out.map(f64::from))
    }
}

/// The open position of a game in progress, with `hands` dealt: what the tracker `state` has
/// seen (the landlord, whose turn, the play to beat, and the tally of the plays it recorded,
/// [`GameState::counted`]). `None` before play has begun.
#[must_use]
pub(crate) fn open_position(state: &GameState, hands: &BySeat<Cards>) -> Option<OpenPosition> {
    let landlord = state.landlord?;
    let to_move = state.to_move?;
    Some(OpenPosition {
        landlord,
        to_move,
        hands: BySeat::from_fn(|s| hands[s].counts()).0,
        last: state.last,
        tally: state.counted,
    })
}
