//! The referee of one table: plays one deal between three players in its phases (deal, bid,
//! reveal, play) over the game model ([`Round`]), which judges every bid and play by the
//! platform imitated ([`crate::game::legal`]); the referee checks what is its own (the reply's
//! form and seat letter, time) and scores the result by [`super::scoring`]. In the team format
//! ([`play_team_game`]) the landlord's teammate is replaced by the other team's spare process
//! once the bidding is over, as the 2019 server does.

use super::players::{Fault, FaultKind, Player};
use super::scoring::fault_penalty;
use crate::cards::Cards;
use crate::game::deal::{mix, Deal};
use crate::game::{BySeat, Phase, Round, Scoring, Seat};
use crate::protocol::{Ack, Command, Info, Reply};
use crate::rules::{follows, Combo, Platform};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// The order in which the referee lists cards in `DEAL`, `LEFTOVER` and others' plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardOrder {
    /// Ascending codes (the official form).
    Asc,
    /// Descending codes (the 2015 platform).
    Desc,
    /// A fresh random order each message.
    Random,
}

/// How the referee runs a game: the time limit and the platform habits it imitates.
#[derive(Clone, Debug)]
pub struct MatchRules {
    /// Limit for every reply.
    pub time: Duration,
    /// Send `INFO` with 6 fields (no time), as the 2015 platform does.
    pub info6: bool,
    /// Send neither `DOUDIZHUVER` nor `INFO` (a 2019 team server).
    pub no_handshake: bool,
    /// Card order in messages.
    pub card_order: CardOrder,
    /// Answer for the seat that can only pass, with `PLAY x-1` sent to it.
    pub auto_pass: bool,
    /// Stop bidding after a 3 (the 2015 platform) instead of asking the remaining seats.
    pub bid_stop_at_3: bool,
    /// End a faulty game with `GAMEOVER x` (x = the offender) instead of `ERROR x`.
    pub error_as_gameover: bool,
    /// Ask every seat to bid and check no bid against the earlier ones; the first highest
    /// bidder is the landlord (the 2019 server).
    pub unchecked_bids: bool,
    /// Whose reading of plays judges the replies (SPEC: platforms differ on ambiguous plays).
    pub platform: Platform,
    /// The scoring rule: the team format's, or the official one. Built-in players weigh their
    /// decisions by it; the team format scores its games by it.
    pub scoring: Scoring,
    /// No bidding: the landlord seat is given by the deal number and the base is 1.
    pub fixed_landlord: bool,
    /// Keep each seat's view of the game as a transcript.
    pub transcripts: bool,
    /// Games in the match, for `INFO`.
    pub match_games: u32,
    /// Deals per match when the run is played as matches (`ddz arena --match-deals N`):
    /// `INFO` then numbers each match as a turn and its deals as that turn's games, and every
    /// player is hosted afresh for each match ([`crate::arena::run`]). `None`: the run is one
    /// match of `match_games` games.
    pub match_deals: Option<u32>,
}

impl Default for MatchRules {
    fn default() -> MatchRules {
        MatchRules {
            time: crate::time::REPLY_LIMIT,
            info6: false,
            no_handshake: false,
            card_order: CardOrder::Asc,
            auto_pass: false,
            bid_stop_at_3: false,
            error_as_gameover: false,
            unchecked_bids: false,
            platform: Platform::Canonical,
            scoring: Scoring::Official,
            fixed_landlord: false,
            transcripts: false,
            match_games: 1,
            match_deals: None,
        }
    }
}

impl MatchRules {
    /// What `INFO` tells of deal `deal_index` (from 0): `(turn, turns, round, rounds)`, the
    /// match it belongs to and its game within that match ([`MatchRules::match_deals`]).
    #[must_use]
    pub(crate) fn info_numbers(&self, deal_index: usize) -> (u32, u32, u32, u32) {
        let deal = deal_index as u32;
        match self.match_deals {
            Some(n) if n > 0 => {
                let turns = (self.match_games + n - 1) / n;
                (deal / n + 1, turns, deal % n + 1, n)
            }
            _ => (1, 1, deal + 1, self.match_games),
        }
    }

