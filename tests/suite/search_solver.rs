//! The exact solver against a plain minimax written here (no table, no ordering, no pruning
//! beyond the game's end), on seeded positions of up to 12 cards; its winning plays played out
//! against every defence the minimax allows; and fixture positions in `fixtures/solver.txt`.

use crate::search_common;
use std::time::{Duration, Instant};

use ddz::game::Role;
use ddz::rules::{classify, legal_plays, Combo};
use ddz::search::{Next, Solver, SolverPosition};
use search_common::random_position;

/// Which side wins `pos` with best play: every legal play of the side to move is tried, and the
/// side wins when one of them does. Written apart from the solver on purpose: it shares only
/// the rules and `SolverPosition::after`.
fn minimax(pos: &SolverPosition) -> Role {
    let mover = pos.mover_side();
    for m in legal_plays(pos.hands[pos.to_move], pos.to_beat()) {
        let winner = match pos.after(&m) {
            Next::Over(side) => side,
            Next::Continue(next) => minimax(&next),
        };
        if winner == mover {
            return mover;
        }
    }
    mover.other()
}

/// Plays `pos` to the end: the winning side follows the solver's winning plays, the losing
/// side tries every legal play (each explored, so any defence is met). Returns false if any
/// line ends with the losing side winning.
fn winning_line_holds(solver: &mut Solver, pos: &SolverPosition, winner: Role) -> bool {
    if pos.mover_side() == winner {
        let s = solver.solve(pos, u64::MAX);
        if s.winner != Some(winner) {
            return false;
        }
        let play = s.play.expect("a winning side has a play");
        match pos.after(&play) {
            Next::Over(side) => side == winner,
            Next::Continue(next) => winning_line_holds(solver, &next, winner),
        }
    } else {
        legal_plays(pos.hands[pos.to_move], pos.to_beat())
            .iter()
            .all(|m| match pos.after(m) {
                Next::Over(side) => side == winner,
                Next::Continue(next) => winning_line_holds(solver, &next, winner),
            })
    }
}

#[test]
fn solver_agrees_with_plain_minimax() {
    let mut rng = fastrand::Rng::with_seed(0x5017e);
    // A small table, so that replacement happens and stale entries would show.
    let mut solver = Solver::new(64 << 10);
    let mut counts = [0usize; 2];
    let mut with_target = 0;
    let positions = 3200;
    for i in 0..positions {
        let total = 3 + i % 10;
        let pos = random_position(&mut rng, total);
        let expected = minimax(&pos);
        let got = solver.solve(&pos, u64::MAX);
        assert_eq!(got.winner, Some(expected), "position {:?}", pos);
        counts[(expected == Role::Landlord) as usize] += 1;
        with_target += pos.last.is_some() as usize;
        if got.winner == Some(pos.mover_side()) {
            let play = got.play.expect("a winning play");
            assert!(
                legal_plays(pos.hands[pos.to_move], pos.to_beat()).contains(&play),
                "the play {} is legal",
                play
            );
        } else {
            assert_eq!(got.play, None);
        }
        // The same hands with another landlord are another game: the shared table must not
        // answer for one with the other's result.
        let other = SolverPosition {
            landlord: pos.landlord.next(),
            ..pos
        };
        assert_eq!(
            solver.solve(&other, u64::MAX).winner,
            Some(minimax(&other)),
            "position {:?} with the landlord at {}",
            pos,
            other.landlord
        );
        // Every fourth position: the winning side's plays hold against every defence.
        if i % 4 == 0 {
            assert!(
                winning_line_holds(&mut solver, &pos, expected),
                "the solver's line fails in {:?}",
                pos
            );
        }
    }
    // Both outcomes, both kinds of position, every seat to move were seen.
    assert!(
        counts[0] > positions / 10 && counts[1] > positions / 10,
        "{:?}",
        counts
    );
    assert!(with_target > positions / 3 && with_target < 2 * positions / 3);
}

#[test]
fn node_budget_stops_the_search_and_fresh_search_agrees() {
    let mut rng = fastrand::Rng::with_seed(77);
    let mut stopped = 0;
    for _ in 0..200 {
        let pos = random_position(&mut rng, 12);
        let mut solver = Solver::new(1 << 20);
        let full = solver.solve(&pos, u64::MAX);
        let mut small = Solver::new(1 << 20);
        let cut = small.solve(&pos, 3);
        if cut.winner.is_none() {
            stopped += 1;
            assert!(cut.nodes <= 4 && cut.play.is_none());
            // The table keeps only finished results: solving again gives the full answer.
            assert_eq!(small.solve(&pos, u64::MAX).winner, full.winner);
        } else {
            assert_eq!(cut.winner, full.winner);
        }
    }
    assert!(stopped > 50, "the budget stopped {} searches", stopped);
}

