//! The gauntlet: one candidate against a list of opponents, each in the `--pair` format (the
//! candidate alone against two copies of the opponent in every seat, then the other way
//! round), the `--h2h` one (only the games whose lone player is the landlord) or the
//! `--alone` one (only the candidate alone) over the same deals, and a line for each opponent
//! and one for all of them.
//!
//! Every opponent plays the same deals, so the combined figures pair them: each deal's
//! figure is the candidate's over all opponents on that deal, and the intervals are over
//! deals (games on one deal are not independent: both sides of a deal share its cards).
//! - win rate: the head-to-head games (the candidate's side against the opponent's: with
//!   `--fixed-landlord` one as landlord and one as farmers per deal, the research papers'
//!   figure), overall and as the landlord and as the farmers apart. Its interval is the ratio
//!   estimator's over deals: the values `(wins − rate × games) / mean games per deal`, whose
//!   mean is 0, give its spread.
//! - points per deal: the candidate's mean score per seat on a deal, as the arena reports it;
//!   combined, its mean over the opponents on each deal.

use super::config::{labels, ArenaConfig, Format};
use super::count::report::Report;
use super::runner::{run_with, Hook, MatchError};
use super::table::referee::GameRecord;
use super::table::spec::PlayerSpec;
use crate::arena::table::players::{FaultKind, FAULT_KINDS};
use crate::estimate::{Estimate, Z95};

/// The candidate's figures against one opponent.
#[derive(Clone, Debug)]
pub struct Standing {
    /// The opponent's label.
    pub opponent: String,
    /// The match's report (player 0 the candidate, 1 the opponent).
    pub report: Report,
    /// Per deal, in deal order: the candidate's head-to-head wins and decided games.
    pub h2h: Vec<HeadToHead>,
}

/// One deal's head-to-head games (the candidate's side against the opponent's, one player a
/// side), from the candidate's side: wins and decided games as the landlord and as the
/// farmers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeadToHead {
    /// Wins and decided games with the candidate as the landlord.
    pub landlord: (u32, u32),
    /// Wins and decided games with the candidate as the farmers.
    pub farmers: (u32, u32),
}

impl HeadToHead {
    /// Wins and decided games in both roles.
    #[must_use]
    pub fn total(&self) -> (u32, u32) {
        (
            self.landlord.0 + self.farmers.0,
            self.landlord.1 + self.farmers.1,
        )
    }
}

/// Which of a deal's head-to-head figures: both roles, or one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Every head-to-head game.
    Both,
    /// The games with the candidate as the landlord.
    Landlord,
    /// The games with the candidate as the farmers.
    Farmers,
}

impl Role {
    fn of(self, h: &HeadToHead) -> (u32, u32) {
        match self {
            Role::Both => h.total(),
            Role::Landlord => h.landlord,
            Role::Farmers => h.farmers,
        }
    }
}

/// A figure and the half-width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The estimate (not a number when there is nothing to estimate it from: no decided game).
    pub mean: f64,
    /// Half the width of its 95% interval (infinite when the spread is unknown).
    pub half: f64,
}

impl Interval {
    /// No figure: nothing measured it (written `n/a`, `null` in JSON).
    pub const NONE: Interval = Interval {
        mean: f64::NAN,
        half: f64::INFINITY,
    };
}

impl Standing {
    /// Whether the match measured both sides ([`Report::unmeasured`]): when a side never
    /// finished a game through its own faults, its figures are penalties, not a strength.
    #[must_use]
    pub(crate) fn measured(&self) -> bool {
        self.report.unmeasured().is_none()
    }

    /// The candidate's head-to-head win rate with its interval ([`Interval::NONE`] when the
    /// match measured nothing).
    #[must_use]
    pub fn win_rate(&self) -> Interval {
        self.win_rate_as(Role::Both)
    }

    /// The candidate's head-to-head win rate in `role`, with its interval ([`Interval::NONE`]
    /// when the match measured nothing).
    #[must_use]
    pub fn win_rate_as(&self, role: Role) -> Interval {
        if !self.measured() {
            return Interval::NONE;
        }
        let per_deal: Vec<(u32, u32)> = self.h2h.iter().map(|h| role.of(h)).collect();
        ratio_interval(&per_deal)
    }

    /// The candidate's points per deal with their interval ([`Interval::NONE`] when the match
    /// measured nothing).
    #[must_use]
    pub fn points(&self) -> Interval {
        if !self.measured() {
            return Interval::NONE;
        }
        let (mean, half) = self.report.players[0].per_deal_ci();
        Interval { mean, half }
    }
}

