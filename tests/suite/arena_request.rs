//! The rules of a valid match, through the request the command line fills in: a
//! `MatchRequest` checked into the match to run (`CheckedMatch`) or the rule it breaks
//! (`RequestError`), each message `ddz arena`'s; and the formats `--format` reads.

use ddz::arena::count::sprt::SprtConfig;
use ddz::arena::MatchRules;
use ddz::arena::{ArenaConfig, Format, DEFAULT_PLAYER};
use ddz::arena::{CheckedMatch, DealFile, Gauntlet, MatchRequest, RequestError, MOST_TIME_SECS};
use ddz::game::deal::Deal;
use ddz::game::Scoring;
use ddz::named::Named;
use ddz::shards::Shard;
use std::time::Duration;

fn checked(request: MatchRequest) -> CheckedMatch {
    CheckedMatch::try_from(request).expect("a valid match")
}

fn refused(request: MatchRequest) -> RequestError {
    CheckedMatch::try_from(request).expect_err("a rule broken")
}

fn pair(x: &str, y: &str) -> Option<(Format, String, String)> {
    Some((Format::Pair, x.to_string(), y.to_string()))
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| w.to_string()).collect()
}

fn deal_file(deals: usize) -> Option<DealFile> {
    Some(DealFile {
        name: "cards.dat".to_string(),
        deals: (0..deals as u64).map(|i| Deal::seeded(5, i)).collect(),
    })
}

/// Nothing asked is the default match: three default players seated as given, 100 deals
/// from seed 1, and each setting asked for arrives in the configuration.
#[test]
fn a_request_without_rules_broken_is_the_match_it_asks_for() {
    let plain = checked(MatchRequest::default()).config;
    let defaults = ArenaConfig::default();
    assert_eq!(plain.players, defaults.players);
    assert_eq!(plain.format, Format::Seats);
    assert_eq!((plain.games, plain.seed, plain.jobs), (100, 1, 1));
    assert_eq!(plain.rules.time, defaults.rules.time);

    let rules = MatchRules {
        fixed_landlord: true,
        ..MatchRules::default()
    };
    let asked = checked(MatchRequest {
        pair: pair("builtin:rules", "builtin:greedy"),
        games: Some(20),
        seed: 9,
        time: Some(2.5),
        jobs: 3,
        transcripts: true,
        rules,
        threaded: true,
        ..MatchRequest::default()
    });
    let config = asked.config;
    assert!(asked.gauntlet.is_none());
    assert_eq!(config.players, words(&["builtin:rules", "builtin:greedy"]));
    assert_eq!(config.format, Format::Pair);
    assert_eq!((config.games, config.seed, config.jobs), (20, 9, 3));
    assert_eq!(config.rules.time, Duration::from_millis(2500));
    assert!(config.rules.fixed_landlord && config.rules.transcripts && config.threaded);

    // Seats left open are the default player's; the team format scores by the team rule.
    let team = checked(MatchRequest {
        players: words(&["builtin:rules"]),
        format: Some(Format::Team),
        turn: Some(4),
        ..MatchRequest::default()
    })
    .config;
    assert_eq!(team.players, words(&["builtin:rules", DEFAULT_PLAYER]));
    assert_eq!(team.rules.scoring, Scoring::Team);
    assert_eq!(team.turn_deals, 4);
    let duplicate = checked(MatchRequest {
        duplicate: true,
        format: Some(Format::Duplicate),
        ..MatchRequest::default()
    });
    assert_eq!(duplicate.config.format, Format::Duplicate);
}

#[test]
fn numbers_no_match_can_use_are_refused() {
    let games = refused(MatchRequest {
        games: Some(0),
        ..MatchRequest::default()
    });
    assert_eq!(games, RequestError::NoGames);
    assert_eq!(games.to_string(), "--games must be at least 1 deal");
    let turn = refused(MatchRequest {
        turn: Some(0),
        ..MatchRequest::default()
    });
    assert_eq!(turn.to_string(), "--turn must be at least 1 deal");
    for secs in [0.0, -1.0, f64::NAN, f64::INFINITY, MOST_TIME_SECS] {
        let time = refused(MatchRequest {
            time: Some(secs),
            ..MatchRequest::default()
        });
        assert!(matches!(time, RequestError::BadTime(_)), "{}", secs);
        assert_eq!(
            time.to_string(),
            "--time must be a positive number of seconds"
        );
    }
    let jobs = refused(MatchRequest {
        jobs: 0,
        ..MatchRequest::default()
    });
    assert_eq!(jobs.to_string(), "--jobs must be at least 1");
}

