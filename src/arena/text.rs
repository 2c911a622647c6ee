//! The reports' text, as people read them: the match report ([`Report::summary`]), the team
//! format's turns ([`TeamScore::summary`]) and the gauntlet's table
//! ([`GauntletReport::summary`]). The figures are counted in [`super::count::report`], [`super::count::team`]
//! and [`super::gauntlet`]; the machine-readable lines are [`super::wire::json`]'s.

use super::config::{labels, ArenaConfig, Format};
use super::count::report::{rate, PlayerStats, Report};
use super::count::team::{TeamScore, DEAL_CAP};
use super::gauntlet::{GauntletReport, Interval, Role};
use super::table::players::{FaultKind, FAULT_KINDS};
use crate::game::Scoring;
use crate::named::Named;
use crate::rules::Platform;
use std::fmt::Write;

/// What `ddz arena` prints of a finished match, and the Python package's `ArenaReport.text`:
/// the line naming the players, format, seed, `jobs` (as the caller words them: [`jobs_text`],
/// `1 job, shard 1/4`) and rules, the report's summary, and the `RESULT` line.
#[must_use]
pub fn match_text(config: &ArenaConfig, report: &Report, jobs: &str) -> String {
    let format = match config.format {
        Format::Seats => "seats as given",
        other => other.name(),
    };
    let names = labels(&config.players);
    let mut text = format!("ddz arena: {}, {}", names.join(" / "), format);
    if config.rules.fixed_landlord {
        text.push_str(", fixed landlord");
    }
    if config.rules.platform != Platform::Canonical {
        let _ = write!(text, ", {} platform", config.rules.platform);
    }
    if config.rules.scoring == Scoring::Team {
        text.push_str(", team scoring");
    }
    let _ = writeln!(
        text,
        ", seed {}, {}, time {} s{}",
        config.seed,
        jobs,
        config.rules.time.as_secs_f64(),
        if config.threaded { ", threaded" } else { "" }
    );
    text.push_str(&report.summary());
    let _ = writeln!(text, "RESULT {}", report.to_json());
    text
}

/// The tables played at once, as the match's line says them: `1 job`, `4 jobs`.
#[must_use]
pub fn jobs_text(jobs: usize) -> String {
    format!("{} {}", jobs, if jobs == 1 { "job" } else { "jobs" })
}

/// A time in milliseconds with about four significant digits, so a sub-microsecond in-process
/// reply and a three-second search both read well in one column.
fn ms_text(ms: f64) -> String {
    let decimals = if ms < 1.0 {
        4
    } else if ms < 10.0 {
        3
    } else if ms < 100.0 {
        2
    } else {
        1
    };
    format!("{:.*}", decimals, ms)
}

impl Report {
    /// The summary for people.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let rate_games = if self.seconds > 0.0 {
            self.games as f64 / self.seconds
        } else {
            0.0
        };
        // A slow match (engines thinking a second a move) plays well under one game a second:
        // a decimal keeps its rate from reading "0 games/s".
        let decimals = if rate_games < 10.0 { 1 } else { 0 };
        let _ = writeln!(
            out,
            "{} {}, {} {} in {:.2} s ({:.*} games/s); {} with no bid, {} ended by a fault",
            self.deals,
            if self.deals == 1 { "deal" } else { "deals" },
            self.games,
            if self.games == 1 { "game" } else { "games" },
            self.seconds,
            decimals,
            rate_games,
            self.all_passed,
            self.faulted
        );
        let width = self
            .players
            .iter()
            .map(|p| p.label.len())
            .max()
            .unwrap_or(6)
            .max(6);
        self.player_table(&mut out, width);
        self.h2h_table(&mut out, width);
        if let Some(team) = &self.team {
            let labels: Vec<String> = self.players.iter().map(|p| p.label.clone()).collect();
            out.push_str(&team.summary(&labels));
        }
        if let Some(s) = &self.sprt {
            let _ = writeln!(out, "{}", s.status());
        }
        out
    }

    /// The table of the players' figures, a line each, under its heading; labels `width` wide.
    fn player_table(&self, out: &mut String, width: usize) {
        let _ = writeln!(
            out,
            "{:<w$} {:>7} {:>6} {:>6} {:>6} {:>8} {:>18}  {:>29}  errors",
            "player",
            "games",
            "win%",
            "lord%",
            "farm%",
            "score/g",
            "per deal ±95%",
            "reply ms mean/med/p99/max",
            w = width
        );
        for p in &self.players {
            let (mean, half) = p.per_deal_ci();
            let t = p.reply_ms();
            let errors = if p.error_total() == 0 {
                "0".to_string()
            } else {
                FaultKind::ALL
                    .iter()
                    .zip(p.errors.iter())
                    .filter(|(_, &n)| n > 0)
                    .map(|(k, n)| format!("{} {}", k, n))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let _ = writeln!(
                out,
                "{:<w$} {:>7} {:>6} {:>6} {:>6} {:>8.1} {:>18}  {:>29}  {}",
                p.label,
                p.games,
                share(p.wins, p.decided),
                share(p.landlord_wins, p.landlord_games),
                share(p.farmer_wins, p.farmer_games),
                p.mean_score(),
                plus_minus(format!("{:.1}", mean), half),
                [t.mean, t.median, t.p99, t.max]
                    .iter()
                    .map(|&x| ms_text(x))
                    .collect::<Vec<_>>()
                    .join("/"),
                errors,
                w = width
            );
        }
    }

    /// The head-to-head games' win rates, a line for each player that played one.
    fn h2h_table(&self, out: &mut String, width: usize) {
        let h2h: Vec<&PlayerStats> = self
            .players
            .iter()
            .filter(|p| p.h2h_landlord_games + p.h2h_farmer_games > 0)
            .collect();
        if !h2h.is_empty() {
            let _ = writeln!(
                out,
                "head-to-head (games whose two sides are one player each): win% as landlord / as farmers / overall"
            );
            for p in h2h {
                let _ = writeln!(
                    out,
                    "{:<w$} {:>6} / {:>5} / {:>5}   ({} + {} games)",
                    p.label,
                    share(p.h2h_landlord_wins, p.h2h_landlord_games),
                    share(p.h2h_farmer_wins, p.h2h_farmer_games),
                    share(
                        p.h2h_landlord_wins + p.h2h_farmer_wins,
                        p.h2h_landlord_games + p.h2h_farmer_games
                    ),
                    p.h2h_landlord_games,
                    p.h2h_farmer_games,
                    w = width
                );
            }
        }
    }
}

