//! The thinking player's settings: what `ddz.cfg`, the engine's flags and the arena's
//! `builtin:ddz:KEY=VALUE` set, and how each is read.

use crate::strategy::net::features::{BID_INPUTS, PLAY_INPUTS};
use crate::strategy::net::NetFile;
use std::time::Duration;

/// Default of [`ThinkerSettings::stick`]: at 16 deals per decision, keeping the rule player's choice
/// unless the best candidate leads it by more than one standard error measured +2.7 points of
/// head-to-head win rate against `builtin:rules` (400 deals) and +3.2 against `builtin:greedy`
/// (300 deals, competition mode); two standard errors measured no better than one. At 64 deals
/// it measured neutral (h2h 66.3% against 65.8% without, the same 1,000 deals).
pub const DEFAULT_STICK: f64 = 1.0;

/// Default of [`ThinkerSettings::eval`]: the blend. Against rollouts alone (`eval = rollout`,
/// the thinking player before the networks) with the network in the binary, play only, same
/// deals: +8.9 ± 3.6 points per deal at 16 deals per decision (1,000 deals), +8.2 ± 3.9 at 64
/// in a fifth less time (1,000 deals), +8.2 ± 3.7 at 0.1 s per decision (1,000 deals,
/// head-to-head 53.7%); docs/learning.md.
pub const DEFAULT_EVAL: Eval = Eval::Blend;

/// Default of [`ThinkerSettings::net_weight`]: the network and the play-out count alike.
pub const DEFAULT_NET_WEIGHT: f64 = 0.5;

/// Default size of the solver's transposition table: the rollouts' solves are small (at most
/// [`SOLVE_AT_CARDS`](super::SOLVE_AT_CARDS) cards, [`SOLVE_NODES`](super::SOLVE_NODES) nodes), and a smaller table is cheaper to set up
/// for each game an arena plays.
pub const DEFAULT_TABLE_BYTES: usize = 8 << 20;

/// How the thinking player spends its time, and for what.
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkerSettings {
    /// The most it thinks per decision; `None`: until the deadline's soft limit.
    pub think: Option<Duration>,
    /// Fixed budget: deals per decision, whatever the clock says (reproducible); `None`: timed.
    pub samples: Option<u32>,
    /// The solver's table size in bytes.
    pub table_bytes: usize,
    /// How it bids.
    pub bidder: Bidder,
    /// How a candidate is judged on each sampled deal.
    pub eval: Eval,
    /// With `eval = net` or `blend`: turns the rule player plays after the candidate before the
    /// network judges the position.
    pub net_plies: u32,
    /// With `eval = blend`: the network's share of a deal's value (the play-out has the rest).
    pub net_weight: f64,
    /// With the bid network or `net-deals`: bid when becoming the landlord is worth more than this many
    /// stakes (the landlord's points at base 1) in expectation.
    pub bid_margin: f64,
    /// Believe deals in which the other seats' past plays are what the rule player would have
    /// made (see [`INFER_TRIES`](super::INFER_TRIES)). On by default: against the rule player it measured +25.1 ±
    /// 3.6 points per deal against +17.7 ± 3.7 without, on the same 1,000 deals.
    pub infer: bool,
    /// Keep the rule player's choice unless the best candidate beats it on the same deals by
    /// more than this many standard errors of the paired difference (0: the best mean wins).
    pub stick: f64,
    /// The play network read from a file instead of the embedded one (to measure a newly
    /// trained network against the binary's own).
    pub play_net: Option<NetFile>,
    /// The bid network read from a file instead of the embedded one.
    pub bid_net: Option<NetFile>,
    /// Threads that share a decision's deals; `None`: one per core. The answer at a fixed
    /// budget is the same for any number ([`Thinker::analyze`](super::Thinker::analyze)).
    pub threads: Option<usize>,
    /// The policy the play-outs are played by in every seat: the rule player (`rules`, the
    /// default) or the learned policy (`learned`).
    pub playout: Playout,
    /// The policy whose choice the search starts from and keeps unless another candidate is
    /// clearly better (`stick`): the rule player (`rules`, the default) or the learned policy.
    pub prior: Playout,
}

/// A fast policy inside the search: the play-outs' (`playout`) or the search's starting
/// choice (`prior`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// The rule player.
    Rules,
    /// The learned policy ([`crate::strategy::learned`]).
    Learned,
}

impl Playout {
    /// The names the settings spell.
    pub const NAMES: [(&'static str, Playout); 2] =
        [("rules", Playout::Rules), ("learned", Playout::Learned)];

    /// Its name in the settings.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Playout::Rules => "rules",
            Playout::Learned => "learned",
        }
    }
}

