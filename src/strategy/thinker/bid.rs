//! Bidding by search: the simulation (hidden cards dealt and played out with us as the
//! landlord) and the bid network's estimate against passing.

use super::stats::CandidateTally;
use super::{decision_seed, Thinker, BID_DEALS_PER_SAMPLE, BID_MARGIN, MAX_BID_DEALS};
use crate::cards::Cards;
use crate::game::{BySeat, GameState};
use crate::game::{Seat, Tally};
use crate::search::rollout::OpenGame;
use crate::strategy::clock::{Budget, Limit};
use crate::strategy::networks::features::{OpenPosition, Role};
use crate::strategy::networks::{BidNet, NetValue};
use crate::strategy::Deadline;

/// What the bidding simulation found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidAnalysis {
    /// Mean score as the landlord at base 1.
    pub mean: f64,
    /// Landlord's win rate in the simulation.
    pub win_rate: f64,
    /// Deals played out.
    pub deals: u32,
    /// The bid chosen.
    pub bid: u8,
}

impl Thinker {
    /// The bidding simulation: deals of the other hands and the bottom, played out with us as
    /// the landlord at base 1.
    pub fn analyze_bid(&mut self, state: &GameState, deadline: Deadline) -> BidAnalysis {
        let me = state.me;
        let pool: Vec<u8> = Cards::DECK.minus(state.hand).codes().collect();
        let mut rng = fastrand::Rng::with_seed(decision_seed(state) ^ 0xb1d);
        // Bids are rarer than plays and matter more: a fixed budget draws more deals for them.
        let limit = match self.settings.limit(&deadline, MAX_BID_DEALS) {
            Limit::Deals(n) => Limit::Deals(n.saturating_mul(BID_DEALS_PER_SAMPLE)),
            timed => timed,
        };
        let budget = Budget::new(limit, deadline);
        let mut tally = CandidateTally::default();
        let mut shuffled = pool.clone();
        while budget.start_more_work(tally.n()) {
            rng.shuffle(&mut shuffled);
            let take = |codes: &[u8]| codes.iter().copied().collect::<Cards>();
            let bottom = take(&shuffled[..3]);
            let mut hands = BySeat([Cards::EMPTY; 3]);
            hands[me] = state.hand.or(bottom);
            hands[me.next()] = take(&shuffled[3..20]);
            hands[me.prev()] = take(&shuffled[20..37]);
            let mut view = GameState::new(me, state.hand);
            view.scoring = state.scoring;
            if view.set_landlord(me, bottom).is_err() {
                break;
            }
            let outcome = self.play_out(OpenGame::new(&view, hands));
            match outcome {
                Some(o) => tally.push(f64::from(o.landlord_value(state.scoring)), o.winner == me),
                None => break,
            }
        }
        let mean = tally.mean();
        let highest_legal = (1..=3).rev().find(|&b| state.bid_is_legal(b));
        let bid = match highest_legal {
            Some(b) if tally.n() > 0 && mean > BID_MARGIN => b,
            _ => 0,
        };
        BidAnalysis {
            mean,
            win_rate: tally.win_rate(),
            deals: tally.n(),
            bid,
        }
    }

    /// The bid network's view of our hand: the expected score of each legal bid (the bid times
    /// the hand's value as the landlord at base 1) against the expected score of passing (then
    /// another seat usually becomes the landlord: [`PASS_TAKEN`] of the time at base
    /// [`PASS_BASE`], and we play the hand as a farmer). The best bid is made when it beats
    /// passing by more than [`ThinkerSettings::bid_margin`](super::ThinkerSettings::bid_margin) stakes.
    pub fn net_bid(&mut self, state: &GameState) -> NetBid {
        let scoring = state.scoring;
        let file = self.settings.bid_net.as_ref();
        let net = self
            .bid_net
            .get_or_insert_with(|| BidNet::from_file_or_embedded(file));
        let hand = state.hand.counts();
        let landlord = net.value(hand, Role::Landlord);
        let as_farmer = [net.value(hand, Role::Down), net.value(hand, Role::Up)];
        // In the rule's points at base 1, from the landlord's side.
        let points = |v: &NetValue| v.landlord_points(scoring, 1);
        let farmer_side = -(points(&as_farmer[0]) + points(&as_farmer[1])) / 2.0;
        self.bid_by_value(
            state,
            points(&landlord),
            farmer_side,
            landlord.landlord_win_chance(),
        )
    }

