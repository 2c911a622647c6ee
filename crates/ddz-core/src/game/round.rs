//! One round (one deal played out) with every hand known, as the referee holds it: the deal,
//! the bids, the landlord and the bottom, whose turn it is, the play to beat, every play, the
//! one [`Tally`] of what the plays count for, and the score. It runs the whole deal through its
//! phases ([`Phase`]: bid, play, done) by its variant's rules ([`Platform::deal_rules`]): the
//! arena's referee, `ddz.Game` and the players that follow a table all drive it.
//!
//! Moves come in layers, as in cozy-chess: [`Round::try_bid`] and [`Round::try_play`]
//! judge by [`super::legal`] and change nothing when they refuse (the referee and a person's
//! input); [`Round::play_unchecked`] applies a play already known to be legal (a search).
//! The engine's tracker, which sees one hand and must follow whatever a referee reports, judges
//! by the same rules and resynchronises ([`super::GameState::record_play`]).

use super::legal::{judge_bid, judge_play, legal_bids, IllegalBid, IllegalPlay, MAX_BID};
use super::score::{Outcome, Tally};
use super::seat::{BySeat, Role, Seat};
use crate::cards::Cards;
use crate::named::Named;
use crate::rules::{Combo, Platform};

/// The seat that bids first, in every variant (SPEC: A, B, C in turn).
pub const FIRST_BIDDER: Seat = Seat::A;

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Seats bid in turn, [`FIRST_BIDDER`] first.
    Bid,
    /// The landlord is known and the bottom shown; seats play in turn.
    Play,
    /// A seat emptied its hand, or nobody bid where a deal nobody bids on is not played.
    Done,
}

impl Named for Phase {
    /// The phases' names in the Python API.
    const NAMES: &'static [(&'static str, Phase)] = &[
        ("bid", Phase::Bid),
        ("play", Phase::Play),
        ("done", Phase::Done),
    ];
}
crate::named_enum!(Phase);

/// The landlord and the base that `bids` (in order) settle under `platform`: the first highest
/// bidder at its bid, or, when nobody bid, the variant's rule ([`crate::rules::DealRules`]:
/// the first bidder at a base, or `None`, no game).
///
/// ```
/// use ddz_core::game::round::landlord_of;
/// use ddz_core::game::Seat;
/// use ddz_core::rules::Platform;
///
/// let bids = [(Seat::A, 1), (Seat::B, 2), (Seat::C, 2)];
/// assert_eq!(landlord_of(Platform::Canonical, &bids), Some((Seat::B, 2)));
/// let passed = [(Seat::A, 0), (Seat::B, 0), (Seat::C, 0)];
/// assert_eq!(landlord_of(Platform::Canonical, &passed), None);
/// assert_eq!(landlord_of(Platform::Botzone, &passed), Some((Seat::A, 1)));
/// ```
#[must_use]
pub fn landlord_of(platform: Platform, bids: &[(Seat, u8)]) -> Option<(Seat, u8)> {
    let mut highest: Option<(Seat, u8)> = None;
    for &(seat, bid) in bids {
        if bid > highest.map_or(0, |(_, b)| b) {
            highest = Some((seat, bid));
        }
    }
    highest.or_else(|| {
        platform
            .deal_rules()
            .nobody_bid
            .map(|base| (FIRST_BIDDER, base))
    })
}

