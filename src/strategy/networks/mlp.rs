//! A small multilayer perceptron, evaluated by hand: dense layers with ReLU between them and a
//! linear output, in `f32`. The weights are trained beside the engine (`scripts/train.py`, with
//! scikit-learn) and embedded in the binary, so the engine and the Windows exe need no file and
//! no Python at run time.
//!
//! The file format (little-endian): the magic `DDZN`, a format version (`u32`, 1), the number of
//! layers (`u32`); then per layer its inputs and outputs (`u32` each), the weights (`f32`,
//! input-major: the weights from input 0 to every output, then from input 1, ..., as
//! scikit-learn's `coefs_` holds them) and the biases (`f32`, one per output).

use std::fmt;

/// A dense layer: `out = bias + Σ_i in[i] · weights[i]` (one row of weights per input).
#[derive(Clone, Debug)]
struct Layer {
    inputs: usize,
    outputs: usize,
    /// Input-major: `weights[i * outputs + o]`.
    weights: Vec<f32>,
    biases: Vec<f32>,
}

/// A trained network.
#[derive(Clone, Debug)]
pub struct Mlp {
    layers: Vec<Layer>,
}

/// Why a weights file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MlpError {
    /// The file does not start with `DDZN` and version 1.
    BadHeader,
    /// The file ends early or has bytes left over.
    WrongSize,
    /// A layer's inputs are not the previous layer's outputs, or a layer is empty.
    BadShape,
}

impl fmt::Display for MlpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MlpError::BadHeader => write!(f, "not a ddz network file (DDZN, version 1)"),
            MlpError::WrongSize => write!(f, "the network file has the wrong size"),
            MlpError::BadShape => write!(f, "the network's layers do not fit together"),
        }
    }
}

impl std::error::Error for MlpError {}

/// Reads little-endian words off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn u32(&mut self) -> Result<u32, MlpError> {
        if self.0.len() < 4 {
            return Err(MlpError::WrongSize);
        }
        let (head, rest) = self.0.split_at(4);
        self.0 = rest;
        Ok(u32::from_le_bytes([head[0], head[1], head[2], head[3]]))
    }

    fn f32s(&mut self, n: usize) -> Result<Vec<f32>, MlpError> {
        (0..n).map(|_| self.u32().map(f32::from_bits)).collect()
    }
}

/// The widest layer a network may have (the forward pass keeps two buffers of this size).
pub(crate) const MAX_WIDTH: usize = 1024;

impl Mlp {
    /// The network stored in `bytes` (see the module's doc for the format).
    pub fn from_bytes(bytes: &[u8]) -> Result<Mlp, MlpError> {
        let mut r = Reader(bytes);
        if r.0.len() < 4 || &r.0[..4] != b"DDZN" {
            return Err(MlpError::BadHeader);
        }
        r.0 = &r.0[4..];
        if r.u32()? != 1 {
            return Err(MlpError::BadHeader);
        }
        let count = r.u32()? as usize;
        let mut layers: Vec<Layer> = Vec::with_capacity(count);
        for _ in 0..count {
            let inputs = r.u32()? as usize;
            let outputs = r.u32()? as usize;
            let fits = layers.last().map_or(true, |l| l.outputs == inputs);
            if !fits || inputs == 0 || outputs == 0 || inputs > MAX_WIDTH || outputs > MAX_WIDTH {
                return Err(MlpError::BadShape);
            }
            let weights = r.f32s(inputs * outputs)?;
            let biases = r.f32s(outputs)?;
            layers.push(Layer {
                inputs,
                outputs,
                weights,
                biases,
            });
        }
        if layers.is_empty() {
            return Err(MlpError::BadShape);
        }
        if !r.0.is_empty() {
            return Err(MlpError::WrongSize);
        }
        Ok(Mlp { layers })
    }

