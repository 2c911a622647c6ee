//! What the thinking player saw when it answered a question, handed back to the engine
//! ([`Strategy::take_explanation`](crate::strategy::Strategy::take_explanation)): its search or
//! its bidder's look at the hand, the answer and the time. The log's line of it, written and read
//! by one grammar, is [`crate::strategy::explain`]'s.

use super::{Analysis, NetBid};
use crate::game::Scoring;
use crate::rules::Combo;
use std::time::Duration;

/// What a strategy saw when it answered one question.
#[derive(Clone, Debug, PartialEq)]
pub enum Explanation {
    /// A play.
    Play(PlayExplained),
    /// A bid.
    Bid(BidExplained),
}

/// A play decision.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayExplained {
    /// The search; `None` when one play was legal and was answered at once.
    pub analysis: Option<Analysis>,
    /// The play answered.
    pub answer: Combo,
    /// The time the decision took.
    pub time: Duration,
}

/// A bid decision.
#[derive(Clone, Debug, PartialEq)]
pub struct BidExplained {
    /// What the bidder saw.
    pub seen: BidSeen,
    /// The bid answered (0: no bid).
    pub answer: u8,
    /// The time the decision took.
    pub time: Duration,
}

/// What a bidder saw of the hand.
#[derive(Clone, Debug, PartialEq)]
pub enum BidSeen {
    /// No bid above the highest was legal: no look needed.
    NoChoice,
    /// The rule player's value thresholds (`bid = value`): the hand's expected value (tenths,
    /// with three bottom cards drawn) against the thresholds of bids 1, 2 and 3.
    Value {
        /// The bid made.
        bid: u8,
        /// The expected value.
        value: i32,
        /// The scoring rule, whose thresholds apply.
        scoring: Scoring,
    },
    /// The bid network's values (`bid = net`), against the margin in stakes.
    Net {
        /// What it said.
        said: NetBid,
        /// The margin, in stakes.
        margin: f64,
    },
}

impl BidSeen {
    /// What the bid network said, against `margin` stakes.
    #[must_use]
    pub fn net(said: NetBid, margin: f64) -> BidSeen {
        BidSeen::Net { said, margin }
    }

    /// The bid the bidder made of what it saw (0 when none was legal).
    #[must_use]
    pub fn bid(&self) -> u8 {
        match self {
            BidSeen::NoChoice => 0,
            BidSeen::Value { bid, .. } => *bid,
            BidSeen::Net { said, .. } => said.bid,
        }
    }
}