impl Default for ThinkerSettings {
    fn default() -> ThinkerSettings {
        ThinkerSettings {
            think: None,
            samples: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            bidder: Bidder::Value,
            eval: DEFAULT_EVAL,
            bid_margin: 0.0,
            net_plies: 0,
            net_weight: DEFAULT_NET_WEIGHT,
            infer: true,
            stick: DEFAULT_STICK,
            play_net: None,
            bid_net: None,
            threads: None,
            playout: Playout::Rules,
            prior: Playout::Rules,
        }
    }
}

impl ThinkerSettings {
    /// Threads a search uses: the setting, else one per core the system offers.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, MAX_THREADS)
    }

    /// Every setting as `KEY=VALUE`, in [`SETTING_NAMES`] order, separated by spaces: what a
    /// log records of the player. `think=clock` and `samples=clock` when the clock decides;
    /// `play-net=embedded` for the network in the binary; `threads=cores` for one per core.
    #[must_use]
    pub fn describe(&self) -> String {
        fn net(file: &Option<NetFile>) -> &str {
            file.as_ref().map_or("embedded", NetFile::path)
        }
        let values = [
            self.think
                .map_or("clock".to_string(), |t| t.as_secs_f64().to_string()),
            self.samples.map_or("clock".to_string(), |n| n.to_string()),
            (self.table_bytes >> 20).to_string(),
            match self.bidder {
                Bidder::Value => "value",
                Bidder::Simulate => "simulate",
                Bidder::Net => "net",
                Bidder::NetDeals => "net-deals",
            }
            .to_string(),
            self.bid_margin.to_string(),
            match self.eval {
                Eval::Rollout => "rollout",
                Eval::Net => "net",
                Eval::Blend => "blend",
            }
            .to_string(),
            self.net_plies.to_string(),
            self.net_weight.to_string(),
            if self.infer { "on" } else { "off" }.to_string(),
            self.stick.to_string(),
            net(&self.play_net).to_string(),
            net(&self.bid_net).to_string(),
            self.threads.map_or("cores".to_string(), |n| n.to_string()),
            self.playout.name().to_string(),
            self.prior.name().to_string(),
        ];
        SETTING_NAMES
            .iter()
            .zip(values)
            .map(|(k, v)| format!("{}={}", k, v))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Applies one setting by name, as `ddz.cfg`, the engine's flags and the arena's
    /// `builtin:ddz:KEY=VALUE` spell it; `Err` says why it was refused.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "think" => match value.parse::<f64>() {
                Ok(s) if s > 0.0 && s <= MAX_THINK_SECONDS => {
                    self.think = Some(Duration::from_secs_f64(s));
                    Ok(())
                }
                _ => Err(format!(
                    "think '{}' must be seconds in (0, {}]",
                    value, MAX_THINK_SECONDS
                )),
            },
            "samples" => match value.parse::<u32>() {
                Ok(n) if n >= 1 => {
                    self.samples = Some(n);
                    Ok(())
                }
                _ => Err(format!("samples '{}' must be a whole number ≥ 1", value)),
            },
            "table-mb" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_TABLE_MB).contains(&n) => {
                    self.table_bytes = n << 20;
                    Ok(())
                }
                _ => Err(format!(
                    "table-mb '{}' must be 1..={} (MiB)",
                    value, MAX_TABLE_MB
                )),
            },
            "bid" => {
                self.bidder = one_of(
                    "bid",
                    value,
                    &[
                        ("value", Bidder::Value),
                        ("simulate", Bidder::Simulate),
                        ("net", Bidder::Net),
                        ("net-deals", Bidder::NetDeals),
                    ],
                )?;
                Ok(())
            }
            "bid-margin" => match value.parse::<f64>() {
                Ok(m) if (-4.0..=4.0).contains(&m) => {
                    self.bid_margin = m;
                    Ok(())
                }
                _ => Err(format!(
                    "bid-margin '{}' must be a number in [-4, 4]",
                    value
                )),
            },
            "net-plies" => match value.parse::<u32>() {
                Ok(n) if n <= 100 => {
                    self.net_plies = n;
                    Ok(())
                }
                _ => Err(format!(
                    "net-plies '{}' must be a whole number ≤ 100",
                    value
                )),
            },
            "net-weight" => match value.parse::<f64>() {
                Ok(w) if (0.0..=1.0).contains(&w) => {
                    self.net_weight = w;
                    Ok(())
                }
                _ => Err(format!("net-weight '{}' must be a number in [0, 1]", value)),
            },
            "eval" => {
                self.eval = one_of(
                    "eval",
                    value,
                    &[
                        ("rollout", Eval::Rollout),
                        ("net", Eval::Net),
                        ("blend", Eval::Blend),
                    ],
                )?;
                Ok(())
            }
            "playout" => {
                self.playout = one_of("playout", value, &Playout::NAMES)?;
                Ok(())
            }
            "prior" => {
                self.prior = one_of("prior", value, &Playout::NAMES)?;
                Ok(())
            }
            "infer" => {
                self.infer = one_of("infer", value, &[("on", true), ("off", false)])?;
                Ok(())
            }
            "stick" => match value.parse::<f64>() {
                Ok(z) if (0.0..=10.0).contains(&z) => {
                    self.stick = z;
                    Ok(())
                }
                _ => Err(format!("stick '{}' must be a number in [0, 10]", value)),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.threads = Some(n);
                    Ok(())
                }
                _ => Err(format!(
                    "threads '{}' must be a whole number in 1..={}",
                    value, MAX_THREADS
                )),
            },
            "play-net" => {
                self.play_net = Some(NetFile::read(value, PLAY_INPUTS)?);
                Ok(())
            }
            "bid-net" => {
                self.bid_net = Some(NetFile::read(value, BID_INPUTS)?);
                Ok(())
            }
            other => Err(format!(
                "unknown setting '{}'{}",
                other,
                crate::near::did_you_mean(other, SETTING_NAMES)
            )),
        }
    }
}

