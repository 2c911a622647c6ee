//! The match report: per player, games, win rates, scores with a 95% confidence interval over
//! deals, errors by kind and reply times, counted deal by deal; given as one `RESULT {json}` line
//! here, and as text for people in [`crate::arena::text`].

use super::sprt::{Decision, Sprt};
use super::team::TeamScore;
use crate::arena::table::players::{FaultKind, FAULT_KINDS};
use crate::arena::table::referee::GameRecord;
use crate::arena::wire::json::{H2hLine, PlayerLine, ReplyMs, ResultLine, SprtLine};
use crate::estimate::{Estimate, Z95};
use crate::game::Seat;
use crate::named::Named;

/// The value at quantile `q` (0 < q ≤ 1) of sorted, non-empty `t` by the nearest-rank rule:
/// the smallest value with at least a share `q` of the values at or below it.
fn nearest_rank(t: &[u64], q: f64) -> u64 {
    t[((t.len() as f64 * q).ceil() as usize).clamp(1, t.len()) - 1]
}

/// Nanoseconds in a millisecond.
const NS_PER_MS: f64 = 1e6;

/// One player's figures. A "game" here is one seat taken: when a player fills two seats of a
/// table (the `--pair` format), that table counts twice for it.
#[derive(Clone, Debug, Default)]
pub struct PlayerStats {
    /// The player's label.
    pub(crate) label: String,
    /// Seats taken.
    pub games: u64,
    /// Seats taken in games that ended with a winner (no fault, someone bid).
    pub(crate) decided: u64,
    /// Of those, won by the player's side.
    pub(crate) wins: u64,
    /// Decided games as landlord.
    pub landlord_games: u64,
    /// Of those, won.
    pub(crate) landlord_wins: u64,
    /// Decided games as farmer.
    pub farmer_games: u64,
    /// Of those, won.
    pub(crate) farmer_wins: u64,
    /// Games where nobody bid (scored 0).
    pub(crate) all_passed: u64,
    /// Total score.
    pub score: i64,
    /// Mean score per seat on each deal, in deal order.
    pub per_deal: Vec<f64>,
    /// Faults by kind, in [`FaultKind::ALL`] order (every fault, scored or not).
    pub errors: [u64; FAULT_KINDS],
    /// Reply times to `BID WHAT` / `PLAY WHAT`, nanoseconds.
    pub times: Vec<u64>,
    /// Head-to-head: decided games where this player was the landlord and both farmers were
    /// one other player.
    pub h2h_landlord_games: u64,
    /// Of those, won.
    pub h2h_landlord_wins: u64,
    /// Head-to-head: decided games where both farmers were this player and the landlord one
    /// other player (counted once per game, not per seat).
    pub h2h_farmer_games: u64,
    /// Of those, won.
    pub h2h_farmer_wins: u64,
    /// Seats in games that came to their end (a winner, or nobody bid), not ended by a fault.
    pub(crate) finished: u64,
    /// Seats in games that this player's own fault ended.
    pub(crate) ended_by_own_fault: u64,
}

pub(in crate::arena) fn rate(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

impl PlayerStats {
    /// Win rate over decided games.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        rate(self.wins, self.decided)
    }

    /// Head-to-head win rate: over the games whose two sides were each played by one player
    /// (this one against another), the share this player's side won. In `--pair` mode the
    /// seat-level win rate also counts the tables where a player holds a landlord and a farmer
    /// seat at once (exactly one of which wins); this figure leaves those out, and with
    /// `--fixed-landlord` it is the research papers' win rate (landlord and farmer games in
    /// equal number).
    #[must_use]
    pub fn h2h_win_rate(&self) -> f64 {
        rate(
            self.h2h_landlord_wins + self.h2h_farmer_wins,
            self.h2h_landlord_games + self.h2h_farmer_games,
        )
    }

    /// Mean score per game.
    #[must_use]
    pub(crate) fn mean_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.score as f64 / self.games as f64
        }
    }

    /// Mean of the per-deal scores and the half-width of its 95% confidence interval (infinite
    /// below two deals: see [`crate::estimate`]).
    #[must_use]
    pub fn per_deal_ci(&self) -> (f64, f64) {
        let e = Estimate::of(&self.per_deal);
        (e.mean, e.half_width(Z95))
    }

    /// Reply times in milliseconds.
    #[must_use]
    pub fn reply_ms(&self) -> ReplyMs {
        if self.times.is_empty() {
            return ReplyMs::default();
        }
        let mut t = self.times.clone();
        t.sort_unstable();
        let mean = t.iter().map(|&x| x as f64).sum::<f64>() / t.len() as f64;
        let ms = |ns: u64| ns as f64 / NS_PER_MS;
        ReplyMs {
            mean: mean / NS_PER_MS,
            median: ms(nearest_rank(&t, 0.5)),
            p99: ms(nearest_rank(&t, 0.99)),
            max: ms(t[t.len() - 1]),
        }
    }

    /// Total faults.
    #[must_use]
    pub fn error_total(&self) -> u64 {
        self.errors.iter().sum()
    }
}

