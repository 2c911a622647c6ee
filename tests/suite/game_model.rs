//! One definition of a play's legality: a play the strict game model refuses
//! ([`ddz::game::judge_play`]) is refused by every front end with the same reason — the arena's
//! referee (an illegal fault whose detail is the reason), a person's input (the refusal's text)
//! and the engine's tracker (a problem in its log naming the reason) — over many random
//! illegal plays, generated in random positions of random deals.

use ddz::arena::{play_game, GameRecord, GameSlot, MatchRules};
use ddz::arena::{Answer, Fault, FaultKind, Player};
use ddz::cards::Cards;
use ddz::engine::Engine;
use ddz::game::deal::Deal;
use ddz::game::{judge_bid, judge_play, BySeat, IllegalPlay, Round, Seat};
use ddz::play::{read_bid, read_cards, read_pass};
use ddz::protocol::{Command, Reply};
use ddz::rules::{legal_plays, Combo, Platform};
use ddz::strategy::RandomPlayer;
use ddz::time::Deadline;
use std::collections::VecDeque;
use std::time::Duration;

/// The first game of a one-deal match, with the players seated as given.
const FIRST_GAME: GameSlot = GameSlot {
    deal_index: 0,
    seating: 0,
    lineup: BySeat([0, 1, 2]),
    seed: 1,
};

/// Random positions tried; each yields one illegal play when the generator finds one.
const POSITIONS: u64 = 1000;

/// A seat that answers every question from a script: acknowledgements as the protocol wants,
/// and its plays in order.
struct Scripted {
    seat: Seat,
    bid: u8,
    plays: VecDeque<Option<Cards>>,
}

impl Player for Scripted {
    fn reads_text(&self) -> bool {
        false
    }
    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        Ok(false)
    }
    fn exchange(&mut self, command: &Command, _line: &str, _limit: Duration) -> Answer {
        let reply = match command {
            Command::BidWhat => Reply::Bid {
                seat: self.seat,
                bid: self.bid,
            },
            Command::PlayWhat => Reply::Play {
                seat: self.seat,
                cards: self.plays.pop_front().expect("a scripted play"),
            },
            other => Reply::Ok(other.ack().expect("an acknowledged command")),
        };
        Ok((reply, None))
    }
    fn fault(&mut self) {}
    fn finish(&mut self) {}
    fn timed(&self) -> bool {
        false
    }
}

/// A random deal from `rng`.
fn deal(rng: &mut fastrand::Rng) -> Deal {
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    let cards = |part: &[u8]| {
        part.iter()
            .fold(Cards::EMPTY, |h, &c| h.or(Cards::single(c)))
    };
    Deal {
        hands: BySeat([
            cards(&codes[0..17]),
            cards(&codes[17..34]),
            cards(&codes[34..51]),
        ]),
        bottom: cards(&codes[51..54]),
    }
}

/// A random sample of `cards`, of 1 to `most` cards.
fn sample(rng: &mut fastrand::Rng, cards: Cards, most: usize) -> Cards {
    let mut codes: Vec<u8> = cards.codes().collect();
    rng.shuffle(&mut codes);
    let n = rng.usize(1..=most.min(codes.len()).max(1));
    codes
        .iter()
        .take(n)
        .fold(Cards::EMPTY, |h, &c| h.or(Cards::single(c)))
}

/// A random legal play (`None` = pass) for the seat to move.
fn random_legal(rng: &mut fastrand::Rng, game: &Round) -> Option<Cards> {
    let hand = game.hands()[game.to_move()];
    let options: Vec<Combo> = legal_plays(hand.counts(), game.to_beat());
    let pick = options[rng.usize(..options.len())];
    hand.pick(pick.cards).filter(|_| !pick.is_pass())
}

/// The referee's record of `deal` (landlord A, no bidding) when each seat's replies are its
/// plays in `plays`, in order.
fn referee_replay(deal: &Deal, plays: &[(Seat, Option<Cards>)]) -> GameRecord {
    let mut scripts: BySeat<VecDeque<Option<Cards>>> = BySeat::default();
    for &(seat, played) in plays {
        scripts[seat].push_back(played);
    }
    let mut players: BySeat<Box<dyn Player>> = BySeat::from_fn(|seat| {
        Box::new(Scripted {
            seat,
            bid: 0,
            plays: std::mem::take(&mut scripts[seat]),
        }) as Box<dyn Player>
    });
    let rules = MatchRules {
        fixed_landlord: true,
        no_handshake: true,
        ..MatchRules::default()
    };
    play_game(&mut players, &rules, deal, FIRST_GAME)
}