impl TeamScore {
    /// The per-turn table and the match result, for people.
    #[must_use]
    pub(crate) fn summary(&self, labels: &[String]) -> String {
        let mut out = String::new();
        let name = |i: usize| labels.get(i).map_or("?", String::as_str);
        let _ = writeln!(
            out,
            "team format: {} : {} ({} deals per turn, points per deal capped at {})",
            name(0),
            name(1),
            self.turn_deals,
            DEAL_CAP
        );
        for (i, t) in self.turns().iter().enumerate() {
            let winner = match t[0].cmp(&t[1]) {
                std::cmp::Ordering::Greater => name(0),
                std::cmp::Ordering::Less => name(1),
                std::cmp::Ordering::Equal => "draw",
            };
            let _ = writeln!(
                out,
                "turn {:>3}  {:>4} : {:<4}  {}",
                i + 1,
                t[0],
                t[1],
                winner
            );
        }
        let total = self.total();
        let (w0, w1, draws) = self.turns_won();
        let verdict = match w0.cmp(&w1) {
            std::cmp::Ordering::Greater => format!("{} wins the match", name(0)),
            std::cmp::Ordering::Less => format!("{} wins the match", name(1)),
            std::cmp::Ordering::Equal => "the match is drawn".to_string(),
        };
        let _ = writeln!(
            out,
            "turns won {} : {} ({} drawn), points {} : {}; {}",
            w0, w1, draws, total[0], total[1], verdict
        );
        out
    }
}

impl GauntletReport {
    /// What `ddz arena --gauntlet` prints at its end, and the Python package's
    /// `GauntletReport.text`: the table and the `RESULT` line.
    #[must_use]
    pub fn text(&self) -> String {
        format!("{}RESULT {}\n", self.summary(), self.to_json())
    }

