//! What the table is worth: how the engine fares against the seats of this match, learned from
//! the games it saw end, beside what the bid network predicted for its hands.
//!
//! The bid network was trained on self-play, so it values a hand as if the other seats played
//! as the engine does. Against a weaker table our landlord wins far more than it says (73–89%
//! of random hands against the outside engines, where it says 36–38%), and against a stronger
//! one less. The table's **edge** is that difference, in stakes at base 1, for each side:
//!
//! - as the landlord: our landlord's score at this table less the network's value of our
//!   dealt hand as the landlord;
//! - as a farmer: our side's score when another seat is the landlord less the network's value
//!   of our hand in that farmer's seat.
//!
//! Each is a normal mean with a normal prior centred on 0 (the network is right: self-play),
//! so its estimate is the mean residual shrunk toward 0, `sum / (games + PRIOR_GAMES)`
//! ([`PRIOR_GAMES`] says why that weight). Beside them, what passing leads to at this table:
//! how often another seat takes the landlord's seat when we pass, and at what base, each shrunk
//! toward the self-play figures the bidder has always used ([`super::PASS_TAKEN`],
//! [`super::PASS_BASE`]). Before any game every estimate is its prior, so the bids are
//! exactly the bid network's.

use super::bid::farmer_share;
use crate::game::{GameState, Seat};
use crate::strategy::networks::features::Role;
use crate::strategy::networks::{BidNet, NetValue};
use crate::strategy::Ending;

/// The prior's weight, in games, of each side's edge: the ratio of a game's residual
/// variance to the variance of edges across tables. A game's residual (a landlord's score
/// less its hand's value, in stakes at base 1) has a standard deviation of about 1.4 stakes in
/// self-play (wins and losses of ±1 stake, multiplied 1.3 times on average by bombs and
/// springs); the edges of the tables we can run spread over about 0 (self-play) to +1.2 stakes
/// (the outside engines: the landlord wins 73–89% where the network says 37%), a standard
/// deviation of about 0.7. (1.4 / 0.7)² = 4: four games of a table weigh as much as the prior.
pub const PRIOR_GAMES: f64 = 4.0;

/// The prior's weight, in passes, of how often another seat takes the deal when we pass and
/// at what base: these move slowly with the table (an engine that bids 3 on every hand, or
/// one that passes all but strong hands), so a few passes say little.
pub const PRIOR_PASSES: f64 = 8.0;

/// A mean shrunk toward a prior value: `prior` weighs `weight` observations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shrunk {
    prior: f64,
    weight: f64,
    sum: f64,
    count: u32,
}

impl Shrunk {
    /// No observation yet: the estimate is `prior`.
    #[must_use]
    pub const fn new(prior: f64, weight: f64) -> Shrunk {
        Shrunk {
            prior,
            weight,
            sum: 0.0,
            count: 0,
        }
    }

    /// Counts one observation.
    pub fn add(&mut self, x: f64) {
        self.sum += x;
        self.count += 1;
    }

    /// The posterior mean: `(prior × weight + sum) / (weight + count)`.
    #[must_use]
    pub fn estimate(&self) -> f64 {
        (self.prior * self.weight + self.sum) / (self.weight + f64::from(self.count))
    }

    /// The observations counted.
    #[must_use]
    pub fn count(&self) -> u32 {
        self.count
    }
}

/// What the games of this table have shown ([module doc](self)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableEstimate {
    /// Our landlord's edge over the bid network, in stakes at base 1.
    pub landlord: Shrunk,
    /// Our farmers' edge over the bid network, in stakes at base 1 from our side.
    pub farmers: Shrunk,
    /// When we passed: 1 when another seat became the landlord, 0 when nobody bid.
    pub taken: Shrunk,
    /// When we passed and another seat became the landlord: the base it played for.
    pub base: Shrunk,
}

impl Default for TableEstimate {
    fn default() -> TableEstimate {
        TableEstimate {
            landlord: Shrunk::new(0.0, PRIOR_GAMES),
            farmers: Shrunk::new(0.0, PRIOR_GAMES),
            taken: Shrunk::new(super::PASS_TAKEN, PRIOR_PASSES),
            base: Shrunk::new(super::PASS_BASE, PRIOR_PASSES),
        }
    }
}

