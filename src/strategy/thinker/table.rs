//! What the table is worth: how the engine fares against the seats of this match, learned from
//! the games it saw end, beside what the bid network predicted for its hands.
//!
//! The bid network was trained on self-play, so it values a hand as if the other seats played
//! as the engine does. Against a weaker table our landlord wins far more than it says, and
//! against a stronger one less (docs/figures.md, "What the table's estimate rests on"). The
//! table's **edge** is that difference, for each side, as a shift of the
//! network's win chance on the log-odds scale over an equal table's (self-play's, bids
//! included: [`EQUAL_TABLE`]): at this table a hand the network gives a chance p wins with
//! chance σ(logit p + e + δ), where an equal table gives σ(logit p + e). A shift, not a
//! constant added to every hand's value, because a weak table turns even hands into wins but
//! not hopeless ones, which stay not worth a bid.
//!
//! - as the landlord: δ of our landlord's wins against the network's chance for our dealt hand
//!   as the landlord;
//! - as a farmer: δ of our side's wins when another seat is the landlord, against the network's
//!   chance for our hand in that farmer's seat.
//!
//! Each δ is the maximum a posteriori of a logistic model with a normal prior centred on 0
//! (the table is as strong as us: self-play) of standard deviation [`PRIOR_SHIFT`], fitted to
//! that side's own games. A win is worth the table's own stakes a game for that side (the
//! multiplier, shrunk toward self-play's). Beside them, what passing leads to at this table:
//! how often another seat takes the deal when we pass, and at what base, each shrunk toward the
//! self-play figures the bidder has always used ([`PASS_TAKEN`], [`PASS_BASE`]).
//! Before any game every estimate is its prior and moves nothing: the bids are exactly the bid
//! network's.
//!
//! The prior once correlated the two sides' shifts, so that where we are nearly always the
//! farmers our farmers' games taught our landlord's edge too; it measured no different from
//! its absence and was retired (docs/figures.md, "Retired settings").

use super::bid::{pass_value, AfterPass, PASS_BASE, PASS_TAKEN};
use crate::game::{GameState, Outcome, Seat};
use crate::strategy::networks::features::Role;
use crate::strategy::networks::{BidNet, NetValue};
use crate::strategy::player::Ending;

/// An equal table's shifts over the bid network's chances, the landlord's and the farmers':
/// what self-play with bidding gives. The network learned from games without bidding (each seat
/// the landlord in turn: learning.md), so where seats bid, our farmers meet landlords who chose
/// their hands and win less than it says, and our landlord meets farmers who passed. Fitted
/// (maximum likelihood, no prior) to the games of `ddz arena --alone "ddz --samples 16 --bid
/// table" builtin:ddz:samples=16 --games 300 --seed 26 --match-deals 25` by a build that printed
/// each game's chance and outcome and bid as the network does (docs/figures.md, "An equal
/// table's shifts"). The table's edge is over these, so a table like self-play moves no bid:
/// measured without them, the estimate learned the farmers' shift as a stronger table's.
pub(crate) const EQUAL_TABLE: (f64, f64) = (-0.07, -0.37);

/// The prior's standard deviation of a side's shift, in log-odds. The tables we can run
/// spread over 0 (self-play) to about +1.9 (the outside engines: docs/figures.md, "What the
/// table's estimate rests on"), so 1 covers them without letting one game move the estimate far: a game's outcome carries at
/// most a quarter of a unit of information (p(1 − p)), so the prior weighs as much as about four
/// even games.
pub(crate) const PRIOR_SHIFT: f64 = 1.0;

/// The prior's weight, in passes, of how often another seat takes the deal when we pass and
/// at what base: these move slowly with the table (an engine that bids 3 on every hand, or
/// one that passes all but strong hands), so a few passes say little.
pub(crate) const PRIOR_PASSES: f64 = 8.0;

/// Self-play's stakes per decided game (the score's multiplier, spring included), the prior of
/// a table's; the outside engines bomb about as often (docs/figures.md, "What the table's
/// estimate rests on").
pub(crate) const SELF_PLAY_MULTIPLIER: f64 = 1.5;

/// The prior's weight, in games, of a table's multiplier.
pub(crate) const PRIOR_MULTIPLIER_GAMES: f64 = 8.0;