/// One round between three known hands, judged by one platform's reading.
///
/// ```
/// use ddz_core::game::deal::Deal;
/// use ddz_core::game::{Phase, Round, Seat};
/// use ddz_core::rules::{legal_plays, Payout, Platform};
///
/// let deal = Deal::seeded(7, 0);
/// let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
/// // The bids: A 1, B none (a second 1 is refused), C 3.
/// round.try_bid(Seat::A, 1, true).unwrap();
/// assert!(round.try_bid(Seat::B, 1, true).is_err());
/// round.try_bid(Seat::B, 0, true).unwrap();
/// assert_eq!(round.to_move(), Seat::C);
/// round.try_bid(Seat::C, 3, true).unwrap();
/// assert_eq!(round.highest_bid(), Some((Seat::C, 3)));
/// // The bidding is over: the bottom joins the landlord's hand, and the landlord leads.
/// assert_eq!(round.phase(), Phase::Play);
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
/// assert_eq!((round.phase(), round.score()), (Phase::Done, Some(outcome.payout(Payout::Official))));
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
    phase: Phase,
    /// A bid of 3 ends the bidding whatever the variant (a table that asks nobody after it).
    stop_at_3: bool,
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
            to_move: FIRST_BIDDER,
            to_beat: None,
            passes: 0,
            plays: Vec::with_capacity(64),
            tally: Tally::default(),
            phase: Phase::Bid,
            stop_at_3: false,
        }
    }

    /// A bid of 3 ends the bidding from now on, though the variant asks every seat: for a
    /// table that asks nobody after a 3 (the 2015 platform's, `ddz.Game`'s), which changes no
    /// outcome where bids are checked (only a pass could follow).
    pub fn stop_bidding_at_3(&mut self) {
        self.stop_at_3 = true;
    }

    /// The variant the round is played under.
    #[must_use]
    pub fn platform(&self) -> Platform {
        self.platform
    }

    /// Where the round stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Records `seat`'s bid when it is legal ([`judge_bid`]); with `checked` false only a bid
    /// above 3 is refused (the 2019 server asks every seat and checks no bid against the
    /// earlier ones; the first highest bidder takes the game). When the bid ends the bidding
    /// (the third, or a 3 where the variant stops there) the landlord is settled
    /// ([`landlord_of`]) and revealed, or the round is done with no game.
    pub fn try_bid(&mut self, seat: Seat, bid: u8, checked: bool) -> Result<(), IllegalBid> {
        let highest = self.highest.map_or(0, |(_, b)| b);
        judge_bid(bid, if checked { highest } else { 0 }).map_err(|e| match e {
            IllegalBid::NoSuchBid { bid, .. } => IllegalBid::NoSuchBid { bid, highest },
            other => other,
        })?;
        self.record_bid(seat, bid);
        let stops = self.stop_at_3 || self.platform.deal_rules().three_ends_bidding;
        if self.bids.len() >= Seat::ALL.len() || (bid == MAX_BID && stops) {
            match landlord_of(self.platform, &self.bids) {
                Some((landlord, base)) => self.reveal(landlord, base),
                None => self.phase = Phase::Done,
            }
        }
        Ok(())
    }

    /// Records `seat`'s bid as a table told it, unjudged, leaving the end of the bidding to
    /// the table ([`Round::reveal`] when it names the landlord): for a player following it.
    pub fn record_bid(&mut self, seat: Seat, bid: u8) {
        self.bids.push((seat, bid));
        if bid > self.highest.map_or(0, |(_, b)| b) {
            self.highest = Some((seat, bid));
        }
        self.to_move = seat.next();
    }

    /// The bids legal for the seat to bid now, lowest first.
    pub fn legal_bids(&self) -> impl Iterator<Item = u8> {
        legal_bids(self.highest.map_or(0, |(_, b)| b))
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
        self.phase = Phase::Play;
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

    /// The base the landlord plays for, once revealed.
    #[must_use]
    pub fn base(&self) -> Option<u8> {
        self.landlord.map(|_| self.base)
    }

    /// Every seat's cards now.
    #[must_use]
    pub fn hands(&self) -> &BySeat<Cards> {
        &self.hands
    }

    /// Whose turn it is to bid or to play (the last to move once the round is done).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The play to beat, as the platform reads it; `None` when the seat to move leads.
    #[must_use]
    pub fn to_beat(&self) -> Option<&Combo> {
        self.to_beat.as_ref()
    }

    /// The legal plays of the seat to move by the variant's rules ([`Platform::legal_plays`]),
    /// appended to `out`: none outside the play phase.
    pub fn legal_plays(&self, out: &mut Vec<Combo>) {
        if self.phase == Phase::Play {
            let hand = self.hands[self.to_move].counts();
            self.platform.legal_plays(hand, self.to_beat.as_ref(), out);
        }
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
        if self.hands[seat].is_empty() {
            self.phase = Phase::Done;
        } else {
            self.to_move = seat.next();
        }
    }

    /// The seat to move plays `cards` (`None` = pass), read as the variant records them
    /// ([`Platform::recorded`]), unjudged: a play a table accepted, or one listed as legal.
    pub fn play_recorded(&mut self, cards: Option<Cards>) {
        let play = cards.map(|c| self.platform.recorded(c.counts()));
        self.play_unchecked(cards, play);
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

    /// The multiplier and each seat's score once the round is done, by the variant's payout
    /// ([`Outcome::payout`]); multiplier 1 and no points for a deal nobody played.
    #[must_use]
    pub fn score(&self) -> Option<(i32, BySeat<i32>)> {
        if self.phase != Phase::Done {
            return None;
        }
        Some(match self.outcome() {
            Some(outcome) => outcome.payout(self.platform.deal_rules().payout),
            None => (1, BySeat::default()),
        })
    }
}
