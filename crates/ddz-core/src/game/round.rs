//! One round (one deal played out) with every hand known, as the referee holds it: the deal,
//! the bids, the landlord and the bottom, whose turn it is, the play to beat, every play, and
//! the one [`Tally`] of what the plays count for.
//!
//! Moves come in layers, as in cozy-chess: [`Round::try_bid`] and [`Round::try_play`]
//! judge by [`super::legal`] and change nothing when they refuse (the referee and a person's
//! input); [`Round::play_unchecked`] applies a play already known to be legal (a search).
//! The engine's tracker, which sees one hand and must follow whatever a referee reports, judges
//! by the same rules and resynchronises ([`super::GameState::record_play`]).

use super::legal::{judge_bid, judge_play, IllegalBid, IllegalPlay};
use super::score::{Outcome, Tally};
use super::seat::{BySeat, Role, Seat};
use crate::cards::Cards;
use crate::rules::{Combo, Platform};

/// One round between three known hands, judged by one platform's reading.
///
/// ```
/// use ddz_core::game::deal::Deal;
/// use ddz_core::game::{Round, Seat};
/// use ddz_core::rules::{legal_plays, Platform};
///
/// let deal = Deal::seeded(7, 0);
/// let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
/// // The bids: A 1, B none (a second 1 is refused), C 3.
/// round.try_bid(Seat::A, 1, true).unwrap();
/// assert!(round.try_bid(Seat::B, 1, true).is_err());
/// round.try_bid(Seat::B, 0, true).unwrap();
/// round.try_bid(Seat::C, 3, true).unwrap();
/// assert_eq!(round.highest_bid(), Some((Seat::C, 3)));
/// // The bottom joins the landlord's hand, and the landlord leads.
/// round.reveal(Seat::C, 3);
/// assert_eq!((round.hands()[Seat::C].len(), round.to_move()), (20, Seat::C));
/// // Cards the seat to move does not hold (A's) are refused, and change nothing.
/// assert!(round.try_play(Some(deal.hands[Seat::A])).is_err());
/// assert!(round.plays().is_empty());
/// // Play to the end, each seat making its first legal play (a pass only when nothing beats).
/// while round.winner().is_none() {
///     let hand = round.hands()[round.to_move()];
///     let play = legal_plays(hand.counts(), round.to_beat())[0];
///     let cards = if play.is_pass() { None } else { hand.pick(play.cards) };
///     round.try_play(cards).unwrap();
/// }
/// let outcome = round.outcome().unwrap();
/// assert_eq!((outcome.landlord, outcome.base), (Seat::C, 3));
/// assert!(round.hands()[outcome.winner].is_empty());
/// assert_eq!(outcome.scores().values().sum::<i32>(), 0); // the winners take what the losers pay
/// ```
#[derive(Clone, Debug)]
pub struct Round {
    platform: Platform,
    hands: BySeat<Cards>,
    bottom: Cards,
    bids: Vec<(Seat, u8)>,
    /// The first highest bidder and the bid, once someone bid above 0.
    highest: Option<(Seat, u8)>,
    landlord: Option<Seat>,
    base: u8,
    to_move: Seat,
    /// The play to beat (`None`: the seat to move leads).
    to_beat: Option<Combo>,
    passes: u8,
    plays: Vec<(Seat, Option<Cards>)>,
    tally: Tally,
}

impl Round {
    /// The round of a deal: `hands` dealt, `bottom` set aside, plays judged by `platform`.
    #[must_use]
    pub fn new(platform: Platform, hands: BySeat<Cards>, bottom: Cards) -> Round {
        Round {
            platform,
            hands,
            bottom,
            bids: Vec::new(),
            highest: None,
            landlord: None,
            base: 0,
            to_move: Seat::A,
            to_beat: None,
            passes: 0,
            plays: Vec::with_capacity(64),
            tally: Tally::default(),
        }
    }

