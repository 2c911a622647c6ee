//! Every question gets its answer: a line that begins with `BID WHAT` or `PLAY WHAT` is answered
//! as that question whatever follows it (seeded random junk tails, odd blanks and letter case),
//! in every platform variant the engine speaks: the referee protocol in memory and in the built
//! binary over every kind of transcript, and Botzone's JSON, whose request is the question.
//! Each run is checked two ways: the reply is the question's kind and legal, and it is the reply
//! the same engine gives to the clean question.

use crate::botzone_bot::host_game_with;
use ddz::arena::wire::transcript::{check, parse, transcript_files};
use ddz::cards::Cards;
use ddz::engine::Log;
use ddz::engine::MAX_LINE;
use ddz::engine::{Engine, Session};
use ddz::game::{BySeat, Seat};
use ddz::protocol::{Command, Info, Reply};
use ddz::rules::{classify, legal_plays, Combo};
use ddz::strategy::Greedy;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

/// Chance (in 1/100) that a question gets a junk tail (the others are sent clean or only
/// restyled, so a tail never shapes what comes after it).
const TAIL_PERCENT: u32 = 70;

/// Longest junk tail, in bytes: past the engine's line limit ([`MAX_LINE`]), so that the cut
/// line is answered too.
const LONGEST_TAIL: usize = 10_000;

/// Text that might follow a question on a broken line, never a line end: punctuation, words,
/// another message run on, card lists, control characters and odd blanks, bytes that are not
/// UTF-8 (when `bytes` allows), or a long run past the line limit.
fn junk_tail(rng: &mut fastrand::Rng, bytes: bool) -> Vec<u8> {
    let pieces: [&[u8]; 14] = [
        b".",
        b",",
        b"?",
        b" junk",
        b"junk",
        b"\t\t",
        b" \x0b\x0c ",
        b"\0",
        b" PLAY A-1",
        b" BID A3",
        b"OK BID",
        b" B0,4,5",
        b" WHAT",
        "\u{a0}\u{3000}是".as_bytes(),
    ];
    let mut tail = Vec::new();
    match rng.u32(..6) {
        0 => tail.extend_from_slice(pieces[rng.usize(..pieces.len())]),
        1 => {
            for _ in 0..rng.usize(1..5) {
                tail.extend_from_slice(pieces[rng.usize(..pieces.len())]);
            }
        }
        2 => tail.extend((0..rng.usize(1..40)).map(|_| rng.u8(b' '..=b'~'))),
        3 if bytes => tail.extend(
            (0..rng.usize(1..20))
                .map(|_| rng.u8(..))
                .filter(|&b| b != b'\n'),
        ),
        4 => {
            let n = rng.usize(MAX_LINE - 20..=LONGEST_TAIL);
            tail.push(b' ');
            tail.extend((0..n).map(|_| rng.u8(b'!'..=b'~')));
        }
        _ => tail.extend((0..rng.usize(1..8)).map(|_| [b' ', b'\t', b'\r', 0][rng.usize(..4)])),
    }
    tail
}

/// A question as a careless platform might write it: any letter case, blanks before and
/// between the words (a tab, several spaces; none), and `\r\n` or not.
fn styled_question(question: &Command, rng: &mut fastrand::Rng) -> Vec<u8> {
    let word = if *question == Command::BidWhat {
        "BID"
    } else {
        "PLAY"
    };
    let mut line = Vec::new();
    if rng.u32(..4) == 0 {
        line.extend_from_slice(b"  ");
    }
    cased(word, &mut line, rng);
    let gap: &[u8] = [&b" "[..], b"\t", b"   ", b""][rng.usize(..4)];
    line.extend_from_slice(gap);
    cased("WHAT", &mut line, rng);
    line
}

/// `text` added to `line`, each letter in either case.
fn cased(text: &str, line: &mut Vec<u8>, rng: &mut fastrand::Rng) {
    for c in text.bytes() {
        line.push(if rng.bool() {
            c.to_ascii_lowercase()
        } else {
            c
        });
    }
}

use crate::engine_common::Written;

