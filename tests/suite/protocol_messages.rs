//! The referee's messages as each platform spells them: read liberally, written back as the
//! protocol writes them, and a line that is no message refused without a panic.

use ddz::game::Seat;
use ddz::protocol::{Command, Info, ProtocolError, Reply};

#[test]
fn platform_spellings() {
    assert_eq!(Command::parse("Exit\r"), Ok(Command::Exit));
    assert_eq!(
        Command::parse("GAME OVER"),
        Ok(Command::GameOver { winner: None })
    );
    assert_eq!(
        Command::parse("GAMEOVER C"),
        Ok(Command::GameOver {
            winner: Some(Seat::C)
        })
    );
    assert_eq!(
        Command::parse("ERR B"),
        Ok(Command::Error {
            seat: Some(Seat::B),
            short: true
        })
    );
    assert_eq!(Command::parse("  play   what "), Ok(Command::PlayWhat));
    let deal = Command::parse("DEAL B0,4,5,7,9,10,17,21,25, 33,34,39,41,43,44,45,46\r").unwrap();
    match deal {
        Command::Deal { seat, cards } => {
            assert_eq!(seat, Seat::B);
            assert_eq!(cards.len(), 17);
        }
        other => panic!("{:?}", other),
    }
    let info = Command::parse("INFO 1,4,1,9,9,3150").unwrap();
    assert!(matches!(info, Command::Info(Info { time: None, .. })));
}

#[test]
fn round_trips() {
    for line in [
        "DOUDIZHUVER 1.0",
        "INFO 1,4,1,6,9,2100,15",
        "DEAL A0,1,2,53",
        "BID C3",
        "BID WHAT",
        "LEFTOVER A13,23,42",
        "PLAY B-1",
        "PLAY C10,11",
        "PLAY WHAT",
        "GAMEOVER A",
        "ERROR B",
        "ERR C",
        "EXIT",
    ] {
        assert_eq!(Command::parse(line).unwrap().to_string(), line);
    }
    for line in [
        "NAME ddz",
        "OK PLAY",
        "OK ERR",
        "BID B0",
        "PLAY A3,4",
        "PLAY A-1",
    ] {
        assert_eq!(Reply::parse(line).unwrap().to_string(), line);
    }
}

#[test]
fn errors_do_not_panic() {
    assert_eq!(Command::parse(""), Err(ProtocolError::Empty));
    assert!(Command::parse("BID A4").is_err());
    assert!(Command::parse("BID Z1").is_err());
    assert!(Command::parse("PLAY A54").is_err());
    assert!(Command::parse("PLAY A1,1").is_err());
    assert!(Command::parse("DEAL").is_err());
    assert!(Command::parse("INFO 1,2").is_err());
    assert!(Command::parse("HELLO").is_err());
    assert!(Command::parse("GAME ON").is_err());
    assert!(Command::parse("GAMEOVER Apple").is_err());
    assert!(Command::parse("BID A+1").is_err());
    assert!(Command::parse("DEAL B0,1,x").is_err());
}
