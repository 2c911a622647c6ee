//! Bidding by the bid network: the expected score of each bid against passing.

use super::{Bidder, Thinker};
use crate::game::GameState;
use crate::strategy::networks::features::Role;
use crate::strategy::networks::{BidNet, NetValue};

impl Thinker {
    /// The bid network's view of our hand: the expected score of each legal bid (the bid times
    /// the hand's value as the landlord at base 1) against the expected score of passing (then
    /// another seat usually becomes the landlord: [`PASS_TAKEN`] of the time at base
    /// [`PASS_BASE`], and we play the hand as a farmer). The best bid is made when it beats
    /// passing by more than [`ThinkerSettings::bid_margin`](super::ThinkerSettings::bid_margin) stakes.
    pub fn net_bid(&mut self, state: &GameState) -> NetBid {
        let scoring = state.scoring;
        let net = self.bid_net();
        let hand = state.hand.counts();
        let landlord = net.value(hand, Role::Landlord);
        let as_farmer = [net.value(hand, Role::Down), net.value(hand, Role::Up)];
        // In the rule's points at base 1, from the landlord's side.
        let points = |v: &NetValue| v.landlord_points(scoring, 1);
        let (as_landlord, pass) = if self.settings.bidder == Bidder::Table {
            self.table.corrected(&landlord, &as_farmer, state)
        } else {
            let farmer_side = -(points(&as_farmer[0]) + points(&as_farmer[1])) / 2.0;
            let pass = PASS_TAKEN * PASS_BASE * farmer_share(scoring) * farmer_side;
            (points(&landlord), pass)
        };
        self.bid_by_value(state, as_landlord, pass, landlord.landlord_win_chance())
    }

    /// The bid network, made at its first use.
    pub(super) fn bid_net(&mut self) -> &mut BidNet {
        let file = self.settings.nets.bid.as_ref();
        self.bid_net
            .get_or_insert_with(|| BidNet::from_file_or_embedded(file))
    }

    /// The bid that the values of our hand call for: `as_landlord`, the expected score of
    /// becoming the landlord at base 1, and `pass`, our side's expected score when we pass
    /// (both in the scoring rule's points).
    fn bid_by_value(
        &self,
        state: &GameState,
        as_landlord: f64,
        pass: f64,
        win_chance: f64,
    ) -> NetBid {
        let scoring = state.scoring;
        let legal: Vec<u8> = (1..=3).filter(|&b| state.bid_is_legal(b)).collect();
        let best = if as_landlord >= 0.0 {
            legal.last()
        } else {
            legal.first()
        };
        let stake = NetValue::stake(scoring);
        let bid = match best {
            Some(&b) if f64::from(b) * as_landlord - pass > self.settings.bid_margin * stake => b,
            _ => 0,
        };
        NetBid {
            value: as_landlord,
            pass,
            win_chance,
            bid,
        }
    }
}

/// When we pass, how often another seat becomes the landlord: 97.4% of the passes of 1,000
/// deals of `builtin:ddz:samples=4` (value thresholds) against itself (seed 11).
pub const PASS_TAKEN: f64 = 0.974;

/// And at what base, on average: 2.91 in the same games.
pub const PASS_BASE: f64 = 2.91;

/// A farmer's share of the landlord's stake: by the official rule each farmer pays or gets half
/// of what the landlord gets or pays; by the team rule the points go to a side whole.
#[must_use]
pub fn farmer_share(scoring: crate::game::Scoring) -> f64 {
    match scoring {
        crate::game::Scoring::Official => 0.5,
        crate::game::Scoring::Team => 1.0,
    }
}

/// What the bid network says of a hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetBid {
    /// The expected score of becoming the landlord at base 1, in the scoring rule's points.
    pub value: f64,
    /// The expected score of passing, in the same points (at the base others then bid).
    pub pass: f64,
    /// The landlord's chance to win.
    pub win_chance: f64,
    /// The bid chosen.
    pub bid: u8,
}
