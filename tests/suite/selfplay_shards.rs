//! `ddz selfplay --shard K/N`, `ddz selfplay merge` and `ddz encode` on shards: for several N
//! (one, a few, more than there are deals) the merged shards are the whole run's file byte for
//! byte, hold the same lines as the whole run by an independent path (sorted by game), encode
//! to the same matrix; a merge refuses, by name, shards that do not make up one whole run.

use crate::arena_common;

use arena_common::{ddz, ddz_output, path, temp_dir};
use std::path::{Path, PathBuf};

/// A small run: the rule player against greedy, so games differ by seat.
const RUN: [&str; 8] = [
    "selfplay",
    "--deals",
    "7",
    "--seed",
    "11",
    "--players",
    "builtin:rules",
    "builtin:greedy",
];

/// Plays RUN (with a third player) whole with two jobs, and as `n` shards of one job each;
/// returns the whole run's file and the shards' files.
fn whole_and_shards(dir: &Path, n: usize) -> (PathBuf, Vec<PathBuf>) {
    let whole = dir.join("whole.tsv");
    let mut args = RUN.to_vec();
    args.extend(["builtin:rules", "--jobs", "2", "--out", path(&whole)]);
    ddz(&args);
    let shards: Vec<PathBuf> = (1..=n)
        .map(|k| {
            let file = dir.join(format!("shard-{}.tsv", k));
            let shard = format!("{}/{}", k, n);
            let mut args = RUN.to_vec();
            args.extend(["builtin:rules", "--jobs", "1", "--shard", &shard]);
            args.extend(["--out", path(&file)]);
            ddz(&args);
            file
        })
        .collect();
    (whole, shards)
}

/// The positions of a data file: its lines but comments and the column header.
fn positions(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game\t"))
        .collect()
}

#[test]
fn merged_shards_are_the_whole_runs_file_for_several_n() {
    // 7 deals: one shard, two uneven ones, seven of one deal each, thirteen with six empty.
    for n in [1, 2, 3, 7, 13] {
        let dir = temp_dir(&format!("selfplay-shards-{}", n));
        let (whole, shards) = whole_and_shards(&dir, n);
        let merged = dir.join("merged.tsv");
        let mut args = vec!["selfplay", "merge", "--out", path(&merged)];
        // The order of the files does not matter.
        args.extend(shards.iter().rev().map(|p| path(p)));
        ddz(&args);
        let whole_text = std::fs::read_to_string(&whole).unwrap();
        let merged_text = std::fs::read_to_string(&merged).unwrap();
        assert!(
            whole_text == merged_text,
            "{} shards: the merged file differs from the whole run's",
            n
        );
        // Independently of the merge: the shards' positions, sorted by game (a stable sort
        // keeps each game's turns in order), are the whole run's.
        let texts: Vec<String> = shards
            .iter()
            .map(|s| std::fs::read_to_string(s).unwrap())
            .collect();
        let mut lines: Vec<&str> = texts.iter().flat_map(|t| positions(t)).collect();
        lines.sort_by_key(|l| l.split('\t').next().unwrap().parse::<u64>().unwrap());
        assert_eq!(lines, positions(&whole_text), "{} shards", n);
        // Each shard plays only its deals: game g is deal g / 3, of shard (g / 3) mod n + 1.
        for (k, text) in texts.iter().enumerate() {
            for line in positions(text) {
                let game: usize = line.split('\t').next().unwrap().parse().unwrap();
                assert_eq!(game / 3 % n, k, "{} shards: {}", n, line);
            }
            assert!(
                text.lines().last().unwrap().contains("finished"),
                "{}",
                text
            );
        }
    }
}

#[test]
fn encode_reads_the_shards_as_the_whole_file() {
    let dir = temp_dir("selfplay-shards-encode");
    let (whole, shards) = whole_and_shards(&dir, 3);
    for net in ["play", "bid"] {
        let from_whole = dir.join(format!("whole.{}", net));
        let from_shards = dir.join(format!("shards.{}", net));
        ddz(&[
            "encode",
            "--net",
            net,
            path(&whole),
            "--out",
            path(&from_whole),
        ]);
        let mut args = vec!["encode", "--net", net, "--out", path(&from_shards)];
        args.extend([&shards[2], &shards[0], &shards[1]].iter().map(|p| path(p)));
        ddz(&args);
        assert!(
            std::fs::read(&from_whole).unwrap() == std::fs::read(&from_shards).unwrap(),
            "the {} matrices differ",
            net
        );
    }
    // Two of three shards are not a run.
    let out = ddz_output(&[
        "encode",
        "--net",
        "play",
        path(&shards[0]),
        path(&shards[1]),
        "--out",
        path(&dir.join("part.play")),
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 3/3 missing"));
}

#[test]
fn merge_refuses_shards_that_are_not_one_whole_run_by_name() {
    let dir = temp_dir("selfplay-shards-refused");
    let (whole, shards) = whole_and_shards(&dir, 3);
    let merged = dir.join("merged.tsv");
    let refused = |files: &[&Path], why: &str| {
        let mut args = vec!["selfplay", "merge", "--out", path(&merged)];
        args.extend(files.iter().map(|p| path(p)));
        let out = ddz_output(&args);
        assert!(!out.status.success(), "{:?}", args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{:?}: {}", args, err);
        assert!(!merged.exists(), "a refused merge leaves no file");
    };
    let (s1, s2, s3) = (&shards[0], &shards[1], &shards[2]);
    refused(&[s1, s3], "shard 2/3 missing");
    refused(&[s1, s2, s2, s3], "both shard 2/3");
    refused(
        &[s1, &whole, s3],
        &format!("{} is no shard", whole.display()),
    );
    // A shard killed before its end has no end line.
    let cut = dir.join("cut.tsv");
    let text = std::fs::read_to_string(s2).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&cut, lines[..lines.len() - 1].join("\n") + "\n").unwrap();
    refused(
        &[s1, &cut, s3],
        &format!(
            "{} has no end line: shard 2/3 did not finish",
            cut.display()
        ),
    );
    // A shard of a run with another seed, and one cut into another number of shards.
    let other = dir.join("other.tsv");
    let mut args = RUN.to_vec();
    args[4] = "12";
    args.extend(["builtin:rules", "--shard", "2/3", "--out", path(&other)]);
    ddz(&args);
    refused(
        &[s1, &other, s3],
        &format!(
            "{} is a shard of another run than {} (--seed 12, not 11)",
            other.display(),
            s1.display()
        ),
    );
    let four = dir.join("four.tsv");
    let mut args = RUN.to_vec();
    args.extend(["builtin:rules", "--shard", "2/4", "--out", path(&four)]);
    ddz(&args);
    refused(
        &[s1, &four, s3],
        &format!("{} is shard 2/4", four.display()),
    );
    // A shard's position moved out of its place.
    let moved = dir.join("moved.tsv");
    let mut lines: Vec<String> = std::fs::read_to_string(s2)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let last_position = lines.len() - 2;
    lines.swap(3, last_position);
    std::fs::write(&moved, lines.join("\n") + "\n").unwrap();
    refused(&[s1, &moved, s3], "out of place");
    // Everything given once more as it should be merges.
    ddz(&[
        "selfplay",
        "merge",
        "--out",
        path(&merged),
        path(s1),
        path(s2),
        path(s3),
    ]);
    assert!(std::fs::read(&merged).unwrap() == std::fs::read(&whole).unwrap());
}
