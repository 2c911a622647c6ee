//! Players given to the arena as values: a caller's decision function seated as a player
//! (`PlayerSpec::Supplied`, the Python package's callables), following the table on the
//! referee's model; one decision asked of any player (`Adviser`) on a `Position` read from
//! the model or from what the seat sees; a match's players gathered as a `Lineup`; the faults
//! a report lists.

use ddz::arena::{run, run_with, Adviser, ArenaConfig, Decide, Fault, FaultKind, Format};
use ddz::arena::{Lineup, PlayerSpec, Position};
use ddz::cards::Cards;
use ddz::game::deal::Deal;
use ddz::game::{Action, Game, Phase, Round, Seat};
use ddz::protocol::Reply;
use ddz::rules::Platform;
use std::sync::{Arc, Mutex};

/// A function that asks `builtin:rules` for each decision, on the position the model shows.
struct AsksRules(Mutex<Adviser>);

impl Decide for AsksRules {
    fn decide(&self, seat: Seat, game: &mut Game) -> Result<Action, Fault> {
        let position = Position::of_round(&game.deal, &game.round, seat);
        let mut adviser = self.0.lock().unwrap();
        match adviser.decide(&position) {
            Ok((Reply::Bid { bid, .. }, _)) => Ok(Action::Bid(bid)),
            Ok((Reply::Play { cards, .. }, _)) => Ok(Action::Play(cards)),
            Ok((other, _)) => Err(Fault::new(FaultKind::Malformed, other.to_string())),
            Err(why) => Err(Fault::new(FaultKind::Malformed, why)),
        }
    }
}

/// A function that always fails.
struct Fails;

impl Decide for Fails {
    fn decide(&self, _seat: Seat, _game: &mut Game) -> Result<Action, Fault> {
        Err(Fault::new(FaultKind::Crashed, "gave up"))
    }
}

fn h2h(x: &str, y: &str, games: usize) -> ArenaConfig {
    ArenaConfig {
        players: vec![x.to_string(), y.to_string()],
        format: Format::H2h,
        games,
        seed: 3,
        ..ArenaConfig::default()
    }
}

fn rules_spec() -> PlayerSpec {
    "builtin:rules".parse().unwrap()
}

/// The figures of a report that do not depend on the clock or the labels.
fn figures(report: &ddz::arena::count::report::Report) -> Vec<(u64, i64, u64, [u64; 6])> {
    let players = report.players.iter();
    players
        .map(|p| (p.games, p.score, p.landlord_games, p.errors))
        .collect()
}

/// A function asking `builtin:rules` at every turn, on the model the seat follows, plays as
/// `builtin:rules` seated itself: the same scores on the same deals against the same
/// opponent, and no fault. A table followed wrongly (a bid, the landlord, a play missed)
/// would show the adviser another position, and its choices, or their legality, would differ.
#[test]
fn a_function_asking_the_rules_player_plays_as_the_rules_player() {
    for platform in [Platform::Canonical, Platform::Botzone] {
        let mut seated = h2h("builtin:rules", "builtin:random", 12);
        seated.rules.set_platform(platform);
        let expected = run(&seated, &mut |_| Ok(())).unwrap();
        let adviser = Adviser::new(&rules_spec(), 1);
        let supplied = ddz::arena::Supplied {
            label: "asks-rules".to_string(),
            decide: Arc::new(AsksRules(Mutex::new(adviser))),
        };
        let mut config = seated.clone();
        config.players[0] = "asks-rules".to_string();
        let specs = [
            PlayerSpec::Supplied(supplied),
            "builtin:random".parse().unwrap(),
        ];
        let report = run_with(&config, &specs, &mut |_| Ok(())).unwrap();
        assert_eq!(figures(&report), figures(&expected), "{:?}", platform);
        assert!(report.faults.is_empty(), "{:?}", report.faults);
        // A seat alone and two beside a copy, per deal: every game played out.
        assert_eq!(report.players[0].games, 3 * 12);
    }
}