/// The whole match's figures.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// One entry per player.
    pub players: Vec<PlayerStats>,
    /// Deals played.
    pub deals: u64,
    /// Games played.
    pub(crate) games: u64,
    /// Games where nobody bid.
    pub all_passed: u64,
    /// Games ended by a fault.
    pub(crate) faulted: u64,
    /// Wall time, seconds.
    pub(crate) seconds: f64,
    /// The team format's figures, in that format.
    pub team: Option<TeamScore>,
    /// The sequential test, when one runs: fed each deal's difference between the first two
    /// players (their mean score per seat, or their team points in the team format).
    pub sprt: Option<Sprt>,
    /// The first [`FAULTS_LISTED`] faults, in deal order (the counts by kind cover them all).
    pub faults: Vec<FaultLine>,
}

/// The faults a report lists, at most.
pub const FAULTS_LISTED: usize = 100;

/// One fault as a report lists it (what `ddz arena` writes on stderr as it happens).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultLine {
    /// The deal's number.
    pub deal: usize,
    /// The game's seating on the deal.
    pub seating: usize,
    /// The seat that faulted.
    pub seat: usize,
    /// The player's label.
    pub player: String,
    /// The kind's name.
    pub kind: String,
    /// What happened.
    pub detail: String,
}

impl Report {
    /// An empty report for players with these labels.
    #[must_use]
    pub fn new(labels: &[String]) -> Report {
        Report {
            players: labels
                .iter()
                .map(|l| PlayerStats {
                    label: l.clone(),
                    ..PlayerStats::default()
                })
                .collect(),
            ..Report::default()
        }
    }

    /// Counts the faults of game `g` by player and kind, and lists them up to
    /// [`FAULTS_LISTED`].
    fn add_faults(&mut self, g: &GameRecord) {
        for e in &g.errors {
            let p = g.lineup[e.seat];
            let k = FaultKind::ALL
                .iter()
                .position(|&k| k == e.kind)
                .unwrap_or(0);
            self.players[p].errors[k] += 1;
            if self.faults.len() < FAULTS_LISTED {
                self.faults.push(FaultLine {
                    deal: g.deal_index,
                    seating: g.seating,
                    seat: e.seat.index(),
                    player: self.players[p].label.clone(),
                    kind: e.kind.name().to_string(),
                    detail: e.detail.clone(),
                });
            }
        }
    }

    /// Adds every game of one deal (call in deal order).
    pub(crate) fn add_deal(&mut self, games: &[GameRecord]) {
        self.deals += 1;
        let mut deal_sum = vec![0i64; self.players.len()];
        let mut deal_seats = vec![0u32; self.players.len()];
        for g in games {
            self.games += 1;
            if g.all_passed() {
                self.all_passed += 1;
            }
            // The fault that ended the game, if one did (the first scored one).
            let ended_by = g.errors.iter().find(|e| e.scored).map(|e| e.seat);
            if ended_by.is_some() {
                self.faulted += 1;
            }
            for seat in Seat::ALL {
                let p = g.lineup[seat];
                let st = &mut self.players[p];
                let score = g.scores[seat] as i64;
                st.games += 1;
                match ended_by {
                    None => st.finished += 1,
                    Some(s) if s == seat => st.ended_by_own_fault += 1,
                    Some(_) => {}
                }
                st.score += score;
                deal_sum[p] += score;
                deal_seats[p] += 1;
                st.times.extend_from_slice(&g.times[seat]);
                if g.all_passed() {
                    st.all_passed += 1;
                }
                if let (Some(w), Some(l)) = (g.winner, g.landlord) {
                    let won = (w == l) == (seat == l);
                    st.decided += 1;
                    st.wins += won as u64;
                    if seat == l {
                        st.landlord_games += 1;
                        st.landlord_wins += won as u64;
                    } else {
                        st.farmer_games += 1;
                        st.farmer_wins += won as u64;
                    }
                }
            }
            if let (Some(w), Some(l)) = (g.winner, g.landlord) {
                let lord = g.lineup[l];
                let mut farmers = Seat::ALL.iter().filter(|&&s| s != l).map(|s| g.lineup[*s]);
                let (f1, f2) = (farmers.next(), farmers.next());
                if let (Some(f1), Some(f2)) = (f1, f2) {
                    if f1 == f2 && f1 != lord {
                        let lord_won = w == l;
                        let lp = &mut self.players[lord];
                        lp.h2h_landlord_games += 1;
                        lp.h2h_landlord_wins += lord_won as u64;
                        let fp = &mut self.players[f1];
                        fp.h2h_farmer_games += 1;
                        fp.h2h_farmer_wins += !lord_won as u64;
                    }
                }
            }
            self.add_faults(g);
        }
        for (p, st) in self.players.iter_mut().enumerate() {
            if deal_seats[p] > 0 {
                st.per_deal.push(deal_sum[p] as f64 / deal_seats[p] as f64);
            }
        }
        let difference = match self.team.as_mut() {
            Some(team) => {
                team.add_deal(games);
                team.last_difference()
            }
            None if deal_seats.len() >= 2 && deal_seats[0] > 0 && deal_seats[1] > 0 => {
                let mean = |p: usize| deal_sum[p] as f64 / f64::from(deal_seats[p]);
                Some(mean(0) - mean(1))
            }
            None => None,
        };
        if let (Some(sprt), Some(d)) = (self.sprt.as_mut(), difference) {
            if sprt.decision().is_none() {
                sprt.add(d);
            }
        }
    }

