//! One decision asked of any player the arena knows, away from a match: the Python package's
//! `ddz.Agent`. The player is told the game as the referee would have told its seat (`DEAL`,
//! each bid, `LEFTOVER`, each play, its own moves among them as a platform echoes them), then
//! asked `BID WHAT` or `PLAY WHAT`: so a built-in player decides through the engine exactly as
//! it plays in the arena (its tracker, its safety checks, its explanation), and an engine
//! program or a Botzone bot is spoken to through the arena's own hosting of it. A built-in
//! player starts afresh for each decision, seeded from the adviser's seed and the position, so
//! a decision depends on the position alone; a program stays in its game while the decisions
//! asked of it follow that game, and hears only what came since, as at a real table.

use super::config::make_player;
use super::table::players::{Hosting, Player};
use super::table::spec::PlayerSpec;
use crate::cards::Cards;
use crate::engine::Engine;
use crate::game::deal::{mix, Deal};
use crate::game::state::HAND_SIZE;
use crate::game::{Phase, Round, Scoring, Seat};
use crate::protocol::{Command, Info, Reply};
use crate::rules::Platform;
use crate::strategy::kinds::BuiltinSpec;
use crate::time::{TimeControl, REPLY_LIMIT};
use std::time::Instant;

/// What a seat has been told when it is asked: its cards as dealt, the bids, the landlord and
/// the bottom once shown, every play, and the question. Made from the referee's model or from
/// what the seat sees alone, which hold the same for the seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    seat: Seat,
    dealt: Cards,
    bids: Vec<(Seat, u8)>,
    leftover: Option<(Seat, Cards)>,
    plays: Vec<(Seat, Option<Cards>)>,
    bidding: bool,
    platform: Platform,
}

impl Position {
    /// The position of `seat` in `round`, the referee's model of `deal`.
    #[must_use]
    pub fn of_round(deal: &Deal, round: &Round, seat: Seat) -> Position {
        Position {
            seat,
            dealt: deal.hands[seat],
            bids: round.bids().to_vec(),
            leftover: round.landlord().map(|l| (l, deal.bottom)),
            plays: round.plays().to_vec(),
            bidding: round.phase() == Phase::Bid,
            platform: round.platform(),
        }
    }

    /// The position `seat` sees: its `hand` now, the `bids`, the `plays`, the landlord and the
    /// bottom once shown, under `platform`'s rules. The cards dealt are the hand and the seat's
    /// plays, less the bottom when the seat is the landlord; why not, when they are no hand.
    pub fn of_view(
        seat: Seat,
        hand: Cards,
        bids: Vec<(Seat, u8)>,
        plays: Vec<(Seat, Option<Cards>)>,
        leftover: Option<(Seat, Cards)>,
        platform: Platform,
    ) -> Result<Position, String> {
        let played = plays
            .iter()
            .filter(|(s, _)| *s == seat)
            .fold(hand, |all, (_, c)| all.or(c.unwrap_or(Cards::EMPTY)));
        let dealt = match leftover {
            Some((l, bottom)) if l == seat => played.minus(bottom),
            _ => played,
        };
        if dealt.len() != usize::from(HAND_SIZE) {
            return Err(format!(
                "the observation does not add up: seat {} would have been dealt {} cards",
                seat.index(),
                dealt.len()
            ));
        }
        let bidding = leftover.is_none();
        Ok(Position {
            seat,
            dealt,
            bids,
            leftover,
            plays,
            bidding,
            platform,
        })
    }

    /// The commands the seat was told, the question last.
    #[must_use]
    pub fn told(&self) -> Vec<Command> {
        let mut commands = vec![Command::Deal {
            seat: self.seat,
            cards: self.dealt,
        }];
        let bids = self
            .bids
            .iter()
            .map(|&(seat, bid)| Command::Bid { seat, bid });
        commands.extend(bids);
        if let Some((landlord, cards)) = self.leftover {
            commands.push(Command::Leftover { landlord, cards });
        }
        let plays = self.plays.iter();
        commands.extend(plays.map(|&(seat, cards)| Command::Play { seat, cards }));
        commands.push(if self.bidding {
            Command::BidWhat
        } else {
            Command::PlayWhat
        });
        commands
    }

    /// What a decision's randomness is drawn from besides the adviser's seed: the cards dealt
    /// and how far the game is, the same from the model and from the seat's view.
    #[must_use]
    pub fn key(&self) -> u64 {
        let moves = self.bids.len() + self.plays.len();
        mix(self.dealt.0, moves as u64)
    }
}

/// What the adviser's spec names, ready to be asked.
enum Seated {
    /// A built-in strategy, made afresh for each decision.
    Builtin(BuiltinSpec),
    /// A program or a Botzone bot, hosted as the arena hosts it and kept across decisions,
    /// with the game it is in.
    Hosted(Box<dyn Player>, Option<Session>),
}