/// A mean shrunk toward a prior value: `prior` weighs `weight` observations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Shrunk {
    prior: f64,
    weight: f64,
    sum: f64,
    count: u32,
}

impl Shrunk {
    /// No observation yet: the estimate is `prior`.
    #[must_use]
    pub(crate) const fn new(prior: f64, weight: f64) -> Shrunk {
        Shrunk {
            prior,
            weight,
            sum: 0.0,
            count: 0,
        }
    }

    /// Counts one observation.
    pub(crate) fn add(&mut self, x: f64) {
        self.sum += x;
        self.count += 1;
    }

    /// The posterior mean: `(prior × weight + sum) / (weight + count)`.
    #[must_use]
    pub(crate) fn estimate(&self) -> f64 {
        (self.prior * self.weight + self.sum) / (self.weight + f64::from(self.count))
    }

    /// The observations counted.
    #[must_use]
    pub(crate) fn count(&self) -> u32 {
        self.count
    }
}

/// A side's games and the shift that best explains them ([module doc](self)): the chance of
/// each at an equal table (the network's log-odds, clamped to ±[`MOST_LOGIT`], moved by
/// `equal`, this side's [`EQUAL_TABLE`] shift) and whether it was won.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Shift {
    equal: f64,
    games: Vec<(f64, bool)>,
    delta: f64,
}

/// The log-odds of chances past 0.01 or 0.99 are taken at those: the network is never that sure
/// of a hand, and one surprising game must not weigh without end.
const MOST_LOGIT: f64 = 4.6;

fn logit(p: f64) -> f64 {
    (p / (1.0 - p)).ln().clamp(-MOST_LOGIT, MOST_LOGIT)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Shift {
    /// No game yet, at a side whose equal table's shift over the network is `equal`.
    #[must_use]
    pub(crate) fn over_equal(equal: f64) -> Shift {
        Shift {
            equal,
            ..Shift::default()
        }
    }

    /// Counts a game played at chance `chance` (the network's) and `won` or lost, and fits the
    /// shift again: the maximum a posteriori under the prior of standard deviation
    /// [`PRIOR_SHIFT`] (Newton's method on the log posterior, concave: a few steps converge).
    fn record(&mut self, chance: f64, won: bool) {
        self.games.push((logit(chance) + self.equal, won));
        let precision = 1.0 / (PRIOR_SHIFT * PRIOR_SHIFT);
        let mut delta = self.delta;
        for _ in 0..50 {
            let (gradient, curvature) = self.slope(delta);
            let step = (gradient - precision * delta) / (curvature - precision);
            delta -= step;
            if step.abs() < 1e-9 {
                break;
            }
        }
        self.delta = delta;
    }

    /// The log-likelihood's gradient and curvature at a shift of `delta`.
    fn slope(&self, delta: f64) -> (f64, f64) {
        let (mut gradient, mut curvature) = (0.0, 0.0);
        for &(l, y) in &self.games {
            let p = sigmoid(l + delta);
            gradient += f64::from(u8::from(y)) - p;
            curvature -= p * (1.0 - p);
        }
        (gradient, curvature)
    }

    /// The shift over an equal table's: 0 before any game.
    #[must_use]
    pub(crate) fn delta(&self) -> f64 {
        self.delta
    }

    /// Games counted.
    #[must_use]
    pub(crate) fn count(&self) -> u32 {
        self.games.len() as u32
    }

    /// How much more a hand the network gives `chance` wins at this table than at an equal
    /// one: exactly 0 while the shift is 0.
    #[must_use]
    pub(crate) fn gain(&self, chance: f64) -> f64 {
        if self.delta == 0.0 {
            0.0
        } else {
            let equal = logit(chance) + self.equal;
            sigmoid(equal + self.delta) - sigmoid(equal)
        }
    }
}

/// What the games of this table have shown ([module doc](self)).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TableEstimate {
    /// Our landlord's shift over the bid network's chance.
    pub(crate) landlord: Shift,
    /// Our farmers' shift over the bid network's chance for our side.
    pub(crate) farmers: Shift,
    /// Stakes per decided game at this table when we are the landlord: a side's games differ
    /// (docs/figures.md, "What the table's estimate rests on").
    pub(crate) landlord_stakes: Shrunk,
    /// And when another seat is.
    pub(crate) farmer_stakes: Shrunk,
    /// When we passed: 1 when another seat became the landlord, 0 when nobody bid.
    pub(crate) taken: Shrunk,
    /// When we passed and another seat became the landlord: the base it played for.
    pub(crate) base: Shrunk,
}

