//! DouZero's networks played by the binary (docs/douzero.md): `builtin:douzero:PATH` in the
//! arena and the engine's `--douzero PATH` hosted as a program, on a network file written here
//! by a writer of our own (the safetensors layout, DouZero's state-dict keys and shapes), and
//! every kind of bad file refused with the file's and the tensor's names.

use crate::arena_common::{ddz_parts, path, result_without_clock, temp_dir};
use std::path::{Path, PathBuf};

/// DouZero's positions, the columns of their `x`.
const POSITIONS: [(&str, usize); 3] = [
    ("landlord", 373),
    ("landlord_up", 484),
    ("landlord_down", 484),
];

/// Each position's tensors: name, shape (DouZero's models.py), dtype, bytes.
fn tensors(seed: u64) -> Vec<(String, Vec<usize>, &'static str, Vec<u8>)> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    for (position, x) in POSITIONS {
        let mut shapes = vec![
            ("lstm.weight_ih_l0".to_string(), vec![512, 162]),
            ("lstm.weight_hh_l0".to_string(), vec![512, 128]),
            ("lstm.bias_ih_l0".to_string(), vec![512]),
            ("lstm.bias_hh_l0".to_string(), vec![512]),
        ];
        for k in 1..=6 {
            let inputs = if k == 1 { 128 + x } else { 512 };
            let outputs = if k == 6 { 1 } else { 512 };
            shapes.push((format!("dense{}.weight", k), vec![outputs, inputs]));
            shapes.push((format!("dense{}.bias", k), vec![outputs]));
        }
        for (key, shape) in shapes {
            // PyTorch's initialisation: uniform in ±1/sqrt(fan-in).
            let scale = 1.0 / (*shape.last().unwrap() as f32).sqrt();
            let n: usize = shape.iter().product();
            let bytes = (0..n)
                .flat_map(|_| ((rng.f32() * 2.0 - 1.0) * scale).to_le_bytes())
                .collect();
            out.push((format!("{}.{}", position, key), shape, "F32", bytes));
        }
    }
    out
}

/// The safetensors file of `tensors`.
fn file_of(tensors: &[(String, Vec<usize>, &'static str, Vec<u8>)]) -> Vec<u8> {
    let mut header = String::from("{");
    let mut data = Vec::new();
    for (i, (name, shape, dtype, bytes)) in tensors.iter().enumerate() {
        let shape: Vec<String> = shape.iter().map(usize::to_string).collect();
        header += &format!(
            "{}\"{}\":{{\"dtype\":\"{}\",\"shape\":[{}],\"data_offsets\":[{},{}]}}",
            if i == 0 { "" } else { "," },
            name,
            dtype,
            shape.join(","),
            data.len(),
            data.len() + bytes.len()
        );
        data.extend_from_slice(bytes);
    }
    header.push('}');
    let mut out = (header.len() as u64).to_le_bytes().to_vec();
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&data);
    out
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, bytes).unwrap();
    file
}

#[test]
fn the_arena_and_the_engine_play_douzero_networks_without_a_fault() {
    let dir = temp_dir("douzero-play");
    let nets = write(&dir, "nets.safetensors", &file_of(&tensors(1)));
    let builtin = format!("builtin:douzero:{}", path(&nets));
    let engine = format!("{} --douzero {}", env!("CARGO_BIN_EXE_ddz"), path(&nets));
    // With bidding: the thinking player's bidder bids for the networks.
    for (player, games) in [(&builtin, "4"), (&engine, "2")] {
        let args = [
            "arena",
            "--games",
            games,
            "--seed",
            "5",
            "--pair",
            player,
            "builtin:rules",
        ];
        let (ok, stdout, stderr) = ddz_parts(&args);
        assert!(ok, "{}", stderr);
        let result = result_without_clock(&stdout);
        assert_eq!(result.errors, 0, "{}", stdout);
        assert!(stdout.contains("\"faulted\":0,"), "{}", stdout);
        assert!(
            result.players.iter().any(|p| &p.player == player),
            "{}",
            stdout
        );
    }
}

#[test]
fn a_bad_network_file_is_refused_naming_the_file_and_the_tensor() {
    let dir = temp_dir("douzero-bad");
    let good = tensors(2);
    let mut missing = good.clone();
    missing.retain(|t| t.0 != "landlord_up.dense4.bias");
    let mut shape = good.clone();
    let slot = shape
        .iter_mut()
        .find(|t| t.0 == "landlord.dense6.weight")
        .unwrap();
    slot.1 = vec![512, 1];
    let mut half = good.clone();
    let slot = half
        .iter_mut()
        .find(|t| t.0 == "landlord_down.lstm.bias_hh_l0")
        .unwrap();
    slot.2 = "F16";
    slot.1 = vec![1024];
    let whole = file_of(&good);
    let cases = [
        (
            "missing.safetensors",
            file_of(&missing),
            Some("landlord_up.dense4.bias"),
        ),
        (
            "shape.safetensors",
            file_of(&shape),
            Some("landlord.dense6.weight"),
        ),
        (
            "half.safetensors",
            file_of(&half),
            Some("landlord_down.lstm.bias_hh_l0"),
        ),
        // Cut in the data: the last tensor written runs past the end.
        (
            "cut.safetensors",
            whole[..whole.len() - 2].to_vec(),
            Some("landlord_down.dense6.bias"),
        ),
        ("header.safetensors", whole[..100].to_vec(), None),
    ];
    for (name, bytes, tensor) in cases {
        let file = write(&dir, name, &bytes);
        let spec = format!("builtin:douzero:{}", path(&file));
        let (ok, _, stderr) =
            ddz_parts(&["arena", "--games", "1", "--pair", &spec, "builtin:rules"]);
        assert!(!ok && stderr.contains(path(&file)), "{}: {}", name, stderr);
        if let Some(tensor) = tensor {
            assert!(
                stderr.contains(&format!("tensor '{}'", tensor)),
                "{}: {}",
                name,
                stderr
            );
        }
        // The engine's flag, typed by a person, is refused the same way.
        let (ok, _, stderr) = ddz_parts(&["--douzero", path(&file)]);
        assert!(!ok && stderr.contains(path(&file)), "{}: {}", name, stderr);
    }
    let absent = dir.join("absent.safetensors");
    let (ok, _, stderr) = ddz_parts(&[
        "arena",
        "--pair",
        &format!("builtin:douzero:{}", path(&absent)),
        "builtin:rules",
    ]);
    assert!(!ok && stderr.contains(path(&absent)), "{}", stderr);
}

/// A bad `douzero` line in ddz.cfg is a warning naming the file, and the thinking player plays
/// (the platform starts the exe bare: bad input never keeps the engine from playing).
#[test]
fn a_bad_douzero_line_in_ddz_cfg_warns_and_the_thinking_player_plays() {
    let mut config = ddz::engine::EngineConfig::default();
    let warnings = config.apply_text("douzero = missing.safetensors\n", Path::new("/no/such"));
    assert_eq!(warnings.len(), 1, "{:?}", warnings);
    assert!(
        warnings[0].contains("/no/such/missing.safetensors"),
        "{:?}",
        warnings
    );
    assert!(config.douzero.is_none());
}
