//! The thinking player: in positions where one play wins whatever the hidden cards are (found
//! by the exact solver over every consistent deal), it plays it; in fixed-budget mode it gives
//! the same answer every time; and it answers by its deadline however large its budget. Its
//! settings' listed choices are the ones their reader takes.

use crate::search_common;
use ddz::time::SearchLimit;

use ddz::cards::Counts;
use ddz::game::{BySeat, GameState, Seat};
use ddz::rules::Combo;
use ddz::search::{Next, Solver, SolverPosition};
use ddz::strategy::thinker::{Thinker, ThinkerSettings, SETTINGS};
use ddz::strategy::Strategy;
use ddz::time::Deadline;
use ddz::tools::position_line::view_of;
use search_common::{cards_of, random_position};
use std::time::{Duration, Instant};

fn fixed(samples: u32) -> ThinkerSettings {
    ThinkerSettings {
        limit: Some(SearchLimit::Deals(samples)),
        table_bytes: 1 << 20,
        ..ThinkerSettings::default()
    }
}

/// Every way the cards `seat` cannot see may lie in the two other hands (their counts fixed).
fn consistent_deals(pos: &SolverPosition, seat: Seat) -> Vec<SolverPosition> {
    let others = [seat.next(), seat.prev()];
    let mut pool: Vec<(u8, usize)> = Vec::new(); // (rank index, copies) flattened below
    for s in others {
        for r in ddz::cards::Rank::ALL {
            let n = pos.hands[s].get(r) as usize;
            if n > 0 {
                pool.push((r.index() as u8, n));
            }
        }
    }
    let mut cards: Vec<u8> = Vec::new();
    for (r, n) in pool {
        cards.extend(std::iter::repeat(r).take(n));
    }
    let k = pos.hands[others[0]].total() as usize;
    let mut out = Vec::new();
    let n = cards.len();
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize != k {
            continue;
        }
        let (mut first, mut second) = (Counts::EMPTY, Counts::EMPTY);
        for (i, &r) in cards.iter().enumerate() {
            let rank = ddz::cards::Rank::new(r).unwrap();
            if mask >> i & 1 == 1 {
                first.add(rank, 1);
            } else {
                second.add(rank, 1);
            }
        }
        let mut hands = pos.hands;
        hands[others[0]] = first;
        hands[others[1]] = second;
        let deal = SolverPosition { hands, ..*pos };
        if !out.contains(&deal) {
            out.push(deal);
        }
    }
    out
}

/// The plays of the mover that win in every one of `deals`.
fn sure_wins(solver: &mut Solver, deals: &[SolverPosition]) -> Vec<Combo> {
    let pos = deals[0];
    let mover = pos.mover_side();
    pos.legal_plays()
        .into_iter()
        .filter(|m| {
            deals.iter().all(|d| match d.after(m) {
                Next::Over(side) => side == mover,
                Next::Continue(next) => solver.solve(&next, u64::MAX).winner == Some(mover),
            })
        })
        .collect()
}

#[test]
fn plays_the_one_play_that_wins_whatever_the_hidden_cards() {
    let mut rng = fastrand::Rng::with_seed(0x7417);
    let mut solver = Solver::new(1 << 22);
    let mut found = 0;
    let mut tries = 0;
    let mut rules_differ = 0;
    // Until ten positions where the rule player alone plays something else.
    while rules_differ < 10 {
        tries += 1;
        assert!(
            tries < 200_000,
            "only {} positions found, {} where the rules differ",
            found,
            rules_differ
        );
        let total = rng.usize(5..=11);
        let pos = random_position(&mut rng, total);
        let to_move = pos.to_move;
        // Bombs and the rocket change the stake: then the best expected score need not be the
        // sure win, so such positions are left out.
        let bombs = pos.legal_plays().iter().any(|c| c.kind.is_bomb_like());
        if bombs {
            continue;
        }
        let deals = consistent_deals(&pos, to_move);
        let wins = sure_wins(&mut solver, &deals);
        // Exactly one sure win, and every other play loses in some deal.
        if wins.len() != 1 || pos.legal_plays().len() < 2 {
            continue;
        }
        let view = view_of(&pos, to_move).expect("a view of the mover");
        // Without the stick: the search's own choice. With it, a rule choice that loses one
        // deal in 64 may stand against a sure win, as it is meant to against a thin lead
        // (the_stick_keeps_the_rule_choice_only_against_a_thin_lead).
        // Uniform deals (these made-up positions have no history to weigh): a sure win is the one play that wins every deal, and 64 uniform
        // deals find the others' losing deals. The network's chances would be right to put
        // the cards where a real game's history says, and this position has none.
        let mut settings = ThinkerSettings {
            stick: 0.0,
            ..fixed(64)
        };
        settings.set("infer", "off").unwrap();
        let mut thinker = Thinker::new(settings);
        let a = thinker.analyze(&view, Deadline::unlimited());
        assert_eq!(
            a.chosen, wins[0],
            "position {:?}: the sure win is {}, the thinker chose {} ({:?})",
            pos, wins[0], a.chosen, a.candidates
        );
        found += 1;
        rules_differ += (a.policy_choice != wins[0]) as usize;
    }
}

