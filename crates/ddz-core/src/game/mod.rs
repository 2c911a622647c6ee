//! The game: seats, a deal (seeded, and the platform's `cards.dat` form), what is legal (one
//! definition for every front end), a deal played out ([`Round`]) and a game as the front ends
//! play it ([`Game`]), the state tracker, tricks and the score of a finished game.

pub mod deal;
pub mod legal;
pub mod played;
pub mod round;
pub mod score;
pub mod seat;
pub mod state;
pub mod tricks;

pub use legal::{judge_bid, judge_play, IllegalBid, IllegalPlay};
pub use played::{Action, Game, Refusal};
pub use round::{Phase, Round};
pub use score::{Outcome, ParseScoringError, Scoring, Shown, Tally};
pub use seat::{BySeat, ParseSeatError, Role, Seat};
pub use state::{GameState, Seen, TrackError, Turn};
pub use tricks::trick_numbers;
