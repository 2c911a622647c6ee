//! The built binary's tools, end to end: `ddz moves`, `ddz classify`, `ddz analyze` and `ddz bench --quick`.

use ddz::cards::Counts;
use ddz::rules::generate::display_order;
use ddz::rules::{classify, follows, leads, Combo, Platform};
use ddz::time::SearchLimit;
use std::process::Command;

struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn ddz(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .output()
        .expect("the binary runs");
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

/// Reads `ddz moves` output back into plays, with the platforms each line is marked as refused
/// by (`  # refused by P1, P2`).
fn parse_marked(stdout: &str) -> Vec<(Combo, Vec<Platform>)> {
    stdout
        .lines()
        .map(|line| {
            let (play, mark) = match line.split_once("  # refused by ") {
                Some((play, names)) => {
                    let platforms = names
                        .split(", ")
                        .map(|n| n.parse::<Platform>().expect("a platform name"))
                        .collect();
                    (play, platforms)
                }
                None => (line, Vec::new()),
            };
            if play == "pass" {
                (Combo::PASS, mark)
            } else {
                let counts: Counts = play.parse().expect("a line is human notation");
                assert_eq!(counts.to_string(), play, "ranks ascending");
                (classify(counts).expect("a line is a legal play"), mark)
            }
        })
        .collect()
}

/// Reads `ddz moves` output back into plays.
fn parse_lines(stdout: &str) -> Vec<Combo> {
    parse_marked(stdout).into_iter().map(|(c, _)| c).collect()
}

/// The platforms that refuse `answer` on `target`, straight from each platform's reading.
fn refusing(answer: &Combo, target: Option<&Combo>) -> Vec<Platform> {
    Platform::ALL
        .iter()
        .copied()
        .filter(|p| {
            if answer.is_pass() {
                return false;
            }
            let a = p.read(answer.cards);
            match target.map(|t| p.read(t.cards)) {
                None => a.is_none(),
                Some(None) => false,
                Some(Some(t)) => !a.map_or(false, |a| a.beats(&t)),
            }
        })
        .collect()
}

fn check_moves(args: &[&str], hand: &str, target: Option<&str>) {
    let run = ddz(args);
    assert!(run.ok, "{:?}: {}", args, run.stderr);
    assert!(run.stderr.is_empty(), "{:?}: stderr {}", args, run.stderr);
    let printed = parse_lines(&run.stdout);
    let hand: Counts = hand.parse().unwrap();
    let mut want = Vec::new();
    match target {
        Some(t) => follows(hand, &classify(t.parse().unwrap()).unwrap(), &mut want),
        None => leads(hand, &mut want),
    }
    display_order(&mut want);
    assert_eq!(printed, want, "{:?}", args);
    let target = target.map(|t| classify(t.parse().unwrap()).unwrap());
    for (play, marked) in parse_marked(&run.stdout) {
        assert_eq!(
            marked,
            refusing(&play, target.as_ref()),
            "{:?}: {}",
            args,
            play
        );
    }
    assert_eq!(printed.contains(&Combo::PASS), target.is_some());
    if target.is_some() {
        assert_eq!(run.stdout.lines().last(), Some("pass"));
    }
}

#[test]
fn moves_lists_leads_and_follows() {
    let run = ddz(&["moves", "3334"]);
    assert_eq!(run.stdout, "3\n4\n33\n333\n3334\n");
    check_moves(&["moves", "3334"], "3334", None);
    check_moves(&["moves", "0,1,2,4"], "3334", None);
    check_moves(&["moves", "3334", "--follow", "3"], "3334", Some("3"));
    check_moves(&["moves", "--follow=3", "3334"], "3334", Some("3"));
    check_moves(&["moves", "XD"], "XD", None);
    let landlord = "33344455566677788899";
    check_moves(&["moves", landlord], landlord, None);
    let planes = "555666777888999TTTXD";
    check_moves(
        &["moves", planes, "--follow", "333444+5+6"],
        planes,
        Some("33344456"),
    );
    check_moves(&["moves", planes, "--follow", "3"], planes, Some("3"));
    check_moves(
        &["moves", "3333444455556666XD", "--follow", "8888"],
        "3333444455556666XD",
        Some("8888"),
    );
    check_moves(&["moves", "3", "--follow", "XD"], "3", Some("XD"));
    let run = ddz(&["moves", "3", "--follow", "XD"]);
    assert_eq!(run.stdout, "pass\n");
    // SPEC's cases: platforms that read four cards of two ranks as four with two pairs.
    check_moves(
        &["moves", "JJJJQQQQ5556667", "--follow", "33344456"],
        "JJJJQQQQ5556667",
        Some("33344456"),
    );
    check_moves(
        &["moves", "55556666JJJJQQQQ", "--follow", "33334444"],
        "55556666JJJJQQQQ",
        Some("33334444"),
    );
    check_moves(&["moves", "555666777888999T"], "555666777888999T", None);
    let run = ddz(&["moves", "JJJJQQQQ5556667", "--follow", "33344456"]);
    assert!(run
        .stdout
        .contains("JJJJQQQQ  # refused by sample2015, icga2019\n"));
    let run = ddz(&["moves", "555666777888999T"]);
    assert!(run
        .stdout
        .contains("555666777888999T  # refused by icga2019\n"));
}

#[test]
fn moves_order_is_table_then_length_then_key() {
    let run = ddz(&["moves", "334455667788XD"]);
    assert!(run.ok);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "XD");
    assert_eq!(&lines[1..4], ["3", "4", "5"]);
    let straights: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.len() >= 5 && !l.contains("33") && !l.contains('X'))
        .take(3)
        .collect();
    assert_eq!(straights, ["34567", "45678", "345678"]);
}