/// Each fault of a match is listed with its deal, seating, seat, label and kind, in deal
/// order, as many as the counts by kind hold (fewer than the listing's cap here).
#[test]
fn a_report_lists_its_faults_as_it_counts_them() {
    let config = h2h("gives-up", "builtin:random", 4);
    let supplied = ddz::arena::Supplied {
        label: "gives-up".to_string(),
        decide: Arc::new(Fails),
    };
    let specs = [
        PlayerSpec::Supplied(supplied),
        "builtin:random".parse().unwrap(),
    ];
    let mut seen = Vec::new();
    let report = run_with(&config, &specs, &mut |games| {
        for g in games {
            for e in &g.errors {
                seen.push((g.deal_index, g.seating, e.seat.index(), g.lineup[e.seat]));
            }
        }
        Ok(())
    })
    .unwrap();
    let counted: u64 = report
        .players
        .iter()
        .map(|p| p.errors.iter().sum::<u64>())
        .sum();
    assert!(counted > 0);
    assert_eq!(report.faults.len() as u64, counted);
    let listed: Vec<_> = report
        .faults
        .iter()
        .map(|f| (f.deal, f.seating, f.seat))
        .collect();
    let expected: Vec<_> = seen.iter().map(|&(d, s, seat, _)| (d, s, seat)).collect();
    assert_eq!(listed, expected);
    for (f, &(.., entry)) in report.faults.iter().zip(&seen) {
        assert_eq!(entry, 0);
        assert_eq!(f.player, "gives-up");
        assert_eq!(f.kind, "crashed");
        assert!(f.detail.contains("gave up"), "{}", f.detail);
    }
}

/// At every turn of real games, the position read from the referee's model and the one read
/// from what the seat sees (its hand now, the bids, the plays, the landlord and the bottom)
/// are one position; a hand that does not add up is refused, saying so.
#[test]
fn the_model_and_the_seats_view_show_one_position() {
    for n in 0..6 {
        let deal = Deal::seeded(11, n);
        let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
        round.stop_bidding_at_3();
        let mut adviser = Adviser::new(&rules_spec(), n);
        let mut turns = 0;
        while round.phase() != Phase::Done && turns < 200 {
            turns += 1;
            let seat = round.to_move();
            let model = Position::of_round(&deal, &round, seat);
            let leftover = round.landlord().map(|l| (l, deal.bottom));
            let view = Position::of_view(
                seat,
                round.hands()[seat],
                round.bids().to_vec(),
                round.plays().to_vec(),
                leftover,
                Platform::Canonical,
            );
            assert_eq!(view.as_ref(), Ok(&model), "deal {} turn {}", n, turns);
            let hand = round.hands()[seat];
            let dealt = hand.minus(deal.bottom).codes().next().unwrap();
            let short = hand.minus(Cards::single(dealt));
            let (bids, plays) = (round.bids().to_vec(), round.plays().to_vec());
            let wrong = Position::of_view(seat, short, bids, plays, leftover, Platform::Canonical);
            let why = wrong.expect_err("a hand short of cards");
            assert!(why.contains("does not add up"), "{}", why);
            match adviser.decide(&model).unwrap().0 {
                Reply::Bid { bid, .. } if round.phase() == Phase::Bid => {
                    round.try_bid(seat, bid, true).unwrap();
                    if round.phase() == Phase::Bid && round.bids().len() == 3 {
                        break; // nobody bid: the table's to redeal
                    }
                }
                Reply::Play { cards, .. } => {
                    round.try_play(cards).unwrap();
                }
                other => panic!("asked to {:?}, answered {}", round.phase(), other),
            }
        }
    }
}