impl TableEstimate {
    /// Learns from a game seen to its end: `state` as the tracker left it, `net` the bid
    /// network that values our dealt hand.
    pub fn learn(&mut self, state: &GameState, ending: &Ending, net: &mut BidNet) {
        let passed = state.bids[state.me] == Some(0);
        let outcome = match ending {
            Ending::NoBid => {
                if passed {
                    self.taken.add(0.0);
                }
                return;
            }
            Ending::Played(o) => o,
        };
        if passed && outcome.landlord != state.me {
            self.taken.add(1.0);
            self.base.add(f64::from(outcome.base));
        }
        let hand = dealt_hand(state, outcome.landlord).counts();
        let scoring = state.scoring;
        let stake = NetValue::stake(scoring);
        // Our side's score at base 1, in stakes; and what the network said of it.
        let landlord_stakes =
            f64::from(outcome.landlord_value(scoring)) / (stake * f64::from(outcome.base.max(1)));
        let role = Role::of(state.me, outcome.landlord);
        let said = net.value(hand, role).landlord_points(scoring, 1) / stake;
        if role == Role::Landlord {
            self.landlord.add(landlord_stakes - said);
        } else {
            // From our side: the landlord's loss is our gain.
            self.farmers.add(said - landlord_stakes);
        }
    }

    /// The bid network's values of a hand at this table, in points at base 1: `as_landlord`
    /// and `farmer_side` (our side's, when another seat is the landlord) moved by the edges,
    /// and passing valued as at this table (taken, at its base, our side's share).
    #[must_use]
    pub fn corrected(&self, as_landlord: f64, farmer_side: f64, state: &GameState) -> (f64, f64) {
        let stake = NetValue::stake(state.scoring);
        let as_landlord = as_landlord + self.landlord.estimate() * stake;
        let farmer_side = farmer_side + self.farmers.estimate() * stake;
        let pass = self.taken.estimate()
            * self.base.estimate()
            * farmer_share(state.scoring)
            * farmer_side;
        (as_landlord, pass)
    }

    /// Games it learned from, as the landlord and as a farmer.
    #[must_use]
    pub fn games(&self) -> (u32, u32) {
        (self.landlord.count(), self.farmers.count())
    }
}