    /// Judges by `platform`'s reading of plays and imitates the habits its server is known by:
    /// the 2019 team server ([`Platform::Icga2019`]) sends no handshake, deals its cards in a
    /// random order, asks every seat to bid without checking the bids, and ends a faulty game
    /// with `GAMEOVER`. The other platforms' habits are flags of their own (`info6`, …).
    pub fn set_platform(&mut self, platform: Platform) {
        self.platform = platform;
        if platform == Platform::Icga2019 {
            self.no_handshake = true;
            self.card_order = CardOrder::Random;
            self.bid_stop_at_3 = false;
            self.unchecked_bids = true;
            self.error_as_gameover = true;
        }
    }
}

/// One faulty reply in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorRecord {
    /// Who erred.
    pub seat: Seat,
    /// What kind of fault.
    pub kind: FaultKind,
    /// What exactly.
    pub detail: String,
    /// Whether it decided the game's score (the first fault of an undecided game); faults
    /// while acknowledging the end of a game are counted but change no score.
    pub scored: bool,
}

/// Everything that happened in one game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The deal's number in the match.
    pub deal_index: usize,
    /// Which seating of the deal (0 for the first).
    pub seating: usize,
    /// The player entry in each seat.
    pub lineup: BySeat<usize>,
    /// The game's own seed.
    pub seed: u64,
    /// The deal.
    pub deal: Deal,
    /// The bids in order.
    pub bids: Vec<(Seat, u8)>,
    /// The landlord, once known.
    pub landlord: Option<Seat>,
    /// The base (the landlord's bid, or 1 with a fixed landlord).
    pub base: u8,
    /// Every play and pass in order (`None` = pass).
    pub plays: Vec<(Seat, Option<Cards>)>,
    /// Who emptied their hand, when the game ended normally.
    pub winner: Option<Seat>,
    /// The score multiplier (1 when the game did not finish).
    pub multiplier: i32,
    /// Each seat's score.
    pub scores: BySeat<i32>,
    /// Faulty replies.
    pub errors: Vec<ErrorRecord>,
    /// Each seat's time to answer `BID WHAT` and `PLAY WHAT`, in nanoseconds (in-process
    /// players answer in well under a microsecond).
    pub times: BySeat<Vec<u64>>,
    /// Each seat's view as a transcript, when asked for.
    pub transcripts: Option<BySeat<String>>,
    /// The seat whose player was replaced by the other team's spare process after the bidding
    /// (team format); `lineup` gives the player entries after the swap.
    pub swapped: Option<Seat>,
}

impl GameRecord {
    /// Whether nobody bid (a zero-score game).
    #[must_use]
    pub(crate) fn all_passed(&self) -> bool {
        self.landlord.is_none() && self.errors.iter().all(|e| !e.scored)
    }
}

/// What the referee expects back from a message.
#[derive(Clone, Copy)]
enum Expect {
    Name,
    Ack(Ack),
    Bid,
    Play,
}

/// Which game of a match a table plays: the deal, its seating, who sits where, the game's seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSlot {
    /// The deal's number in the match.
    pub deal_index: usize,
    /// Which seating of the deal (0 for the first).
    pub seating: usize,
    /// The player entry in each seat.
    pub lineup: BySeat<usize>,
    /// The game's own seed (the players' randomness and the referee's card order).
    pub seed: u64,
}

/// The referee's side of a game in progress.
struct Table<'a> {
    players: &'a mut BySeat<Box<dyn Player>>,
    /// The team format's spare process and its entry, swapped in for the landlord's teammate.
    spare: Option<(&'a mut Box<dyn Player>, usize)>,
    rules: &'a MatchRules,
    rng: fastrand::Rng,
    record: GameRecord,
    /// The game as the referee holds it: every hand, the bids, the plays, the tally.
    game: Round,
    /// Every hand when the bottom joined the landlord's (a later fault is charged by them).
    revealed: Option<BySeat<Cards>>,
    line: String,
    scratch: Vec<Combo>,
}