#[test]
fn classify_names_type_key_and_size() {
    let cases = [
        (
            "444555+7+7",
            "plane with single wings, key 5, 8 cards, 2 links",
        ),
        (
            "555666+99+99",
            "plane with pair wings, key 6, 10 cards, 2 links",
        ),
        ("33336666", "four with two pairs, key 6, 8 cards, ambiguous"),
        ("3333XD", "four with two singles, key 3, 6 cards, ambiguous"),
        ("0,1,2,3", "bomb, key 3, 4 cards"),
        ("53,52", "rocket, key D, 2 cards"),
        ("10", "single, key T, 1 card"),
        ("45,", "single, key A, 1 card"),
        ("34567", "straight, key 7, 5 cards, 5 links"),
    ];
    for (play, want) in cases {
        let run = ddz(&["classify", play]);
        assert!(run.ok, "{}: {}", play, run.stderr);
        assert_eq!(run.stdout, format!("{}\n", want), "{}", play);
    }
    for play in ["JQKA2", "45", "3333445", "AAA222"] {
        let run = ddz(&["classify", play]);
        assert!(run.ok, "{}", play);
        assert!(
            run.stdout.starts_with("invalid: "),
            "{}: {}",
            play,
            run.stdout
        );
        assert_eq!(run.stdout.lines().count(), 1);
    }
    let run = ddz(&["classify", "JQKA2"]);
    assert!(
        run.stdout.contains('2'),
        "the reason names the 2: {}",
        run.stdout
    );
}

#[test]
fn bad_arguments_fail_on_stderr_only() {
    let cases: &[(&[&str], &str)] = &[
        (&["moves"], "HAND"),
        (&["moves", ""], "no cards"),
        (&["moves", "33Z"], "'Z'"),
        (&["moves", "1,2,99"], "99"),
        (&["moves", "1,1"], "card 1"),
        (&["moves", "33333"], "more 3"),
        (&["moves", "3334", "--follow"], "--follow"),
        (&["moves", "3334", "--follow", "34"], "not a legal play"),
        (&["moves", "3334", "--follow", "3Q"], "not a legal play"),
        (&["moves", "3334", "--follow", ""], "no cards"),
        (&["moves", "3334", "--bogus"], "--bogus"),
        (&["moves", "3334", "--follow", "3", "--follow=4"], "twice"),
        (&["moves", "3333", "--follow", "3"], "more 3"),
        (&["classify"], "PLAY"),
        (&["classify", "3", "--x"], "'--x'"),
        (&["classify", "3,54"], "54"),
        (&["classify", "XX"], "more X"),
        (&["bench", "--slow"], "--slow"),
    ];
    for (args, needle) in cases {
        let run = ddz(args);
        assert!(!run.ok, "{:?} succeeded", args);
        assert!(run.stdout.is_empty(), "{:?} printed {:?}", args, run.stdout);
        assert!(
            run.stderr.contains(needle),
            "{:?}: stderr {:?} lacks {:?}",
            args,
            run.stderr,
            needle
        );
    }
}

