//! One person's seat, whatever the person answers with: a [`Player`] the arena's referee seats
//! like any engine, for `ddz play` in the terminal and `ddz serve` in the browser alike. It
//! tracks the game with the engine's own tracker ([`crate::engine::track`]), tells its
//! [`Front`] what the others do, and on `BID WHAT` / `PLAY WHAT` asks the front for the person's
//! [`Choice`] until one is legal: every choice is judged here, once ([`judge`]), with the reasons
//! of [`super::input`], so the terminal and the browser refuse the same plays with the same
//! words. The referee still judges every answer; the person is never timed.

use super::input::{read_bid, read_cards, read_pass, read_play, Refusal};
use super::view;
use crate::arena::table::players::{Answer, Fault, FaultKind, Player};
use crate::cards::Cards;
use crate::engine::track;
use crate::game::GameState;
use crate::protocol::{Command, Reply};
use std::time::Duration;

/// What the referee asks the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Question {
    /// `BID WHAT`.
    Bid,
    /// `PLAY WHAT`.
    Play,
}

/// What the person answered, before it is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A pass (no bid, when bidding).
    Pass,
    /// Text: a bid (`0` to `3`) or cards in human notation (`33344`, `xd`).
    Typed(String),
    /// The very cards chosen (clicked, in the browser).
    Cards(Cards),
}

/// Judges `choice` as the answer to `question` in `state` (the person's own view, their turn
/// already set). When legal, it is recorded in `state` and the reply is returned with what the
/// person is told (`you bid 2`, `you play 33 (pair)`); else why not.
pub(crate) fn judge(
    state: &mut GameState,
    question: Question,
    choice: &Choice,
) -> Result<(Reply, String), Refusal> {
    let me = state.me;
    match question {
        Question::Bid => {
            let typed = match choice {
                Choice::Pass => "0".to_string(),
                Choice::Typed(text) => text.clone(),
                Choice::Cards(cards) => cards.to_string(),
            };
            let bid = read_bid(&typed, state.highest_bid())?;
            let _ = state.record_bid(me, bid);
            let said = match bid {
                0 => "you do not bid".to_string(),
                b => format!("you bid {}", b),
            };
            Ok((Reply::Bid { seat: me, bid }, said))
        }
        Question::Play => {
            let to_beat = state.to_beat_for(me).copied();
            let cards = match choice {
                Choice::Pass => read_pass(to_beat.as_ref()).map(|()| None)?,
                Choice::Typed(text) => Some(read_play(text, state.hand, to_beat.as_ref())?.0),
                Choice::Cards(cards) => {
                    read_cards(*cards, state.hand, to_beat.as_ref())?;
                    Some(*cards)
                }
            };
            let _ = state.record_play(me, cards);
            let said = match cards {
                Some(c) => format!("you play {}", view::played(c)),
                None => "you pass".to_string(),
            };
            Ok((Reply::Play { seat: me, cards }, said))
        }
    }
}

/// How a person left the table (their seat then faults as `left`, with this as the detail).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Left {
    /// The terminal's input ended.
    InputEnded,
    /// The person typed q and confirmed.
    Quit,
    /// The browser's page was closed.
    PageClosed,
}

impl std::fmt::Display for Left {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Left::InputEnded => "the input ended",
            Left::Quit => "typed q and confirmed",
            Left::PageClosed => "the page was closed",
        })
    }
}

impl std::error::Error for Left {}

/// Where a person's choices come from and where what happens at the table goes: the terminal
/// ([`super::human::Terminal`]) or the browser (`crate::web::desk::WebFront`).
pub(crate) trait Front: Send {
    /// A new game starts (before its deal).
    fn begin_game(&mut self) {}

    /// The table changed: `command` (a deal, another seat's bid or play, the bottom turned up,
    /// the end) is tracked in `state`.
    fn tell(&mut self, command: &Command, state: &GameState);

    /// Asks the person to answer `question` in `state` (their turn already set in it); asked
    /// again after a refusal. `Err` with how when the person left the table.
    fn ask(&mut self, question: Question, state: &GameState) -> Result<Choice, Left>;

    /// The last choice was refused, for `why`.
    fn refused(&mut self, why: &Refusal);

    /// The last choice was taken: it is recorded in `state`, `said` tells it
    /// (`you play 33 (pair)`).
    fn taken(&mut self, said: &str, state: &GameState);

    /// The tracker disagreed with a message the referee sent: our bug, shown out of the way.
    fn problem(&mut self, problem: &str);
}

/// The answer a person's seat owes a message that asks nothing of the person (every message
/// but the handshake and the two questions): its `OK`.
pub(crate) fn acknowledge(command: &Command) -> Answer {
    match command.ack() {
        Some(ack) => Ok((Reply::Ok(ack), None)),
        None => Err(Fault::new(
            FaultKind::Malformed,
            "no answer to this message",
        )),
    }
}

