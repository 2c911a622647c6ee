//! `ddz replay`: how a transcript's game ended, told only as far as the record shows it, and
//! `--html` saying in one line what it wrote.

use ddz::arena::wire::transcript::{parse, transcript_files};
use ddz::engine::track;
use ddz::game::{GameState, Seat};
use ddz::protocol::{Command, Reply};
use std::path::Path;

use crate::arena_common::ddz_parts as ddz;

/// The last game of a transcript as the engine's tracker follows it (the platform's lines and
/// the recorded answers), and the seat its last `GAMEOVER` names.
fn tracked(text: &str) -> (Option<GameState>, Option<Seat>) {
    let t = parse(text).unwrap();
    let (mut state, mut winner) = (None, None);
    let mut ignored = Vec::new();
    for step in &t.steps {
        match Command::parse(&step.send) {
            Ok(Command::GameOver { winner: w }) => winner = w,
            Ok(c @ Command::Deal { .. }) => {
                winner = None;
                track(&mut state, &c, &mut ignored);
            }
            Ok(c) => track(&mut state, &c, &mut ignored),
            Err(_) => {}
        }
        let s: &mut GameState = match state.as_mut() {
            Some(s) => s,
            None => continue,
        };
        let me = s.me;
        match step.expect.as_deref().map(Reply::parse) {
            Some(Ok(Reply::Bid { bid, .. })) => {
                let _ = s.record_bid(me, bid);
            }
            Some(Ok(Reply::Play { cards, .. })) => {
                s.to_move = Some(me);
                let _ = s.record_play(me, cards);
            }
            _ => {}
        }
    }
    (state, winner)
}

/// A seat "emptied its hand" in the replay exactly when the tracker, reading the same
/// transcript its own way, counts it at 0 cards; otherwise the replay says the platform ended
/// the game naming it (the rules' example: `GAMEOVER C` after C played no card).
#[test]
fn replay_says_a_seat_emptied_its_hand_only_when_the_record_shows_it() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts");
    let (mut emptied, mut cut_short) = (0, 0);
    for file in transcript_files(&fixtures) {
        let text = std::fs::read_to_string(&file).unwrap();
        let (state, winner) = tracked(&text);
        let (state, winner) = match (state, winner) {
            (Some(s), Some(w)) if s.landlord.is_some() => (s, w),
            _ => continue,
        };
        let (ok, replay, stderr) = ddz(&["replay", file.to_str().unwrap()]);
        assert!(ok, "{}: {}", file.display(), stderr);
        let said = format!("{} emptied its hand", winner);
        if state.cards_left[winner] == 0 {
            emptied += 1;
            assert!(replay.contains(&said), "{}:\n{}", file.display(), replay);
        } else {
            cut_short += 1;
            assert!(
                !replay.contains("emptied"),
                "{}:\n{}",
                file.display(),
                replay
            );
            let ended = format!(
                "the platform ended the game naming {} (GAMEOVER {}), who still held {} cards",
                winner, winner, state.cards_left[winner]
            );
            assert!(replay.contains(&ended), "{}:\n{}", file.display(), replay);
        }
    }
    assert!(emptied >= 20, "{} games shown to their end", emptied);
    assert!(cut_short >= 1, "the official example is cut short");
    let (_, example, _) = ddz(&["replay", "fixtures/transcripts/official-example.txt"]);
    assert!(
        example.contains("naming C (GAMEOVER C), who still held 17 cards"),
        "{}",
        example
    );
}

#[test]
fn replay_html_says_in_one_line_what_it_wrote() {
    let dir = std::env::temp_dir().join(format!("ddz-replay-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("games.jsonl");
    let page = dir.join("games.html");
    let (log, page) = (log.to_str().unwrap(), page.to_str().unwrap());
    let (ok, _, stderr) = ddz(&[
        "arena",
        "--games",
        "2",
        "--players",
        "builtin:rules",
        "builtin:rules",
        "builtin:rules",
        "--no-progress",
        "--json",
        log,
    ]);
    assert!(ok, "{}", stderr);
    for (game, shown) in [(None, "2 games"), (Some("2"), "1 game")] {
        let _ = std::fs::remove_file(page);
        let mut args = vec!["replay", log, "--html", page];
        if let Some(n) = game {
            args.extend(["--game", n]);
        }
        let (ok, stdout, stderr) = ddz(&args);
        assert!(ok, "{}", stderr);
        assert_eq!(
            stdout,
            format!(
                "wrote {}: {} of {}; open it in a browser\n",
                page, shown, log
            )
        );
        let html = std::fs::read_to_string(page).expect("the page was written");
        assert!(html.contains("<html"), "{}", &html[..html.len().min(200)]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