/// A mid-game view from a seeded self-play game (the bench's), with several legal plays.
fn mid_game_views() -> Vec<GameState> {
    (0..6)
        .flat_map(ddz::strategy::self_play_positions)
        .flat_map(|m| m.views)
        .filter(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 3)
        .collect()
}

#[test]
fn fixed_budget_gives_the_same_answer_every_time() {
    let views = mid_game_views();
    assert!(views.len() >= 5);
    for view in views.iter().take(8) {
        let first = Thinker::new(fixed(24)).analyze(view, Deadline::unlimited());
        // A fresh player and one that has searched other positions before (its solver table
        // and the rule player's memo warm) agree to the last figure.
        let mut warm = Thinker::new(fixed(24));
        for other in views.iter().take(3) {
            warm.analyze(other, Deadline::unlimited());
        }
        let again = warm.analyze(view, Deadline::unlimited());
        assert_eq!(first, again);
        assert!(first.deals > 0);
        assert!(view.legal_plays().contains(&first.chosen));
    }
}

/// With nothing set the engine's decision is the fixed budget of its platform's deals: the
/// answer under the engine's own deadline is the one the same count given as `samples` finds,
/// to the last figure, and the platform's rules are where the count is read.
#[test]
fn the_default_decision_is_the_platforms_count_of_deals() {
    use ddz::time::{TimeControl, DEFAULT_DEALS, ENGINE};
    assert_eq!(ENGINE.search, SearchLimit::Deals(DEFAULT_DEALS));
    let views = mid_game_views();
    for view in views.iter().take(3) {
        let engine = TimeControl::default().deadline(Instant::now());
        let default = ThinkerSettings {
            table_bytes: 1 << 20,
            ..ThinkerSettings::default()
        };
        assert_eq!(default.limit(), ENGINE.search);
        let by_default = Thinker::new(default).analyze(view, engine);
        let by_samples = Thinker::new(ThinkerSettings {
            table_bytes: 1 << 20,
            ..fixed(DEFAULT_DEALS)
        })
        .analyze(view, Deadline::unlimited());
        assert_eq!(by_default, by_samples);
        assert!(by_default.deals > 0);
    }
}

/// The deals of a decision spread over threads give the answer of one thread to the last
/// figure, whichever way the candidates are judged and the deals drawn: deals are counted in
/// order, and each play-out's solver sees only what it stored
/// itself. 48 deals take candidates through their drops, some in the middle of a batch.
#[test]
fn threads_do_not_change_a_fixed_budget_answer() {
    let views = mid_game_views();
    let ways: [&[(&str, &str)]; 4] = [
        &[("net-weight", "0")],
        &[],
        &[
            ("infer", "off"),
            ("solve-at", "26"),
            ("solve-nodes", "20000"),
        ],
        &[("playout", "learned")],
    ];
    for way in ways {
        for view in views.iter().take(6) {
            let analysis = |threads: usize| {
                let mut settings = ThinkerSettings {
                    threads: Some(threads),
                    ..fixed(48)
                };
                for (k, v) in way {
                    settings.set(k, v).unwrap();
                }
                Thinker::new(settings).analyze(view, Deadline::unlimited())
            };
            let one = analysis(1);
            assert!(one.deals > 0);
            for threads in [2, 3] {
                assert_eq!(analysis(threads), one, "{} threads, {:?}", threads, way);
            }
        }
    }
}

