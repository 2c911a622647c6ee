//! Bidding by the bid network: the expected score of each bid against passing.

use crate::game::round::landlord_of;
use crate::game::{GameState, Seat};
use crate::strategy::networks::features::Role;
use crate::strategy::networks::{BidNet, NetValue};

/// The bid network's values of our hand at base 1: as the landlord, and as the farmer after
/// the landlord and the one before it.
pub(crate) fn hand_values(net: &mut BidNet, state: &GameState) -> (NetValue, [NetValue; 2]) {
    let hand = state.hand.counts();
    let landlord = net.value(hand, Role::Landlord);
    (
        landlord,
        [net.value(hand, Role::Down), net.value(hand, Role::Up)],
    )
}

/// Our expected score as the landlord at base 1 and our side's when we pass (another seat
/// usually becomes the landlord: [`PASS_TAKEN`] of the time at base [`PASS_BASE`], and we play
/// the hand as a farmer; where we bid last, what the other bids settle: [`pass_value`]), both
/// in the scoring rule's points, from the bid network's values of our hand ([`hand_values`]).
#[must_use]
pub(crate) fn plain_values(
    landlord: &NetValue,
    as_farmer: &[NetValue; 2],
    state: &GameState,
) -> (f64, f64) {
    let points = |v: &NetValue| v.landlord_points(state.scoring, 1);
    let farmer_side = [-points(&as_farmer[0]), -points(&as_farmer[1])];
    let pass = pass_value(state, farmer_side, PASS_TAKEN, PASS_BASE);
    (points(landlord), pass)
}

/// The bid that the values of our hand call for: `as_landlord`, the expected score of becoming
/// the landlord at base 1, and `pass`, our side's expected score when we pass (both in the
/// scoring rule's points). The best legal bid is made when it beats passing by more than
/// `margin` stakes (`bid-margin`).
#[must_use]
pub(crate) fn choose_bid(
    state: &GameState,
    as_landlord: f64,
    pass: f64,
    win_chance: f64,
    margin: f64,
) -> NetBid {
    let legal: Vec<u8> = (1..=3).filter(|&b| state.bid_is_legal(b)).collect();
    let best = if as_landlord >= 0.0 {
        legal.last()
    } else {
        legal.first()
    };
    let stake = NetValue::stake(state.scoring);
    let bid = match best {
        Some(&b) if f64::from(b) * as_landlord - pass > margin * stake => b,
        _ => 0,
    };
    NetBid {
        value: as_landlord,
        pass,
        win_chance,
        bid,
    }
}

/// What our pass leads to, where nobody bids after us: every seat bids once, in the order A, B,
/// C (SPEC), so C's pass settles the deal, and a seat before it cannot know what C will bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AfterPass {
    /// The landlord and its base, as the variant settles the bids with our pass
    /// ([`landlord_of`]).
    Landlord(Seat, u8),
    /// Nobody bid, and the variant plays no such deal: it scores nothing.
    NoGame,
}

impl AfterPass {
    /// What our pass leads to, when we bid last and both other bids are known; `None` when a seat
    /// bids after us.
    #[must_use]
    pub(crate) fn of(state: &GameState) -> Option<AfterPass> {
        if state.me != Seat::C || state.bids[Seat::A].is_none() || state.bids[Seat::B].is_none() {
            return None;
        }
        let heard = |seat| (seat, state.bids[seat].unwrap_or(0));
        let bids = [heard(Seat::A), heard(Seat::B), (Seat::C, 0)];
        Some(match landlord_of(state.platform, &bids) {
            Some((seat, bid)) => AfterPass::Landlord(seat, bid),
            None => AfterPass::NoGame,
        })
    }
}

/// Our side's expected score when we pass, in the scoring rule's points: `farmer_side` is our
/// side's expected score as the farmer after the landlord and as the one before it (at base 1,
/// in the landlord's points), `taken` and `base` how often another seat takes a passed deal and
/// at what base. Where our pass settles the deal ([`AfterPass`]) the landlord, its base and our
/// seat beside it are known, and `taken` and `base` are not used.
#[must_use]
pub(crate) fn pass_value(state: &GameState, farmer_side: [f64; 2], taken: f64, base: f64) -> f64 {
    let share = farmer_share(state.scoring);
    match AfterPass::of(state) {
        Some(AfterPass::NoGame) => 0.0,
        Some(AfterPass::Landlord(landlord, bid)) => {
            let side = match Role::of(state.me, landlord) {
                Role::Up => farmer_side[1],
                _ => farmer_side[0],
            };
            f64::from(bid) * share * side
        }
        None => taken * base * share * (farmer_side[0] + farmer_side[1]) / 2.0,
    }
}

