//! The rule-based player on hand-made positions (`fixtures/strategy/*.txt`): each position
//! states what the player must (or must not) do; the design text's examples are among them.

use crate::strategy_common::{parse_positions, Expect};
use ddz::strategy::{explain, RulesPlayer};
use std::path::Path;

#[test]
fn every_fixture_position() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/strategy");
    let mut failures = Vec::new();
    let mut count = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/strategy exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().map_or(false, |e| e == "txt"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable fixture");
        let positions =
            parse_positions(&text).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        for pos in positions {
            count += 1;
            let mut player = RulesPlayer::new();
            let (unit, play) = explain(&mut player, &pos.state);
            let legal = pos.state.legal_plays();
            assert!(
                legal.contains(&play),
                "{}: illegal answer {}",
                pos.title,
                play
            );
            if std::env::var("DDZ_SHOW").is_ok() {
                println!("{}: {} by {}", pos.title, play, unit);
            }
            for e in &pos.expects {
                let ok = match e {
                    Expect::Play(c) => play.cards == c.cards && play.is_pass() == c.is_pass(),
                    Expect::Not(c) => !(play.cards == c.cards && play.is_pass() == c.is_pass()),
                    Expect::Kind(k) => play.kind.name() == k,
                    Expect::Unit(u) => unit == u,
                };
                if !ok {
                    failures.push(format!(
                        "{} [{}]: expected {:?}, got {} (unit {})",
                        path.file_name().unwrap().to_string_lossy(),
                        pos.title,
                        e,
                        play,
                        unit
                    ));
                }
            }
        }
    }
    assert!(count > 0, "no positions found");
    assert!(
        failures.is_empty(),
        "{} of {} positions failed:\n{}",
        failures.len(),
        count,
        failures.join("\n")
    );
}