impl Written {
    /// The problem lines (`! …`) logged since the last call.
    fn new_problems(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8_lossy(&bytes)
            .lines()
            .filter_map(|l| l.split_once("] ! ").map(|(_, p)| p.to_string()))
            .collect()
    }
}

/// A session with the greedy player whose log is `log`.
fn logged_session(log: &Written) -> Session {
    let mut session = Session::new(Engine::new("ddz", Box::new(Greedy)));
    session.log = Log::new(Some(Box::new(log.clone())));
    session
}

/// Two engines with the same deterministic player: one told every line clean, the other the
/// same lines with the questions restyled and given junk tails. Each line goes through the
/// session's own line reader (so a tail past [`MAX_LINE`] is cut as on a pipe). Their logs
/// are read after every line: the clean engine, told a consistent game, notes nothing; the
/// other notes each question it did not read as it stands, and nothing else.
struct Twins {
    clean: Session,
    junky: Session,
    clean_log: Written,
    junky_log: Written,
    rng: fastrand::Rng,
    questions: usize,
    tails: usize,
    long_tails: usize,
    /// Questions the junky engine noted as not read as they stand.
    notes: usize,
}

/// The reply `session` gives to one line (`None`: no reply).
fn answer(session: &mut Session, line: &[u8]) -> Option<String> {
    let mut input = line.to_vec();
    input.push(b'\n');
    let mut out = Vec::new();
    session
        .run(Cursor::new(input), &mut out)
        .expect("in-memory i/o");
    let text = String::from_utf8(out).expect("replies are text");
    let mut lines = text.lines();
    let reply = lines.next().map(String::from);
    assert_eq!(lines.next(), None, "two lines for {:?}", line);
    reply
}

impl Twins {
    fn new(seed: u64) -> Twins {
        let (clean_log, junky_log) = (Written::default(), Written::default());
        Twins {
            clean: logged_session(&clean_log),
            junky: logged_session(&junky_log),
            clean_log,
            junky_log,
            rng: fastrand::Rng::with_seed(seed),
            questions: 0,
            tails: 0,
            long_tails: 0,
            notes: 0,
        }
    }

    /// A message that is no question, told to both alike (`crlf`: as `\r\n` platforms end it).
    fn tell(&mut self, command: &Command, crlf: bool) {
        let mut line = command.to_string().into_bytes();
        if crlf {
            line.push(b'\r');
        }
        let clean = answer(&mut self.clean, &line);
        let junky = answer(&mut self.junky, &line);
        assert_eq!(clean, junky, "{}", command);
        for log in [&self.clean_log, &self.junky_log] {
            let problems = log.new_problems();
            assert!(problems.is_empty(), "{}: {:?}", command, problems);
        }
        let expected = command.ack().map(|a| Reply::Ok(a).to_string());
        match command {
            Command::Version(_) => assert_eq!(clean.as_deref(), Some("NAME ddz")),
            _ => assert_eq!(clean, expected, "{}", command),
        }
    }

    /// A question: the clean engine's reply, after checking the junky engine gave the same.
    fn ask(&mut self, question: &Command) -> Reply {
        let clean = answer(&mut self.clean, question.to_string().as_bytes())
            .unwrap_or_else(|| panic!("no answer to a clean {}", question));
        let mut line = styled_question(question, &mut self.rng);
        if self.rng.u32(..100) < TAIL_PERCENT {
            let tail = junk_tail(&mut self.rng, true);
            self.tails += 1;
            self.long_tails += usize::from(line.len() + tail.len() > MAX_LINE);
            line.extend(tail);
        }
        self.questions += 1;
        let junky = answer(&mut self.junky, &line);
        let shown = String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned();
        assert_eq!(
            junky.as_deref(),
            Some(clean.as_str()),
            "{} with a tail: {:?}",
            question,
            shown
        );
        let problems = self.clean_log.new_problems();
        assert!(problems.is_empty(), "{}: {:?}", question, problems);
        // A note when the line is not the question as it stands, naming the question.
        let kept = &line[..line.len().min(MAX_LINE)];
        let as_it_stands = Command::parse(String::from_utf8_lossy(kept).trim_end_matches('\r'));
        let problems = self.junky_log.new_problems();
        let named = format!("answered as {}", question);
        if as_it_stands.as_ref() == Ok(question) {
            assert!(problems.is_empty(), "{:?}: {:?}", shown, problems);
        } else {
            assert!(
                problems.iter().any(|p| p.contains(&named)),
                "{:?}: {:?}",
                shown,
                problems
            );
            self.notes += 1;
        }
        Reply::parse(&clean).unwrap_or_else(|e| panic!("{}: {}", clean, e))
    }
}

