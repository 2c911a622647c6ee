//! `ddz serve` over plain HTTP: a whole game played through the JSON requests and checked
//! against the server's own game log; hostile requests (malformed, oversized, unknown paths,
//! wrong methods, bad bodies, plays for a finished game) each answered with an error while the
//! server carries on; closed pages free their games; a reloaded page takes its game up again,
//! and the game of a page that went away for good ends after the grace.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Generous: the machine may be busy; no speed is checked here.
const IO_TIMEOUT: Duration = Duration::from_secs(120);

/// A `ddz serve` process, stopped when dropped.
struct Served {
    child: Child,
    address: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(save: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args([
            "serve",
            "--port",
            "0",
            "--opponents",
            "builtin:rules",
            "--seed",
            "3",
        ])
        .args(["--think", "0.05", "--save"])
        .arg(save)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ddz serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // "ddz serve: http://127.0.0.1:PORT/ · ..."
    let url = first
        .split_whitespace()
        .nth(2)
        .expect("an address")
        .to_string();
    let address = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    Served { child, address }
}

/// Sends `raw` as it is and returns the status (0 when the server closed without answering)
/// and the body.
fn raw(address: &str, raw: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream.set_read_timeout(Some(IO_TIMEOUT)).unwrap();
    stream.set_write_timeout(Some(IO_TIMEOUT)).unwrap();
    // The server may answer and close before taking all of an oversized request. Nothing
    // more comes: the server sees the end rather than waiting for the rest of a broken line.
    let _ = stream.write_all(raw);
    let _ = stream.shutdown(Shutdown::Write);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

fn request(address: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let body = body.unwrap_or("");
    let text = format!(
        "{} {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{}",
        method,
        path,
        address,
        body.len(),
        body
    );
    raw(address, text.as_bytes())
}

fn json(address: &str, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let (status, text) = request(address, method, path, body);
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} {}: not JSON ({}): {}", method, path, e, text));
    (status, value)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-web-{}-{}", name, std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn codes(v: &Value) -> Vec<u64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

/// Plays the game `table` is the start of, bidding 0 and playing the hints; returns the last
/// table and the cards the person played, in order.
fn play_out(address: &str, mut table: Value) -> (Value, Vec<Vec<u64>>) {
    let id = table["id"].as_str().unwrap().to_string();
    let mut played = Vec::new();
    for _ in 0..200 {
        if table["over"] == Value::Bool(true) {
            return (table, played);
        }
        // The header says where the game stands: the bidding, then the landlord.
        let title = table["title"].as_str().unwrap();
        match (table["question"].as_str(), table["landlord"].as_str()) {
            (Some("bid"), _) => assert!(title.ends_with(" · bidding"), "{}", title),
            (Some("play"), Some(l)) => {
                assert!(title.contains(&format!(" · landlord {} ·", l)), "{}", title)
            }
            _ => {}
        }
        let (status, next) = match table["question"].as_str() {
            Some("bid") => json(
                address,
                "POST",
                &format!("/api/games/{}/bid", id),
                Some(r#"{"bid":0}"#),
            ),
            Some("play") => {
                let (status, hint) = json(address, "GET", &format!("/api/games/{}/hint", id), None);
                assert_eq!(status, 200, "a hint on the person's turn: {}", hint);
                let cards = codes(&hint["cards"]);
                let body = serde_json::json!({ "cards": cards }).to_string();
                played.push(cards);
                json(
                    address,
                    "POST",
                    &format!("/api/games/{}/play", id),
                    Some(&body),
                )
            }
            _ => json(address, "GET", &format!("/api/games/{}", id), None),
        };
        assert_eq!(status, 200, "{}", next);
        table = next;
    }
    panic!("the game did not end in 200 requests");
}

#[test]
fn a_game_played_through_the_requests_is_the_game_in_the_servers_log() {
    let dir = temp("game");
    let save = dir.join("served.jsonl");
    let served = serve(&save);
    let a = served.address.as_str();
    let (status, table) = json(a, "POST", "/api/games", None);
    assert_eq!(status, 201, "{}", table);
    assert_eq!(table["you"], "B");
    assert_eq!(codes(&table["seats"][1]["hand"]).len(), 17);
    // The others' hands are not shown during the game.
    assert!(table["seats"][0]["hand"].is_null() && table["seats"][2]["hand"].is_null());
    let (end, played) = play_out(a, table);
    let log = std::fs::read_to_string(&save).unwrap();
    let line: Value = serde_json::from_str(log.lines().last().unwrap()).unwrap();
    assert_eq!(end["result"]["scores"], line["scores"]);
    // The log is the one `ddz play --save` keeps: a header that says what was played, then
    // the game, which `ddz replay` reads back with its score.
    assert_eq!(log.lines().count(), 2, "{}", log);
    match ddz::arena::wire::json::LogLine::read(log.lines().next().unwrap()).unwrap() {
        ddz::arena::wire::json::LogLine::Header { arena } => {
            assert_eq!(arena.version, ddz::VERSION);
            assert_eq!(arena.command[0], "serve");
            let at = arena.command.iter().position(|w| w == "--seed").unwrap();
            assert_eq!(arena.command[at + 1], "3");
        }
        other => panic!("{:?}", other),
    }
    let replay = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["replay", save.to_str().unwrap(), "--game", "1"])
        .output()
        .unwrap();
    assert!(replay.status.success(), "{:?}", replay);
    let scores: Vec<i64> = line["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    let score = format!("score: A {}  B {}  C {}", scores[0], scores[1], scores[2]);
    let shown = String::from_utf8_lossy(&replay.stdout);
    assert!(shown.contains(&score), "{}\n{}", score, shown);
    let title = end["title"].as_str().unwrap();
    assert!(title.ends_with(" · game over"), "{}", title);
    assert!(
        title.contains(&format!("deal {} ", line["deal"])),
        "{}",
        title
    );
    assert_eq!(end["landlord"], line["landlord"]);
    // The person's plays in the log are the ones sent, in order (passes as -1).
    let logged: Vec<Vec<u64>> = line["plays"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p[0] == "B")
        .map(|p| {
            let text = p[1].as_str().unwrap();
            if text == "-1" {
                Vec::new()
            } else {
                text.split(',').map(|c| c.parse().unwrap()).collect()
            }
        })
        .collect();
    let mut sent: Vec<Vec<u64>> = played;
    for cards in &mut sent {
        cards.sort_unstable();
    }
    assert_eq!(logged, sent);
    // Every play the page saw is the log's, with its trick.
    assert_eq!(
        end["plays"].as_array().unwrap().len(),
        line["plays"].as_array().unwrap().len()
    );
    // The replay page of the finished game holds its score.
    let id = end["id"].as_str().unwrap();
    let (status, page) = request(a, "GET", &format!("/games/{}/replay", id), None);
    assert_eq!(status, 200);
    assert!(page.contains("<html") && page.contains("\"scores\""));
    // A play for the finished game is refused with a reason.
    let (status, error) = json(
        a,
        "POST",
        &format!("/api/games/{}/play", id),
        Some(r#"{"cards":[]}"#),
    );
    assert_eq!(status, 409);
    assert!(error["error"].as_str().unwrap().contains("over"));
}

#[test]
fn hostile_requests_get_errors_and_the_server_carries_on() {
    let dir = temp("hostile");
    let served = serve(&dir.join("served.jsonl"));
    let a = served.address.as_str();
    let (_, table) = json(a, "POST", "/api/games", None);
    let id = table["id"].as_str().unwrap().to_string();
    let play = format!("/api/games/{}/play", id);
    let bid = format!("/api/games/{}/bid", id);
    let resume = format!("/api/games/{}/resume", id);
    let away = format!("/api/games/{}/away", id);
    let cases: Vec<(String, u16, (u16, String))> = vec![
        ("unknown path".into(), 404, request(a, "GET", "/etc/passwd", None)),
        ("unknown game".into(), 404, request(a, "GET", "/api/games/nope", None)),
        ("wrong method".into(), 405, request(a, "DELETE", "/api/games", None)),
        (
            "a long address".into(),
            414,
            request(a, "GET", &format!("/{}", "x".repeat(5000)), None),
        ),
        ("bad JSON".into(), 400, request(a, "POST", &bid, Some("{bid:"))),
        ("a bid of 300".into(), 400, request(a, "POST", &bid, Some(r#"{"bid":300}"#))),
        ("unknown fields".into(), 400, request(a, "POST", &bid, Some(r#"{"bid":0,"x":1}"#))),
        ("a card code of 99".into(), 400, request(a, "POST", &play, Some(r#"{"cards":[99]}"#))),
        ("a card twice".into(), 400, request(a, "POST", &play, Some(r#"{"cards":[4,4]}"#))),
        (
            "an oversized body".into(),
            413,
            request(a, "POST", &play, Some(&format!(r#"{{"cards":[{}]}}"#, "1,".repeat(5000) + "1"))),
        ),
        (
            "a body announced as 100 MB".into(),
            413,
            raw(
                a,
                format!(
                    "POST {} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 100000000\r\n\r\n{{",
                    play
                )
                .as_bytes(),
            ),
        ),
        ("a replay of a game in play".into(), 409, request(a, "GET", &format!("/games/{}/replay", id), None)),
        ("a resume naming no page".into(), 400, request(a, "POST", &resume, Some("{}"))),
        ("a page token with a space".into(), 400, request(a, "POST", &resume, Some(r#"{"page":"a b"}"#))),
        (
            "a page token of 65 letters".into(),
            400,
            request(a, "POST", &away, Some(&format!(r#"{{"page":"{}"}}"#, "p".repeat(65)))),
        ),
        ("a resume of an unknown game".into(), 404, request(a, "POST", "/api/games/nope/resume", Some(r#"{"page":"p"}"#))),
        ("a resume by GET".into(), 405, request(a, "GET", &resume, None)),
        ("a new game with unknown fields".into(), 400, request(a, "POST", "/api/games", Some(r#"{"x":1}"#))),
    ];
    for (what, want, (status, body)) in cases {
        assert_eq!(status, want, "{}: {}", what, body);
        let error: Value =
            serde_json::from_str(&body).unwrap_or_else(|_| panic!("{}: {}", what, body));
        assert!(
            error["error"].as_str().map_or(false, |e| !e.is_empty()),
            "{}: no reason in {}",
            what,
            body
        );
    }
    // Not HTTP at all: no answer, or an error.
    for junk in [
        b"HELLO THERE\r\n\r\n".to_vec(),
        vec![0u8; 4096],
        b"\r\n\r\n".to_vec(),
    ] {
        let (status, _) = raw(a, &junk);
        assert!(
            status == 0 || (400..500).contains(&status),
            "junk answered {}",
            status
        );
    }
    // A header of a megabyte: whatever the answer, not a failure of the server.
    let long_header = [
        b"GET /api/status HTTP/1.1\r\nConnection: close\r\nX: ".to_vec(),
        vec![b'a'; 1 << 20],
        b"\r\n\r\n".to_vec(),
    ]
    .concat();
    let (status, _) = raw(a, &long_header);
    assert!(status < 500, "a long header answered {}", status);
    // After all that, the server still serves the page and the game.
    let (status, page) = request(a, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<html"));
    let (status, again) = json(a, "GET", &format!("/api/games/{}", id), None);
    assert_eq!(status, 200);
    assert_eq!(again["id"], table["id"]);
}

#[test]
fn a_closed_page_frees_its_game_and_tabs_are_independent() {
    let dir = temp("close");
    let served = serve(&dir.join("served.jsonl"));
    let a = served.address.as_str();
    let (_, one) = json(a, "POST", "/api/games", None);
    let (_, two) = json(a, "POST", "/api/games", None);
    assert_ne!(one["id"], two["id"]);
    // Two tabs, two deals.
    assert_ne!(one["seats"][1]["hand"], two["seats"][1]["hand"]);
    let (_, status) = json(a, "GET", "/api/status", None);
    assert_eq!(status["games"], 2);
    let close = format!("/api/games/{}/close", one["id"].as_str().unwrap());
    assert_eq!(json(a, "POST", &close, None).0, 200);
    assert_eq!(
        json(
            a,
            "GET",
            &format!("/api/games/{}", one["id"].as_str().unwrap()),
            None
        )
        .0,
        404
    );
    assert_eq!(json(a, "POST", &close, None).0, 404);
    let (_, status) = json(a, "GET", "/api/status", None);
    assert_eq!(status["games"], 1);
    // The other tab's game goes on.
    assert_eq!(
        json(
            a,
            "GET",
            &format!("/api/games/{}", two["id"].as_str().unwrap()),
            None
        )
        .0,
        200
    );
}

/// What a page shows of a table and must see again after a reload: the header, the hands and
/// counts, the bids, the plays, the question.
fn shown(table: &Value) -> Value {
    serde_json::json!([
        table["id"],
        table["title"],
        table["seats"],
        table["bids"],
        table["plays"],
        table["question"],
        table["bottom"]
    ])
}

/// A new game held by the page `page`, played until the person is asked to play (a reload
/// mid-game), unless it ends first.
fn game_for(address: &str, page: &str) -> Value {
    let body = format!(r#"{{"page":"{}"}}"#, page);
    let (status, mut table) = json(address, "POST", "/api/games", Some(&body));
    assert_eq!(status, 201, "{}", table);
    let id = table["id"].as_str().unwrap().to_string();
    while table["question"] == "bid" {
        let (status, next) = json(
            address,
            "POST",
            &format!("/api/games/{}/bid", id),
            Some(r#"{"bid":0}"#),
        );
        assert_eq!(status, 200, "{}", next);
        table = next;
    }
    table
}

fn page_request(address: &str, id: &str, what: &str, page: &str) -> (u16, Value) {
    let body = format!(r#"{{"page":"{}"}}"#, page);
    json(
        address,
        "POST",
        &format!("/api/games/{}/{}", id, what),
        Some(&body),
    )
}

#[test]
fn a_reloaded_page_takes_its_game_up_again_and_a_closed_one_ends_after_the_grace() {
    let dir = temp("reload");
    let save = dir.join("served.jsonl");
    let served = serve(&save);
    let a = served.address.as_str();
    // A reload whose old page's notice comes first: the new page takes the game up after it.
    let first = game_for(a, "old1");
    let one = first["id"].as_str().unwrap().to_string();
    assert_eq!(
        page_request(a, &one, "away", "old1"),
        (200, serde_json::json!({"away": true}))
    );
    let (status, again) = page_request(a, &one, "resume", "new1");
    assert_eq!(status, 200, "{}", again);
    assert_eq!(shown(&again), shown(&first), "the same game, as it was");
    // A reload whose old page's notice comes last: the new page holds the game, so it is
    // ignored.
    let second = game_for(a, "old2");
    let two = second["id"].as_str().unwrap().to_string();
    let (status, again) = page_request(a, &two, "resume", "new2");
    assert_eq!(status, 200, "{}", again);
    assert_eq!(shown(&again), shown(&second));
    assert_eq!(
        page_request(a, &two, "away", "old2"),
        (200, serde_json::json!({"away": false}))
    );
    // A tab closed for good: nobody takes its game up.
    let third = game_for(a, "gone");
    let three = third["id"].as_str().unwrap().to_string();
    assert_eq!(
        page_request(a, &three, "away", "gone"),
        (200, serde_json::json!({"away": true}))
    );
    // Within the grace it is still there for a reload.
    assert_eq!(
        json(a, "GET", &format!("/api/games/{}", three), None).0,
        200
    );
    // The server sweeps once a second; past the grace, with a margin for a busy machine.
    let deadline =
        std::time::Instant::now() + ddz::web::games::RELOAD_GRACE + Duration::from_secs(30);
    std::thread::sleep(ddz::web::games::RELOAD_GRACE);
    loop {
        let status = json(a, "GET", &format!("/api/games/{}", three), None).0;
        if status == 404 {
            break;
        }
        assert_eq!(status, 200);
        assert!(
            std::time::Instant::now() < deadline,
            "the closed page's game was never ended"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    // The two resumed games outlived the grace, unchanged.
    for (id, table) in [(&one, &first), (&two, &second)] {
        let (status, now) = json(a, "GET", &format!("/api/games/{}", id), None);
        assert_eq!(status, 200, "a resumed game was closed: {}", now);
        assert_eq!(shown(&now), shown(table));
    }
    let (_, status) = json(a, "GET", "/api/status", None);
    assert_eq!(status["games"], 2);
    // The ended game is the person's fault, as a closed tab's always was (when it was in play).
    if third["over"] == Value::Bool(false) {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        let line = loop {
            let log = std::fs::read_to_string(&save).unwrap_or_default();
            if let Some(line) = log.lines().nth(1) {
                break serde_json::from_str::<Value>(line).unwrap();
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the ended game was not saved"
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        assert_eq!(
            line["deal"],
            third["title"]
                .as_str()
                .unwrap()
                .split(' ')
                .nth(1)
                .unwrap()
                .parse::<u64>()
                .unwrap()
        );
        assert_ne!(line["errors"], serde_json::json!([]), "{}", line);
    }
}

/// A GET as a browser sends it when a link is opened: `Accept` names `text/html`.
fn browser_get(address: &str, path: &str) -> (u16, String) {
    let text = format!(
        "GET {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
         Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8\r\n\r\n",
        path, address
    );
    raw(address, text.as_bytes())
}

#[test]
fn a_replay_link_of_a_game_that_is_gone_opens_a_page_that_says_so() {
    let dir = temp("gone");
    let served = serve(&dir.join("served.jsonl"));
    let a = served.address.as_str();

    // A browser following an old replay link gets a page in words, with a way back.
    let (status, page) = browser_get(a, "/games/gone123/replay");
    assert_eq!(status, 404, "{}", page);
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", page);
    assert!(page.contains("This game is gone"), "{}", page);
    assert!(page.contains("href=\"/\""), "no link back: {}", page);
    assert!(
        page.contains("gone123"),
        "the reason names the game: {}",
        page
    );

    // A game still in play: its replay link says so, as a page too.
    let (_, table) = json(a, "POST", "/api/games", None);
    let id = table["id"].as_str().unwrap().to_string();
    let (status, page) = browser_get(a, &format!("/games/{}/replay", id));
    assert_eq!(status, 409, "{}", page);
    assert!(page.contains("not finished"), "{}", page);

    // The API keeps its JSON, even for a client that accepts HTML, and so does a client of
    // the page's address that does not ask for HTML.
    let (status, body) = browser_get(a, "/api/games/gone123");
    assert_eq!(status, 404);
    let error: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{}", body));
    assert!(error["error"].as_str().unwrap().contains("gone123"));
    let (status, body) = request(a, "GET", "/games/gone123/replay", None);
    assert_eq!(status, 404);
    let error: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{}", body));
    assert!(error["error"].as_str().is_some(), "{}", body);
    let _ = std::fs::remove_dir_all(&dir);
}