/// A stop in the past ends every search that reaches its first look at the clock, as a spent
/// budget does ("unknown", nothing kept that a later search could misread); one far ahead
/// changes nothing. The engine stops its solves at the answer's hard deadline this way.
#[test]
fn a_stop_time_ends_the_search_as_its_budget_would() {
    let mut rng = fastrand::Rng::with_seed(78);
    let (mut stopped, mut big) = (0, 0);
    for _ in 0..100 {
        let pos = random_position(&mut rng, 20);
        let full = Solver::new(1 << 20).solve(&pos, u64::MAX);
        let mut late = Solver::new(1 << 20);
        late.stop_at(Some(Instant::now()));
        let cut = late.solve(&pos, u64::MAX);
        if full.nodes > 256 {
            big += 1;
            // The clock is read every 256 nodes: past the first look, it stops.
            assert!(
                cut.winner.is_none() && cut.nodes <= 257,
                "{} nodes",
                cut.nodes
            );
            stopped += 1;
        }
        if cut.winner.is_none() {
            late.stop_at(None);
            assert_eq!(late.solve(&pos, u64::MAX).winner, full.winner);
        }
        let mut early = Solver::new(1 << 20);
        early.stop_at(Some(Instant::now() + Duration::from_secs(3600)));
        let same = early.solve(&pos, u64::MAX);
        assert_eq!((same.winner, same.nodes), (full.winner, full.nodes));
    }
    assert!(big > 10 && stopped == big, "{} of {} stopped", stopped, big);
}

/// One fixture: the `ddz solve` arguments, then `=>` and the expected first line, and for a
/// winning side to move optionally `play: X` for a play that must be the only winning one.
struct Fixture {
    line: usize,
    args: Vec<String>,
    winner: Role,
    only_play: Option<String>,
}

fn fixtures() -> Vec<Fixture> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/solver.txt"))
        .expect("fixtures/solver.txt");
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (args, expect) = line.split_once("=>").expect("a fixture has =>");
        let (verdict, play) = match expect.split_once("play:") {
            Some((v, p)) => (v.trim(), Some(p.trim().to_string())),
            None => (expect.trim(), None),
        };
        let winner = match verdict.trim_end_matches(',') {
            "landlord wins" => Role::Landlord,
            "farmers win" => Role::Farmer,
            other => panic!("line {}: unknown verdict '{}'", i + 1, other),
        };
        out.push(Fixture {
            line: i + 1,
            args: args.split_whitespace().map(String::from).collect(),
            winner,
            only_play: play,
        });
    }
    out
}

#[test]
fn fixture_positions() {
    let all = fixtures();
    assert!(all.len() >= 12, "{} fixtures", all.len());
    for f in &all {
        let parsed = ddz::tools::position_line::parse(&f.args)
            .unwrap_or_else(|e| panic!("line {}: {:#}", f.line, e));
        let pos = parsed.position;
        let mut solver = Solver::new(1 << 20);
        let got = solver.solve(&pos, u64::MAX);
        assert_eq!(got.winner, Some(f.winner), "line {}", f.line);
        // The fixtures are small enough for the plain minimax too.
        if pos.total_cards() <= 16 {
            assert_eq!(minimax(&pos), f.winner, "line {} (minimax)", f.line);
        }
        if let Some(only) = &f.only_play {
            let want = if only == "pass" {
                Combo::PASS
            } else {
                classify(only.parse().expect("fixture play")).expect("fixture play is a play")
            };
            assert_eq!(got.play, Some(want), "line {}", f.line);
            // And it is the only winning play: every other one loses.
            for m in pos.legal_plays() {
                if m == want {
                    continue;
                }
                let loses = match pos.after(&m) {
                    Next::Over(side) => side != f.winner,
                    Next::Continue(next) => solver.solve(&next, u64::MAX).winner != Some(f.winner),
                };
                assert!(loses, "line {}: {} also wins", f.line, m);
            }
        }
    }
}