/// The node count pinned in `fixtures/bench.txt`: the behaviour fingerprint.
fn pinned_fingerprint() -> u64 {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/bench.txt");
    let text = std::fs::read_to_string(path).expect("fixtures/bench.txt reads");
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(lines.len(), 1, "fixtures/bench.txt: one node count");
    lines[0]
        .parse()
        .unwrap_or_else(|e| panic!("fixtures/bench.txt: {:?}: {}", lines[0], e))
}

/// `ddz bench --quick` prints its figures and ends with the node count pinned in
/// `fixtures/bench.txt`: a change of moves, splits, decisions or the solver changes the count.
#[test]
fn bench_quick_prints_figures_and_the_pinned_node_count() {
    let run = ddz(&["bench", "--quick"]);
    assert!(run.ok, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines.len() >= 5, "{}", run.stdout);
    for line in &lines[..lines.len() - 1] {
        let (label, value) = line.split_once(": ").expect("label: value");
        assert!(!label.is_empty() && !value.is_empty(), "{}", line);
    }
    for label in [
        "leads plays/s",
        "follows plays/s",
        "median ns",
        "classify ns per call",
        "think deals per second, 1 thread",
        "think speed-up, deals per second at",
    ] {
        assert!(
            run.stdout.contains(label),
            "no {:?} in\n{}",
            label,
            run.stdout
        );
    }
    let last = lines[lines.len() - 1];
    let parts: Vec<&str> = last.split(' ').collect();
    assert_eq!(parts.len(), 4, "{}", last);
    assert_eq!((parts[1], parts[3]), ("nodes", "nps"), "{}", last);
    let nodes: u64 = parts[0].parse().expect("a node count");
    let nps: u64 = parts[2].parse().expect("a speed");
    assert!(nps > 0, "{}", last);
    assert_eq!(
        nodes,
        pinned_fingerprint(),
        "`ddz bench --quick` prints another node count than fixtures/bench.txt: behaviour \
         changed. If on purpose, put {} in fixtures/bench.txt and README.md in the same commit",
        nodes
    );
}

/// The node count the README quotes on its `Bench fingerprint:` line.
fn readme_fingerprint() -> u64 {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).expect("README.md reads");
    let lines: Vec<&str> = readme
        .lines()
        .filter(|l| l.contains("Bench fingerprint:"))
        .collect();
    assert_eq!(lines.len(), 1, "one 'Bench fingerprint:' line in README.md");
    let quoted = lines[0]
        .split("`ddz bench --quick` ends with `")
        .nth(1)
        .and_then(|rest| rest.split(" nodes`").next())
        .unwrap_or_else(|| {
            panic!(
                "README.md: the line reads \"Bench fingerprint: `ddz bench --quick` ends with \
                 `N nodes`\": {}",
                lines[0]
            )
        });
    quoted
        .parse()
        .unwrap_or_else(|e| panic!("README.md: '{}' is not a node count: {}", quoted, e))
}

/// The README's quick start quotes the bench fingerprint for developers to compare against: it
/// must be the pinned count (which the test above holds the binary to).
#[test]
fn readme_quotes_the_pinned_bench_fingerprint() {
    assert_eq!(
        readme_fingerprint(),
        pinned_fingerprint(),
        "README.md's bench fingerprint differs from fixtures/bench.txt"
    );
}

