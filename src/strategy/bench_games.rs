//! The bench's fixed games: seeded deals played by the rule player in every seat, and moments
//! of them (the open-hand position and each seat's view) that `ddz bench` times the solver, the
//! sampler and the networks on, and that the tests and the thinker's checks take positions from.

use crate::cards::Cards;
use crate::rules::Combo;

/// The bench's seed: changing it changes every position and the node count.
pub(crate) const SEED: u64 = 0x00dd_2015;

/// Sizes (cards in the three hands together) at which the bench's solve section takes its
/// positions ([`self_play_positions`]).
pub(crate) const SOLVE_SIZES: [u32; 6] = [15, 20, 25, 30, 40, 54];

/// A moment of a bench self-play game: the size it was taken for, the open-hand position and
/// each seat's own view of the game.
pub struct Moment {
    /// The [`SOLVE_SIZES`] entry this moment stands for.
    pub(crate) size: u32,
    /// All hands, as the solver sees them.
    pub(crate) position: crate::search::SolverPosition,
    /// Each seat's view (what the engine in that seat would know).
    pub views: Vec<crate::game::GameState>,
}

/// One game of rule players from a bench deal (seat A the landlord), and for each of
/// [`SOLVE_SIZES`] the first moment whose hands hold at most that many cards together.
pub fn self_play_positions(deal: usize) -> Vec<Moment> {
    use crate::game::{BySeat, GameState, Seat};
    use crate::search::{Policy, SolverPosition};
    use crate::strategy::rules_player::RulesPlayer;
    let mut rng = fastrand::Rng::with_seed(SEED ^ 0x501e ^ deal as u64);
    let mut deck: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut deck);
    let hand = |codes: &[u8]| codes.iter().copied().collect::<Cards>();
    let bottom = hand(&deck[51..54]);
    let mut states: Vec<GameState> = Seat::ALL
        .iter()
        .map(|&s| {
            let mut st = GameState::new(s, hand(&deck[17 * s.index()..17 * s.index() + 17]));
            st.set_landlord(Seat::A, bottom).expect("fresh deal");
            st
        })
        .collect();
    let mut player = RulesPlayer::new();
    let mut out = Vec::new();
    let mut seat = Seat::A;
    let mut sizes = SOLVE_SIZES.iter().rev().peekable();
    while states[0].winner().is_none() {
        let hands = BySeat::from_fn(|s| states[s.index()].hand.counts());
        let total: u32 = hands.0.iter().map(|h| h.total()).sum();
        while let Some(&&n) = sizes.peek() {
            if total > n {
                break;
            }
            let last = states[0].last;
            let position =
                SolverPosition::new(hands, Seat::A, seat, last).expect("a game in progress");
            out.push(Moment {
                size: n,
                position,
                views: states.clone(),
            });
            sizes.next();
        }
        let combo = player.choose(&states[seat.index()]);
        record_everywhere(&mut states, seat, &combo);
        seat = seat.next();
    }
    out
}

/// `seat`'s play (from its own hand) recorded in every seat's view of a bench game.
pub(crate) fn record_everywhere(
    states: &mut [crate::game::GameState],
    seat: crate::game::Seat,
    combo: &Combo,
) {
    let cards = if combo.is_pass() {
        None
    } else {
        states[seat.index()].hand.pick(combo.cards)
    };
    for st in states.iter_mut() {
        st.record_play(seat, cards)
            .expect("the player plays legally");
    }
}
