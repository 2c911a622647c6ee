//! What the strategy learns of the table: the engine tells it how each game it saw end ended
//! (from its own tracker, not the protocol loop), and that the table changed when `INFO` starts
//! another match. Checked against the referee's own record of the same games: two paths that
//! must agree on the landlord, the base, the winner and every seat's score.

use ddz::arena::{play_game, GameRecord, GameSlot, MatchRules};
use ddz::arena::{Answer, Fault, Player};
use ddz::cards::Cards;
use ddz::engine::Engine;
use ddz::game::deal::Deal;
use ddz::game::{BySeat, GameState, Seat};
use ddz::protocol::Command;
use ddz::rules::Combo;
use ddz::strategy::Greedy;
use ddz::strategy::{Ending, Strategy};
use ddz::time::Deadline;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a strategy was told, in order.
#[derive(Clone, Debug, PartialEq)]
enum Told {
    /// A game's end: the landlord, the base, the winner and the scores, or `None` for a deal
    /// nobody bid.
    Over(Option<(Seat, u8, Seat, BySeat<i32>)>),
    NewTable,
}

type Record = Arc<Mutex<Vec<Told>>>;

/// The greedy player's plays, recording what it is told of games' ends and tables. It bids
/// `bid` on every other deal (the first, the third, …) and passes on the rest.
struct Recorder {
    told: Record,
    bid: u8,
    asked: u32,
}

impl Strategy for Recorder {
    fn name(&self) -> &str {
        "recorder"
    }
    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        self.asked += 1;
        if self.asked % 2 == 1 && state.bid_is_legal(self.bid) {
            self.bid
        } else {
            0
        }
    }
    fn play(&mut self, state: &GameState, deadline: Deadline) -> Combo {
        Greedy.play(state, deadline)
    }
    fn game_over(&mut self, _state: &GameState, ending: &Ending) {
        let told = match ending {
            Ending::Played(o) => Told::Over(Some((o.landlord, o.base, o.winner, o.scores()))),
            Ending::NoBid => Told::Over(None),
        };
        self.told.lock().unwrap().push(told);
    }
    fn new_table(&mut self) {
        self.told.lock().unwrap().push(Told::NewTable);
    }
}

fn recorder(bid: u8) -> (Engine, Record) {
    let told = Record::default();
    let strategy = Recorder {
        told: Arc::clone(&told),
        bid,
        asked: 0,
    };
    (Engine::new("recorder", Box::new(strategy)), told)
}

/// An engine hosted at the arena's table as the platform hosts one process for a match.
struct Hosted {
    engine: Engine,
    started: bool,
}

impl Player for Hosted {
    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        let fresh = !self.started;
        self.started = true;
        Ok(fresh)
    }
    fn exchange(&mut self, command: &Command, _line: &str, _limit: Duration) -> Answer {
        let reply = self.engine.handle(command, Deadline::unlimited());
        Ok((reply.expect("every message here is answered"), None))
    }
}

/// What a seat should have been told of the game `record` scored.
fn expected(record: &GameRecord) -> Told {
    match (record.landlord, record.winner) {
        (Some(l), Some(w)) => Told::Over(Some((l, record.base, w, record.scores))),
        _ => Told::Over(None),
    }
}

#[test]
fn each_game_seen_to_its_end_is_told_as_the_referee_scored_it_and_a_new_match_resets() {
    // Two matches of five deals, the arena's INFO numbering them as turns 1 and 2. Seat A
    // bids 2 on every other deal and the others never bid: deals played and deals nobody bid
    // alternate, and the first match ends with one nobody bid (told before the new table).
    let rules = MatchRules {
        match_games: 10,
        match_deals: Some(5),
        ..MatchRules::default()
    };
    let mut told = Vec::new();
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    for bid in [2, 0, 0] {
        let (engine, record) = recorder(bid);
        told.push(record);
        players.push(Box::new(Hosted {
            engine,
            started: false,
        }));
    }
    let mut seats = BySeat(<[Box<dyn Player>; 3]>::try_from(players).ok().unwrap());
    let records: Vec<GameRecord> = (0..10)
        .map(|i| {
            let slot = GameSlot {
                deal_index: i,
                seating: 0,
                lineup: BySeat([0, 1, 2]),
                seed: i as u64,
            };
            play_game(&mut seats, &rules, &Deal::seeded(3, i as u64), slot)
        })
        .collect();
    assert!(records.iter().all(|r| r.errors.is_empty()));
    let played = records.iter().filter(|r| r.landlord.is_some()).count();
    assert_eq!((played, records.len() - played), (5, 5));
    // The tenth deal, nobody's, is told only at a next DEAL that never comes.
    let mut want: Vec<Told> = records[..5].iter().map(expected).collect();
    want.push(Told::NewTable);
    want.extend(records[5..9].iter().map(expected));
    for (seat, record) in Seat::ALL.iter().zip(&told) {
        assert_eq!(*record.lock().unwrap(), want, "seat {}", seat);
    }
}