/// The share `Σ wins / Σ games` over deals, with the ratio estimator's 95% interval (deals
/// with no decided game count for the spread with no weight). With no decided game there is
/// no share: the mean is not a number (written `n/a`, `null` in JSON), never a 0% that was not
/// measured.
#[must_use]
pub(crate) fn ratio_interval(per_deal: &[(u32, u32)]) -> Interval {
    let wins: u64 = per_deal.iter().map(|&(w, _)| u64::from(w)).sum();
    let games: u64 = per_deal.iter().map(|&(_, n)| u64::from(n)).sum();
    if games == 0 {
        return Interval::NONE;
    }
    let rate = wins as f64 / games as f64;
    let mean_games = games as f64 / per_deal.len() as f64;
    let residuals: Vec<f64> = per_deal
        .iter()
        .map(|&(w, n)| (f64::from(w) - rate * f64::from(n)) / mean_games)
        .collect();
    Interval {
        mean: rate,
        half: Estimate::of(&residuals).half_width(Z95),
    }
}

/// The candidate's head-to-head wins and games among `games` (one deal's), the candidate
/// being entry 0 of each lineup.
#[must_use]
pub fn head_to_head(games: &[GameRecord]) -> HeadToHead {
    let mut h = HeadToHead::default();
    for g in games {
        if let (Some(winner), Some(landlord)) = (g.winner, g.landlord) {
            let lord = g.lineup[landlord];
            let farmers: Vec<usize> = crate::game::Seat::ALL
                .iter()
                .filter(|&&s| s != landlord)
                .map(|s| g.lineup[*s])
                .collect();
            if farmers[0] == farmers[1] && farmers[0] != lord {
                let candidate_lord = lord == 0;
                let side = if candidate_lord {
                    &mut h.landlord
                } else {
                    &mut h.farmers
                };
                side.1 += 1;
                side.0 += u32::from(candidate_lord == (winner == landlord));
            }
        }
    }
    h
}

/// The whole gauntlet.
#[derive(Clone, Debug)]
pub struct GauntletReport {
    /// The candidate's label.
    pub(crate) candidate: String,
    /// One standing per opponent, in the order given.
    pub standings: Vec<Standing>,
}

impl GauntletReport {
    /// Whether every opponent's match was measured: the combined figures are none otherwise
    /// (an opponent that never played would count its penalties as the candidate's strength).
    #[must_use]
    pub(crate) fn measured(&self) -> bool {
        self.standings.iter().all(Standing::measured)
    }

    /// The candidate's win rate over every opponent's head-to-head games, the deals paired.
    #[must_use]
    pub fn combined_win_rate(&self) -> Interval {
        self.combined_win_rate_as(Role::Both)
    }

    /// The candidate's win rate in `role` over every opponent's head-to-head games, the deals
    /// paired ([`Interval::NONE`] when an opponent's match measured nothing).
    #[must_use]
    pub fn combined_win_rate_as(&self, role: Role) -> Interval {
        if !self.measured() {
            return Interval::NONE;
        }
        let deals = self
            .standings
            .iter()
            .map(|s| s.h2h.len())
            .min()
            .unwrap_or(0);
        let per_deal: Vec<(u32, u32)> = (0..deals)
            .map(|d| {
                self.standings.iter().fold((0, 0), |(w, n), s| {
                    let (sw, sn) = role.of(&s.h2h[d]);
                    (w + sw, n + sn)
                })
            })
            .collect();
        ratio_interval(&per_deal)
    }

    /// The candidate's points per deal averaged over the opponents, the deals paired.
    #[must_use]
    pub fn combined_points(&self) -> Interval {
        if !self.measured() || self.standings.is_empty() {
            return Interval::NONE;
        }
        let per_deal: Vec<&Vec<f64>> = self
            .standings
            .iter()
            .map(|s| &s.report.players[0].per_deal)
            .collect();
        let deals = per_deal.iter().map(|v| v.len()).min().unwrap_or(0);
        let means: Vec<f64> = (0..deals)
            .map(|d| per_deal.iter().map(|v| v[d]).sum::<f64>() / per_deal.len() as f64)
            .collect();
        let e = Estimate::of(&means);
        Interval {
            mean: e.mean,
            half: e.half_width(Z95),
        }
    }