/// How one platform variant talks (`docs/protocol.md`, "What real platforms do differently").
#[derive(Clone, Copy, Debug)]
struct Variant {
    /// The handshake and `INFO` (the 2019 server sends neither).
    handshake: bool,
    /// `INFO` with six fields (the 2015 platform) rather than seven.
    info6: bool,
    /// Bidding goes on after a 3 (the 2019 server, the official example).
    ask_after_three: bool,
    /// The platform passes for a seat with nothing to beat with (`PLAY d-1`) instead of
    /// asking it (the 2019 server always asks).
    passes_for_us: bool,
    /// Lines end in `\r\n`.
    crlf: bool,
}

/// Every combination of the variants' habits.
fn variants() -> Vec<Variant> {
    (0..32u32)
        .map(|bits| Variant {
            handshake: bits & 1 != 0,
            info6: bits & 2 != 0,
            ask_after_three: bits & 4 != 0,
            passes_for_us: bits & 8 != 0,
            crlf: bits & 16 != 0,
        })
        .collect()
}

/// One game from seat `me`'s side as `variant` talks; the others play random legal plays.
/// Every answer to a question is checked for its kind, our seat and its legality.
fn play_game(t: &mut Twins, variant: Variant, game: u32, me: Seat) {
    let mut deck: Vec<u8> = (0..54).collect();
    t.rng.shuffle(&mut deck);
    let set = |codes: &[u8]| codes.iter().copied().collect::<Cards>();
    let mut hands = BySeat([set(&deck[0..17]), set(&deck[17..34]), set(&deck[34..51])]);
    let bottom = set(&deck[51..54]);
    if variant.handshake && game == 0 {
        t.tell(&Command::Version("1.0".into()), variant.crlf);
    }
    if variant.handshake {
        let info = Info {
            turn: 1,
            turns: 1,
            round: game + 1,
            rounds: GAMES,
            up: 0,
            max_score: 0,
            time: if variant.info6 { None } else { Some(15) },
        };
        t.tell(&Command::Info(info), variant.crlf);
    }
    t.tell(
        &Command::Deal {
            seat: me,
            cards: hands[me],
        },
        variant.crlf,
    );
    let (mut high, mut landlord) = (0u8, None);
    for seat in Seat::ALL {
        if high == 3 && !variant.ask_after_three {
            break;
        }
        let bid = if seat == me {
            match t.ask(&Command::BidWhat) {
                Reply::Bid { seat: s, bid } => {
                    assert_eq!(s, me);
                    assert!(
                        bid == 0 || (bid > high && bid <= 3),
                        "{} after {}",
                        bid,
                        high
                    );
                    bid
                }
                other => panic!("BID WHAT answered {}", other),
            }
        } else {
            let b = t.rng.u8(0..=3);
            let b = if b > high { b } else { 0 };
            t.tell(&Command::Bid { seat, bid: b }, variant.crlf);
            b
        };
        if bid > high {
            high = bid;
            landlord = Some(seat);
        }
    }
    let landlord = match landlord {
        Some(l) => l,
        None => return, // all bid 0: the next DEAL follows
    };
    hands[landlord] = hands[landlord].or(bottom);
    t.tell(
        &Command::Leftover {
            landlord,
            cards: bottom,
        },
        variant.crlf,
    );
    let mut mover = landlord;
    let mut last: Option<(Seat, Combo)> = None;
    loop {
        if matches!(last, Some((s, _)) if s == mover) {
            last = None;
        }
        let target = last.map(|(_, c)| c);
        let options = legal_plays(hands[mover].counts(), target.as_ref());
        let only_pass = target.is_some() && options.len() == 1;
        let cards = if mover == me && !(variant.passes_for_us && only_pass) {
            let cards = match t.ask(&Command::PlayWhat) {
                Reply::Play { seat, cards } => {
                    assert_eq!(seat, me);
                    cards
                }
                other => panic!("PLAY WHAT answered {}", other),
            };
            let legal = match cards {
                None => target.is_some(),
                Some(c) => {
                    hands[me].contains_all(c)
                        && classify(c.counts())
                            .map_or(false, |p| target.map_or(true, |on| p.beats(&on)))
                }
            };
            assert!(legal, "an illegal answer {:?} on {:?}", cards, target);
            cards
        } else {
            let choice = options[t.rng.usize(..options.len())];
            let cards = if choice.is_pass() {
                None
            } else {
                hands[mover].pick(choice.cards)
            };
            t.tell(&Command::Play { seat: mover, cards }, variant.crlf);
            cards
        };
        if let Some(c) = cards {
            hands[mover] = hands[mover].minus(c);
            last = classify(c.counts()).map(|p| (mover, p));
            if hands[mover].is_empty() {
                let over = Command::GameOver {
                    winner: Some(mover),
                };
                t.tell(&over, variant.crlf);
                return;
            }
        }
        mover = mover.next();
    }
}

