//! The engine: one seat's player behind the protocol. [`Engine::handle`] takes a typed
//! [`Command`] and gives the [`Reply`] the protocol expects (none for `EXIT`); it tracks the
//! game, asks its [`Strategy`] when it is our turn, and checks every answer, replacing an
//! illegal or failed one with a safe legal reply. The text loop around it lives in
//! [`crate::protocol`]; the arena drives `handle` directly for its in-process players.

use crate::cards::Cards;
use crate::game::{GameState, Seat};
use crate::protocol::{Ack, Command, Reply};
use crate::rules::{Combo, Kind};
use crate::strategy::{Deadline, Strategy};

/// One seat's engine.
pub struct Engine {
    name: String,
    strategy: Box<dyn Strategy>,
    state: Option<GameState>,
    problems: Vec<String>,
}

impl Engine {
    /// An engine answering `NAME name` and deciding with `strategy`.
    #[must_use]
    pub fn new(name: &str, strategy: Box<dyn Strategy>) -> Engine {
        Engine {
            name: name.to_string(),
            strategy,
            state: None,
            problems: Vec::new(),
        }
    }

    /// The tracked game, once a `DEAL` has come.
    #[must_use]
    pub fn state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    /// Problems noticed since the last call (bad input, illegal strategy answers), for the log.
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }

    fn problem(&mut self, text: String) {
        self.problems.push(text);
    }

    /// Answers one command. `deadline` bounds the strategy's thinking on `BID WHAT` and
    /// `PLAY WHAT`.
    pub fn handle(&mut self, command: &Command, deadline: Deadline) -> Option<Reply> {
        match command {
            Command::Version(_) => Some(Reply::Name(self.name.clone())),
            Command::Exit => None,
            Command::Deal { seat, cards } => {
                if cards.len() != 17 {
                    self.problem(format!("DEAL with {} cards, not 17", cards.len()));
                }
                self.state = Some(GameState::new(*seat, *cards));
                self.strategy.new_game();
                Some(Reply::Ok(Ack::Deal))
            }
            Command::Bid { seat, bid } => {
                if let Some(state) = self.state.as_mut() {
                    if let Err(e) = state.record_bid(*seat, *bid) {
                        self.problems.push(format!("tracker: {}", e));
                    }
                } else {
                    self.problem("BID before any DEAL".into());
                }
                Some(Reply::Ok(Ack::Bid))
            }
            Command::BidWhat => Some(self.our_bid(deadline)),
            Command::Leftover { landlord, cards } => {
                if let Some(state) = self.state.as_mut() {
                    if let Err(e) = state.set_landlord(*landlord, *cards) {
                        self.problems.push(format!("tracker: {}", e));
                    }
                } else {
                    self.problem("LEFTOVER before any DEAL".into());
                }
                Some(Reply::Ok(Ack::Leftover))
            }
            Command::Play { seat, cards } => {
                if let Some(state) = self.state.as_mut() {
                    if let Err(e) = state.record_play(*seat, *cards) {
                        self.problems.push(format!("tracker: {}", e));
                    }
                } else {
                    self.problem("PLAY before any DEAL".into());
                }
                Some(Reply::Ok(Ack::Play))
            }
            Command::PlayWhat => Some(self.our_play(deadline)),
            other => other.ack().map(Reply::Ok),
        }
    }

    fn our_bid(&mut self, deadline: Deadline) -> Reply {
        let state = match self.state.as_ref() {
            Some(s) => s,
            None => {
                self.problem("BID WHAT before any DEAL: bidding 0".into());
                return Reply::Bid {
                    seat: Seat::A,
                    bid: 0,
                };
            }
        };
        let seat = state.me;
        let bid = self.strategy.bid(state, deadline);
        let bid = if state.bid_is_legal(bid) {
            bid
        } else {
            self.problem(format!("strategy bid {} illegally: bidding 0", bid));
            0
        };
        if let Some(state) = self.state.as_mut() {
            let _ = state.record_bid(seat, bid);
        }
        Reply::Bid { seat, bid }
    }

    fn our_play(&mut self, deadline: Deadline) -> Reply {
        let state = match self.state.as_ref() {
            Some(s) => s,
            None => {
                self.problem("PLAY WHAT before any DEAL: passing".into());
                return Reply::Play {
                    seat: Seat::A,
                    cards: None,
                };
            }
        };
        let me = state.me;
        let hand = state.hand;
        let legal = state.legal_plays();
        let chosen = self.strategy.play(state, deadline);
        let combo = if legal.contains(&chosen) {
            chosen
        } else {
            let fallback = safe_play(&legal);
            self.problem(format!(
                "strategy chose {} (not legal here): playing {}",
                chosen, fallback
            ));
            fallback
        };
        let cards = to_cards(hand, &combo);
        if let Some(state) = self.state.as_mut() {
            if let Err(e) = state.record_play(me, cards) {
                self.problems
                    .push(format!("tracker on our own play: {}", e));
            }
        }
        Reply::Play { seat: me, cards }
    }
}

/// The concrete cards for a rank-level play (`None` for the pass).
fn to_cards(hand: Cards, combo: &Combo) -> Option<Cards> {
    if combo.is_pass() {
        None
    } else {
        hand.pick(combo.cards)
    }
}

/// The simplest legal answer: pass when allowed, otherwise the lowest single.
#[must_use]
pub fn safe_play(legal: &[Combo]) -> Combo {
    if legal.iter().any(Combo::is_pass) {
        return Combo::PASS;
    }
    legal
        .iter()
        .filter(|c| c.kind == Kind::Single)
        .min_by_key(|c| c.key)
        .or_else(|| legal.first())
        .copied()
        .unwrap_or(Combo::PASS)
}
