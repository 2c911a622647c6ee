//! `ddz botzone`: games hosted here the way Botzone hosts them, the same game answered by bots
//! started every turn and by bots kept running, and hostile input. Botzone's own judge plays
//! against the bot in `scripts/test-botzone.sh`.

use ddz::botzone::{Bot, BotSettings};
use ddz::cards::Cards;
use ddz::rules::botzone_variant;
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

fn settings(keep_running: bool) -> BotSettings {
    BotSettings {
        player: "rules".to_string(),
        keep_running,
        ..BotSettings::default()
    }
}

fn ids(cards: Cards) -> Value {
    json!(cards.codes().collect::<Vec<u8>>())
}

/// The response checked as a card list from `hand`, as the judge checks it.
fn cards_of(response: &Value, hand: Cards) -> Cards {
    let list = response.as_array().expect("a play is a list");
    let cards: Cards = list.iter().map(|v| v.as_u64().unwrap() as u8).collect();
    assert_eq!(cards.len(), list.len(), "a card twice in {}", response);
    assert!(hand.contains_all(cards), "{} not all in the hand", response);
    cards
}

/// One seeded game hosted as Botzone does (its README's loop, our rules for the checks):
/// every response legal by Botzone's judge. Returns every response in order.
fn host_game(seed: u64, keep_running: bool) -> Vec<Value> {
    host_game_with(seed, keep_running, &mut String::new)
}

/// [`host_game`], each request's line followed by `tail()` (junk a broken relay might add):
/// the only problem the bot may report is that text, when the tail is not blank.
pub(crate) fn host_game_with(
    seed: u64,
    keep_running: bool,
    tail: &mut dyn FnMut() -> String,
) -> Vec<Value> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut deck: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut deck);
    let mut hands: Vec<Cards> = (0..3)
        .map(|s| deck[3 + 17 * s..20 + 17 * s].iter().copied().collect())
        .collect();
    let dealt = hands.clone();
    let bottom: Cards = deck[..3].iter().copied().collect();
    // Seat s's requests and responses, and its kept-running bot.
    let mut seen: Vec<(Vec<Value>, Vec<Value>)> = vec![(Vec::new(), Vec::new()); 3];
    let mut kept: Vec<Option<Bot>> = (0..3).map(|_| None).collect();
    let mut all = Vec::new();
    let mut ask = |seat: usize, request: Value, all: &mut Vec<Value>| -> Value {
        let (requests, responses) = &mut seen[seat];
        requests.push(request.clone());
        let junk = tail();
        let (response, mut problems) = if keep_running {
            let bot = kept[seat].get_or_insert_with(|| Bot::new(settings(true)).unwrap());
            bot.turn(&format!("{}{}", request, junk), Instant::now())
        } else {
            let full = json!({ "requests": requests, "responses": responses });
            Bot::new(settings(false))
                .unwrap()
                .turn(&format!("{}{}", full, junk), Instant::now())
        };
        if !junk.trim().is_empty() {
            let said = problems
                .iter()
                .position(|p| p.starts_with("text after the JSON input ignored"));
            assert!(said.is_some(), "seat {}: {:?} not named", seat, junk);
            problems.remove(said.unwrap_or(0));
        }
        assert!(problems.is_empty(), "seat {}: {:?}", seat, problems);
        responses.push(response.clone());
        all.push(response.clone());
        response
    };
    let mut bids: Vec<u64> = Vec::new();
    for (seat, own) in dealt.iter().enumerate() {
        let r = ask(seat, json!({ "own": ids(*own), "bid": bids }), &mut all);
        let b = r.as_u64().expect("a bid is a number");
        let highest = bids.iter().copied().max().unwrap_or(0);
        assert!(
            b == 0 || (b > highest && b <= 3),
            "bid {} after {:?}",
            b,
            bids
        );
        bids.push(b);
        if b == 3 {
            break;
        }
    }
    let top = bids.iter().copied().max().unwrap();
    let landlord = if top == 0 {
        0
    } else {
        bids.iter().position(|&b| b == top).unwrap()
    };
    hands[landlord] = hands[landlord].or(bottom);
    let mut plays: Vec<Cards> = Vec::new();
    let mut told = [false; 3];
    let mut turn = landlord;
    loop {
        let n = plays.len();
        let at = |k: usize| if n >= k { plays[n - k] } else { Cards::EMPTY };
        let mut request = json!({ "history": [ids(at(2)), ids(at(1))] });
        if !told[turn] {
            told[turn] = true;
            request["own"] = ids(dealt[turn]);
            request["publiccard"] = ids(bottom);
            request["landlord"] = json!(landlord);
            request["pos"] = json!(turn);
            request["finalbid"] = json!(top.max(1));
        }
        let response = ask(turn, request, &mut all);
        let cards = cards_of(&response, hands[turn]);
        // The play to beat: the last non-pass within the last two plays.
        let target = [at(1), at(2)].iter().copied().find(|c| !c.is_empty());
        assert!(
            botzone_variant::accepts(cards.counts(), target.map(|t| t.counts())),
            "{} on {:?} refused by Botzone's rules",
            cards,
            target
        );
        hands[turn] = hands[turn].minus(cards);
        plays.push(cards);
        if hands[turn].is_empty() {
            return all;
        }
        turn = (turn + 1) % 3;
    }
}

