//! DouZero's network of one position, evaluated by hand in `f32`: its `LandlordLstmModel` or
//! `FarmerLstmModel` (douzero/dmc/models.py). An LSTM (162 → 128, one layer) reads the five rows
//! of `z`, the last fifteen plays three to a row; its last output, then `x` (the position's
//! features, then the play's 54 cards), feed five dense layers of 512 with ReLU and a sixth to
//! one value.
//!
//! DouZero's own code runs the LSTM once per legal play on the same history and dense1 on the
//! same features; here the LSTM runs once per position, and dense1's part over the LSTM's
//! output and the position's features once too: each legal play then adds only its own cards'
//! columns (a few of the 54) before the dense layers proper, which take the plays a block of
//! rows at a time so that each weight row, loaded once, serves every row of the block.

use super::safetensors::{TensorFile, TensorFileError};

/// The LSTM's input: one row of `z`, three plays of 54 cards.
pub(crate) const Z_WIDTH: usize = 162;
/// The rows of `z`: DouZero's fifteen plays of history, three to a row.
pub(crate) const Z_ROWS: usize = 5;
/// The LSTM's hidden size.
pub(crate) const HIDDEN: usize = 128;
/// The dense layers' width.
pub(crate) const WIDTH: usize = 512;
/// A play's columns at the end of `x`: DouZero's 54-column cards.
pub(crate) const ACTION_WIDTH: usize = 54;
/// The LSTM's four gates (input, forget, cell, output, PyTorch's order), side by side.
const GATES: usize = 4 * HIDDEN;
/// Rows the dense layers take at once: a block's 512-wide activations (32 KB at 16) stay in the
/// level-1 cache while each weight row is read once for the whole block.
const BLOCK: usize = 16;

/// A dense layer, its weights transposed from PyTorch's `(out, in)` to input-major `(in, out)`,
/// so that an input's weights to every output are contiguous and the inner loop (over outputs)
/// vectorises.
#[derive(Clone, Debug)]
struct Dense {
    inputs: usize,
    outputs: usize,
    /// `weights[i * outputs + o]`: input `i` to output `o`.
    weights: Vec<f32>,
    biases: Vec<f32>,
}

impl Dense {
    /// The layer `prefix` (`landlord.dense3`) of `file`: `PREFIX.weight` `(outputs, inputs)`
    /// and `PREFIX.bias` `(outputs)`.
    fn read(
        file: &TensorFile,
        prefix: &str,
        inputs: usize,
        outputs: usize,
    ) -> Result<Dense, TensorFileError> {
        let weight = file.f32s(&format!("{}.weight", prefix), &[outputs, inputs])?;
        let biases = file.f32s(&format!("{}.bias", prefix), &[outputs])?;
        Ok(Dense {
            inputs,
            outputs,
            weights: transpose(&weight, outputs, inputs),
            biases,
        })
    }

    /// `acc += x · weights[from..]`: input `from + i` weighted by `x[i]`, zeros skipped (the
    /// encoding's 0/1 columns and ReLU's zeros are most of every input).
    fn add_inputs(&self, from: usize, x: &[f32], acc: &mut [f32]) {
        for (i, &v) in x.iter().enumerate() {
            if v != 0.0 {
                add_scaled(acc, v, self.row(from + i));
            }
        }
    }

    /// Input `i`'s weights to every output.
    fn row(&self, i: usize) -> &[f32] {
        &self.weights[i * self.outputs..(i + 1) * self.outputs]
    }

    /// The layer on `rows` rows of `input` (`rows × inputs`, row-major) into `output`
    /// (`rows × outputs`), with ReLU when `relu`.
    fn rows(&self, rows: usize, input: &[f32], output: &mut [f32], relu: bool) {
        let (n_in, n_out) = (self.inputs, self.outputs);
        for start in (0..rows).step_by(BLOCK) {
            let end = (start + BLOCK).min(rows);
            let out = &mut output[start * n_out..end * n_out];
            for acc in out.chunks_exact_mut(n_out) {
                acc.copy_from_slice(&self.biases);
            }
            for i in 0..n_in {
                let row = self.row(i);
                for (r, acc) in out.chunks_exact_mut(n_out).enumerate() {
                    let v = input[(start + r) * n_in + i];
                    if v != 0.0 {
                        add_scaled(acc, v, row);
                    }
                }
            }
            if relu {
                out.iter_mut().for_each(|v| *v = v.max(0.0));
            }
        }
    }
}

/// `acc[o] += v · row[o]` for every `o`: the one inner loop of the whole network.
#[inline]
fn add_scaled(acc: &mut [f32], v: f32, row: &[f32]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a += v * w;
    }
}