#[test]
fn players_are_given_one_way_only() {
    let gauntlet = Some(words(&["builtin:rules", "builtin:greedy"]));
    for request in [
        MatchRequest {
            pair: pair("a", "b"),
            ..MatchRequest::default()
        },
        MatchRequest {
            duplicate: true,
            ..MatchRequest::default()
        },
        MatchRequest {
            players: words(&["builtin:rules"]),
            ..MatchRequest::default()
        },
        MatchRequest {
            format: Some(Format::Team),
            ..MatchRequest::default()
        },
    ] {
        let e = refused(MatchRequest {
            gauntlet: gauntlet.clone(),
            ..request
        });
        assert_eq!(e, RequestError::GauntletWithPlayers);
        assert!(e
            .to_string()
            .starts_with("--gauntlet takes its players itself"));
    }
    let h2h = Some((Format::H2h, "a".to_string(), "b".to_string()));
    for request in [
        MatchRequest {
            duplicate: true,
            ..MatchRequest::default()
        },
        MatchRequest {
            players: words(&["builtin:rules"]),
            ..MatchRequest::default()
        },
        MatchRequest {
            format: Some(Format::Pair),
            ..MatchRequest::default()
        },
    ] {
        let e = refused(MatchRequest {
            pair: h2h.clone(),
            ..request
        });
        assert_eq!(e, RequestError::PairWithPlayers(Format::H2h));
        assert!(e
            .to_string()
            .starts_with("--h2h takes its two players itself"));
    }
    // `--h2h X Y --format h2h` says the same twice: no conflict.
    let same = checked(MatchRequest {
        pair: h2h,
        format: Some(Format::H2h),
        ..MatchRequest::default()
    });
    assert_eq!(same.config.format, Format::H2h);
    let both = refused(MatchRequest {
        duplicate: true,
        format: Some(Format::Seats),
        ..MatchRequest::default()
    });
    assert_eq!(both.to_string(), "--duplicate and another --format given");
    let many = refused(MatchRequest {
        players: words(&["a", "b", "c"]),
        format: Some(Format::Team),
        ..MatchRequest::default()
    });
    assert_eq!(
        many,
        RequestError::TooManyPlayers {
            wanted: 2,
            given: 3
        }
    );
    assert_eq!(many.to_string(), "this format takes 2 players, 3 given");
}

#[test]
fn the_sequential_test_needs_two_sides_and_the_deals_in_order() {
    let sprt = SprtConfig::parse("0,20").ok();
    let shards = refused(MatchRequest {
        pair: pair("a", "b"),
        sprt,
        shard: Shard::parse("1/2").ok(),
        ..MatchRequest::default()
    });
    assert_eq!(shards, RequestError::SprtInShards);
    assert!(shards.to_string().contains("run it whole, not in shards"));
    let seats = refused(MatchRequest {
        sprt,
        ..MatchRequest::default()
    });
    assert_eq!(seats, RequestError::SprtWithoutTwo);
    assert!(seats.to_string().starts_with("--sprt compares two players"));
    let duplicate = checked(MatchRequest {
        duplicate: true,
        sprt,
        ..MatchRequest::default()
    });
    assert!(duplicate.config.sprt.is_some());
}

#[test]
fn a_deal_file_holds_the_deals_asked_for() {
    let all = checked(MatchRequest {
        deal_file: deal_file(5),
        ..MatchRequest::default()
    })
    .config;
    assert_eq!(all.games, 5);
    assert_eq!(all.deal(4), Deal::seeded(5, 4));
    let first = checked(MatchRequest {
        deal_file: deal_file(5),
        games: Some(2),
        ..MatchRequest::default()
    });
    assert_eq!(first.config.deal_count(), 2);
    let empty = refused(MatchRequest {
        deal_file: deal_file(0),
        ..MatchRequest::default()
    });
    assert_eq!(empty.to_string(), "deal file cards.dat holds no deal");
    let few = refused(MatchRequest {
        deal_file: deal_file(5),
        games: Some(6),
        ..MatchRequest::default()
    });
    assert_eq!(
        few,
        RequestError::FewDeals {
            asked: 6,
            file: "cards.dat".to_string(),
            held: 5
        }
    );
    assert_eq!(
        few.to_string(),
        "--games 6: deal file cards.dat holds only 5 deals"
    );
}