    /// Records `seat`'s bid when it is legal ([`judge_bid`]); with `checked` false only a bid
    /// above 3 is refused (the 2019 server asks every seat and checks no bid against the
    /// earlier ones; the first highest bidder takes the game).
    pub fn try_bid(&mut self, seat: Seat, bid: u8, checked: bool) -> Result<(), IllegalBid> {
        let highest = self.highest.map_or(0, |(_, b)| b);
        judge_bid(bid, if checked { highest } else { 0 }).map_err(|e| match e {
            IllegalBid::NoSuchBid { bid, .. } => IllegalBid::NoSuchBid { bid, highest },
            other => other,
        })?;
        self.bids.push((seat, bid));
        if bid > highest {
            self.highest = Some((seat, bid));
        }
        Ok(())
    }

    /// The bids made, in order.
    #[must_use]
    pub fn bids(&self) -> &[(Seat, u8)] {
        &self.bids
    }

    /// The first highest bidder and the bid, when someone bid above 0.
    #[must_use]
    pub fn highest_bid(&self) -> Option<(Seat, u8)> {
        self.highest
    }

    /// The bottom cards join `landlord`'s hand and the landlord leads, for `base` points.
    pub fn reveal(&mut self, landlord: Seat, base: u8) {
        self.landlord = Some(landlord);
        self.base = base;
        self.hands[landlord] = self.hands[landlord].or(self.bottom);
        self.to_move = landlord;
        self.to_beat = None;
        self.passes = 0;
    }

    /// The landlord, once revealed.
    #[must_use]
    pub fn landlord(&self) -> Option<Seat> {
        self.landlord
    }

    /// Every seat's cards now.
    #[must_use]
    pub fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }

    /// Whose turn it is to play.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The play to beat, as the platform reads it; `None` when the seat to move leads.
    #[must_use]
    pub fn to_beat(&self) -> Option<&Combo> {
        self.to_beat.as_ref()
    }

    /// Every play and pass so far (`None` = pass), in order.
    #[must_use]
    pub fn plays(&self) -> &[(Seat, Option<Cards>)] {
        &self.plays
    }

    /// What the plays so far count for.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The seat to move plays `cards` (`None` = pass) when the platform's rules allow it
    /// ([`judge_play`]); a refused play changes nothing. Returns the play's reading.
    pub fn try_play(&mut self, cards: Option<Cards>) -> Result<Option<Combo>, IllegalPlay> {
        let hand = self.hands[self.to_move];
        let play = judge_play(self.platform, hand, self.to_beat.as_ref(), cards)?;
        self.play_unchecked(cards, play);
        Ok(play)
    }

    /// The seat to move plays `cards` (`None` = pass) read as `play`, unjudged: for a caller
    /// that knows the play is legal (or, like a referee told to pass for a seat, decides so).
    pub fn play_unchecked(&mut self, cards: Option<Cards>, play: Option<Combo>) {
        let seat = self.to_move;
        self.plays.push((seat, cards));
        match (cards, play) {
            (Some(c), Some(p)) => {
                self.hands[seat] = self.hands[seat].minus(c);
                if let Some(landlord) = self.landlord {
                    self.tally.count(Role::of(seat, landlord), &p);
                }
                self.to_beat = Some(p);
                self.passes = 0;
            }
            _ => {
                self.passes += 1;
                if self.passes == 2 {
                    self.to_beat = None;
                    self.passes = 0;
                }
            }
        }
        if !self.hands[seat].is_empty() {
            self.to_move = seat.next();
        }
    }

    /// The seat that emptied its hand, once play has begun.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        self.landlord?;
        Seat::ALL
            .iter()
            .copied()
            .find(|&s| self.hands[s].is_empty())
    }

    /// How the finished game scores: `None` until a seat has emptied its hand.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        let landlord = self.landlord?;
        Some(Outcome::new(landlord, self.base, winner, self.tally))
    }
}