/// `m` (`rows × cols`, row-major) transposed to `cols × rows`.
fn transpose(m: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    let mut t = vec![0.0; m.len()];
    for r in 0..rows {
        for c in 0..cols {
            t[c * rows + r] = m[r * cols + c];
        }
    }
    t
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// One position's network.
#[derive(Clone, Debug)]
pub(crate) struct PositionNet {
    /// `x`'s columns before the play's: 319 for the landlord, 430 for a farmer.
    features: usize,
    /// The LSTM's input weights, input-major `(162, 4 × 128)`.
    lstm_input: Dense,
    /// Its recurrent weights, input-major `(128, 4 × 128)`, biases zero (both biases are in
    /// `lstm_input`'s: PyTorch adds `bias_ih` and `bias_hh` alike).
    lstm_hidden: Dense,
    /// dense1..dense6.
    dense: Vec<Dense>,
}

impl PositionNet {
    /// The network `prefix` (`landlord`) of `file`, under DouZero's state-dict keys
    /// (`landlord.lstm.weight_ih_l0`, …, `landlord.dense6.bias`), taking `x` of `x_width`
    /// columns (373 for the landlord, 484 for a farmer).
    pub(crate) fn read(
        file: &TensorFile,
        prefix: &str,
        x_width: usize,
    ) -> Result<PositionNet, TensorFileError> {
        let name = |key: &str| format!("{}.lstm.{}", prefix, key);
        let w_ih = file.f32s(&name("weight_ih_l0"), &[GATES, Z_WIDTH])?;
        let w_hh = file.f32s(&name("weight_hh_l0"), &[GATES, HIDDEN])?;
        let b_ih = file.f32s(&name("bias_ih_l0"), &[GATES])?;
        let b_hh = file.f32s(&name("bias_hh_l0"), &[GATES])?;
        let lstm_input = Dense {
            inputs: Z_WIDTH,
            outputs: GATES,
            weights: transpose(&w_ih, GATES, Z_WIDTH),
            biases: b_ih.iter().zip(&b_hh).map(|(a, b)| a + b).collect(),
        };
        let lstm_hidden = Dense {
            inputs: HIDDEN,
            outputs: GATES,
            weights: transpose(&w_hh, GATES, HIDDEN),
            biases: vec![0.0; GATES],
        };
        let mut dense = vec![Dense::read(
            file,
            &format!("{}.dense1", prefix),
            HIDDEN + x_width,
            WIDTH,
        )?];
        for k in 2..=5 {
            dense.push(Dense::read(
                file,
                &format!("{}.dense{}", prefix, k),
                WIDTH,
                WIDTH,
            )?);
        }
        dense.push(Dense::read(file, &format!("{}.dense6", prefix), WIDTH, 1)?);
        Ok(PositionNet {
            features: x_width - ACTION_WIDTH,
            lstm_input,
            lstm_hidden,
            dense,
        })
    }

    /// The LSTM's last output over the five rows of `z` (`5 × 162`, row-major), from zero
    /// state as PyTorch starts it.
    pub(crate) fn history(&self, z: &[f32]) -> [f32; HIDDEN] {
        assert_eq!(z.len(), Z_ROWS * Z_WIDTH, "z is 5 rows of 162");
        let (mut h, mut c) = ([0.0f32; HIDDEN], [0.0f32; HIDDEN]);
        let mut gates = [0.0f32; GATES];
        for row in z.chunks_exact(Z_WIDTH) {
            gates.copy_from_slice(&self.lstm_input.biases);
            self.lstm_input.add_inputs(0, row, &mut gates);
            self.lstm_hidden.add_inputs(0, &h, &mut gates);
            for k in 0..HIDDEN {
                let input = sigmoid(gates[k]);
                let forget = sigmoid(gates[HIDDEN + k]);
                let cell = gates[2 * HIDDEN + k].tanh();
                let output = sigmoid(gates[3 * HIDDEN + k]);
                c[k] = forget * c[k] + input * cell;
                h[k] = output * c[k].tanh();
            }
        }
        h
    }

    /// The network's value of each play: `z` the history (`5 × 162`), `x_no_action` the
    /// position's features ([`PositionNet::features`] of them), `actions` the plays' cards
    /// (54 a play, row-major); one value a play into `values`.
    pub(crate) fn values(&self, z: &[f32], x_no_action: &[f32], actions: &[f32]) -> Vec<f32> {
        assert_eq!(x_no_action.len(), self.features, "x_no_action's width");
        assert_eq!(actions.len() % ACTION_WIDTH, 0, "54 columns a play");
        let plays = actions.len() / ACTION_WIDTH;
        // dense1 over what every play shares: the LSTM's output and the position's features.
        let first = &self.dense[0];
        let mut shared = first.biases.clone();
        first.add_inputs(0, &self.history(z), &mut shared);
        first.add_inputs(HIDDEN, x_no_action, &mut shared);
        let mut a = Vec::with_capacity(plays * WIDTH);
        for play in actions.chunks_exact(ACTION_WIDTH) {
            let start = a.len();
            a.extend_from_slice(&shared);
            first.add_inputs(HIDDEN + self.features, play, &mut a[start..]);
        }
        a.iter_mut().for_each(|v| *v = v.max(0.0));
        let mut b = vec![0.0; plays * WIDTH];
        let last = self.dense.len() - 1;
        for (k, layer) in self.dense.iter().enumerate().skip(1) {
            if k == last {
                let mut out = vec![0.0; plays];
                layer.rows(plays, &a, &mut out, false);
                return out;
            }
            layer.rows(plays, &a, &mut b, true);
            std::mem::swap(&mut a, &mut b);
        }
        unreachable!("a network has dense6")
    }

    /// Weights and biases, as the state dict counts them (its two LSTM biases apart).
    pub(crate) fn parameters(&self) -> usize {
        let lstm = 2 * GATES; // the two biases, summed here
        std::iter::once(&self.lstm_input)
            .chain(std::iter::once(&self.lstm_hidden))
            .chain(&self.dense)
            .map(|l| l.weights.len())
            .sum::<usize>()
            + lstm
            + self.dense.iter().map(|l| l.biases.len()).sum::<usize>()
    }
}