    /// Total faults of every player.
    #[must_use]
    pub fn error_total(&self) -> u64 {
        self.players.iter().map(PlayerStats::error_total).sum()
    }

    /// Why this report measured nothing, in words, or `None` when it measured every player: no
    /// game was played, or a player never finished a game through its own faults (it cannot
    /// start, exits at once, never answers in time or never legally). Its figures are then the
    /// penalties of faults, not a strength, and a run that prints them must fail. The others at
    /// such a player's tables never finished a game either, but through no fault of theirs.
    #[must_use]
    pub(crate) fn unmeasured(&self) -> Option<String> {
        if self.games == 0 {
            return Some("no game was played: the run measured nothing".to_string());
        }
        let culprits: Vec<String> = self
            .players
            .iter()
            .filter(|p| p.games > 0 && p.finished == 0 && p.ended_by_own_fault > 0)
            .map(|p| {
                format!(
                    "'{}' never finished a game ({} of its {} seats ended by its own fault)",
                    p.label, p.ended_by_own_fault, p.games
                )
            })
            .collect();
        if culprits.is_empty() {
            None
        } else {
            Some(format!(
                "{}: the run measured nothing about it",
                culprits.join("; ")
            ))
        }
    }

    /// The machine-readable result (one JSON object, no line end).
    #[must_use]
    pub fn to_json(&self) -> String {
        self.result_line().write()
    }

    /// The figures of the `RESULT` line.
    #[must_use]
    pub(crate) fn result_line(&self) -> ResultLine {
        let players = self
            .players
            .iter()
            .map(|p| {
                let (mean, half) = p.per_deal_ci();
                PlayerLine {
                    player: p.label.clone(),
                    games: p.games,
                    wins: p.wins,
                    decided: p.decided,
                    win_rate: p.win_rate(),
                    landlord_games: p.landlord_games,
                    landlord_wins: p.landlord_wins,
                    farmer_games: p.farmer_games,
                    farmer_wins: p.farmer_wins,
                    h2h: H2hLine {
                        landlord_games: p.h2h_landlord_games,
                        landlord_wins: p.h2h_landlord_wins,
                        farmer_games: p.h2h_farmer_games,
                        farmer_wins: p.h2h_farmer_wins,
                        win_rate: p.h2h_win_rate(),
                    },
                    score: p.score,
                    score_per_game: p.mean_score(),
                    per_deal: mean,
                    per_deal_ci95: Some(half).filter(|h| h.is_finite()),
                    reply_ms: p.reply_ms(),
                    errors: p.errors,
                }
            })
            .collect();
        let labels: Vec<String> = self.players.iter().map(|p| p.label.clone()).collect();
        ResultLine {
            deals: self.deals,
            games: self.games,
            all_passed: self.all_passed,
            faulted: self.faulted,
            errors: self.error_total(),
            seconds: self.seconds,
            players,
            team: self.team.as_ref().map(|t| t.line(&labels)),
            sprt: self.sprt.as_ref().map(|s| SprtLine {
                margin0: s.config.margin0,
                margin1: s.config.margin1,
                alpha: s.config.alpha,
                beta: s.config.beta,
                llr: s.llr(),
                lower: s.config.lower(),
                upper: s.config.upper(),
                deals: s.samples(),
                mean: s.mean(),
                decision: s.decision().map(|d| {
                    match d {
                        Decision::H0 => "H0",
                        Decision::H1 => "H1",
                    }
                    .to_string()
                }),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reply_times_by_nearest_rank() {
        let p = PlayerStats {
            // 1..=100 µs, shuffled: the figures must not depend on the order.
            times: (0..100).map(|i| ((i * 37) % 100 + 1) * 1000).collect(),
            ..PlayerStats::default()
        };
        let t = p.reply_ms();
        assert_eq!((t.median, t.p99, t.max), (0.050, 0.099, 0.100));
        assert!((t.mean - 0.0505).abs() < 1e-12);
        let one = PlayerStats {
            times: vec![7_000],
            ..PlayerStats::default()
        };
        assert_eq!(one.reply_ms().median, 0.007);
        assert_eq!(PlayerStats::default().reply_ms(), ReplyMs::default());
    }

    #[test]
    fn the_result_line_carries_the_median() {
        let mut r = Report::new(&["x".to_string()]);
        r.players[0].times = vec![1_000_000, 3_000_000, 2_000_000];
        let line = ResultLine::read(&r.to_json()).unwrap();
        assert_eq!(line, r.result_line());
        let t = line.players[0].reply_ms;
        assert_eq!((t.median, t.max), (2.0, 3.0));
        assert!(r.summary().contains("2.000/2.000/3.000/3.000"));
        r.players[0].times = vec![900, 250_000_000];
        assert!(
            r.summary().contains("0.0009/250.0/250.0"),
            "{}",
            r.summary()
        );
    }
}
