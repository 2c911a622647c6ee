use super::net::{HIDDEN, WIDTH};
use super::safetensors::write_f32;
use super::*;

/// DouZero's state-dict keys and PyTorch shapes for a network taking `x` of `x_width` columns.
fn keys(x_width: usize) -> Vec<(String, Vec<usize>)> {
    let mut keys = vec![
        ("lstm.weight_ih_l0".to_string(), vec![4 * HIDDEN, Z_WIDTH]),
        ("lstm.weight_hh_l0".to_string(), vec![4 * HIDDEN, HIDDEN]),
        ("lstm.bias_ih_l0".to_string(), vec![4 * HIDDEN]),
        ("lstm.bias_hh_l0".to_string(), vec![4 * HIDDEN]),
    ];
    for k in 1..=6 {
        let inputs = if k == 1 { HIDDEN + x_width } else { WIDTH };
        let outputs = if k == 6 { 1 } else { WIDTH };
        keys.push((format!("dense{}.weight", k), vec![outputs, inputs]));
        keys.push((format!("dense{}.bias", k), vec![outputs]));
    }
    keys
}

/// The three networks' tensors, each key's values from `fill(position, key, shape)`.
pub(crate) type Tensors = Vec<(String, Vec<usize>, Vec<f32>)>;

pub(crate) fn state_dicts(mut fill: impl FnMut(Position, &str, &[usize]) -> Vec<f32>) -> Tensors {
    let mut tensors = Vec::new();
    for p in Position::ALL {
        for (key, shape) in keys(p.x_width()) {
            let values = fill(p, &key, &shape);
            tensors.push((format!("{}.{}", p.name(), key), shape, values));
        }
    }
    tensors
}

fn file_bytes(tensors: &Tensors) -> Vec<u8> {
    let named: Vec<(&str, Vec<usize>, Vec<f32>)> = tensors
        .iter()
        .map(|(n, s, v)| (n.as_str(), s.clone(), v.clone()))
        .collect();
    write_f32(&named)
}