/// Why a game stopped early: the seat at fault and what it did.
type Stop = (Seat, Fault);

/// Plays one game of `deal` with `players` seated A, B, C.
pub fn play_game(
    players: &mut BySeat<Box<dyn Player>>,
    rules: &MatchRules,
    deal: &Deal,
    slot: GameSlot,
) -> GameRecord {
    play(players, None, rules, deal, slot)
}

/// Plays one game of the team format: one team holds A and C, the other B, and `spare` is the
/// B team's second process (its entry is `slot.lineup[B]`). When A or C becomes the landlord,
/// the landlord's teammate is replaced by the spare, which gets `DEAL` and every bid made so
/// far (its own seat's included) before the bottom cards; the process it replaces hears
/// nothing more of the game. After the game the seats hold their first players again.
pub(crate) fn play_team_game(
    players: &mut BySeat<Box<dyn Player>>,
    spare: &mut Box<dyn Player>,
    rules: &MatchRules,
    deal: &Deal,
    slot: GameSlot,
) -> GameRecord {
    let entry = slot.lineup[Seat::B];
    let record = play(players, Some((&mut *spare, entry)), rules, deal, slot);
    if let Some(seat) = record.swapped {
        std::mem::swap(&mut players[seat], spare);
    }
    record
}

fn play(
    players: &mut BySeat<Box<dyn Player>>,
    spare: Option<(&mut Box<dyn Player>, usize)>,
    rules: &MatchRules,
    deal: &Deal,
    GameSlot {
        deal_index,
        seating,
        lineup,
        seed,
    }: GameSlot,
) -> GameRecord {
    let record = GameRecord {
        deal_index,
        seating,
        lineup,
        seed,
        deal: *deal,
        bids: Vec::new(),
        landlord: None,
        base: 0,
        plays: Vec::with_capacity(64),
        winner: None,
        multiplier: 1,
        scores: BySeat::default(),
        errors: Vec::new(),
        times: BySeat::default(),
        transcripts: if rules.transcripts {
            Some(BySeat::default())
        } else {
            None
        },
        swapped: None,
    };
    let mut table = Table {
        players,
        spare,
        rules,
        rng: fastrand::Rng::with_seed(seed),
        record,
        game: Round::new(rules.platform, deal.hands, deal.bottom),
        revealed: None,
        line: String::new(),
        scratch: Vec::new(),
    };
    if let Err((seat, fault)) = table.run() {
        table.end_with_fault(seat, fault);
    }
    table.record.bids = table.game.bids().to_vec();
    table.record.plays = table.game.plays().to_vec();
    table.record
}

impl<'a> Table<'a> {
    /// The player at `seat`.
    fn player(&mut self, seat: Seat) -> &mut dyn Player {
        &mut *self.players[seat]
    }

    fn note(&mut self, seat: Seat, text: &str) {
        if let Some(t) = self.record.transcripts.as_mut() {
            t[seat].push_str(text);
            t[seat].push('\n');
        }
    }

    /// Formats `command` in the configured card order into `self.line`.
    fn format(&mut self, command: &Command) {
        self.line.clear();
        let (head, cards) = match command {
            Command::Deal { seat, cards } => (format!("DEAL {}", seat), *cards),
            Command::Leftover { landlord, cards } => (format!("LEFTOVER {}", landlord), *cards),
            Command::Play {
                seat,
                cards: Some(cards),
            } => (format!("PLAY {}", seat), *cards),
            Command::Info(info) if self.rules.info6 => {
                let _ = write!(
                    self.line,
                    "INFO {},{},{},{},{},{}",
                    info.turn, info.turns, info.round, info.rounds, info.up, info.max_score
                );
                return;
            }
            other => {
                let _ = write!(self.line, "{}", other);
                return;
            }
        };
        if self.rules.card_order == CardOrder::Asc {
            let _ = write!(self.line, "{}{}", head, cards.to_codes());
            return;
        }
        let mut codes: Vec<u8> = cards.codes().collect();
        match self.rules.card_order {
            CardOrder::Desc => codes.reverse(),
            _ => self.rng.shuffle(&mut codes),
        }
        self.line.push_str(&head);
        for (i, c) in codes.iter().enumerate() {
            if i > 0 {
                self.line.push(',');
            }
            let _ = write!(self.line, "{}", c);
        }
    }

