//! A player's spec, the text the arena's `--players` and the tools take: it reads into a value
//! whose text is the same, a network file it names is read with it, its later limit plays and
//! the host fills in the rest, and what is not a player is refused with the reason.

use ddz::arena::PlayerSpec;
use ddz::strategy::BuiltinSpec;
use ddz::time::SearchLimit;

/// A spec's text reads into a value whose text is the same, and that text reads back into
/// the same value; the settings read are those the pairs say.
#[test]
fn specs_round_trip_through_their_text() {
    for text in [
        "builtin:random",
        "builtin:greedy",
        "builtin:rules",
        "builtin:tricky",
        "builtin:ddz",
        "builtin:ddz:samples=16:net-weight=0",
        "builtin:ddz:net-weight=0.5:samples=16:infer=off:stick=0.5:threads=2",
        "builtin:ddz:samples=16:peek=on",
        "botzone:./bot --keep",
        "./engine --think 1",
    ] {
        let spec: PlayerSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
        assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec.clone()));
    }
    let spec: PlayerSpec = "builtin:ddz:samples=16:net-weight=0:peek=on"
        .parse()
        .unwrap();
    match spec {
        PlayerSpec::Builtin(BuiltinSpec::Ddz(ddz)) => {
            assert_eq!(ddz.settings.limit, Some(SearchLimit::Deals(16)));
            assert_eq!(ddz.settings.net_weight, 0.0);
            assert!(ddz.peek, "peek is the arena's");
            assert_eq!(ddz.settings.threads, Some(1), "one thread in the arena");
        }
        other => panic!("{:?}", other),
    }
    // Spelled loosely, the text shows the registry's names.
    let loose: PlayerSpec = "builtin:ddz:Net_Weight= 0.25".parse().unwrap();
    assert_eq!(loose.to_string(), "builtin:ddz:net-weight=0.25");
}

/// A network file is read when the spec is: players built from the spec after the file is
/// gone still play with it (and a spec naming a file that is not there is refused).
#[test]
fn a_network_file_is_read_once_with_the_spec() {
    use ddz::game::deal::Deal;
    use ddz::game::{GameState, Seat};
    let path = std::env::temp_dir().join(format!("ddz-spec-{}.bin", std::process::id()));
    std::fs::write(&path, ddz::strategy::networks::PLAY_WEIGHTS).unwrap();
    let text = format!("builtin:ddz:samples=2:net-weight=1:net={}", path.display());
    let spec: PlayerSpec = text.parse().unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(text.parse::<PlayerSpec>().is_err(), "the file is gone");
    let builtin = match &spec {
        PlayerSpec::Builtin(b) => b.clone(),
        other => panic!("{:?}", other),
    };
    let deal = Deal::seeded(3, 0);
    let mut state = GameState::new(Seat::A, deal.hands[Seat::A]);
    state.set_landlord(Seat::A, deal.bottom).unwrap();
    for game in 0..2 {
        let mut player = builtin.strategy(game, None);
        let play = player.play(&state, ddz::time::Deadline::unlimited());
        assert!(state.legal_plays().contains(&play), "game {}", game);
    }
    assert_eq!(spec.to_string(), text);
}

/// A spec's later key wins and is noted; its own limit wins over the host's, which fills in
/// where it gives none.
#[test]
fn the_later_key_plays_and_the_host_fills_in() {
    use std::time::Duration;
    let spec = |text: &str| text.parse::<BuiltinSpec>().unwrap();
    let both = spec("ddz:think=2:samples=64");
    let host = Some(SearchLimit::Time(Duration::from_millis(500)));
    let limit = |s: &BuiltinSpec| match s {
        BuiltinSpec::Ddz(ddz) => ddz.settings.limit,
        _ => None,
    };
    assert_eq!(limit(&both.hosted(host)), Some(SearchLimit::Deals(64)));
    assert_eq!(
        both.limit_notes(None),
        ["samples=64 replaces think=2: plays 64 deals a decision"]
    );
    assert_eq!(
        both.limit_notes(host)[1],
        "samples=64 wins over the host's think=0.5"
    );
    let other = spec("ddz:samples=64:think=2");
    assert_eq!(
        limit(&other),
        Some(SearchLimit::Time(Duration::from_secs(2)))
    );
    assert_eq!(
        other.limit_notes(None),
        ["think=2 replaces samples=64: thinks 2 s a decision"]
    );
    let plain = spec("ddz:stick=0.5");
    assert!(plain.limit_notes(host).is_empty());
    assert_eq!(limit(&plain), None);
    assert_eq!(limit(&plain.hosted(host)), host);
    assert_eq!(limit(&plain.hosted(None)), None);
}

/// What is not a player is refused, with the reason.
#[test]
fn bad_specs_say_why() {
    for (text, why) in [
        ("builtin:rulez", "did you mean 'rules'"),
        ("builtin:DDZ", "did you mean 'ddz'"),
        ("builtin:rules:samples=4", "takes no settings"),
        ("builtin:ddz:samples", "not KEY=VALUE"),
        ("builtin:ddz:samples=0", "samples '0'"),
        ("builtin:ddz:colour=red", "unknown setting 'colour'"),
    ] {
        let e = text.parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(e.contains(why), "{}: {}", text, e);
    }
}