/// `ddz analyze` on a position: the binary prints what the library's thinking player finds for
/// the same view (every candidate's mean and deals, the choice), the same on every run.
#[test]
fn analyze_prints_what_the_thinking_player_finds() {
    use ddz::strategy::thinker::{Thinker, ThinkerSettings};
    use ddz::time::Deadline;
    let positions = [
        "A=3456789TJQKA22 B=33445566778899TT C=JJQQKKAA2XD --landlord A",
        "A=33344455KK2 B=6789TJQKA C=6789TAA22X --landlord B --turn A",
        "A=5566778899 B=TTJJQ7 C=KKAA2D3 --landlord A --turn B --beat 55 --by A",
        "A=3334445567 B=89TJQKA C=XD2228 --landlord C --turn C",
    ];
    for (p, seat) in positions.iter().zip(["A", "A", "B", "C"]) {
        let pos_args: Vec<String> = p.split(' ').map(String::from).collect();
        let mut args: Vec<&str> = pos_args.iter().map(String::as_str).collect();
        args.extend(["--seat", seat, "--samples", "16", "--stick", "0.5"]);
        let run = ddz(&[&["analyze"][..], &args].concat());
        assert!(run.ok, "{}", run.stderr);
        let again = ddz(&[&["analyze"][..], &args].concat());
        let without_time = |s: &str| {
            s.lines()
                .filter(|l| !l.starts_with("time:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(without_time(&run.stdout), without_time(&again.stdout));

        let parsed = ddz::tools::position_line::parse(&pos_args).expect("the position parses");
        let seat: ddz::game::Seat = seat.parse().unwrap();
        let view = ddz::tools::position_line::view_of(&parsed.position, seat).expect("a view");
        let mut settings = ThinkerSettings {
            limit: Some(SearchLimit::Deals(16)),
            ..ThinkerSettings::default()
        };
        settings.set("stick", "0.5").unwrap();
        let a = Thinker::new(settings).analyze(&view, Deadline::unlimited());
        let table: Vec<(String, String, String)> = run
            .stdout
            .lines()
            .skip_while(|l| !l.starts_with("play "))
            .skip(1)
            .take_while(|l| !l.starts_with("chosen:"))
            .map(|l| {
                // play, mean, ±95%, win%, deals, and the play network's value (`net`).
                let f: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(f.len(), 6, "{}", l);
                (f[0].to_string(), f[1].to_string(), f[4].to_string())
            })
            .collect();
        let expected: Vec<(String, String, String)> = a
            .candidates
            .iter()
            .map(|c| {
                (
                    c.play.to_string(),
                    format!("{:+.1}", c.mean),
                    c.deals.to_string(),
                )
            })
            .collect();
        assert_eq!(table, expected, "{}", run.stdout);
        assert!(
            run.stdout.contains(&format!(
                "chosen: {} (the rule player's: {})",
                a.chosen, a.policy_choice
            )),
            "{}",
            run.stdout
        );
    }
}

/// `ddz analyze` at a bid: the bid network's figures whatever the bidder, and the bid the
/// engine would make — by the value thresholds with `--bid value`, the network's with `--bid
/// net`.
#[test]
fn analyze_at_a_bid_names_the_bidder_in_use() {
    let at_bid = [
        "analyze",
        "--transcript",
        "fixtures/transcripts/official-example.txt",
        "--at",
        "5",
        "--samples",
        "16",
    ];
    let value = ddz(&[&at_bid[..], &["--bid", "value"]].concat());
    assert!(value.ok, "{}", value.stderr);
    let net = ddz(&[&at_bid[..], &["--bid", "net"]].concat());
    assert!(net.ok, "{}", net.stderr);
    let line = |out: &str, prefix: &str| {
        out.lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {:?} line in\n{}", prefix, out))
            .to_string()
    };
    let figures = "the bid network: as landlord at base 1";
    assert_eq!(line(&value.stdout, figures), line(&net.stdout, figures));
    // The first number after `after` on `l`.
    let bid_after = |l: &str, after: &str| -> u8 {
        l.split_once(after)
            .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no bid after {:?} in {:?}", after, l))
    };
    let by_value = line(&value.stdout, "chosen: bid ");
    let by_net = line(&net.stdout, "chosen: bid ");
    assert!(
        by_value.contains("(by the value thresholds;"),
        "{}",
        by_value
    );
    assert!(by_net.contains("(by the bid network;"), "{}", by_net);
    assert_eq!(
        bid_after(&by_net, "chosen: bid "),
        bid_after(&by_value, "the bid network's: bid "),
        "{}\n{}",
        by_value,
        by_net
    );
}

/// The questions of a transcript as a reader counts them by hand: its `>` lines numbered from
/// 1, those that are `BID WHAT` and those that are `PLAY WHAT` (any case and spacing).
fn questions_by_hand(path: &str) -> (Vec<usize>, Vec<usize>) {
    let text = std::fs::read_to_string(path).unwrap();
    let sent = text.lines().filter(|l| l.starts_with('>'));
    let (mut bids, mut plays) = (Vec::new(), Vec::new());
    for (i, line) in sent.enumerate() {
        let words: Vec<String> = line[1..]
            .split_whitespace()
            .map(str::to_ascii_uppercase)
            .collect();
        match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["BID", "WHAT"] => bids.push(i + 1),
            ["PLAY", "WHAT"] => plays.push(i + 1),
            _ => {}
        }
    }
    (bids, plays)
}

/// The numbers `ddz analyze` lists after `label` (`PLAY WHAT at 8, 11, … (3 more, the last
/// 40)`): those written out, and how many more up to which last one.
fn listed_after(stderr: &str, label: &str) -> (Vec<usize>, Option<(usize, usize)>) {
    let rest = match stderr.split_once(label) {
        Some((_, rest)) => rest,
        None => return (Vec::new(), None),
    };
    let list = rest.split(&[';', '\n'][..]).next().unwrap();
    let (written, more) = match list.split_once(", … (") {
        Some((w, m)) => (w, Some(m)),
        None => (list, None),
    };
    let numbers = written
        .split(", ")
        .map(|n| n.trim().parse().expect("a message number"))
        .collect();
    let more = more.map(|m| {
        let digits: Vec<usize> = m
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        (digits[0], digits[1])
    });
    (numbers, more)
}

/// `ddz analyze --transcript` says what `--at N` counts, and refuses a missing or wrong N with
/// the transcript's questions: exactly those counted by hand, each of them accepted.
#[test]
fn analyze_lists_the_messages_at_can_stop_at() {
    let help = ddz(&["analyze", "--help"]);
    assert!(help.ok);
    assert!(
        help.stdout.contains("N counts the messages"),
        "{}",
        help.stdout
    );
    for file in ["official-example.txt", "icga2019-engine-c2.txt"] {
        let path = format!("fixtures/transcripts/{}", file);
        let (bids, plays) = questions_by_hand(&path);
        assert!(!bids.is_empty() && !plays.is_empty(), "{}", path);
        let not_a_question = (1..)
            .find(|n| !bids.contains(n) && !plays.contains(n))
            .unwrap();
        let past_the_end = (bids.len() + plays.len()) * 100;
        let wrong = [
            vec![],
            vec!["--at".to_string(), "x".to_string()],
            vec!["--at".to_string(), "0".to_string()],
            vec!["--at".to_string(), not_a_question.to_string()],
            vec!["--at".to_string(), past_the_end.to_string()],
        ];
        for at in &wrong {
            let mut args = vec!["analyze", "--transcript", &path];
            args.extend(at.iter().map(String::as_str));
            let run = ddz(&args);
            assert!(!run.ok, "{:?} is refused", args);
            for (label, expected) in [("BID WHAT at ", &bids), ("PLAY WHAT at ", &plays)] {
                let (numbers, more) = listed_after(&run.stderr, label);
                assert!(!numbers.is_empty(), "{:?}: {}", args, run.stderr);
                assert_eq!(numbers[..], expected[..numbers.len()], "{}", run.stderr);
                match more {
                    None => assert_eq!(numbers.len(), expected.len(), "{}", run.stderr),
                    Some((count, last)) => {
                        assert_eq!(numbers.len() + count, expected.len(), "{}", run.stderr);
                        assert_eq!(Some(&last), expected.last(), "{}", run.stderr);
                    }
                }
            }
        }
    }
    // In the official example every question listed is analysed.
    let path = "fixtures/transcripts/official-example.txt";
    let (bids, plays) = questions_by_hand(path);
    for n in bids.iter().chain(&plays) {
        let run = ddz(&[
            "analyze",
            "--transcript",
            path,
            "--at",
            &n.to_string(),
            "--samples",
            "16",
        ]);
        assert!(run.ok, "--at {}: {}", n, run.stderr);
    }
}

/// A hand of one card is "1 card".
#[test]
fn split_says_one_card_singular() {
    let run = ddz(&["split", "3"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("hand 3 (1 card)\n"),
        "{}",
        run.stdout
    );
    assert!(ddz(&["split", "33"])
        .stdout
        .starts_with("hand 33 (2 cards)\n"));
}