    /// Sends `command` to `seat` and checks the answer's form and seat letter.
    fn send(&mut self, seat: Seat, command: &Command, expect: Expect) -> Result<Reply, Fault> {
        let text = self.player(seat).reads_text() || self.rules.transcripts;
        if text {
            self.format(command);
            if self.rules.transcripts {
                let line = format!("> {}", self.line);
                self.note(seat, &line);
            }
        }
        let question = matches!(expect, Expect::Bid | Expect::Play);
        let limit = self.rules.time;
        let start = Instant::now();
        let answer = self.players[seat].exchange(command, &self.line, limit);
        let elapsed = start.elapsed();
        if question {
            self.record.times[seat].push(elapsed.as_nanos().min(u64::MAX as u128) as u64);
        }
        let (reply, raw) = match answer {
            Ok(a) => a,
            Err(fault) => {
                if self.rules.transcripts {
                    let line = format!("# no answer ({})", fault);
                    self.note(seat, &line);
                }
                return Err(fault);
            }
        };
        if self.rules.transcripts {
            let line = match &raw {
                Some(r) => format!("< {}", r),
                None => format!("< {}", reply),
            };
            self.note(seat, &line);
        }
        if elapsed > limit && self.player(seat).timed() {
            return Err(Fault::new(
                FaultKind::Late,
                format!("answered after {:.3} s", elapsed.as_secs_f64()),
            ));
        }
        let shown = || raw.clone().unwrap_or_else(|| reply.to_string());
        let seat_ok = match (&reply, expect) {
            (Reply::Name(_), Expect::Name) => true,
            (Reply::Ok(a), Expect::Ack(want)) if *a == want => true,
            (Reply::Bid { seat: s, .. }, Expect::Bid)
            | (Reply::Play { seat: s, .. }, Expect::Play) => *s == seat,
            _ => {
                return Err(Fault::new(
                    FaultKind::Malformed,
                    format!("'{}' does not answer '{}'", shown(), command),
                ))
            }
        };
        if !seat_ok {
            return Err(Fault::new(
                FaultKind::WrongSeat,
                format!("'{}' answered for another seat than {}", shown(), seat),
            ));
        }
        Ok(reply)
    }

    /// Sends `command` to every seat but `except`, each expecting `ack`.
    fn tell_others(&mut self, except: Seat, command: &Command, ack: Ack) -> Result<(), Stop> {
        for seat in Seat::ALL {
            if seat != except {
                self.send(seat, command, Expect::Ack(ack))
                    .map_err(|f| (seat, f))?;
            }
        }
        Ok(())
    }

    /// The game's phases, each over the model: a fault stops it with the seat at fault.
    fn run(&mut self) -> Result<(), Stop> {
        self.deal()?;
        match self.bid()? {
            Some((landlord, base)) => {
                self.reveal(landlord, base)?;
                self.play()
            }
            // Nobody bid: the game ends with no score and the match moves on.
            None => Ok(()),
        }
    }

    /// Start of game: programs started (or restarted), handshake, `INFO`, `DEAL`. Every
    /// player begins (so each can hear of a fault) before a failure to start counts.
    fn deal(&mut self) -> Result<(), Stop> {
        let mut fresh = BySeat([false; 3]);
        let mut failed = None;
        for seat in Seat::ALL {
            let seed = mix(self.record.seed, seat.index() as u64 + 1);
            let deal = self.record.deal;
            self.player(seat).show_deal(&deal);
            match self.player(seat).begin_game(seed) {
                Ok(f) => fresh[seat] = f,
                Err(f) => failed = failed.or(Some((seat, f))),
            }
        }
        if let Some(stop) = failed {
            return Err(stop);
        }
        for seat in Seat::ALL {
            if !self.rules.no_handshake {
                if fresh[seat] {
                    self.send(seat, &Command::Version("1.0".into()), Expect::Name)
                        .map_err(|f| (seat, f))?;
                }
                let (turn, turns, round, rounds) = self.rules.info_numbers(self.record.deal_index);
                let info = Info {
                    turn,
                    turns,
                    round,
                    rounds,
                    up: 0,
                    max_score: super::scoring::EARLY_FAULT as u32 * rounds,
                    time: Some(self.rules.time.as_secs_f64().ceil() as u32),
                };
                self.send(seat, &Command::Info(info), Expect::Ack(Ack::Info))
                    .map_err(|f| (seat, f))?;
            }
            let deal = Command::Deal {
                seat,
                cards: self.game.hands()[seat],
            };
            self.send(seat, &deal, Expect::Ack(Ack::Deal))
                .map_err(|f| (seat, f))?;
        }
        Ok(())
    }