#[test]
fn a_game_ended_by_a_fault_or_announced_twice_teaches_once_or_not_at_all() {
    let (mut engine, told) = recorder(3);
    let deal = Deal::seeded(4, 0);
    let send = |engine: &mut Engine, line: &str| {
        let command = Command::parse(line).unwrap();
        engine.handle(&command, Deadline::unlimited())
    };
    let codes = |c: Cards| {
        c.codes()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    // We (A) are the landlord at 3 (the platform tells our bid); the game ends at once with
    // B "emptying" a full hand: a fault's GAMEOVER, which the tracker cannot follow.
    send(
        &mut engine,
        &format!("DEAL A{}", codes(deal.hands[Seat::A])),
    );
    send(&mut engine, "BID A3");
    send(&mut engine, &format!("LEFTOVER A{}", codes(deal.bottom)));
    send(&mut engine, "GAMEOVER B");
    assert!(told.lock().unwrap().is_empty());
    // A game played out: our whole hand in one play is not legal, so play it card by card
    // with the others passing, then the platform says GAMEOVER twice.
    send(
        &mut engine,
        &format!("DEAL A{}", codes(deal.hands[Seat::A])),
    );
    send(&mut engine, "BID WHAT");
    send(&mut engine, &format!("LEFTOVER A{}", codes(deal.bottom)));
    for _ in 0..20 {
        send(&mut engine, "PLAY WHAT");
        if engine.state().map_or(false, |s| s.hand.is_empty()) {
            break;
        }
        send(&mut engine, "PLAY B-1");
        send(&mut engine, "PLAY C-1");
    }
    assert!(engine.state().unwrap().hand.is_empty());
    send(&mut engine, "GAMEOVER A");
    send(&mut engine, "GAMEOVER A");
    let told = told.lock().unwrap();
    assert_eq!(told.len(), 1, "{:?}", *told);
    match &told[0] {
        Told::Over(Some((landlord, base, winner, scores))) => {
            assert_eq!((*landlord, *base, *winner), (Seat::A, 3, Seat::A));
            // A spring (the farmers never played), at base 3: 2 × 100 × 3 × 2 and more for bombs.
            assert!(scores[Seat::A] >= 1200, "{:?}", scores);
            assert_eq!(scores[Seat::B], -scores[Seat::A] / 2);
        }
        other => panic!("told {:?}", other),
    }
}

/// The `edge` field of each `# think bid` note of seat A's process in an engine log, by game.
fn logged_edges(log: &str) -> Vec<(usize, String)> {
    let mut game = 0;
    let mut edges = Vec::new();
    for line in log.lines() {
        if !line.contains(" A]") {
            continue;
        }
        if line.contains("> DEAL") {
            game += 1;
        }
        if let Some(edge) = line
            .split(" | ")
            .find_map(|field| field.strip_prefix("edge "))
            .filter(|_| line.contains("# think bid"))
        {
            edges.push((game, edge.to_string()));
        }
    }
    edges
}

/// Two paths to what `bid = table` knew when it bid: the engine's note, written as it played a
/// match through the protocol, and `ddz analyze` reading the same log afterwards (the seat's
/// earlier games replayed into a fresh player). With `--match-deals` the program is started
/// afresh for each match, so its table starts again with each.
#[test]
fn the_engine_and_analyze_agree_on_what_the_table_had_shown() {
    let (log, text) = engine_match_log(
        "table-edges",
        "--samples 4 --bid table",
        &["--games", "10", "--seed", "4", "--match-deals", "5"],
        ["builtin:rules", "builtin:rules"],
    );
    let edges = logged_edges(&text);
    // Two processes, each starting with nothing learned.
    let starts = text.lines().filter(|l| l.contains("> DOUDIZHUVER")).count();
    assert_eq!(starts, 2);
    let fresh: Vec<_> = edges
        .iter()
        .filter(|(_, e)| e.starts_with("L+0.00/0x1.50 F+0.00/0x1.50"))
        .collect();
    assert!(fresh.len() >= 2, "{:?}", edges);
    assert!(
        edges
            .iter()
            .any(|(_, e)| !e.starts_with("L+0.00/0x1.50 F+0.00/0x1.50")),
        "nothing learned: {:?}",
        edges
    );
    // Each process's games are numbered from 1 within it; analyze each bid of the second
    // match's games by the seat's game number in the file (6..=10).
    let mut checked = 0;
    for (game, edge) in edges.iter().filter(|(g, _)| *g > 5) {
        let out = analyze_seat_a(&log, *game, 2, &["--bid", "table", "--samples", "4"]);
        let shown = out
            .lines()
            .find_map(|l| {
                l.split(": ")
                    .nth(1)
                    .filter(|_| l.starts_with("the table, from"))
            })
            .unwrap_or_else(|| panic!("no table line in:\n{}", out));
        assert_eq!(shown, edge, "game {}:\n{}", game, out);
        checked += 1;
    }
    assert!(checked > 0);
}

/// The engine with `settings`, logging, in seat A of an arena run (`arena_flags`, one job)
/// against `others`: the log's path and text.
fn engine_match_log(
    name: &str,
    settings: &str,
    arena_flags: &[&str],
    others: [&str; 2],
) -> (std::path::PathBuf, String) {
    use crate::arena_common::{ddz, path, temp_dir};
    let log = temp_dir(name).join("engine.log");
    let program = format!(
        "{} {} --log {}",
        env!("CARGO_BIN_EXE_ddz"),
        settings,
        path(&log)
    );
    let mut args = vec!["arena"];
    args.extend_from_slice(arena_flags);
    args.extend_from_slice(&["--jobs", "1", "--players", &program, others[0], others[1]]);
    ddz(&args);
    let text = std::fs::read_to_string(&log).unwrap();
    (log, text)
}

/// `ddz analyze` of seat A's question `at` in its game `game` of the engine log `log`.
fn analyze_seat_a(log: &std::path::Path, game: usize, at: usize, settings: &[&str]) -> String {
    use crate::arena_common::{ddz, path};
    let (game, at) = (game.to_string(), at.to_string());
    let mut args = vec!["analyze", "--transcript", path(log), "--seat", "A"];
    args.extend_from_slice(&["--game", &game, "--at", &at]);
    args.extend_from_slice(settings);
    ddz(&args)
}