/// Games per platform variant in the in-memory run.
const GAMES: u32 = 12;

#[test]
fn junk_after_a_question_never_changes_its_answer_in_any_variant() {
    let mut questions = 0;
    let mut tails = 0;
    let mut long_tails = 0;
    let mut notes = 0;
    for (k, variant) in variants().into_iter().enumerate() {
        let mut t = Twins::new(3800 + k as u64);
        for game in 0..GAMES {
            let me = Seat::ALL[(game as usize + k) % 3];
            play_game(&mut t, variant, game, me);
        }
        questions += t.questions;
        tails += t.tails;
        long_tails += t.long_tails;
        notes += t.notes;
    }
    // Thousands of questions, most with a tail, dozens of them past the line limit.
    assert!(questions > 3000, "{} questions", questions);
    assert!(tails > questions / 2, "{} tails", tails);
    assert!(long_tails > 50, "{} tails past the line limit", long_tails);
    // Most tails are not blanks alone, and each of those was noted.
    assert!(notes > tails / 2, "{} notes for {} tails", notes, tails);
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts")
}

/// Every kind of transcript (the 2015 platform's many runs once), the built engine answering
/// each question sent with a junk tail (valid UTF-8: a transcript is text), checked by the
/// transcript checker as a platform would: kind, seat, legality, time.
#[test]
fn the_built_engine_answers_junk_tailed_questions_on_every_kind_of_transcript() {
    let mut rng = fastrand::Rng::with_seed(38);
    let files: Vec<PathBuf> = transcript_files(&fixtures())
        .into_iter()
        .filter(|f| {
            let name = f
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            !name.starts_with("platform-2015-run") || name == "platform-2015-run01.txt"
        })
        .collect();
    assert!(files.len() >= 20, "only {} transcripts", files.len());
    let engine = [env!("CARGO_BIN_EXE_ddz"), "--samples", "2"].map(String::from);
    let (mut asked, mut failures) = (0, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let mut t = parse(&text).unwrap();
        for step in &mut t.steps {
            let question = match Command::parse(&step.send) {
                Ok(q @ Command::BidWhat) | Ok(q @ Command::PlayWhat) => q,
                _ => continue,
            };
            let mut line = styled_question(&question, &mut rng);
            line.extend(junk_tail(&mut rng, false));
            step.send = String::from_utf8(line).expect("a text tail");
            asked += 1;
        }
        let report = check(&engine, &t);
        failures.extend(
            report
                .failures
                .iter()
                .map(|f| format!("{}: {}", file.display(), f)),
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(asked > 300, "only {} questions", asked);
}

/// The issue's own lines through the binary: each question gets its answer, the rest of the
/// line is named on stderr, and an unknown line still gets nothing.
#[test]
fn the_binary_answers_the_issues_lines_and_says_what_it_ignored() {
    let mut input = b"DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46\n".to_vec();
    input.extend_from_slice(b"BID WHAT junk\nBID A3\nLEFTOVER A1,2,3\nPLAY A8\nPLAY WHAT.\n");
    input.extend_from_slice(b"BID WHAT");
    input.extend(std::iter::repeat(b'x').take(10_000));
    input.extend_from_slice(b"\nPLAY WHAT \xff\xfe\nBIDWHAT\n");
    let mut child = Process::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["--samples", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let replies: Vec<&str> = stdout.lines().collect();
    assert_eq!(replies.len(), 9, "{}\n{}", stdout, stderr);
    let kinds: Vec<&str> = replies
        .iter()
        .map(|r| r.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        ["OK", "BID", "OK", "OK", "OK", "PLAY", "BID", "PLAY", "BID"],
        "{}",
        stdout
    );
    // Each answer is well formed and ours (B).
    for r in &replies[1..] {
        if !r.starts_with("OK") {
            assert!(r.starts_with("BID B") || r.starts_with("PLAY B"), "{}", r);
            assert!(Reply::parse(r).is_ok(), "{}", r);
        }
    }
    assert!(
        stderr.contains("a question followed by 'junk': answered as BID WHAT, the rest ignored"),
        "{}",
        stderr
    );
    assert!(
        stderr.contains("a question followed by '.': answered as PLAY WHAT"),
        "{}",
        stderr
    );
    assert!(stderr.contains("a line of 10008 bytes"), "{}", stderr);
    assert!(
        stderr.contains("'BIDWHAT': answered as BID WHAT"),
        "{}",
        stderr
    );
}

/// Botzone's question is the request: junk after its JSON (a stray character, a second value,
/// bytes that are not UTF-8 through the binary) changes no answer, in both of Botzone's modes.
#[test]
fn junk_after_a_botzone_request_never_changes_its_answer() {
    let mut rng = fastrand::Rng::with_seed(3838);
    let mut tailed = 0;
    for seed in 0..12 {
        for keep_running in [false, true] {
            let clean = host_game_with(seed, keep_running, &mut || String::new());
            let junky = host_game_with(seed, keep_running, &mut || {
                tailed += 1;
                String::from_utf8_lossy(&junk_tail(&mut rng, false)).into_owned()
            });
            assert_eq!(clean, junky, "seed {} keep_running {}", seed, keep_running);
        }
    }
    assert!(tailed > 200, "{} requests with a tail", tailed);

    // The binary: a bid request with a tail of bytes that are not UTF-8 still gets its bid,
    // and a play request with a second object after it its play.
    let bid = r#"{"requests":[{"own":[0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46],"bid":[1]}],"responses":[]}"#;
    let play = r#"{"requests":[{"own":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],"bid":[]},{"history":[[],[]],"own":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],"publiccard":[51,52,53],"landlord":0,"pos":0,"finalbid":2}],"responses":[2]}"#;
    for (input, tail, bids) in [
        (bid, &b" junk\xff\xfe"[..], true),
        (play, &b"{\"requests\":[]}."[..], false),
    ] {
        let mut line = input.as_bytes().to_vec();
        line.extend_from_slice(tail);
        line.push(b'\n');
        let mut child = Process::new(env!("CARGO_BIN_EXE_ddz"))
            .args(["botzone", "--player", "rules"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        child.stdin.take().unwrap().write_all(&line).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{:?}", out);
        let answer: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("one JSON answer");
        let response = &answer["response"];
        if bids {
            assert!(response.as_u64().map_or(false, |b| b <= 3), "{}", answer);
        } else {
            let cards = response.as_array().expect("a play");
            assert!(!cards.is_empty(), "the landlord leads: {}", answer);
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("text after the JSON input ignored"),
            "{}",
            stderr
        );
    }
}