    /// The bidding, or the landlord given by the deal: the landlord and the base, `None`
    /// when the deal is not played (nobody bid). The model says when the bidding is over and
    /// who takes the deal; the 2015 platform's habit of asking nobody after a 3 is the table's.
    fn bid(&mut self) -> Result<Option<(Seat, u8)>, Stop> {
        if self.rules.fixed_landlord {
            self.game.reveal(Seat::ALL[self.record.deal_index % 3], 1);
        } else if self.rules.bid_stop_at_3 {
            self.game.stop_bidding_at_3();
        }
        while self.game.phase() == Phase::Bid {
            let seat = self.game.to_move();
            let bid = match self.send(seat, &Command::BidWhat, Expect::Bid) {
                Ok(Reply::Bid { bid, .. }) => bid,
                Ok(_) => unreachable!("send checks the form"),
                Err(f) => return Err((seat, f)),
            };
            self.game
                .try_bid(seat, bid, !self.rules.unchecked_bids)
                .map_err(|e| (seat, Fault::new(FaultKind::Illegal, e.to_string())))?;
            self.tell_others(seat, &Command::Bid { seat, bid }, Ack::Bid)?;
        }
        Ok(self.game.landlord().zip(self.game.base()))
    }

    /// The landlord is known: the team format's seat swap, the bottom joins the landlord's
    /// hand, and every seat is shown it.
    fn reveal(&mut self, landlord: Seat, base: u8) -> Result<(), Stop> {
        self.record.landlord = Some(landlord);
        self.record.base = base;
        self.swap_in_spare(landlord)?;
        self.revealed = Some(*self.game.hands());
        let leftover = Command::Leftover {
            landlord,
            cards: self.record.deal.bottom,
        };
        for seat in Seat::ALL {
            self.send(seat, &leftover, Expect::Ack(Ack::Leftover))
                .map_err(|f| (seat, f))?;
        }
        Ok(())
    }

    /// The play, from the landlord's lead until a hand is empty: every reply judged by the
    /// model, every play told to the others, and the finished game scored.
    fn play(&mut self) -> Result<(), Stop> {
        loop {
            let turn = self.game.to_move();
            let cards = if self.rules.auto_pass && self.can_only_pass(turn) {
                let own = Command::Play {
                    seat: turn,
                    cards: None,
                };
                self.send(turn, &own, Expect::Ack(Ack::Play))
                    .map_err(|f| (turn, f))?;
                self.game.play_unchecked(None, None);
                None
            } else {
                let cards = match self.send(turn, &Command::PlayWhat, Expect::Play) {
                    Ok(Reply::Play { cards, .. }) => cards,
                    Ok(_) => unreachable!("send checks the form"),
                    Err(f) => return Err((turn, f)),
                };
                // The fault is read by everyone at the table and in the reports: it names the
                // seat ("A leads: …"), where a person at the table is told "you lead: …".
                self.game.try_play(cards).map_err(|e| {
                    let detail = e.said_of(turn).to_string();
                    (turn, Fault::new(FaultKind::Illegal, detail))
                })?;
                cards
            };
            self.tell_others(turn, &Command::Play { seat: turn, cards }, Ack::Play)?;
            if let Some((winner, (multiplier, scores))) = self.game.winner().zip(self.game.score())
            {
                self.record.winner = Some(winner);
                self.record.multiplier = multiplier;
                self.record.scores = scores;
                let over = Command::GameOver {
                    winner: Some(winner),
                };
                for seat in Seat::ALL {
                    if let Err(f) = self.send(seat, &over, Expect::Ack(Ack::GameOver)) {
                        self.unscored(seat, f);
                    }
                }
                return Ok(());
            }
        }
    }

