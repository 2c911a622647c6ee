//! The card core's tests, through its public API as the `ddz` crate and the Python package
//! take it: one module per module of `src/`, one test binary (it links once).

mod common;

mod actions;
mod batch;
mod botzone_variant;
mod cards;
mod combo;
mod deal;
mod encode;
mod legal;
mod near_names;
mod platform;
mod played;
mod round;
mod score;
mod seat;
mod state;
mod tricks;