impl Default for TableEstimate {
    fn default() -> TableEstimate {
        TableEstimate {
            landlord: Shift::over_equal(EQUAL_TABLE.0),
            farmers: Shift::over_equal(EQUAL_TABLE.1),
            landlord_stakes: Shrunk::new(SELF_PLAY_MULTIPLIER, PRIOR_MULTIPLIER_GAMES),
            farmer_stakes: Shrunk::new(SELF_PLAY_MULTIPLIER, PRIOR_MULTIPLIER_GAMES),
            taken: Shrunk::new(PASS_TAKEN, PRIOR_PASSES),
            base: Shrunk::new(PASS_BASE, PRIOR_PASSES),
        }
    }
}

impl TableEstimate {
    /// Learns from a game seen to its end: `state` as the tracker left it, `net` the bid
    /// network that values our dealt hand.
    pub(crate) fn learn(&mut self, state: &GameState, ending: &Ending, net: &mut BidNet) {
        // What a pass of ours leads to is learned where a seat bid after it: a pass that
        // settled the deal ([`AfterPass`]) was valued by what it settled.
        let passed = state.bids[state.me] == Some(0) && AfterPass::of(state).is_none();
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
        let role = Role::of(state.me, outcome.landlord);
        let landlord_chance = net.value(hand, role).landlord_win_chance();
        let landlord_won = outcome.winner == outcome.landlord;
        let stakes = stakes(outcome, state.scoring).abs();
        if role == Role::Landlord {
            self.landlord.record(landlord_chance, landlord_won);
            self.landlord_stakes.add(stakes);
        } else {
            self.farmers.record(1.0 - landlord_chance, !landlord_won);
            self.farmer_stakes.add(stakes);
        }
    }

    /// The bid network's values of our hand at this table, in points at base 1: `landlord`
    /// its value as the landlord, `as_farmer` in the seats after and before the landlord.
    /// Gives our value as the landlord and our side's when we pass ([`pass_value`], at how
    /// often this table takes a pass of ours and at what base), each win chance shifted by the
    /// table's edge and a changed chance worth the table's stakes per game.
    #[must_use]
    pub(crate) fn corrected(
        &self,
        landlord: &NetValue,
        as_farmer: &[NetValue; 2],
        state: &GameState,
    ) -> (f64, f64) {
        let scoring = state.scoring;
        let stake = NetValue::stake(scoring);
        // A win instead of a loss: two of the side's stakes a game.
        let landlord_win = 2.0 * self.landlord_stakes.estimate() * stake;
        let farmer_win = 2.0 * self.farmer_stakes.estimate() * stake;
        let p = landlord.landlord_win_chance();
        let as_landlord =
            landlord.landlord_points(scoring, 1) + self.landlord.gain(p) * landlord_win;
        let farmer_side = |v: &NetValue| {
            let q = 1.0 - v.landlord_win_chance();
            -v.landlord_points(scoring, 1) + self.farmers.gain(q) * farmer_win
        };
        let pass = pass_value(
            state,
            [farmer_side(&as_farmer[0]), farmer_side(&as_farmer[1])],
            self.taken.estimate(),
            self.base.estimate(),
        );
        (as_landlord, pass)
    }
}