    /// The table for people: a line per opponent, then the combined line.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let all = format!("all {} opponents", self.standings.len());
        let width = self
            .standings
            .iter()
            .map(|s| s.opponent.len())
            .chain(std::iter::once(all.len()))
            .max()
            .unwrap_or(8)
            .max(8);
        let _ = writeln!(
            out,
            "gauntlet: {} against each opponent (head-to-head win% overall, as landlord and as farmers, and points per deal, ±95% over deals)",
            self.candidate
        );
        let _ = writeln!(
            out,
            "{:<w$} {:>6} {:>7}  {:>13}  {:>13}  {:>13}  {:>16}  faults: candidate / opponent",
            "opponent",
            "deals",
            "h2h",
            "win% ±95%",
            "lord% ±95%",
            "farm% ±95%",
            "per deal ±95%",
            w = width
        );
        for s in &self.standings {
            let h2h: u32 = s.h2h.iter().map(|h| h.total().1).sum();
            let _ = writeln!(
                out,
                "{:<w$} {:>6} {:>7}  {:>13}  {:>13}  {:>13}  {:>16}  {} / {}",
                s.opponent,
                s.report.deals,
                h2h,
                percent(s.win_rate()),
                percent(s.win_rate_as(Role::Landlord)),
                percent(s.win_rate_as(Role::Farmers)),
                points(s.points()),
                faults(&s.report.players[0].errors),
                faults(&s.report.players[1].errors),
                w = width
            );
        }
        let deals = self
            .standings
            .iter()
            .map(|s| s.report.deals)
            .min()
            .unwrap_or(0);
        let h2h: u32 = self
            .standings
            .iter()
            .flat_map(|s| s.h2h.iter().map(|h| h.total().1))
            .sum();
        let mut candidate = [0; FAULT_KINDS];
        let mut opponents = [0; FAULT_KINDS];
        for s in &self.standings {
            for k in 0..FAULT_KINDS {
                candidate[k] += s.report.players[0].errors[k];
                opponents[k] += s.report.players[1].errors[k];
            }
        }
        let _ = writeln!(
            out,
            "{:<w$} {:>6} {:>7}  {:>13}  {:>13}  {:>13}  {:>16}  {} / {}",
            all,
            deals,
            h2h,
            percent(self.combined_win_rate()),
            percent(self.combined_win_rate_as(Role::Landlord)),
            percent(self.combined_win_rate_as(Role::Farmers)),
            points(self.combined_points()),
            faults(&candidate),
            faults(&opponents),
            w = width
        );
        out
    }
}

/// A figure and its 95% interval; an interval that cannot be computed (fewer than two deals)
/// is said so in words, never written as an infinite width.
fn plus_minus(figure: String, half: f64) -> String {
    if half.is_finite() {
        format!("{} ± {:.1}", figure, half)
    } else {
        format!("{} ± n/a", figure)
    }
}

/// A win rate in percent; `n/a` when no head-to-head game was decided (no figure to give).
fn percent(i: Interval) -> String {
    if i.mean.is_finite() {
        plus_minus(format!("{:.1}", 100.0 * i.mean), 100.0 * i.half)
    } else {
        "n/a".to_string()
    }
}

/// Points per deal; `n/a` when no deal was played.
fn points(i: Interval) -> String {
    if i.mean.is_finite() {
        plus_minus(format!("{:+.1}", i.mean), i.half)
    } else {
        "n/a".to_string()
    }
}

/// Faults by kind in words (`0`, or `illegal 4, malformed 5`).
fn faults(errors: &[u64; FAULT_KINDS]) -> String {
    let named: Vec<String> = FaultKind::ALL
        .iter()
        .zip(errors.iter())
        .filter(|(_, &n)| n > 0)
        .map(|(k, n)| format!("{} {}", k, n))
        .collect();
    if named.is_empty() {
        "0".to_string()
    } else {
        named.join(", ")
    }
}

/// `n` of `d` as a percentage with one decimal, or `n/a` when there were none (a player that
/// never took a role has no rate in it, not a rate of 0).
fn share(n: u64, d: u64) -> String {
    if d == 0 {
        "n/a".to_string()
    } else {
        format!("{:.1}", 100.0 * rate(n, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_match_shows_its_rate_with_a_decimal() {
        let mut r = Report::new(&["x".to_string()]);
        r.games = 60;
        r.seconds = 160.0;
        assert!(r.summary().contains("(0.4 games/s)"), "{}", r.summary());
        r.games = 12_000;
        r.seconds = 1.0;
        assert!(r.summary().contains("(12000 games/s)"), "{}", r.summary());
    }

    #[test]
    fn an_interval_that_cannot_be_computed_is_said_in_words() {
        // One deal: a mean and no spread.
        let mut r = Report::new(&["x".to_string()]);
        r.players[0].per_deal = vec![12.0];
        let text = r.summary();
        assert!(text.contains("12.0 ± n/a"), "{}", text);
        assert!(!text.contains("inf"), "{}", text);
        r.players[0].per_deal = vec![12.0, 14.0];
        assert!(r.summary().contains("13.0 ± 2"), "{}", r.summary());
        // No decided head-to-head game: no win rate at all.
        let none = super::super::gauntlet::ratio_interval(&[(0, 0)]);
        assert_eq!(percent(none), "n/a");
        let one = super::super::gauntlet::ratio_interval(&[(1, 2)]);
        assert_eq!(percent(one), "50.0 ± n/a");
        assert_eq!(
            points(Interval {
                mean: -3.0,
                half: 1.25
            }),
            "-3.0 ± 1.2"
        );
    }
}