/// A person at the table, answering through `F`.
pub(crate) struct Person<F: Front> {
    front: F,
    state: Option<GameState>,
    greeted: bool,
}

impl<F: Front> Person<F> {
    /// The person behind `front`.
    pub(crate) fn new(front: F) -> Person<F> {
        Person {
            front,
            state: None,
            greeted: false,
        }
    }

    /// Asks the front until the person answers `question` legally (or leaves).
    fn ask(&mut self, question: Question) -> Answer {
        let state = match self.state.as_mut() {
            Some(s) => s,
            None => return Err(Fault::new(FaultKind::Malformed, "asked before any deal")),
        };
        if question == Question::Play {
            // As the engine does: the referee's question says whose turn it is.
            state.to_move = Some(state.me);
        }
        loop {
            let choice = match self.front.ask(question, state) {
                Ok(c) => c,
                Err(how) => return Err(Fault::new(FaultKind::Left, how.to_string())),
            };
            match judge(state, question, &choice) {
                Ok((reply, said)) => {
                    self.front.taken(&said, state);
                    return Ok((reply, None));
                }
                Err(why) => self.front.refused(&why),
            }
        }
    }
}

impl<F: Front> Player for Person<F> {
    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        self.front.begin_game();
        let fresh = !self.greeted;
        self.greeted = true;
        Ok(fresh)
    }

    fn exchange(&mut self, command: &Command, _line: &str, _limit: Duration) -> Answer {
        match command {
            Command::Version(_) => Ok((Reply::Name("person".into()), None)),
            Command::BidWhat => self.ask(Question::Bid),
            Command::PlayWhat => self.ask(Question::Play),
            other => {
                let mut problems = Vec::new();
                track(&mut self.state, other, &mut problems);
                if let Some(state) = self.state.as_ref() {
                    self.front.tell(other, state);
                }
                for p in problems {
                    // The referee checked the play already: a tracker problem is our bug.
                    self.front.problem(&p);
                }
                acknowledge(other)
            }
        }
    }

    fn timed(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::game::deal::Deal;
    use crate::game::Seat;
    use std::collections::VecDeque;
    use std::sync::{Arc, Mutex};

    /// What a scripted front was asked and told.
    #[derive(Default)]
    struct Script {
        choices: VecDeque<Result<Choice, Left>>,
        asked: Vec<Question>,
        refused: Vec<Refusal>,
        taken: Vec<String>,
    }

    /// A front that answers from a script and keeps what it heard.
    struct Scripted(Arc<Mutex<Script>>);

    impl Front for Scripted {
        fn tell(&mut self, _command: &Command, _state: &GameState) {}

        fn ask(&mut self, question: Question, _state: &GameState) -> Result<Choice, Left> {
            let mut script = self.0.lock().unwrap();
            script.asked.push(question);
            script
                .choices
                .pop_front()
                .expect("the script has an answer")
        }

        fn refused(&mut self, why: &Refusal) {
            self.0.lock().unwrap().refused.push(why.clone());
        }

        fn taken(&mut self, said: &str, _state: &GameState) {
            self.0.lock().unwrap().taken.push(said.to_string());
        }

        fn problem(&mut self, problem: &str) {
            panic!("the tracker disagreed: {}", problem);
        }
    }

    fn person(choices: Vec<Result<Choice, Left>>) -> (Person<Scripted>, Arc<Mutex<Script>>) {
        let script = Arc::new(Mutex::new(Script {
            choices: choices.into(),
            ..Script::default()
        }));
        (Person::new(Scripted(script.clone())), script)
    }

    fn send(seat: &mut dyn Player, command: Command) -> Answer {
        seat.exchange(&command, "", Duration::from_secs(1))
    }

    #[test]
    fn refused_choices_are_asked_again_with_the_inputs_reasons() {
        let deal = Deal::seeded(5, 0);
        let hand = deal.hands[Seat::B];
        let held = hand.or(deal.bottom).counts();
        // A rank held fewer than four times (never a joker): one more of it is not held.
        let short = Rank::ALL[..13]
            .iter()
            .copied()
            .find(|&r| held.get(r) < 4)
            .expect("17 + 3 cards hold some rank fewer than four times");
        let not_held = short
            .symbol()
            .to_string()
            .repeat(usize::from(held.get(short)) + 1);
        let lowest = Cards::single(hand.or(deal.bottom).codes().next().unwrap());
        let (mut seat, script) = person(vec![
            Ok(Choice::Typed("1".into())),
            Ok(Choice::Typed("x".into())),
            Ok(Choice::Typed("3".into())),
            Ok(Choice::Pass),
            Ok(Choice::Typed(not_held.clone())),
            Ok(Choice::Cards(lowest)),
        ]);
        assert!(send(
            &mut seat,
            Command::Deal {
                seat: Seat::B,
                cards: hand
            }
        )
        .is_ok());
        assert!(send(
            &mut seat,
            Command::Bid {
                seat: Seat::A,
                bid: 2
            }
        )
        .is_ok());
        let (reply, _) = send(&mut seat, Command::BidWhat).unwrap();
        assert_eq!(
            reply,
            Reply::Bid {
                seat: Seat::B,
                bid: 3
            }
        );
        let bottom = Command::Leftover {
            landlord: Seat::B,
            cards: deal.bottom,
        };
        assert!(send(&mut seat, bottom).is_ok());
        let (reply, _) = send(&mut seat, Command::PlayWhat).unwrap();
        assert_eq!(
            reply,
            Reply::Play {
                seat: Seat::B,
                cards: Some(lowest)
            }
        );
        let script = script.lock().unwrap();
        // Each refusal is the input module's own, for the same text in the same position.
        let hand_after_bottom = hand.or(deal.bottom);
        let expected = vec![
            read_bid("1", 2).unwrap_err(),
            read_bid("x", 2).unwrap_err(),
            read_pass(None).unwrap_err(),
            read_play(&not_held, hand_after_bottom, None).unwrap_err(),
        ];
        assert_eq!(script.refused, expected);
        assert!(matches!(
            script.refused[3],
            Refusal::Illegal(crate::game::IllegalPlay::NotHeld { .. })
        ));
        // Asked until legal: three bids, three plays.
        assert_eq!(script.asked.len(), 6);
        assert_eq!(
            script.taken,
            [
                "you bid 3".to_string(),
                format!("you play {}", view::played(lowest))
            ]
        );
    }

    #[test]
    fn a_person_who_leaves_faults_as_left() {
        let deal = Deal::seeded(5, 1);
        let (mut seat, script) = person(vec![Err(Left::Quit)]);
        let dealt = Command::Deal {
            seat: Seat::C,
            cards: deal.hands[Seat::C],
        };
        assert!(send(&mut seat, dealt).is_ok());
        let fault = send(&mut seat, Command::BidWhat).unwrap_err();
        assert_eq!(fault.kind, FaultKind::Left);
        assert_eq!(fault.detail, "typed q and confirmed");
        assert!(script.lock().unwrap().taken.is_empty());
    }

    /// The terminal types cards, the browser clicks them: the same play is judged alike either
    /// way, whether the rules take it or not.
    #[test]
    fn typed_and_clicked_plays_are_judged_alike() {
        for n in 0..8 {
            let deal = Deal::seeded(11, n);
            let mut state = GameState::new(Seat::B, deal.hands[Seat::B]);
            state.set_landlord(Seat::A, deal.bottom).unwrap();
            if n % 2 == 1 {
                // B follows A's lowest single.
                let lead =
                    Cards::single(deal.hands[Seat::A].or(deal.bottom).codes().next().unwrap());
                state.record_play(Seat::A, Some(lead)).unwrap();
            }
            state.to_move = Some(Seat::B);
            let hand = state.hand;
            let codes: Vec<u8> = hand.codes().collect();
            // Every pair and triple of neighbouring cards, and every legal play.
            let mut tried: Vec<Cards> = (0..codes.len())
                .flat_map(|i| {
                    [2, 3].map(|k| {
                        codes
                            .iter()
                            .skip(i)
                            .take(k)
                            .fold(Cards::EMPTY, |c, &x| c.or(Cards::single(x)))
                    })
                })
                .collect();
            // (A pass is no cards: the browser sends it as a pass, never as clicked cards.)
            tried.extend(
                state
                    .legal_plays()
                    .iter()
                    .filter(|c| !c.is_pass())
                    .filter_map(|c| hand.pick(c.cards)),
            );
            for cards in tried {
                let typed = judge(
                    &mut state.clone(),
                    Question::Play,
                    &Choice::Typed(cards.to_string()),
                );
                let clicked = judge(&mut state.clone(), Question::Play, &Choice::Cards(cards));
                match (typed, clicked) {
                    (
                        Ok((Reply::Play { cards: t, .. }, said_t)),
                        Ok((Reply::Play { cards: c, .. }, said_c)),
                    ) => {
                        assert_eq!(t.map(Cards::counts), c.map(Cards::counts), "{}", cards);
                        assert_eq!(said_t, said_c);
                        let legal = state.legal_plays();
                        assert!(
                            legal.iter().any(|l| Some(l.cards) == c.map(Cards::counts)),
                            "{} is legal",
                            cards
                        );
                    }
                    (Err(t), Err(c)) => assert_eq!(t, c, "{}", cards),
                    (t, c) => panic!("{}: typed {:?}, clicked {:?}", cards, t, c),
                }
            }
        }
    }
}