/// The game a hosted program is in: the seat and its cards as dealt, and every command of it
/// the program has heard or answered itself, so the next decision of the same game tells it
/// only what came since, as a referee would (its own moves are its answers, never echoed).
struct Session {
    seat: Seat,
    dealt: Cards,
    told: Vec<Command>,
}

/// Any player the arena knows, asked one decision at a time ([`Adviser::decide`]).
pub struct Adviser {
    label: String,
    seed: u64,
    seated: Seated,
}

impl Adviser {
    /// The player `spec` names, its choices drawn from `seed`.
    #[must_use]
    pub fn new(spec: &PlayerSpec, seed: u64) -> Adviser {
        let seated = match spec {
            PlayerSpec::Builtin(builtin) => Seated::Builtin(builtin.hosted(None)),
            other => Seated::Hosted(make_player(other, Hosting::default()), None),
        };
        Adviser {
            label: spec.to_string(),
            seed,
            seated,
        }
    }

    /// The player's bid ([`Reply::Bid`]) or play ([`Reply::Play`]) for `position`'s seat and
    /// question, with its explanation where it gives one; why not, naming the player, when it
    /// failed or answered anything else.
    pub fn decide(&mut self, position: &Position) -> Result<(Reply, Option<String>), String> {
        let commands = position.told();
        // One seed per position: the same adviser answers the same position the same way.
        let seed = mix(self.seed, position.key());
        let asked = match &mut self.seated {
            Seated::Builtin(spec) => {
                let mut engine = Engine::new(&self.label, spec.strategy(seed, None));
                engine.set_scoring(Scoring::Official);
                engine.set_platform(position.platform);
                let deadline = TimeControl::default().deadline(Instant::now());
                let mut reply = None;
                for command in &commands {
                    reply = engine.handle(command, deadline);
                }
                let note = engine.take_explanation().map(|n| n.to_string());
                reply
                    .map(|r| (r, note))
                    .ok_or_else(|| "the engine gave no answer".to_string())
            }
            Seated::Hosted(player, session) => {
                ask_hosted(player.as_mut(), session, position, &commands, seed).map(|r| (r, None))
            }
        };
        let (reply, note) = asked.map_err(|why| format!("{}: {}", self.label, why))?;
        let seat = position.seat;
        match (position.bidding, &reply) {
            (true, Reply::Bid { seat: s, .. }) | (false, Reply::Play { seat: s, .. })
                if *s == seat =>
            {
                Ok((reply, note))
            }
            (bidding, other) => Err(format!(
                "{} answered '{}' when {} was to {}",
                self.label,
                other,
                seat,
                if bidding { "bid" } else { "play" }
            )),
        }
    }
}

/// Asks a hosted program `commands`' question: told only what came since when its `session`
/// followed this game so far, else the game from the start (its own earlier moves echoed, as
/// some platforms echo them) after a greeting as a new game's.
fn ask_hosted(
    player: &mut dyn Player,
    session: &mut Option<Session>,
    position: &Position,
    commands: &[Command],
    seed: u64,
) -> Result<Reply, String> {
    let (question, story) = commands.split_last().expect("a question last");
    let follows = session.as_ref().map_or(false, |s| {
        s.seat == position.seat && s.dealt == position.dealt && story.starts_with(&s.told)
    });
    let mut sending = Vec::new();
    if follows {
        let heard = session.as_ref().map_or(0, |s| s.told.len());
        sending.extend_from_slice(&story[heard..]);
    } else {
        *session = None;
        if player.begin_game(seed).map_err(|f| f.to_string())? {
            sending.push(Command::Version("1.0".into()));
        }
        sending.push(Command::Info(Info {
            turn: 1,
            turns: 1,
            round: 1,
            rounds: 1,
            up: 0,
            max_score: 0,
            time: Some(REPLY_LIMIT.as_secs() as u32),
        }));
        sending.extend_from_slice(story);
    }
    sending.push(question.clone());
    let mut last = None;
    for command in &sending {
        let line = command.to_string();
        match player.exchange(command, &line, REPLY_LIMIT) {
            Ok((reply, _)) => last = Some(reply),
            Err(fault) => {
                player.fault();
                *session = None;
                return Err(format!("'{}': {}", line, fault));
            }
        }
    }
    let reply = last.ok_or_else(|| "the program gave no answer".to_string())?;
    let mut told = story.to_vec();
    // Its own move is its answer: the referee would tell it to the others, never to it.
    match reply {
        Reply::Bid { seat, bid } => told.push(Command::Bid { seat, bid }),
        Reply::Play { seat, cards } => told.push(Command::Play { seat, cards }),
        _ => {}
    }
    *session = Some(Session {
        seat: position.seat,
        dealt: position.dealt,
        told,
    });
    Ok(reply)
}