/// The stick changes only which candidate is chosen, never the search: the same deals, the same
/// figures. Without it the best mean is chosen; with it the choice is that or the rule player's.
#[test]
fn the_stick_keeps_the_rule_choice_only_against_a_thin_lead() {
    let views = mid_game_views();
    let with_stick = |stick: f64| ThinkerSettings { stick, ..fixed(16) };
    let mut kept = 0;
    for view in views.iter().take(60) {
        let free = Thinker::new(with_stick(0.0)).analyze(view, Deadline::unlimited());
        let stuck = Thinker::new(with_stick(1.0)).analyze(view, Deadline::unlimited());
        assert_eq!(free.candidates, stuck.candidates);
        assert_eq!(free.deals, stuck.deals);
        if free.candidates.is_empty() {
            continue;
        }
        // Without a stick: the best mean among the candidates that saw every deal.
        let best = free
            .candidates
            .iter()
            .filter(|c| c.deals == free.deals)
            .map(|c| c.mean)
            .fold(f64::NEG_INFINITY, f64::max);
        let chosen = free
            .candidates
            .iter()
            .find(|c| c.play == free.chosen)
            .unwrap();
        assert_eq!(chosen.mean, best, "{:?}", free);
        if stuck.chosen != free.chosen {
            assert_eq!(stuck.chosen, stuck.policy_choice, "{:?}", stuck);
            kept += 1;
        }
    }
    assert!(kept > 0, "the stick never changed a choice in 60 positions");
}

/// A blend's figures are the network's and the rollout's, mixed by its weight: on the same
/// deals (fewer than the search needs to drop a candidate, so every candidate sees them all),
/// each candidate's mean at a weight is the weighted mean of its means at weight 1 (the
/// network wherever it judges) and at weight 0 (play-outs alone, the network not asked), and
/// its win rate is the play-out's (the game played out decides who won).
#[test]
fn a_blend_mixes_the_network_and_the_rollout_by_its_weight() {
    use ddz::strategy::thinker::FIRST_LOOK;
    let deals = FIRST_LOOK - 1;
    let judged = |net_weight: f64| ThinkerSettings {
        net_weight,
        stick: 0.0,
        ..fixed(deals)
    };
    // Many cards left: the solver does not judge right after the candidate.
    let views: Vec<GameState> = mid_game_views()
        .into_iter()
        .filter(|v| v.cards_left.iter().map(|(_, &n)| u32::from(n)).sum::<u32>() > 30)
        .take(6)
        .collect();
    assert!(views.len() >= 3);
    for view in &views {
        let rollout = Thinker::new(judged(0.0)).analyze(view, Deadline::unlimited());
        let net = Thinker::new(judged(1.0)).analyze(view, Deadline::unlimited());
        assert_ne!(rollout, net, "the network judges");
        for w in [0.3, 0.5, 0.8] {
            let blend = Thinker::new(judged(w)).analyze(view, Deadline::unlimited());
            assert_eq!(blend.deals, deals);
            assert_eq!(blend.candidates.len(), rollout.candidates.len());
            for c in &blend.candidates {
                let r = rollout
                    .candidates
                    .iter()
                    .find(|x| x.play == c.play)
                    .unwrap();
                let n = net.candidates.iter().find(|x| x.play == c.play).unwrap();
                assert_eq!((c.deals, r.deals, n.deals), (deals, deals, deals));
                let mixed = w * n.mean + (1.0 - w) * r.mean;
                assert!(
                    (c.mean - mixed).abs() < 1e-9,
                    "w {}: {:?} {:?} {:?}",
                    w,
                    c,
                    r,
                    n
                );
                assert_eq!(c.win_rate, r.win_rate);
            }
        }
    }
}