/// Our hand as dealt (17 cards): what we hold and played, the bottom taken out when we were
/// the landlord.
fn dealt_hand(state: &GameState, landlord: Seat) -> crate::cards::Cards {
    let held = state.hand.or(state.played[state.me]);
    if landlord == state.me {
        held.minus(state.bottom)
    } else {
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::table::deals::Deal;
    use crate::cards::Cards;
    use crate::game::{Outcome, Scoring, Tally};
    use crate::strategy::thinker::{Bidder, Thinker, ThinkerSettings};
    use crate::strategy::Strategy;
    use crate::time::Deadline;

    /// A plain game's plays: both sides played more than once (no spring), no bomb.
    const PLAIN: Tally = Tally {
        bombs: 0,
        rocket: false,
        landlord_plays: 5,
        farmer_plays: 5,
    };

    /// Deal `i`'s game from seat A's side, finished: `landlord` took the bottom at `base`,
    /// A bid `our_bid`, and `landlord_won` says who emptied their hand.
    fn finished(
        i: u64,
        landlord: Seat,
        base: u8,
        our_bid: u8,
        landlord_won: bool,
    ) -> (GameState, Ending) {
        let deal = Deal::seeded(7, i);
        let mut state = GameState::new(Seat::A, deal.hands[Seat::A]);
        state.bids[Seat::A] = Some(our_bid);
        if landlord == Seat::A {
            state.hand = state.hand.or(deal.bottom);
        }
        state.landlord = Some(landlord);
        state.bottom = deal.bottom;
        // Part of the hand played: the dealt hand must still be read back whole.
        let played: Cards = state.hand.codes().take(5).collect();
        state.played[Seat::A] = played;
        state.hand = state.hand.minus(played);
        let winner = if landlord_won {
            landlord
        } else {
            landlord.next()
        };
        let ending = Ending::Played(Outcome::new(landlord, base, winner, PLAIN));
        (state, ending)
    }

    fn net() -> BidNet {
        BidNet::from_file_or_embedded(None)
    }

    #[test]
    fn the_hand_dealt_is_read_back_from_a_finished_game() {
        for landlord in Seat::ALL {
            let (state, _) = finished(3, landlord, 1, 0, true);
            assert_eq!(
                dealt_hand(&state, landlord),
                Deal::seeded(7, 3).hands[Seat::A]
            );
        }
    }

    /// A table where our landlord wins `rate` of its games and our farmers `farm` of theirs:
    /// after `games` games of each, each edge is within `tolerance` stakes of the table's true
    /// edge on those very hands (the mean of what happened less what the network said), and
    /// the shrinkage toward 0 is exactly the prior's weight.
    #[test]
    fn the_edges_converge_to_a_tables_known_win_rates() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mut net = net();
        for &(rate, farm) in &[(0.8, 0.9), (0.2, 0.3), (0.5, 0.5)] {
            let mut table = TableEstimate::default();
            let games = 400;
            let (mut truth_l, mut truth_f) = (0.0, 0.0);
            for i in 0..games {
                // Our landlord: wins with `rate` (a plain game: ±1 stake).
                let (state, ending) = finished(i, Seat::A, 3, 3, rng.f64() < rate);
                let hand = dealt_hand(&state, Seat::A).counts();
                let said = net
                    .value(hand, Role::Landlord)
                    .landlord_points(Scoring::Official, 1)
                    / NetValue::stake(Scoring::Official);
                truth_l += (2.0 * rate - 1.0) - said;
                table.learn(&state, &ending, &mut net);
                // Our farmers against B: win with `farm`.
                let (state, ending) = finished(i + 10_000, Seat::B, 2, 0, rng.f64() >= farm);
                let hand = dealt_hand(&state, Seat::B).counts();
                let said = -net
                    .value(hand, Role::of(Seat::A, Seat::B))
                    .landlord_points(Scoring::Official, 1)
                    / NetValue::stake(Scoring::Official);
                truth_f += (2.0 * farm - 1.0) - said;
                table.learn(&state, &ending, &mut net);
            }
            let n = games as f64;
            // The expected estimate after n games: the true mean shrunk by n / (n + prior).
            let shrink = n / (n + PRIOR_GAMES);
            let (want_l, want_f) = (truth_l / n * shrink, truth_f / n * shrink);
            // 400 games of ±1 stake: a standard error of at most 0.05 stakes; 4 of them.
            let tolerance = 0.2;
            assert!(
                (table.landlord.estimate() - want_l).abs() < tolerance,
                "{} vs {}",
                table.landlord.estimate(),
                want_l
            );
            assert!(
                (table.farmers.estimate() - want_f).abs() < tolerance,
                "{} vs {}",
                table.farmers.estimate(),
                want_f
            );
            assert_eq!(table.games(), (games as u32, games as u32));
            // Every pass of ours was taken, at base 2.
            assert_eq!(table.taken.count(), games as u32);
            assert!(table.taken.estimate() > super::super::PASS_TAKEN);
            assert!((table.base.estimate() - 2.0).abs() < 0.1);
        }
    }

    #[test]
    fn a_deal_nobody_bid_counts_as_a_pass_not_taken() {
        let mut table = TableEstimate::default();
        let deal = Deal::seeded(7, 1);
        let mut state = GameState::new(Seat::A, deal.hands[Seat::A]);
        state.bids = crate::game::BySeat([Some(0); 3]);
        table.learn(&state, &Ending::NoBid, &mut net());
        assert_eq!(table.taken.count(), 1);
        assert!(table.taken.estimate() < super::super::PASS_TAKEN);
        assert_eq!(table.games(), (0, 0));
    }

    /// Before any game `bid = table` is `bid = net`, bid for bid, on many hands and seats
    /// (the prior moves nothing); after games that show a strong landlord edge it bids more.
    #[test]
    fn before_any_game_the_table_bids_as_the_bid_network() {
        let settings = |bidder| ThinkerSettings {
            bidder,
            ..ThinkerSettings::default()
        };
        let mut plain = Thinker::new(settings(Bidder::Net));
        let mut table = Thinker::new(settings(Bidder::Table));
        let deadline = Deadline::unlimited();
        let mut bids = [0u32; 4];
        for i in 0..300 {
            let deal = Deal::seeded(11, i);
            let me = Seat::ALL[(i % 3) as usize];
            let mut state = GameState::new(me, deal.hands[me]);
            for s in Seat::ALL.iter().take(me.index()) {
                state.bids[*s] = Some((i % 2) as u8);
            }
            let b = plain.bid(&state, deadline);
            assert_eq!(table.bid(&state, deadline), b, "deal {}", i);
            bids[b as usize] += 1;
        }
        // Not one answer everywhere: the comparison saw passes and bids.
        assert!(
            bids[0] > 0 && bids[1..].iter().sum::<u32>() > 0,
            "{:?}",
            bids
        );
        // A table where our landlord always won big: more bids than before.
        for i in 0..20 {
            let (state, ending) = finished(1000 + i, Seat::A, 1, 1, true);
            table.game_over(&state, &ending);
        }
        let (mut before, mut after) = (0, 0);
        for i in 0..300 {
            let deal = Deal::seeded(11, i);
            let state = GameState::new(Seat::A, deal.hands[Seat::A]);
            before += u32::from(plain.bid(&state, deadline) > 0);
            after += u32::from(table.bid(&state, deadline) > 0);
        }
        assert!(after > before, "{} bids, {} before", after, before);
        // A new table forgets.
        table.new_table();
        for i in 0..50 {
            let deal = Deal::seeded(11, i);
            let state = GameState::new(Seat::A, deal.hands[Seat::A]);
            assert_eq!(table.bid(&state, deadline), plain.bid(&state, deadline));
        }
    }
}