    /// The figures as one JSON object (no line end), for scripts.
    #[must_use]
    pub fn to_json(&self) -> String {
        let figure = |i: Interval| {
            serde_json::json!({
                "mean": Some(i.mean).filter(|m| m.is_finite()),
                "ci95": Some(i.half).filter(|h| h.is_finite()),
            })
        };
        let errors = |e: &[u64; FAULT_KINDS]| {
            let map: serde_json::Map<String, serde_json::Value> = FaultKind::ALL
                .iter()
                .zip(e.iter())
                .map(|(k, &n)| (k.to_string(), n.into()))
                .collect();
            serde_json::Value::Object(map)
        };
        let opponents: Vec<serde_json::Value> = self
            .standings
            .iter()
            .map(|s| {
                serde_json::json!({
                    "opponent": s.opponent,
                    "deals": s.report.deals,
                    "h2h_games": s.h2h.iter().map(|h| u64::from(h.total().1)).sum::<u64>(),
                    "win_rate": figure(s.win_rate()),
                    "landlord_win_rate": figure(s.win_rate_as(Role::Landlord)),
                    "farmer_win_rate": figure(s.win_rate_as(Role::Farmers)),
                    "per_deal": figure(s.points()),
                    "candidate_errors": errors(&s.report.players[0].errors),
                    "opponent_errors": errors(&s.report.players[1].errors),
                })
            })
            .collect();
        serde_json::json!({
            "gauntlet": {
                "candidate": self.candidate,
                "opponents": opponents,
                "win_rate": figure(self.combined_win_rate()),
                "landlord_win_rate": figure(self.combined_win_rate_as(Role::Landlord)),
                "farmer_win_rate": figure(self.combined_win_rate_as(Role::Farmers)),
                "per_deal": figure(self.combined_points()),
            }
        })
        .to_string()
    }
}

/// Runs `candidate` against each of `opponents` in turn, each a `--pair` match with the
/// settings of `config` (its deals, seed, rules, hosting; its players and format are set
/// here). `on_deal` sees each deal's games as [`super::run`] gives them, with the opponent's index;
/// `on_match` each opponent's report as its match ends.
pub fn run_gauntlet(
    config: &ArenaConfig,
    candidate: &str,
    opponents: &[String],
    on_deal: &mut dyn FnMut(usize, &[GameRecord]) -> Hook,
    on_match: &mut dyn FnMut(&ArenaConfig, &Report) -> Hook,
) -> Result<GauntletReport, MatchError> {
    let mut texts = vec![candidate.to_string()];
    texts.extend_from_slice(opponents);
    let specs = texts.iter().map(|text| text.parse::<PlayerSpec>());
    let specs = specs.collect::<Result<Vec<_>, _>>();
    run_gauntlet_with(
        config,
        &texts,
        &specs.map_err(MatchError::Spec)?,
        on_deal,
        on_match,
    )
}

/// Runs a gauntlet as [`run_gauntlet`] does, its players given as values ([`super::run_with`]):
/// `texts` their texts (the reports' labels) and `specs` the players, the candidate's first,
/// then each opponent's.
pub fn run_gauntlet_with(
    config: &ArenaConfig,
    texts: &[String],
    specs: &[PlayerSpec],
    on_deal: &mut dyn FnMut(usize, &[GameRecord]) -> Hook,
    on_match: &mut dyn FnMut(&ArenaConfig, &Report) -> Hook,
) -> Result<GauntletReport, MatchError> {
    if texts.len() < 2 {
        return Err(MatchError::NoOpponent);
    }
    let mut standings = Vec::new();
    for index in 0..texts.len() - 1 {
        let mut one = config.clone();
        if !matches!(one.format, Format::H2h | Format::Alone) {
            one.format = Format::Pair;
        }
        one.players = vec![texts[0].clone(), texts[index + 1].clone()];
        one.sprt = None;
        let mut h2h = Vec::new();
        let pair = [specs[0].clone(), specs[index + 1].clone()];
        let report = run_with(&one, &pair, &mut |games| {
            h2h.push(head_to_head(games));
            on_deal(index, games)
        })?;
        on_match(&one, &report).map_err(MatchError::Stopped)?;
        let label = labels(&one.players)[1].clone();
        standings.push(Standing {
            opponent: label,
            report,
            h2h,
        });
    }
    Ok(GauntletReport {
        candidate: texts[0].clone(),
        standings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_interval_is_the_share_and_clustered_spread() {
        // Two games per deal; the share is 6/10, the residuals per deal (w - 0.6 n) / 2.
        let deals = [(2, 2), (1, 2), (0, 2), (2, 2), (1, 2)];
        let i = ratio_interval(&deals);
        assert!((i.mean - 0.6).abs() < 1e-12);
        let residuals = [0.4, -0.1, -0.6, 0.4, -0.1];
        let expected = Estimate::of(&residuals).half_width(Z95);
        assert!((i.half - expected).abs() < 1e-12);
        // Every deal alike: no spread.
        assert_eq!(ratio_interval(&[(1, 2), (1, 2), (1, 2)]).half, 0.0);
        assert_eq!(ratio_interval(&[]).half, f64::INFINITY);
        assert!(ratio_interval(&[(0, 0), (0, 0)]).mean.is_nan());
    }
}