#[test]
fn games_hosted_as_botzone_does_are_legal_in_both_modes_and_the_same() {
    for seed in 0..12 {
        let started = host_game(seed, false);
        let kept = host_game(seed, true);
        assert_eq!(started, kept, "seed {}", seed);
    }
}

/// The response of a fresh bot to `line`: never empty, a bid or a list of distinct ids.
fn answer(line: &str) -> (Value, Vec<String>) {
    let (response, problems) = Bot::new(settings(false))
        .unwrap()
        .turn(line, Instant::now());
    let ok = match &response {
        Value::Number(n) => n.as_u64().map_or(false, |b| b <= 3),
        Value::Array(a) => {
            let cards: Cards = a
                .iter()
                .filter_map(Value::as_u64)
                .map(|c| c as u8)
                .collect();
            a.iter().all(|v| v.as_u64().map_or(false, |c| c <= 53)) && cards.len() == a.len()
        }
        _ => false,
    };
    assert!(ok, "{:?} answered {}", line, response);
    (response, problems)
}

fn valid_play_input() -> Value {
    json!({
        "requests": [
            { "own": (0..17).collect::<Vec<u8>>(), "bid": [] },
            { "history": [[], []], "own": (0..17).collect::<Vec<u8>>(),
              "publiccard": [51, 52, 53], "landlord": 0, "pos": 0, "finalbid": 2 },
        ],
        "responses": [2]
    })
}

#[test]
fn contradictions_and_bad_cards_are_reported_with_a_legal_answer() {
    let (r, p) = answer(&valid_play_input().to_string());
    assert!(p.is_empty(), "{:?}", p);
    assert!(!r.as_array().unwrap().is_empty(), "the landlord leads");

    // A card twice in the hand: the request is unreadable, our cards unknown.
    let mut twice = valid_play_input();
    twice["requests"][0]["own"][1] = json!(0);
    twice["requests"][1]["own"][1] = json!(0);
    let (r, p) = answer(&twice.to_string());
    assert!(p.iter().any(|m| m.contains("twice")), "{:?}", p);
    assert_eq!(r, json!([]));

    // The bid request's cards differ from the play request's: reported, the play's are used.
    let mut differ = valid_play_input();
    differ["requests"][0]["own"][0] = json!(40);
    let (r, p) = answer(&differ.to_string());
    assert!(p.iter().any(|m| m.contains("differ")), "{:?}", p);
    assert!(!r.as_array().unwrap().is_empty());

    // A history we cannot read (a card of ours played by another seat) after our lead.
    let mut unreadable = valid_play_input();
    unreadable["requests"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "history": [[3], [77]] }));
    unreadable["responses"]
        .as_array_mut()
        .unwrap()
        .push(json!([0]));
    let (_, p) = answer(&unreadable.to_string());
    assert!(!p.is_empty());

    // finalbid not the highest bid.
    let mut bid = valid_play_input();
    bid["requests"][1]["finalbid"] = json!(3);
    let (_, p) = answer(&bid.to_string());
    assert!(p.iter().any(|m| m.contains("finalbid")), "{:?}", p);
}

/// Hostile variations of valid inputs: truncated, bytes replaced, fields of the wrong type,
/// out-of-range and repeated ids, deep nesting. None may panic or give no answer.
#[test]
fn hostile_json_never_crashes_the_bot() {
    let mut rng = fastrand::Rng::with_seed(25);
    let base = valid_play_input().to_string();
    let odd = [
        json!(null),
        json!(-1),
        json!(54),
        json!(1e300),
        json!("3"),
        json!([[[[]]]]),
        json!({}),
        json!(true),
        json!(18446744073709551615u64),
    ];
    let mut cases: Vec<String> = vec![
        String::new(),
        "{".into(),
        "[]".into(),
        "null".into(),
        "{\"requests\": 5}".into(),
        "{\"requests\": [], \"responses\": []}".into(),
        "{\"requests\": [{}]}".into(),
        "[".repeat(10_000),
        "\u{0}\u{ffff}".into(),
    ];
    for _ in 0..600 {
        let mut text = base.clone();
        match rng.u8(0..3) {
            0 => text.truncate(rng.usize(0..text.len())),
            1 => {
                let mut bytes = text.into_bytes();
                for _ in 0..rng.usize(1..4) {
                    let i = rng.usize(0..bytes.len());
                    bytes[i] = b"[]{},:0123456789\"x-"[rng.usize(0..19)];
                }
                text = String::from_utf8_lossy(&bytes).into_owned();
            }
            _ => {
                let mut v = valid_play_input();
                let paths: [&[&str]; 6] = [
                    &["requests", "0", "own", "3"],
                    &["requests", "1", "history"],
                    &["requests", "1", "landlord"],
                    &["requests", "1", "publiccard", "0"],
                    &["responses", "0"],
                    &["requests", "1", "pos"],
                ];
                let path = paths[rng.usize(0..paths.len())];
                let mut at = &mut v;
                for key in path {
                    at = match key.parse::<usize>() {
                        Ok(i) => &mut at[i],
                        Err(_) => &mut at[*key],
                    };
                }
                *at = odd[rng.usize(0..odd.len())].clone();
                text = v.to_string();
            }
        }
        cases.push(text);
    }
    for case in &cases {
        answer(case);
    }
}