/// `net=FILE` with a play network plays with the network in the file: the embedded weights written to a file
/// give the embedded network's figures to the last digit, and the same weights with the
/// landlord's official output raised by one stake move every candidate's mean towards the
/// landlord (by at most one stake: the network judges some deals, the solver or the game's end
/// the others), and some by that much. Files that are no play network are refused by name.
#[test]
fn a_network_read_from_a_file_replaces_the_embedded_one() {
    use ddz::strategy::networks::{NetValue, PLAY_WEIGHTS};
    let dir = std::env::temp_dir().join(format!("ddz-play-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let same = dir.join("same.bin");
    std::fs::write(&same, PLAY_WEIGHTS).unwrap();
    // The last layer's biases are the file's last three f32: official, team, won.
    let mut raised = PLAY_WEIGHTS.to_vec();
    let at = raised.len() - 12;
    let bias = f32::from_le_bytes([raised[at], raised[at + 1], raised[at + 2], raised[at + 3]]);
    raised[at..at + 4].copy_from_slice(&(bias + 1.0).to_le_bytes());
    let shifted = dir.join("raised.bin");
    std::fs::write(&shifted, &raised).unwrap();

    let judged = |file: Option<&std::path::Path>| {
        let mut s = ThinkerSettings {
            net_weight: 1.0,
            stick: 0.0,
            ..fixed(8)
        };
        if let Some(f) = file {
            s.set("net", f.to_str().unwrap()).unwrap();
        }
        s
    };
    let views: Vec<GameState> = mid_game_views().into_iter().take(6).collect();
    assert!(views.len() >= 3);
    let mut moved_a_whole_stake = 0;
    for view in &views {
        let embedded = Thinker::new(judged(None)).analyze(view, Deadline::unlimited());
        let from_file = Thinker::new(judged(Some(&same))).analyze(view, Deadline::unlimited());
        assert_eq!(embedded, from_file);
        let raised = Thinker::new(judged(Some(&shifted))).analyze(view, Deadline::unlimited());
        let stake = NetValue::stake(view.scoring) * f64::from(view.highest_bid().max(1));
        let towards_landlord = if view.landlord == Some(view.me) {
            1.0
        } else {
            -1.0
        };
        for c in &raised.candidates {
            let e = embedded
                .candidates
                .iter()
                .find(|x| x.play == c.play)
                .unwrap();
            let moved = (c.mean - e.mean) * towards_landlord;
            // The network computes in f32: a stake of 200 points is exact to about 1e-4.
            let tolerance = 1e-3;
            assert!(
                moved > -tolerance && moved < stake + tolerance,
                "{:?} {:?}",
                c,
                e
            );
            if (moved - stake).abs() < tolerance {
                moved_a_whole_stake += 1;
            }
        }
    }
    assert!(moved_a_whole_stake > 0);

    let mut s = ThinkerSettings::default();
    let missing = dir.join("missing.bin");
    let err = s
        .set("net", missing.to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot read"), "{}", err);
    // Each network goes where its shape says, and a list names more than one.
    let bid = dir.join("bid.bin");
    std::fs::write(&bid, ddz::strategy::networks::BID_WEIGHTS).unwrap();
    assert!(s.set("net", bid.to_str().unwrap()).is_ok());
    assert!(s.nets.play.is_none() && s.nets.bid.is_some() && s.nets.hidden.is_none());
    let hidden = dir.join("hidden.bin");
    std::fs::write(&hidden, ddz::strategy::networks::HIDDEN_WEIGHTS).unwrap();
    let both = format!("{},{}", same.display(), hidden.display());
    assert!(s.set("net", &both).is_ok());
    assert_eq!(
        s.nets.paths(),
        [same.to_str(), bid.to_str(), hidden.to_str()].map(Option::unwrap)
    );
    s.set("net", "embedded").unwrap();
    assert!(s.nets.paths().is_empty());
    // A file of none of our networks' shapes is refused, naming the shapes.
    let odd = dir.join("odd.bin");
    let mut bytes = ddz::strategy::networks::BID_WEIGHTS.to_vec();
    bytes.truncate(bytes.len() - 4);
    std::fs::write(&odd, &bytes).unwrap();
    let err = s.set("net", odd.to_str().unwrap()).unwrap_err().to_string();
    assert!(err.contains("'") && err.contains("odd.bin"), "{}", err);
    let _ = std::fs::remove_dir_all(&dir);
}

/// How far past its hard deadline a search may answer: the engine's own safety margin, what it
/// keeps back from the referee's limit for everything after the search. The search overruns
/// only by the deal under way (milliseconds), so this stays generous on a loaded machine, and
/// an overrun beyond it would make the engine late.
const OVERRUN: Duration = ddz::time::SAFETY_MARGIN;

/// Asserts that a search begun at `start` with hard deadline `hard` after it answered in time.
fn answered_in_time(start: Instant, hard: Duration, what: &str) {
    let took = start.elapsed();
    assert!(
        took <= hard + OVERRUN,
        "{}: {:?} for a hard deadline of {:?}",
        what,
        took,
        hard
    );
}

/// A hard deadline `hard` after `start`.
fn from(start: Instant, hard: Duration) -> Deadline {
    Deadline::by(start, hard)
}

#[test]
fn answers_by_the_deadline_whatever_the_budget() {
    let views = mid_game_views();
    let view = &views[0];
    // Timed mode: the soft deadline stops the deals.
    let mut timed = Thinker::new(ThinkerSettings {
        table_bytes: 1 << 20,
        limit: Some(SearchLimit::Time(Duration::from_millis(100))),
        ..ThinkerSettings::default()
    });
    let hard = Duration::from_millis(400);
    let start = Instant::now();
    let deadline = from(start, hard);
    let a = timed.analyze(view, deadline);
    answered_in_time(start, hard, "timed play");
    assert!(a.deals >= 1 && view.legal_plays().contains(&a.chosen));
    // Fixed budget far beyond the time: the hard deadline still stops it.
    let mut huge = Thinker::new(fixed(u32::MAX));
    let hard = Duration::from_millis(200);
    let start = Instant::now();
    let deadline = from(start, hard);
    let chosen = huge.play(view, deadline);
    answered_in_time(start, hard, "fixed-budget play");
    assert!(view.legal_plays().contains(&chosen));
}

/// A position where A follows C's single 2 holding `hand` (B holds two low cards, C one).
fn following_a_two(hand: &[u8]) -> GameState {
    let pos = SolverPosition::new(
        BySeat([cards_of(hand), cards_of(&[4, 8]), cards_of(&[12])]),
        Seat::B,
        Seat::A,
        Some((Seat::C, ddz::rules::classify(cards_of(&[48])).unwrap())),
    )
    .unwrap();
    view_of(&pos, Seat::A).unwrap()
}

#[test]
fn one_legal_play_is_answered_without_search() {
    // A follower who holds one card lower than the play to beat can only pass: the search
    // draws no deal for it. (`deals` counts the deals drawn, as the same player shows where
    // the big joker gives it a second play.)
    let only_pass = following_a_two(&[0]);
    assert_eq!(only_pass.legal_plays(), vec![Combo::PASS]);
    let mut thinker = Thinker::new(fixed(64));
    let a = thinker.analyze(&only_pass, Deadline::unlimited());
    assert_eq!((a.chosen, a.deals), (Combo::PASS, 0), "{:?}", a);
    assert!(a.candidates.is_empty(), "{:?}", a);
    assert_eq!(thinker.play(&only_pass, Deadline::unlimited()), Combo::PASS);
    let two_plays = following_a_two(&[0, 53]);
    assert_eq!(two_plays.legal_plays().len(), 2);
    let searched = thinker.analyze(&two_plays, Deadline::unlimited());
    assert!(searched.deals > 0, "{:?}", searched);
}

/// The search says why it stopped, and it stops early only when decided: a search that ends
/// before its budget is decided (one candidate left, or none left that could beat the leader
/// by more than the race's indifference), and one that is not has judged every deal of its
/// budget.
#[test]
fn the_search_stops_early_only_when_decided() {
    use ddz::strategy::thinker::Stopped;
    let budget = 100;
    let (mut decided, mut spent) = (0, 0);
    // Positions of every size: near the end, where the solver judges exactly, more decisions
    // are clear; in the middle many are close.
    let views: Vec<GameState> = (0..8)
        .flat_map(ddz::strategy::self_play_positions)
        .flat_map(|m| m.views)
        .filter(|v| v.to_move == Some(v.me) && v.legal_plays().len() > 2)
        .collect();
    for view in &views {
        let a = Thinker::new(fixed(budget)).analyze(view, Deadline::unlimited());
        let to_the_end = a.candidates.iter().filter(|c| c.deals == a.deals).count();
        match a.stopped {
            Stopped::Decided => {
                assert!(a.deals < budget, "{:?}", a);
                decided += 1;
            }
            Stopped::Budget => {
                assert_eq!(a.deals, budget, "{:?}", a);
                assert!(to_the_end > 1, "{:?}", a);
                spent += 1;
            }
            other => panic!("stopped by {:?} at a fixed budget: {:?}", other, a),
        }
    }
    assert!(decided > 0 && spent > 0, "{} {}", decided, spent);
}

/// Every choice a setting's value shape lists (`rollout|net|blend`) is accepted, and
/// `describe` shows it back under the same name: the usage texts' choices are the parser's.
#[test]
fn every_listed_choice_is_read_and_shown_back() {
    let mut choices = 0;
    for setting in SETTINGS.iter().filter(|s| s.value.contains('|')) {
        for choice in setting.value.split('|') {
            let mut settings = ThinkerSettings::default();
            settings.set(setting.name, choice).unwrap();
            assert_eq!((setting.show)(&settings), choice, "{}", setting.name);
            choices += 1;
        }
        let mut settings = ThinkerSettings::default();
        let refused = settings
            .set(setting.name, "nonsense")
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains(setting.value.replace('|', " or ").as_str()),
            "{}",
            refused
        );
    }
    assert_eq!(
        choices,
        3 + 2 + 2 + 2,
        "bid, aim, infer and playout list their choices"
    );
}