/// When we pass (and a seat bids after us), how often another seat becomes the landlord, as
/// measured in self-play with the value thresholds (docs/figures.md, "Bidding").
pub(crate) const PASS_TAKEN: f64 = 0.974;

/// And at what base, on average, in the same games.
pub(crate) const PASS_BASE: f64 = 2.91;

/// A farmer's share of the landlord's stake: by the official rule each farmer pays or gets half
/// of what the landlord gets or pays; by the team rule the points go to a side whole.
#[must_use]
pub(crate) fn farmer_share(scoring: crate::game::Scoring) -> f64 {
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
    pub(crate) win_chance: f64,
    /// The bid chosen.
    pub bid: u8,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::deal::Deal;
    use crate::named::Named;
    use crate::rules::Platform;

    /// Seat `me`'s state of deal `i` with the bids `bids` heard (A's first), on `platform`.
    fn bidding(i: u64, me: Seat, bids: &[u8], platform: Platform) -> GameState {
        let deal = Deal::seeded(13, i);
        let mut state = GameState::new(me, deal.hands[me]);
        state.platform = platform;
        for (seat, &b) in Seat::ALL.iter().zip(bids) {
            state.bids[*seat] = Some(b);
        }
        state
    }

    #[test]
    fn the_last_seat_knows_what_its_pass_leads_to() {
        let of = |me, bids: &[u8], platform| AfterPass::of(&bidding(0, me, bids, platform));
        let official = Platform::Canonical;
        assert_eq!(
            of(Seat::C, &[2, 0], official),
            Some(AfterPass::Landlord(Seat::A, 2))
        );
        assert_eq!(
            of(Seat::C, &[1, 2], official),
            Some(AfterPass::Landlord(Seat::B, 2))
        );
        assert_eq!(of(Seat::C, &[0, 0], official), Some(AfterPass::NoGame));
        // When all pass, each variant's own rule of such a deal (Botzone's: A at stake 1).
        for &(_, platform) in Platform::NAMES {
            let passes = [(Seat::A, 0), (Seat::B, 0), (Seat::C, 0)];
            let settled = landlord_of(platform, &passes).map(|(s, b)| AfterPass::Landlord(s, b));
            assert_eq!(
                of(Seat::C, &[0, 0], platform),
                settled.or(Some(AfterPass::NoGame))
            );
        }
        // A seat bids after A and B, and C does not yet know B's bid.
        assert_eq!(of(Seat::A, &[], official), None);
        assert_eq!(of(Seat::B, &[1], official), None);
        assert_eq!(of(Seat::C, &[1], official), None);
    }

    /// The pass of the last seat valued from the bid network's values of its hand in the one
    /// farmer's seat its pass leaves it (C before A, after B), at the bid that stands; nothing
    /// where nobody bid; the seats before it keep the average over both seats at the usual
    /// base.
    #[test]
    fn the_last_seats_pass_is_valued_by_what_it_settles() {
        let mut net = BidNet::from_file_or_embedded(None);
        let mut pass_of = |state: &GameState| {
            let (landlord, as_farmer) = hand_values(&mut net, state);
            plain_values(&landlord, &as_farmer, state).1
        };
        let mut net = BidNet::from_file_or_embedded(None);
        let share = farmer_share(crate::game::Scoring::Official);
        let ours = |net: &mut BidNet, state: &GameState, role| {
            -net.value(state.hand.counts(), role)
                .landlord_points(state.scoring, 1)
        };
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * (1.0 + b.abs());
        let mut differ = 0;
        for i in 0..50 {
            let state = bidding(i, Seat::C, &[2, 0], Platform::Canonical);
            let pass = pass_of(&state);
            assert!(close(pass, 2.0 * share * ours(&mut net, &state, Role::Up)));
            let other = 2.0 * share * ours(&mut net, &state, Role::Down);
            differ += u32::from(!close(pass, other));

            let state = bidding(i, Seat::C, &[0, 1], Platform::Canonical);
            let pass = pass_of(&state);
            assert!(close(pass, share * ours(&mut net, &state, Role::Down)));

            let state = bidding(i, Seat::C, &[0, 0], Platform::Canonical);
            assert_eq!(pass_of(&state), 0.0);

            let state = bidding(i, Seat::C, &[0, 0], Platform::Botzone);
            let pass = pass_of(&state);
            assert!(close(pass, share * ours(&mut net, &state, Role::Up)));

            let state = bidding(i, Seat::B, &[0], Platform::Canonical);
            let average =
                (ours(&mut net, &state, Role::Down) + ours(&mut net, &state, Role::Up)) / 2.0;
            let pass = pass_of(&state);
            assert!(close(pass, PASS_TAKEN * PASS_BASE * share * average));
        }
        // The two farmer's seats are valued apart: which one the pass leaves us matters.
        assert!(differ > 40, "{}", differ);
    }
}