#[test]
fn the_binary_answers_every_line_kept_running() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["botzone", "--player", "rules", "--keep-running"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let first = json!({ "requests": [{ "own": (0..17).collect::<Vec<u8>>(), "bid": [] }] });
    let input = format!("{}\nnot json\n{{\"history\": 7}}\n", first);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{}", text);
    for pair in lines.chunks(2) {
        let answer: Value = serde_json::from_str(pair[0]).unwrap();
        assert!(answer.get("response").is_some(), "{}", pair[0]);
        assert_eq!(pair[1], ddz::botzone::KEEP_RUNNING);
    }
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
}

/// An input with no request (nothing, a lone line end, blank lines) is still a turn Botzone
/// started us for: one response, the reason in `debug` and on stderr, exit status 0, in both
/// modes (kept running, no marker follows: nothing more can come).
#[test]
fn the_binary_answers_an_empty_input() {
    for input in ["", "\n", "\r\n  \n"] {
        for mode in [&[][..], &["--keep-running"][..]] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_ddz"))
                .args(["botzone", "--player", "rules"])
                .args(mode)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(input.as_bytes())
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{:?} {:?}", input, mode);
            let text = String::from_utf8(out.stdout).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 1, "{:?} {:?}: {}", input, mode, text);
            let answer: Value = serde_json::from_str(lines[0]).unwrap();
            assert_eq!(answer["response"], json!(0), "{}", text);
            let debug = answer["debug"].as_str().unwrap_or_default();
            assert!(debug.starts_with("no request: the input ended"), "{}", text);
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("no request"),
                "{:?}",
                out.stderr
            );
        }
    }
}

/// A space shuttle on the table (no official play: the tracker keeps it by Botzone's rules) is
/// answered with a bomb, the rocket or a pass, by the rule player and the thinking player.
#[test]
fn a_shuttle_on_the_table_is_answered_legally() {
    let own: Vec<u8> = (20..37).collect();
    let shuttle: Vec<u8> = (0..8).collect();
    for player in ["rules", "ddz:samples=4"] {
        let input = json!({
            // Seat 0 bid 3, so seat 1's first request is this play request.
            "requests": [
                { "history": [[], shuttle], "own": own, "publiccard": [51, 52, 53],
                  "landlord": 0, "pos": 1, "finalbid": 3 },
            ],
            "responses": []
        });
        let settings = BotSettings {
            player: player.to_string(),
            ..BotSettings::default()
        };
        let (response, problems) = Bot::new(settings)
            .unwrap()
            .turn(&input.to_string(), Instant::now());
        assert!(problems.is_empty(), "{}: {:?}", player, problems);
        let cards = cards_of(&response, own.iter().copied().collect());
        let target: Cards = shuttle.iter().copied().collect();
        assert!(
            botzone_variant::accepts(cards.counts(), Some(target.counts())),
            "{} answered {}",
            player,
            response
        );
    }
}

/// docs/botzone.md shows one turn's input spread over lines: it is the fixture the docs check
/// answers (`$ ddz botzone … < fixtures/botzone/first-play.json`), a real first play request
/// that the bot reads without a problem.
#[test]
fn the_pages_turn_is_the_fixture_and_reads_cleanly() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/botzone.md")).unwrap();
    let lines: Vec<&str> = page.lines().collect();
    let named = lines
        .iter()
        .position(|l| l.contains("(`fixtures/botzone/first-play.json`"))
        .expect("the page names the fixture");
    let shown: String = lines[named + 1..]
        .iter()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with("    "))
        .copied()
        .collect();
    let shown: Value = serde_json::from_str(&shown).expect("the page shows JSON");
    let fixture = std::fs::read_to_string(root.join("fixtures/botzone/first-play.json")).unwrap();
    assert_eq!(fixture.trim().lines().count(), 1, "Botzone sends one line");
    let fixture: Value = serde_json::from_str(&fixture).unwrap();
    assert_eq!(shown, fixture);
    let (response, problems) = answer(&fixture.to_string());
    assert!(problems.is_empty(), "{:?}", problems);
    assert!(
        !response.as_array().expect("a play").is_empty(),
        "the landlord leads"
    );
}