/// A play the seat to move might attempt: a pass, some of its cards with one it does not hold,
/// one of its plays as if it led, or any few of its cards.
fn attempt(rng: &mut fastrand::Rng, game: &Round) -> Option<Cards> {
    let hand = game.hands()[game.to_move()];
    match rng.u8(0..10) {
        0 | 1 => None,
        2 | 3 => {
            let other = Cards::DECK.minus(hand);
            Some(sample(rng, hand, 4).or(sample(rng, other, 1)))
        }
        4..=6 => {
            let leads = legal_plays(hand.counts(), None);
            hand.pick(leads[rng.usize(..leads.len())].cards)
        }
        _ => Some(sample(rng, hand, 8)),
    }
}

#[test]
fn every_front_end_refuses_a_play_with_the_models_reason() {
    let mut rng = fastrand::Rng::with_seed(29);
    let (mut refused, mut taken_by_the_tracker) = (0, 0);
    // How many of each reason were met: pass on lead, not held, not a play, does not beat.
    let mut reasons = [0; 4];
    for position in 0..POSITIONS {
        let deal = deal(&mut rng);
        // The landlord is A (a fixed landlord, deal 0); a random legal prefix of the game.
        let mut game = Round::new(Platform::Canonical, deal.hands, deal.bottom);
        game.reveal(Seat::A, 1);
        for _ in 0..rng.usize(0..30) {
            let cards = random_legal(&mut rng, &game);
            if cards == Some(game.hands()[game.to_move()]) {
                break; // the game would end: stop before it
            }
            game.try_play(cards).expect("a generated legal play");
        }
        let mover = game.to_move();
        let hand = game.hands()[mover];
        let to_beat = game.to_beat().copied();
        let cards = attempt(&mut rng, &game);
        let reason = match judge_play(Platform::Canonical, hand, to_beat.as_ref(), cards) {
            Ok(_) => continue,
            Err(reason) => reason,
        };
        refused += 1;
        reasons[match reason {
            IllegalPlay::PassOnLead => 0,
            IllegalPlay::NotHeld { .. } => 1,
            IllegalPlay::NotAPlay { .. } => 2,
            IllegalPlay::DoesNotBeat { .. } => 3,
        }] += 1;
        let context = format!(
            "position {}: {} plays {:?} on {:?}: {}",
            position, mover, cards, to_beat, reason
        );

        // The strict model itself changes nothing when it refuses.
        let mut strict = game.clone();
        assert_eq!(strict.try_play(cards), Err(reason), "{}", context);
        assert_eq!(strict.plays(), game.plays(), "{}", context);

        // The referee: the same game, scripted, ends with the mover's illegal fault.
        let mut replies = game.plays().to_vec();
        replies.push((mover, cards));
        let record = referee_replay(&deal, &replies);
        let fault = record.errors.first().expect("a fault");
        assert_eq!(fault.seat, mover, "{}", context);
        assert_eq!(fault.kind, FaultKind::Illegal, "{}", context);
        assert_eq!(
            fault.detail,
            reason.said_of(mover).to_string(),
            "{}",
            context
        );

        // A person's input: the refusal is the reason, in the same words.
        let refusal = match cards {
            Some(c) => read_cards(c, hand, to_beat.as_ref()).map(|_| ()),
            None => read_pass(to_beat.as_ref()),
        };
        let refusal = refusal.expect_err("the person's input refuses it");
        assert_eq!(refusal.to_string(), reason.to_string(), "{}", context);

        // The engine, told by a referee that it made the play: its log names the reason,
        // unless some official platform would have accepted the play (the tracker follows
        // whatever referee it runs under).
        let logged = engine_problems(&deal, &game, mover, cards);
        let expected = format!(
            "tracker: {} played illegally: {} (after ",
            mover,
            reason.said_of(mover)
        );
        if logged.iter().any(|p| p.starts_with(&expected)) {
            continue;
        }
        taken_by_the_tracker += 1;
        let accepted_somewhere = match (&reason, cards) {
            (IllegalPlay::DoesNotBeat { .. }, Some(c)) => Platform::ALL.iter().any(|&p| {
                let play = p.read(c.counts());
                play.map_or(false, |play| p.accepts(&play, to_beat.as_ref()))
            }),
            _ => false,
        };
        assert!(
            accepted_somewhere && logged.is_empty(),
            "{}: the engine logged {:?}",
            context,
            logged
        );
    }
    assert!(refused >= POSITIONS as usize / 2, "{} refused", refused);
    assert!(
        reasons.iter().all(|&n| n >= 10),
        "reasons met: {:?}",
        reasons
    );
    assert!(
        taken_by_the_tracker * 10 < refused,
        "{}",
        taken_by_the_tracker
    );
}

