//! The team format of the 2019 server (`docs/rules.md`, "The 2019 team format"):
//! two teams, two tables with the same deal and the teams' seats swapped (one team at A and C,
//! the other at B, with a spare process that takes the landlord's teammate's seat), and the
//! team rule: a game's winning side gets base × (1 + bombs + rocket + spring or anti-spring),
//! the losers nothing; after a fault the other team gets min(3 × multiplier, 12). A team's
//! points on a deal, both tables added, are capped at 12; a turn of R deals goes to the team
//! with more points, the match to the team that won more turns.
//!
//! The points are computed from the game records alone (bids, plays, winner, faults), so the
//! figures can be checked against the JSON log.

use crate::arena::table::referee::GameRecord;
use crate::arena::wire::json::TeamLine;
use crate::game::{Outcome, Scoring, Tally};

/// A team's points on one deal, both tables added, are capped at this (SPEC).
pub(crate) const DEAL_CAP: i32 = 12;
/// After a fault the other team gets this many points per unit of the multiplier (SPEC),
/// capped at [`DEAL_CAP`].
pub(crate) const FAULT_POINTS: i32 = 3;
/// Deals per turn unless told: the 2019 server's turns were 8 deals
/// (`platform/icga2019/server-turn01-score.txt`).
pub(crate) const DEFAULT_TURN_DEALS: usize = 8;

/// The points each team (player entries 0 and 1 of `g.lineup`, after any seat swap) got in
/// one game by the team rule.
#[must_use]
pub(crate) fn game_points(g: &GameRecord) -> [i32; 2] {
    let mut points = [0; 2];
    if let Some(fault) = g.errors.iter().find(|e| e.scored) {
        // Before the bottom cards are shown nothing has been played.
        let factor = g
            .landlord
            .map_or(1, |l| Tally::of_plays(l, &g.plays).team_factor());
        let other = 1 - g.lineup[fault.seat].min(1);
        points[other] = (FAULT_POINTS * factor).min(DEAL_CAP);
        return points;
    }
    if let (Some(landlord), Some(winner)) = (g.landlord, g.winner) {
        let outcome = Outcome::of_plays(landlord, g.base, winner, &g.plays);
        let value = outcome.landlord_value(Scoring::Team).abs();
        points[g.lineup[winner].min(1)] = value;
    }
    points
}

/// The team figures of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamScore {
    /// Deals per turn.
    pub(crate) turn_deals: usize,
    /// Each deal's capped points per team, in deal order.
    pub(crate) deals: Vec<[i32; 2]>,
}

impl TeamScore {
    /// No deal yet; turns of `turn_deals` deals.
    #[must_use]
    pub(crate) fn new(turn_deals: usize) -> TeamScore {
        TeamScore {
            turn_deals: turn_deals.max(1),
            deals: Vec::new(),
        }
    }

    /// Adds one deal's games (both tables).
    pub(crate) fn add_deal(&mut self, games: &[GameRecord]) {
        let mut sum = [0; 2];
        for g in games {
            let p = game_points(g);
            sum[0] += p[0];
            sum[1] += p[1];
        }
        self.deals
            .push([sum[0].min(DEAL_CAP), sum[1].min(DEAL_CAP)]);
    }

    /// The last deal's points of team 0 minus team 1 (the SPRT's sample).
    #[must_use]
    pub(crate) fn last_difference(&self) -> Option<f64> {
        self.deals.last().map(|p| f64::from(p[0] - p[1]))
    }

    /// Each turn's points per team (the last turn may be short).
    #[must_use]
    pub fn turns(&self) -> Vec<[i32; 2]> {
        self.deals
            .chunks(self.turn_deals)
            .map(|c| c.iter().fold([0, 0], |a, p| [a[0] + p[0], a[1] + p[1]]))
            .collect()
    }

    /// Turns won by team 0, by team 1, and drawn.
    #[must_use]
    pub fn turns_won(&self) -> (u32, u32, u32) {
        let mut won = (0, 0, 0);
        for t in self.turns() {
            match t[0].cmp(&t[1]) {
                std::cmp::Ordering::Greater => won.0 += 1,
                std::cmp::Ordering::Less => won.1 += 1,
                std::cmp::Ordering::Equal => won.2 += 1,
            }
        }
        won
    }

    /// Total points per team.
    #[must_use]
    pub fn total(&self) -> [i32; 2] {
        self.deals
            .iter()
            .fold([0, 0], |a, p| [a[0] + p[0], a[1] + p[1]])
    }

    /// The figures in the `RESULT` line.
    #[must_use]
    pub(crate) fn line(&self, labels: &[String]) -> TeamLine {
        let (w0, w1, draws) = self.turns_won();
        TeamLine {
            teams: labels.to_vec(),
            turn_deals: self.turn_deals,
            turns_won: [w0, w1],
            turns_drawn: draws,
            points: self.total(),
            turns: self.turns(),
        }
    }
}

/// The seat each team holds at each of the two tables: team 0 at A and C on the first, at B on
/// the second.
pub(crate) const TEAM_SEATINGS: [[usize; 3]; 2] = [[0, 1, 0], [1, 0, 1]];