pub(crate) fn nets_of(tensors: &Tensors) -> Result<DouZeroNets, TensorFileError> {
    DouZeroNets::from_file(&TensorFile::parse(
        "nets.safetensors",
        &file_bytes(tensors),
    )?)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[test]
fn a_hand_made_network_gives_the_value_worked_out_by_hand() {
    // The LSTM's weights are zero but one: its gates are their biases, and z's column 7 feeds
    // the cell gate of unit 0, so h[0] after five rows follows c ← f·c + i·tanh(g).
    // dense1 takes h[0], feature 5 (× 2) and the play's column 9 (× 3) into units 0, 1, 2;
    // dense2..5 pass units 0..2 on, unit 2 through a bias of −1 once (ReLU keeps it ≥ 0);
    // dense6 sums them and adds 0.25.
    let (b_i, b_f, b_g, b_o) = (0.5f32, -0.25f32, 0.3f32, 1.0f32);
    let tensors = state_dicts(|p, key, shape| {
        let mut v = vec![0.0f32; shape.iter().product()];
        let features = p.x_width() - ACTION_WIDTH;
        let inputs = shape.get(1).copied().unwrap_or(0);
        match key {
            "lstm.weight_ih_l0" => v[2 * HIDDEN * Z_WIDTH + 7] = 1.0,
            "lstm.bias_ih_l0" => {
                for (gate, b) in [b_i, b_f, b_g, b_o].iter().enumerate() {
                    v[gate * HIDDEN..(gate + 1) * HIDDEN].fill(*b);
                }
            }
            "dense1.weight" => {
                v[0] = 1.0;
                v[inputs + HIDDEN + 5] = 2.0;
                v[2 * inputs + HIDDEN + features + 9] = 3.0;
            }
            "dense2.weight" | "dense3.weight" | "dense4.weight" | "dense5.weight" => {
                for o in 0..3 {
                    v[o * inputs + o] = 1.0;
                }
            }
            "dense3.bias" => v[2] = -1.0,
            "dense6.weight" => v[..3].fill(1.0),
            "dense6.bias" => v[0] = 0.25,
            _ => {}
        }
        v
    });
    let nets = nets_of(&tensors).unwrap();
    for p in Position::ALL {
        let features = p.x_width() - ACTION_WIDTH;
        let mut z = vec![0.0f32; Z_ROWS * Z_WIDTH];
        z[2 * Z_WIDTH + 7] = 1.0; // the third row's column 7
        let mut x = vec![0.0f32; features];
        x[5] = 1.0;
        let mut plays = vec![0.0f32; 2 * ACTION_WIDTH];
        plays[ACTION_WIDTH + 9] = 1.0; // the second play has column 9
        let (mut h, mut c) = (0.0f64, 0.0f64);
        for row in 0..Z_ROWS {
            let g = f64::from(b_g) + if row == 2 { 1.0 } else { 0.0 };
            c = sigmoid(f64::from(b_f)) * c + sigmoid(f64::from(b_i)) * g.tanh();
            h = sigmoid(f64::from(b_o)) * c.tanh();
        }
        // Unit 2 is 0 or 3 before dense3's bias of −1: 0 stays 0 after ReLU, 3 becomes 2.
        let expected = [h + 2.0 + 0.25, h + 2.0 + 2.0 + 0.25];
        let values = nets.values(p, &z, &x, &plays);
        for (got, want) in values.iter().zip(expected) {
            assert!(
                (f64::from(*got) - want).abs() < 1e-6,
                "{:?}: {} {}",
                p,
                got,
                want
            );
        }
    }
}

/// DouZero's forward pass written as PyTorch states it, one play at a time: the LSTM on `z`
/// with weights `(out, in)` and both biases, then `x = [h, x_no_action, play]` through the
/// dense layers.
fn reference(tensors: &Tensors, p: Position, z: &[f32], x: &[f32], play: &[f32]) -> f64 {
    let get = |key: &str| {
        let name = format!("{}.{}", p.name(), key);
        let t = tensors.iter().find(|t| t.0 == name).unwrap();
        t.2.iter().map(|&v| f64::from(v)).collect::<Vec<f64>>()
    };
    let linear = |w: &[f64], b: &[f64], input: &[f64]| -> Vec<f64> {
        (0..b.len())
            .map(|o| {
                b[o] + (0..input.len())
                    .map(|i| w[o * input.len() + i] * input[i])
                    .sum::<f64>()
            })
            .collect()
    };
    let (w_ih, w_hh) = (get("lstm.weight_ih_l0"), get("lstm.weight_hh_l0"));
    let (b_ih, b_hh) = (get("lstm.bias_ih_l0"), get("lstm.bias_hh_l0"));
    let (mut h, mut c) = (vec![0.0; HIDDEN], vec![0.0; HIDDEN]);
    for row in z.chunks(Z_WIDTH) {
        let row: Vec<f64> = row.iter().map(|&v| f64::from(v)).collect();
        let a = linear(&w_ih, &b_ih, &row);
        let b = linear(&w_hh, &b_hh, &h);
        let gate = |g: usize, k: usize| a[g * HIDDEN + k] + b[g * HIDDEN + k];
        for k in 0..HIDDEN {
            c[k] = sigmoid(gate(1, k)) * c[k] + sigmoid(gate(0, k)) * gate(2, k).tanh();
            h[k] = sigmoid(gate(3, k)) * c[k].tanh();
        }
    }
    let mut a: Vec<f64> = h.clone();
    a.extend(x.iter().chain(play).map(|&v| f64::from(v)));
    for k in 1..=6 {
        a = linear(
            &get(&format!("dense{}.weight", k)),
            &get(&format!("dense{}.bias", k)),
            &a,
        );
        if k < 6 {
            a.iter_mut().for_each(|v| *v = v.max(0.0));
        }
    }
    a[0]
}

#[test]
fn random_networks_agree_with_the_forward_pass_as_pytorch_states_it() {
    let mut rng = fastrand::Rng::with_seed(66);
    // PyTorch's own initialisation's scale: uniform in ±1/sqrt(inputs).
    let tensors = state_dicts(|_, _, shape| {
        let scale = 1.0 / (*shape.last().unwrap() as f32).sqrt();
        let n: usize = shape.iter().product();
        (0..n)
            .map(|_| (rng.f32() * 2.0 - 1.0) * scale * 3.0)
            .collect()
    });
    let nets = nets_of(&tensors).unwrap();
    let mut sparse = |n: usize| -> Vec<f32> {
        (0..n)
            .map(|_| if rng.u8(..) < 40 { 1.0 } else { 0.0 })
            .collect()
    };
    for p in Position::ALL {
        let features = p.x_width() - ACTION_WIDTH;
        // More plays than a block of rows, so that a block's edge is crossed.
        let (z, x, plays) = (
            sparse(Z_ROWS * Z_WIDTH),
            sparse(features),
            sparse(37 * ACTION_WIDTH),
        );
        let values = nets.values(p, &z, &x, &plays);
        assert_eq!(values.len(), 37);
        for (play, got) in plays.chunks(ACTION_WIDTH).zip(&values) {
            let want = reference(&tensors, p, &z, &x, play);
            assert!(
                (f64::from(*got) - want).abs() < 1e-4 * want.abs().max(1.0),
                "{:?}: {} {}",
                p,
                got,
                want
            );
        }
    }
}

#[test]
fn a_file_missing_a_tensor_or_of_another_shape_names_it() {
    let zeros = |_: Position, _: &str, shape: &[usize]| vec![0.0; shape.iter().product()];
    let good = state_dicts(zeros);
    assert!(nets_of(&good).is_ok());
    assert_eq!(
        nets_of(&good).unwrap().parameters(Position::Landlord),
        good.iter()
            .filter(|t| t.0.starts_with("landlord."))
            .map(|t| t.2.len())
            .sum::<usize>()
    );

    let mut missing = good.clone();
    missing.retain(|t| t.0 != "landlord_up.dense4.bias");
    let e = nets_of(&missing).unwrap_err();
    assert_eq!(e.tensor.as_deref(), Some("landlord_up.dense4.bias"));
    assert!(e.to_string().contains("nets.safetensors"), "{}", e);

    // A farmer's dense1 (612 inputs) where the landlord's (501) belongs.
    let mut swapped = good.clone();
    let farmer = swapped
        .iter()
        .find(|t| t.0 == "landlord_down.dense1.weight")
        .unwrap()
        .clone();
    let slot = swapped
        .iter_mut()
        .find(|t| t.0 == "landlord.dense1.weight")
        .unwrap();
    slot.1 = farmer.1;
    slot.2 = farmer.2;
    let e = nets_of(&swapped).unwrap_err();
    assert_eq!(e.tensor.as_deref(), Some("landlord.dense1.weight"));
    assert!(e.why.contains("[512, 612]"), "{}", e);

    let unreadable = DouZeroNets::read("/no/such/douzero.safetensors").unwrap_err();
    assert!(unreadable
        .to_string()
        .contains("/no/such/douzero.safetensors"));
}
