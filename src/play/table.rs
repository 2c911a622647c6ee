//! A person's table: the person's seat among the opponents, started and greeted once, and each
//! deal played on the arena's referee (the arena's deals and game seeds for the seed, so a
//! session plays again). `ddz play`'s session and each of `ddz serve`'s games are driven by it.

use super::setup::PlaySettings;
use crate::arena::game_seed;
use crate::arena::make_player;
use crate::arena::table::players::{greet, Player};
use crate::arena::table::referee::{play_game, GameRecord, GameSlot};
use crate::arena::wire::json::GameLine;
use crate::game::deal::Deal;
use crate::game::{BySeat, Seat};

/// An opponent that could not be seated: its spec, its seat, and why (a spec refused, or a
/// program that did not start or greet).
#[derive(Debug)]
pub(crate) struct SeatError {
    /// The opponent's spec as given.
    pub(crate) spec: String,
    /// Its seat.
    pub(crate) seat: Seat,
    /// Why.
    pub(crate) why: Box<dyn std::error::Error + Send + Sync>,
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the opponent '{}' at {}: {}",
            self.spec, self.seat, self.why
        )
    }
}

impl std::error::Error for SeatError {}

/// The three players of a person's games.
pub(crate) struct Table {
    players: BySeat<Box<dyn Player>>,
    names: [String; 3],
    settings: PlaySettings,
}

impl Table {
    /// Seats `person` at the settings' seat and starts and greets an opponent in each other
    /// seat; `Err` says which opponent did not start, and why.
    pub(crate) fn seat(
        settings: &PlaySettings,
        person: Box<dyn Player>,
    ) -> Result<Table, SeatError> {
        let specs = settings.specs();
        let rules = settings.rules();
        let mut person = Some(person);
        let mut seated: Vec<Box<dyn Player>> = Vec::with_capacity(3);
        for (seat, spec) in Seat::ALL.iter().zip(&specs) {
            if *seat == settings.seat {
                seated.extend(person.take());
                continue;
            }
            let refused = |why| SeatError {
                spec: spec.clone(),
                seat: *seat,
                why,
            };
            let parsed = spec.parse().map_err(|e| refused(Box::new(e)))?;
            let mut started = make_player(&parsed, settings.hosting());
            greet(started.as_mut(), rules.time).map_err(|e| refused(Box::new(e)))?;
            seated.push(started);
        }
        let players = match seated.try_into() {
            Ok(p) => p,
            Err(_) => unreachable!("three seats were filled"),
        };
        Ok(Table {
            players: BySeat(players),
            names: settings.names(),
            settings: settings.clone(),
        })
    }

    /// The players' labels, A, B, C, as the game log names them.
    #[must_use]
    pub(crate) fn names(&self) -> &[String; 3] {
        &self.names
    }

    /// Plays the deal numbered `deal` of the settings' seed: the referee's record and the game
    /// log's line of it.
    pub(crate) fn play(&mut self, deal: usize) -> (GameRecord, GameLine) {
        let seed = self.settings.seed;
        let record = play_game(
            &mut self.players,
            &self.settings.rules(),
            &Deal::seeded(seed, deal as u64),
            GameSlot {
                deal_index: deal,
                seating: 0,
                lineup: BySeat([0, 1, 2]),
                seed: game_seed(seed, deal, 0),
            },
        );
        let line = GameLine::new(&record, &self.names);
        (record, line)
    }

    /// Ends the players (the engines' programs stop).
    pub(crate) fn finish(&mut self) {
        for p in self.players.values_mut() {
            p.finish();
        }
    }
}