/// The players gathered one by one: a text read and checked (a program nowhere refused, with
/// the built-in name it is near); a function once per key, two of one name told apart.
#[test]
fn a_lineup_seats_each_function_once_and_labels_two_of_one_name_apart() {
    let mut lineup = Lineup::default();
    lineup.add_text("builtin:rules").unwrap();
    let make = |_: &str| -> Arc<dyn Decide> { Arc::new(Fails) };
    lineup.add_supplied(7, "f", make);
    lineup.add_supplied(7, "f", make);
    lineup.add_supplied(8, "f", make);
    lineup.add_supplied(9, "g", make);
    assert_eq!(lineup.texts, ["builtin:rules", "f", "f", "f~2", "g"]);
    assert_eq!(lineup.specs[1], lineup.specs[2]);
    assert_ne!(lineup.specs[2], lineup.specs[3]);
    assert!(lineup.has_supplied());
    let labels: Vec<String> = lineup.specs.iter().map(|s| s.to_string()).collect();
    assert_eq!(labels, lineup.texts);
    let why = lineup.add_text("rulez").unwrap_err();
    assert!(
        why.starts_with("player 'rulez': no program 'rulez'"),
        "{}",
        why
    );
    assert!(why.contains("did you mean 'builtin:rules'?"), "{}", why);
    let why = lineup.add_text("builtin:rulez").unwrap_err();
    assert!(why.starts_with("player 'builtin:rulez': "), "{}", why);
    assert_eq!(lineup.texts.len(), 5, "a refused player is not added");
}

/// A command line's program is looked for on the PATH or on disk, after any assignments;
/// shell words and variables are taken on trust, and no program at all is refused.
#[test]
fn a_command_lines_program_is_looked_for_where_the_shell_would() {
    let spec = |text: &str| text.parse::<PlayerSpec>().unwrap();
    for found in [
        "sh -c 'exit 0'",
        "A=1 B_2=x sh",
        "exec ./anything",
        "$ENGINE --x",
    ] {
        assert_eq!(spec(found).check_program(), Ok(()), "{}", found);
    }
    let bot = spec("botzone:./no/such/bot");
    let why = bot.check_program().unwrap_err();
    assert_eq!(why, "no program './no/such/bot' on the PATH or on disk");
    assert!(spec("A=1")
        .check_program()
        .unwrap_err()
        .starts_with("no program named"));
    assert_eq!(spec("builtin:rules").check_program(), Ok(()));
}

/// A program asked one decision after another of one game stays in that game and hears only
/// what came since (one `DEAL` per game, each other seat's move once); a new deal starts it
/// on a new game. Its answers are legal at every turn.
#[test]
fn a_program_asked_along_one_game_hears_each_move_once() {
    let dir = crate::arena_common::temp_dir("adviser-program");
    let log = dir.join("heard.txt");
    let command = format!(
        "tee -a '{}' | '{}' --samples 2",
        log.display(),
        env!("CARGO_BIN_EXE_ddz")
    );
    let mut program = Adviser::new(&PlayerSpec::checked(&command).unwrap(), 1);
    let mut rules = Adviser::new(&rules_spec(), 1);
    let mut others_moves = 0;
    for n in 0..2 {
        let deal = Deal::seeded(21, n);
        let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
        round.stop_bidding_at_3();
        while round.phase() != Phase::Done {
            let seat = round.to_move();
            let adviser = if seat == Seat::A {
                &mut program
            } else {
                &mut rules
            };
            let position = Position::of_round(&deal, &round, seat);
            match adviser.decide(&position).unwrap().0 {
                Reply::Bid { bid, .. } => {
                    round.try_bid(seat, bid, true).unwrap();
                    if round.phase() == Phase::Bid && round.bids().len() == 3 {
                        break; // nobody bid
                    }
                }
                Reply::Play { cards, .. } => drop(round.try_play(cards).unwrap()),
                other => panic!("answered {}", other),
            }
            others_moves += usize::from(seat != Seat::A);
        }
    }
    let heard = std::fs::read_to_string(&log).unwrap();
    let count = |word: &str| heard.lines().filter(|l| l.starts_with(word)).count();
    assert_eq!(count("DEAL"), 2, "{}", heard);
    // Each other seat's move is told once, up to the program's last question of its game.
    let told = count("BID ") - count("BID WHAT") + count("PLAY ") - count("PLAY WHAT");
    assert!(
        told <= others_moves && told > 0,
        "{} of {}: {}",
        told,
        others_moves,
        heard
    );
}