/// The value named `value` among `options`, or why not (naming them all).
fn one_of<T: Copy>(key: &str, value: &str, options: &[(&str, T)]) -> Result<T, String> {
    options
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            format!("{} '{}' must be {}", key, value, names.join(" or "))
        })
}

/// Longest thinking time accepted, in seconds (the engine's clock caps it by the limit).
pub const MAX_THINK_SECONDS: f64 = 600.0;

/// Largest solver table accepted, in MiB.
pub const MAX_TABLE_MB: usize = 1024;

/// Most search threads accepted (each holds a solver table of `table-mb`).
pub const MAX_THREADS: usize = 64;

/// The setting names [`ThinkerSettings::set`] takes.
pub const SETTING_NAMES: [&str; 15] = [
    "think",
    "samples",
    "table-mb",
    "bid",
    "bid-margin",
    "eval",
    "net-plies",
    "net-weight",
    "infer",
    "stick",
    "play-net",
    "bid-net",
    "threads",
    "playout",
    "prior",
];

/// How the thinking player bids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bidder {
    /// The rule player's value thresholds (the default).
    Value,
    /// Simulation: deals of the hidden cards played out with us as the landlord (measured worse
    /// than the thresholds in competition mode, −34 points per deal, SPRT H0).
    Simulate,
    /// The bid network's expected score of taking the landlord seat, against passing.
    Net,
    /// The same decision, with the values from the play network: its mean value of the opening
    /// position over deals of the hidden cards, with us as the landlord and as either farmer.
    NetDeals,
}

/// How the thinking player judges a candidate on one sampled deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The game played out by the rule player in every seat, the solver at the end (the
    /// thinking player as it was before the networks).
    Rollout,
    /// The play network's value of the position right after the candidate (the solver when few
    /// cards are left, the exact score when the candidate ends the game).
    Net,
    /// Both, averaged: the network's value after `net-plies` turns and the outcome of playing
    /// on from there (the rule player is deterministic, so the play-out is the rollout's own).
    /// The default ([`DEFAULT_EVAL`]).
    Blend,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `describe` writes reads back through `set` to the same settings (the clock and the
    /// embedded networks are the defaults, which `describe` names in words).
    #[test]
    fn the_described_settings_read_back_the_same() {
        let mut changed = ThinkerSettings::default();
        for (k, v) in [
            ("samples", "16"),
            ("table-mb", "4"),
            ("bid", "net-deals"),
            ("bid-margin", "0.25"),
            ("eval", "rollout"),
            ("net-plies", "3"),
            ("net-weight", "0.75"),
            ("infer", "off"),
            ("stick", "2"),
        ] {
            changed.set(k, v).unwrap();
        }
        for settings in [ThinkerSettings::default(), changed] {
            let text = settings.describe();
            let keys: Vec<&str> = text
                .split(' ')
                .map(|kv| kv.split('=').next().unwrap())
                .collect();
            assert_eq!(keys, SETTING_NAMES, "{}", text);
            let mut back = ThinkerSettings::default();
            for kv in text.split(' ') {
                let (k, v) = kv.split_once('=').unwrap();
                if v != "clock" && v != "embedded" && v != "cores" {
                    back.set(k, v).unwrap_or_else(|e| panic!("{}: {}", kv, e));
                }
            }
            assert_eq!(back, settings, "{}", text);
        }
    }
}