#[test]
fn a_gauntlet_is_whole_matches_of_players_it_can_seat() {
    let given = checked(MatchRequest {
        gauntlet: Some(words(&[
            "builtin:rules",
            "builtin:greedy",
            "builtin:random",
        ])),
        format: Some(Format::H2h),
        ..MatchRequest::default()
    });
    assert_eq!(
        given.gauntlet,
        Some(Gauntlet {
            candidate: "builtin:rules".to_string(),
            opponents: words(&["builtin:greedy", "builtin:random"]),
        })
    );
    assert_eq!(given.config.format, Format::H2h);
    let gauntlet = Some(words(&["builtin:rules", "builtin:greedy"]));
    for request in [
        MatchRequest {
            sprt: SprtConfig::parse("0,20").ok(),
            ..MatchRequest::default()
        },
        MatchRequest {
            shard: Shard::parse("1/2").ok(),
            ..MatchRequest::default()
        },
        MatchRequest {
            transcripts: true,
            ..MatchRequest::default()
        },
    ] {
        let e = refused(MatchRequest {
            gauntlet: gauntlet.clone(),
            ..request
        });
        assert_eq!(e, RequestError::GauntletNotWhole);
    }
    let alone = refused(MatchRequest {
        gauntlet: Some(words(&["builtin:rules"])),
        ..MatchRequest::default()
    });
    assert_eq!(
        alone.to_string(),
        "--gauntlet takes a candidate and at least one opponent"
    );
    let typo = refused(MatchRequest {
        gauntlet: Some(words(&["builtin:rules", "builtin:gredy"])),
        ..MatchRequest::default()
    });
    assert!(matches!(typo, RequestError::Spec(_)), "{:?}", typo);
    assert!(
        typo.to_string().contains("did you mean 'greedy'"),
        "{}",
        typo
    );
}

#[test]
fn a_format_reads_back_from_its_name_and_nothing_else_reads() {
    for (name, f) in Format::NAMES {
        assert_eq!(name.parse::<Format>(), Ok(*f));
        assert_eq!(f.to_string(), *name);
    }
    let names = ["seats", "duplicate", "pair", "h2h", "alone", "team"];
    assert_eq!(Format::names(), names);
    for bad in ["", "Pair", "pairs", "seats "] {
        let e = bad.parse::<Format>().unwrap_err().to_string();
        let choices = "seats, duplicate, pair, h2h, alone or team";
        assert_eq!(e, format!("'{}' is not {}", bad, choices));
    }
}

/// A format named by name seats its players as the command line's flags for it do (`--pair X
/// Y` and its kin for the two-player formats, `--format F` and the players for the others,
/// `--gauntlet` for a gauntlet): the same match. A name no format has is refused with the
/// names, and players the format cannot seat with what it takes.
#[test]
fn a_format_named_seats_its_players_as_the_flags_do() {
    let two = words(&["builtin:rules", "builtin:random"]);
    let three = words(&["builtin:rules", "builtin:random", "builtin:greedy"]);
    for &(name, format) in Format::NAMES {
        let pair = matches!(format, Format::Pair | Format::H2h | Format::Alone);
        let players = if pair || format == Format::Team {
            &two
        } else {
            &three
        };
        let mut named = MatchRequest::default();
        named
            .seat_players(Some(name), players.clone(), false)
            .unwrap();
        let mut flags = MatchRequest::default();
        if pair {
            flags.pair = Some((format, two[0].clone(), two[1].clone()));
        } else {
            flags.format = Some(format);
            flags.players = players.clone();
        }
        let (named, flags) = (checked(named).config, checked(flags).config);
        assert_eq!(
            (named.format, &named.players),
            (format, players),
            "{}",
            name
        );
        assert_eq!(
            (flags.format, &flags.players),
            (format, players),
            "{}",
            name
        );
    }
    let mut seats = MatchRequest::default();
    seats.seat_players(None, three.clone(), false).unwrap();
    assert_eq!(checked(seats).config.format, Format::Seats);
    let mut gauntlet = MatchRequest::default();
    gauntlet
        .seat_players(Some("h2h"), three.clone(), true)
        .unwrap();
    let gauntlet = checked(gauntlet);
    assert_eq!(gauntlet.config.format, Format::H2h);
    assert_eq!(gauntlet.gauntlet.unwrap().opponents, three[1..].to_vec());
    let why = |format: Option<&str>, players: &[String]| {
        let mut request = MatchRequest::default();
        request
            .seat_players(format, players.to_vec(), false)
            .unwrap_err()
    };
    let unknown = why(Some("duel"), &two);
    assert!(unknown.starts_with("unknown format 'duel': one of seats, duplicate, pair"));
    assert_eq!(why(Some("h2h"), &three), "format 'h2h' takes two players");
    assert!(why(None, &two).starts_with("2 players: name the format"));
}