/// The landlord's stakes in a game (its score at base 1 in stakes): ± the multiplier.
fn stakes(outcome: &Outcome, scoring: crate::game::Scoring) -> f64 {
    f64::from(outcome.landlord_value(scoring))
        / (NetValue::stake(scoring) * f64::from(outcome.base.max(1)))
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
    use crate::cards::Cards;
    use crate::game::deal::Deal;
    use crate::game::{Outcome, Tally};
    use crate::strategy::thinker::bid::{hand_values, plain_values};

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

    /// Synthetic tables of known edges: each game's outcome drawn with the chance the network
    /// gives the hand dealt at an equal table ([`EQUAL_TABLE`]), shifted by the table's true δ
    /// ((0, 0): an equal table). After 300 games of each side the estimates are within 0.3 of
    /// the truth (a game of chance p carries p(1 − p) of information, about 0.2 here: a
    /// standard error of about 0.1 over 300 games, and the prior's pull of 1 / (1 + 60) toward
    /// 0), and the stakes a game are what the games were played for.
    #[test]
    fn the_shifts_converge_to_a_tables_known_edges() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mut net = net();
        for &(truth_l, truth_f) in &[(1.9, 1.2), (-1.0, 0.5), (0.0, 0.0)] {
            let mut table = TableEstimate::default();
            let games = 300;
            for i in 0..games {
                let hand = Deal::seeded(7, i).hands[Seat::A].counts();
                let p = net.value(hand, Role::Landlord).landlord_win_chance();
                let won = rng.f64() < sigmoid(logit(p) + EQUAL_TABLE.0 + truth_l);
                let (state, ending) = finished(i, Seat::A, 3, 3, won);
                table.learn(&state, &ending, &mut net);
                // Our farmers against B (A plays right before B: the landlord's Up).
                let hand = Deal::seeded(7, i + 10_000).hands[Seat::A].counts();
                let q = 1.0
                    - net
                        .value(hand, Role::of(Seat::A, Seat::B))
                        .landlord_win_chance();
                let farmers_won = rng.f64() < sigmoid(logit(q) + EQUAL_TABLE.1 + truth_f);
                let (state, ending) = finished(i + 10_000, Seat::B, 2, 0, !farmers_won);
                table.learn(&state, &ending, &mut net);
            }
            let (l, f) = (table.landlord.delta(), table.farmers.delta());
            assert!((l - truth_l).abs() < 0.3, "landlord {} vs {}", l, truth_l);
            assert!((f - truth_f).abs() < 0.3, "farmers {} vs {}", f, truth_f);
            assert_eq!(
                (table.landlord.count(), table.farmers.count()),
                (games as u32, games as u32)
            );
            // Plain games: one stake each, the prior's 1.5 nearly forgotten.
            assert!((table.landlord_stakes.estimate() - 1.0).abs() < 0.02);
            assert!((table.farmer_stakes.estimate() - 1.0).abs() < 0.02);
            // Every pass of ours was taken, at base 2.
            assert_eq!(table.taken.count(), games as u32);
            assert!(table.taken.estimate() > PASS_TAKEN);
            assert!((table.base.estimate() - 2.0).abs() < 0.1);
        }
    }

    /// The shift moves a hopeless hand less than an even one, and nothing before any game.
    #[test]
    fn a_shift_moves_even_chances_most() {
        let mut shift = Shift::over_equal(EQUAL_TABLE.0);
        assert_eq!(shift.gain(0.3), 0.0);
        for _ in 0..10 {
            shift.record(0.4, true);
        }
        let gain = |p: f64| shift.gain(p);
        assert!(shift.delta() > 1.0, "{}", shift.delta());
        assert!(
            gain(0.5) > gain(0.1) && gain(0.1) > gain(0.01),
            "{} {} {}",
            gain(0.5),
            gain(0.1),
            gain(0.01)
        );
    }

    /// A side's shift is the maximum a posteriori of its own games under the prior
    /// N(0, PRIOR_SHIFT²) (found here by bisection on the gradient, not by Newton's steps); the
    /// other side's games do not move it.
    #[test]
    fn a_sides_shift_is_fitted_to_its_own_games() {
        let games = [
            (0.3, true),
            (0.5, true),
            (0.2, false),
            (0.6, true),
            (0.4, true),
        ];
        let mut side = Shift::over_equal(EQUAL_TABLE.1);
        for &(p, won) in &games {
            side.record(p, won);
        }
        let gradient = |d: f64| {
            games
                .iter()
                .map(|&(p, won)| f64::from(u8::from(won)) - sigmoid(logit(p) + EQUAL_TABLE.1 + d))
                .sum::<f64>()
                - d / (PRIOR_SHIFT * PRIOR_SHIFT)
        };
        let (mut lo, mut hi) = (-5.0, 5.0);
        for _ in 0..100 {
            let mid = (lo + hi) / 2.0;
            if gradient(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        assert!((side.delta() - lo).abs() < 1e-6, "{} {}", side.delta(), lo);
        assert!(lo > 0.5, "{}", lo);
        // A table where we are always the farmers: our landlord's edge stays the prior's.
        let mut net = net();
        let mut table = TableEstimate::default();
        for i in 0..12 {
            // We pass at A, B takes it at base 3 and our side wins.
            let (mut state, ending) = finished(300 + i, Seat::B, 3, 0, false);
            state.bids = crate::game::BySeat([Some(0), Some(3), None]);
            table.learn(&state, &ending, &mut net);
        }
        assert_eq!((table.landlord.count(), table.farmers.count()), (0, 12));
        assert!(table.farmers.delta() > 1.0, "{}", table.farmers.delta());
        assert_eq!(table.landlord.delta(), 0.0);
    }

    #[test]
    fn a_deal_nobody_bid_counts_as_a_pass_not_taken() {
        let mut table = TableEstimate::default();
        let deal = Deal::seeded(7, 1);
        let mut state = GameState::new(Seat::A, deal.hands[Seat::A]);
        state.bids = crate::game::BySeat([Some(0); 3]);
        table.learn(&state, &Ending::NoBid, &mut net());
        assert_eq!(table.taken.count(), 1);
        assert!(table.taken.estimate() < PASS_TAKEN);
        assert_eq!((table.landlord.count(), table.farmers.count()), (0, 0));
    }

    /// A pass that settled the deal (the last seat's) says nothing of what a pass leads to
    /// where a seat bids after it: it is not counted; the same pass of a seat before is.
    #[test]
    fn the_last_seats_pass_teaches_nothing_of_passes() {
        let mut table = TableEstimate::default();
        let deal = Deal::seeded(7, 2);
        let mut state = GameState::new(Seat::C, deal.hands[Seat::C]);
        state.bids = crate::game::BySeat([Some(0); 3]);
        table.learn(&state, &Ending::NoBid, &mut net());
        assert_eq!(table.taken.count(), 0);
        let mut state = GameState::new(Seat::B, deal.hands[Seat::B]);
        state.bids = crate::game::BySeat([Some(0); 3]);
        table.learn(&state, &Ending::NoBid, &mut net());
        assert_eq!(table.taken.count(), 1);
    }

    /// Before any game the table's values are the bid network's plain ones to the last bit
    /// (the prior moves nothing: `bid = table` bids as `bid = net`), on many hands and seats;
    /// after games that show a strong landlord edge the landlord's seat is worth more.
    #[test]
    fn before_any_game_the_table_values_as_the_bid_network() {
        let mut net = net();
        let mut table = TableEstimate::default();
        let fresh = TableEstimate::default();
        let states: Vec<GameState> = (0..300)
            .map(|i| {
                let deal = Deal::seeded(11, i);
                let me = Seat::ALL[(i % 3) as usize];
                let mut state = GameState::new(me, deal.hands[me]);
                for s in Seat::ALL.iter().take(me.index()) {
                    state.bids[*s] = Some((i % 2) as u8);
                }
                state
            })
            .collect();
        for state in &states {
            let (landlord, as_farmer) = hand_values(&mut net, state);
            let plain = plain_values(&landlord, &as_farmer, state);
            assert_eq!(fresh.corrected(&landlord, &as_farmer, state), plain);
        }
        // A table where our landlord always won: its seat is worth more than the network says.
        for i in 0..20 {
            let (state, ending) = finished(1000 + i, Seat::A, 1, 1, true);
            table.learn(&state, &ending, &mut net);
        }
        let mut more = 0;
        for state in &states {
            let (landlord, as_farmer) = hand_values(&mut net, state);
            let plain = plain_values(&landlord, &as_farmer, state).0;
            let at_table = table.corrected(&landlord, &as_farmer, state).0;
            assert!(at_table >= plain, "{} {}", at_table, plain);
            more += u32::from(at_table > plain);
        }
        assert!(more > 250, "{} of 300", more);
    }
}