    /// Inputs the network takes.
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.layers[0].inputs
    }

    /// Outputs it gives.
    #[must_use]
    pub fn outputs(&self) -> usize {
        self.layers[self.layers.len() - 1].outputs
    }

    /// Weights and biases in all layers.
    #[must_use]
    pub(crate) fn parameters(&self) -> usize {
        self.layers
            .iter()
            .map(|l| l.weights.len() + l.biases.len())
            .sum()
    }

    /// The network's outputs for `input` (of [`Mlp::inputs`] values) written to `output` (of
    /// [`Mlp::outputs`]).
    ///
    /// Each layer adds input `i`'s row of weights to all outputs at once: the inner loop runs
    /// over contiguous outputs, which the compiler vectorises, and an input of zero (most of a
    /// hand's encoding) costs nothing.
    pub(crate) fn forward(&self, input: &[f32], output: &mut [f32]) {
        assert_eq!(input.len(), self.inputs(), "network input width");
        assert_eq!(output.len(), self.outputs(), "network output width");
        let mut a = [0.0f32; MAX_WIDTH];
        let mut b = [0.0f32; MAX_WIDTH];
        a[..input.len()].copy_from_slice(input);
        let last = self.layers.len() - 1;
        for (k, layer) in self.layers.iter().enumerate() {
            let acc = &mut b[..layer.outputs];
            acc.copy_from_slice(&layer.biases);
            for (i, &x) in a[..layer.inputs].iter().enumerate() {
                if x == 0.0 {
                    continue;
                }
                let row = &layer.weights[i * layer.outputs..(i + 1) * layer.outputs];
                for (o, w) in acc.iter_mut().zip(row) {
                    *o += x * w;
                }
            }
            if k < last {
                for v in acc.iter_mut() {
                    *v = v.max(0.0);
                }
            }
            std::mem::swap(&mut a, &mut b);
        }
        output.copy_from_slice(&a[..self.outputs()]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network file written here, independently of the trainer's writer.
    fn file(layers: &[(usize, usize, Vec<f32>, Vec<f32>)]) -> Vec<u8> {
        let mut out = b"DDZN".to_vec();
        let word = |out: &mut Vec<u8>, w: u32| out.extend_from_slice(&w.to_le_bytes());
        word(&mut out, 1);
        word(&mut out, layers.len() as u32);
        for (i, o, w, b) in layers {
            word(&mut out, *i as u32);
            word(&mut out, *o as u32);
            for v in w.iter().chain(b) {
                word(&mut out, v.to_bits());
            }
        }
        out
    }

    #[test]
    fn forward_is_relu_between_layers_and_linear_at_the_end() {
        // 2 inputs → 2 hidden → 1 output.
        let bytes = file(&[
            (2, 2, vec![1.0, -1.0, 2.0, 0.5], vec![0.0, -3.0]),
            (2, 1, vec![1.0, -2.0], vec![0.25]),
        ]);
        let net = Mlp::from_bytes(&bytes).unwrap();
        assert_eq!((net.inputs(), net.outputs(), net.parameters()), (2, 1, 9));
        let mut out = [0.0];
        // Hidden: [1·1 + 2·2, −1·1 + 0.5·2 − 3] = [5, −3] → ReLU [5, 0]; out 5 − 0 + 0.25.
        net.forward(&[1.0, 2.0], &mut out);
        assert_eq!(out[0], 5.25);
        // Hidden: [−3, −3 + 3] = [−3, 0] → [0, 0]: only the bias is left; an output may be < 0.
        let bytes = file(&[
            (2, 2, vec![1.0, -1.0, 2.0, 0.5], vec![0.0, -3.0]),
            (2, 1, vec![1.0, -2.0], vec![-0.5]),
        ]);
        Mlp::from_bytes(&bytes)
            .unwrap()
            .forward(&[-3.0, 0.0], &mut out);
        assert_eq!(out[0], -0.5);
    }

    #[test]
    fn broken_files_are_refused() {
        let good = file(&[(2, 1, vec![1.0, 2.0], vec![0.0])]);
        assert!(Mlp::from_bytes(&good).is_ok());
        assert_eq!(Mlp::from_bytes(b"XXXX").unwrap_err(), MlpError::BadHeader);
        assert_eq!(
            Mlp::from_bytes(&good[..good.len() - 1]).unwrap_err(),
            MlpError::WrongSize
        );
        let mut long = good.clone();
        long.push(0);
        assert_eq!(Mlp::from_bytes(&long).unwrap_err(), MlpError::WrongSize);
        let misfit = file(&[
            (2, 3, vec![0.0; 6], vec![0.0; 3]),
            (2, 1, vec![0.0; 2], vec![0.0]),
        ]);
        assert_eq!(Mlp::from_bytes(&misfit).unwrap_err(), MlpError::BadShape);
    }
}