    /// The play network's view of our hand (`bid = net-deals`): on [`NET_BID_DEALS`] deals of
    /// the hidden cards, the network's value of the opening position, every hand open, with us
    /// as the landlord (the bottom in our hand) and with us as either farmer (the bottom in the
    /// landlord's); the means decide as the bid network's values do ([`Thinker::net_bid`]).
    /// Every role sees the same deals.
    pub fn net_deals_bid(&mut self, state: &GameState) -> NetBid {
        let me = state.me;
        let mut codes: Vec<u8> = Cards::DECK.minus(state.hand).codes().collect();
        let mut rng = fastrand::Rng::with_seed(decision_seed(state) ^ 0x0be7);
        let scoring = state.scoring;
        let (mut as_landlord, mut farmer_side, mut win_chance) = (0.0, 0.0, 0.0);
        for _ in 0..NET_BID_DEALS {
            rng.shuffle(&mut codes);
            let take = |c: &[u8]| c.iter().copied().collect::<Cards>();
            let (bottom, first, second) =
                (take(&codes[..3]), take(&codes[3..20]), take(&codes[20..37]));
            // Our hand; `first` to the landlord (the seat after us when that is us), `second`
            // to the seat left; the bottom to the landlord.
            let net = self.play_net();
            let mut value = |landlord: Seat| {
                let others = if landlord == me {
                    [me.next(), me.prev()]
                } else if landlord == me.next() {
                    [landlord, me.prev()]
                } else {
                    [landlord, me.next()]
                };
                let mut hands = BySeat([Cards::EMPTY; 3]);
                hands[me] = state.hand;
                hands[others[0]] = first;
                hands[others[1]] = second;
                hands[landlord] = hands[landlord].or(bottom);
                net.value(&opening_position(landlord, &hands))
            };
            let (ours, down, up) = (value(me), value(me.prev()), value(me.next()));
            as_landlord += ours.landlord_points(scoring, 1);
            win_chance += ours.landlord_win_chance();
            farmer_side -=
                (down.landlord_points(scoring, 1) + up.landlord_points(scoring, 1)) / 2.0;
        }
        let n = f64::from(NET_BID_DEALS);
        self.bid_by_value(state, as_landlord / n, farmer_side / n, win_chance / n)
    }

    /// The bid that the values of our hand call for: `as_landlord`, the expected score of
    /// becoming the landlord at base 1, and `farmer_side`, our side's expected score at base 1
    /// when another seat does (both in the scoring rule's points).
    fn bid_by_value(
        &self,
        state: &GameState,
        as_landlord: f64,
        farmer_side: f64,
        win_chance: f64,
    ) -> NetBid {
        let scoring = state.scoring;
        let pass = PASS_TAKEN * PASS_BASE * farmer_share(scoring) * farmer_side;
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

/// The position before the first play, every hand open: the landlord to lead.
fn opening_position(landlord: Seat, hands: &BySeat<Cards>) -> OpenPosition {
    OpenPosition {
        landlord,
        to_move: landlord,
        hands: BySeat::from_fn(|s| hands[s].counts()).0,
        last: None,
        tally: Tally::default(),
    }
}

/// Deals the play network judges for one bid with `bid = net-deals`: three forward passes each,
/// about 8 ms in all (ddz bench: about 10 µs an evaluation).
pub const NET_BID_DEALS: u32 = 256;

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
