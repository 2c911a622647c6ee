//! Debug aid, ignored by default: replays one game of an arena JSON log from one seat's view
//! and prints, at each of its turns, which unit of the rule-based player answers and with what.
//! `DDZ_GAME=log.json:LINE:SEAT cargo test --release --test strategy_debug -- --ignored --nocapture`

use ddz::cards::Cards;
use ddz::game::{GameState, Seat};
use ddz::strategy::rules_player::{explain, RulesPlayer};

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let start = line.find(&format!("\"{}\":", key)).expect("key present") + key.len() + 3;
    &line[start..]
}

fn quoted(text: &str) -> &str {
    let s = text.trim_start().trim_start_matches('"');
    &s[..s.find('"').expect("closing quote")]
}

#[test]
#[ignore]
fn replay_one_game() {
    let spec = match std::env::var("DDZ_GAME") {
        Ok(s) => s,
        Err(_) => return,
    };
    let parts: Vec<&str> = spec.split(':').collect();
    let text = std::fs::read_to_string(parts[0]).expect("log file");
    let line = text.lines().nth(parts[1].parse().unwrap()).expect("line");
    let me = Seat::from_letter(parts[2].chars().next().unwrap()).unwrap();
    let hands = field(line, "hands");
    let hand_of = |s: &str| Cards::parse_codes(quoted(field(hands, s))).unwrap();
    let landlord =
        Seat::from_letter(quoted(field(line, "landlord")).chars().next().unwrap()).unwrap();
    let mut state = GameState::new(me, hand_of(&me.letter().to_string()));
    state.set_landlord(landlord, hand_of("bottom")).unwrap();
    let plays = field(line, "plays");
    let plays = &plays[1..plays.find("]]").unwrap() + 1];
    let mut player = RulesPlayer::new();
    for item in plays.split("],[") {
        let item = item.trim_matches(|c| c == '[' || c == ']');
        let (s, c) = item.split_once(',').unwrap();
        let seat = Seat::from_letter(s.trim_matches('"').chars().next().unwrap()).unwrap();
        let c = c.trim_matches('"');
        if seat == me {
            let (unit, play) = explain(&mut player, &state);
            println!(
                "hand {}  left {:?}  to beat {:?} -> {} by {}",
                state.hand,
                state.cards_left.0,
                state.last.map(|(s, c)| format!("{} {}", s, c)),
                play,
                unit
            );
        }
        let cards = if c == "-1" {
            None
        } else {
            Some(Cards::parse_codes(c).unwrap())
        };
        let _ = state.record_play(seat, cards);
    }
}

/// Prints, for every game of an arena JSON log, the landlord's expected bidding value (from its
/// 17 dealt cards) and whether the landlord won: data to calibrate the bid thresholds.
/// `DDZ_LOG=log.json cargo test --release --test strategy_debug -- --ignored --nocapture`
#[test]
#[ignore]
fn bid_values_of_a_log() {
    let path = match std::env::var("DDZ_LOG") {
        Ok(s) => s,
        Err(_) => return,
    };
    let text = std::fs::read_to_string(path).expect("log file");
    let mut player = RulesPlayer::new();
    for line in text.lines() {
        if !line.contains("\"landlord\":\"") {
            continue;
        }
        let landlord = quoted(field(line, "landlord")).to_string();
        let hands = field(line, "hands");
        let hand = Cards::parse_codes(quoted(field(hands, &landlord))).unwrap();
        let ev = player.expected_value(hand);
        let scores = field(line, "scores");
        let scores: Vec<i64> = scores[1..scores.find(']').unwrap()]
            .split(',')
            .map(|x| x.trim().parse().unwrap())
            .collect();
        let idx = Seat::from_letter(landlord.chars().next().unwrap())
            .unwrap()
            .index();
        println!("EV {} {}", ev, if scores[idx] > 0 { 1 } else { 0 });
    }
}