    /// Whether `seat` holds nothing that beats the play on the table (the platform then
    /// passes for it when it imitates `--auto-pass`).
    fn can_only_pass(&mut self, seat: Seat) -> bool {
        let hand = self.game.hands()[seat];
        match self.game.to_beat() {
            Some(on) => {
                self.scratch.clear();
                follows(hand.counts(), on, &mut self.scratch);
                self.scratch.iter().all(Combo::is_pass)
            }
            None => false,
        }
    }

    /// The team format's seat swap: when the landlord sits at A or C and the other of the two
    /// is its teammate, that seat's player makes way for the spare, which is told the deal and
    /// every bid so far (its seat's own included, though it was never asked).
    fn swap_in_spare(&mut self, landlord: Seat) -> Result<(), Stop> {
        let teammate = match landlord {
            Seat::A => Seat::C,
            Seat::C => Seat::A,
            Seat::B => return Ok(()),
        };
        let lineup = self.record.lineup;
        let entry = match &self.spare {
            Some((_, entry)) if lineup[landlord] == lineup[teammate] => *entry,
            _ => return Ok(()),
        };
        if let Some((spare, _)) = self.spare.as_mut() {
            std::mem::swap(&mut self.players[teammate], *spare);
        }
        self.record.swapped = Some(teammate);
        self.record.lineup[teammate] = entry;
        self.note(
            teammate,
            "# seat swap: the other team's spare process takes this seat",
        );
        let seed = mix(self.record.seed, 4);
        let deal = self.record.deal;
        self.player(teammate).show_deal(&deal);
        let fresh = self
            .player(teammate)
            .begin_game(seed)
            .map_err(|f| (teammate, f))?;
        if fresh && !self.rules.no_handshake {
            self.send(teammate, &Command::Version("1.0".into()), Expect::Name)
                .map_err(|f| (teammate, f))?;
        }
        let deal = Command::Deal {
            seat: teammate,
            cards: self.game.hands()[teammate],
        };
        self.send(teammate, &deal, Expect::Ack(Ack::Deal))
            .map_err(|f| (teammate, f))?;
        for (seat, bid) in self.game.bids().to_vec() {
            self.send(teammate, &Command::Bid { seat, bid }, Expect::Ack(Ack::Bid))
                .map_err(|f| (teammate, f))?;
        }
        Ok(())
    }

    /// Records a fault that decides nothing (the game was already over) and stops the player.
    fn unscored(&mut self, seat: Seat, fault: Fault) {
        self.player(seat).fault();
        self.record.errors.push(ErrorRecord {
            seat,
            kind: fault.kind,
            detail: fault.detail,
            scored: false,
        });
    }

    /// Ends the game after `seat`'s fault: the penalty, `ERROR x` to the others.
    fn end_with_fault(&mut self, seat: Seat, fault: Fault) {
        self.player(seat).fault();
        let after = self
            .revealed
            .as_ref()
            .map(|h| (self.record.landlord.unwrap_or(seat), self.record.base, h));
        self.record.scores = fault_penalty(seat, after);
        self.record.winner = None;
        self.record.errors.push(ErrorRecord {
            seat,
            kind: fault.kind,
            detail: fault.detail,
            scored: true,
        });
        let (error, ack) = if self.rules.error_as_gameover {
            (Command::GameOver { winner: Some(seat) }, Ack::GameOver)
        } else {
            let error = Command::Error {
                seat: Some(seat),
                short: false,
            };
            (error, Ack::Error)
        };
        for other in Seat::ALL {
            if other != seat {
                if let Err(f) = self.send(other, &error, Expect::Ack(ack)) {
                    self.unscored(other, f);
                }
            }
        }
    }
}