/// The problems an engine at `seat` logs when a referee deals it `deal`, shows the bottom to A,
/// reports `game`'s plays, then reports that `seat` played `cards`.
fn engine_problems(deal: &Deal, game: &Round, seat: Seat, cards: Option<Cards>) -> Vec<String> {
    let mut engine = Engine::new("ddz", Box::new(RandomPlayer::new(1)));
    let mut tell = |command: Command| {
        let _ = engine.handle(&command, Deadline::unlimited());
    };
    tell(Command::Deal {
        seat,
        cards: deal.hands[seat],
    });
    tell(Command::Leftover {
        landlord: Seat::A,
        cards: deal.bottom,
    });
    for &(by, played) in game.plays() {
        tell(Command::Play {
            seat: by,
            cards: played,
        });
    }
    tell(Command::Play { seat, cards });
    engine.take_problems()
}

#[test]
fn the_referee_and_the_model_agree_on_a_whole_legal_game() {
    // A legal game replayed by the referee ends as the model's does: no fault, the same winner.
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..20 {
        let deal = deal(&mut rng);
        let mut game = Round::new(Platform::Canonical, deal.hands, deal.bottom);
        game.reveal(Seat::A, 1);
        while game.winner().is_none() {
            let cards = random_legal(&mut rng, &game);
            game.try_play(cards).unwrap();
        }
        let record = referee_replay(&deal, game.plays());
        assert!(record.errors.is_empty(), "{:?}", record.errors);
        assert_eq!(record.winner, game.winner());
        assert_eq!(record.plays, game.plays());
        let outcome = game.outcome().unwrap();
        assert_eq!(record.scores, outcome.scores());
    }
}

#[test]
fn every_front_end_refuses_a_bid_with_the_models_reason() {
    // A bids first, then B: every pair where the model refuses B's bid.
    let mut refused = 0;
    for first in 0..=3u8 {
        for bid in 0..=9u8 {
            let reason = match judge_bid(bid, first) {
                Ok(()) => continue,
                Err(reason) => reason,
            };
            refused += 1;
            let context = format!("B bids {} after A's {}: {}", bid, first, reason);
            // The referee: a fault of B naming the reason.
            let deal = deal(&mut fastrand::Rng::with_seed(u64::from(bid)));
            let mut players: BySeat<Box<dyn Player>> = BySeat::from_fn(|seat| {
                Box::new(Scripted {
                    seat,
                    bid: if seat == Seat::A { first } else { bid },
                    plays: VecDeque::new(),
                }) as Box<dyn Player>
            });
            let rules = MatchRules {
                no_handshake: true,
                ..MatchRules::default()
            };
            let record = play_game(&mut players, &rules, &deal, FIRST_GAME);
            let fault = record.errors.first().expect("a fault");
            assert_eq!(
                (fault.seat, fault.kind, fault.detail.as_str()),
                (Seat::B, FaultKind::Illegal, reason.to_string().as_str()),
                "{}",
                context
            );
            // A person's input.
            let refusal = read_bid(&bid.to_string(), first).expect_err("refused");
            assert_eq!(refusal.to_string(), reason.to_string(), "{}", context);
            // The engine at C, told of both bids.
            let mut engine = Engine::new("ddz", Box::new(RandomPlayer::new(1)));
            let mut tell = |command: Command| {
                let _ = engine.handle(&command, Deadline::unlimited());
            };
            tell(Command::Deal {
                seat: Seat::C,
                cards: deal.hands[Seat::C],
            });
            tell(Command::Bid {
                seat: Seat::A,
                bid: first,
            });
            tell(Command::Bid { seat: Seat::B, bid });
            let expected = format!("tracker: B bid illegally: {} (after ", reason);
            let logged = engine.take_problems();
            assert!(
                logged.iter().any(|p| p.starts_with(&expected)),
                "{}: {:?}",
                context,
                logged
            );
        }
    }
    assert_eq!(
        refused,
        4 * 6 + 6,
        "every bid above 3, and 1..=first after first"
    );
}
