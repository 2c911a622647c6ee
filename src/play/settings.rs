//! What a person's table is played with, by `ddz play` in the terminal and `ddz serve` in the
//! browser alike: the person's seat, the opponents, the deals and the thinking time, and the
//! command line that fills it: `ddz play`'s ([`USAGE`], [`PlaySettings::parse`]), which `ddz
//! serve` extends with flags of its own ([`PlaySettings::parse_with`]).

use crate::arena::deals::Shard;
use crate::arena::players::Hosting;
use crate::arena::referee::MatchRules;
use crate::arena::shard::header_line;
use crate::arena::ArenaConfig;
use crate::cli::{Arg, Args};
use crate::game::Seat;
use crate::strategy::clock::{parse_think, TimeControl};
use std::path::PathBuf;
use std::time::Duration;

/// The label of the person's seat in logs and replays.
pub const PERSON: &str = "you";
/// The seat a person takes by default: South, the near side of a drawn table.
pub const DEFAULT_SEAT: Seat = Seat::B;
/// The match length `INFO` announces to engines: a session has no set length, and a few
/// engines plan by the rounds left, so a long evening's worth.
pub const SESSION_ROUNDS: u32 = 100;

/// What `ddz play` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySettings {
    /// The person's seat.
    pub seat: Seat,
    /// The players in the two other seats, in seat order.
    pub opponents: [String; 2],
    /// The deals' seed.
    pub seed: u64,
    /// The first deal's number.
    pub first_deal: usize,
    /// No bidding: the landlord given by the deal's number, base 1.
    pub fixed_landlord: bool,
    /// The thinking time of the built-in opponents and of hints. This is the one place
    /// `--think` is kept; [`PlaySettings::time`] makes it a time control.
    pub think: Option<Duration>,
    /// Where the session's games are kept as they end.
    pub save: Option<PathBuf>,
}

impl PlaySettings {
    /// The time of the built-in opponents and of the hints: the engine's, thinking for
    /// `--think` when given.
    #[must_use]
    pub fn time(&self) -> TimeControl {
        TimeControl::default().thinking(self.think)
    }

    /// How the opponents are hosted: on the engine's worker thread under its time control, as
    /// the binary plays, thinking for `--think` when given.
    #[must_use]
    pub fn hosting(&self) -> Hosting {
        Hosting {
            threaded: true,
            time: self.time(),
            ..Hosting::default()
        }
    }

    /// The player spec in each seat, the person's labelled [`PERSON`].
    #[must_use]
    pub fn specs(&self) -> Vec<String> {
        let mut others = self.opponents.iter();
        Seat::ALL
            .iter()
            .map(|&s| {
                if s == self.seat {
                    PERSON.to_string()
                } else {
                    others.next().expect("two opponents").clone()
                }
            })
            .collect()
    }

    /// The players' labels in the game log and on the pages, A, B, C (the arena's labels of
    /// [`PlaySettings::specs`]).
    #[must_use]
    pub fn names(&self) -> [String; 3] {
        match crate::arena::labels(&self.specs()).try_into() {
            Ok(names) => names,
            Err(_) => unreachable!("three labels for three seats"),
        }
    }

    /// The referee's rules for the person's games: bidding unless `fixed_landlord`, and a
    /// session's [`SESSION_ROUNDS`] announced.
    #[must_use]
    pub fn rules(&self) -> MatchRules {
        MatchRules {
            fixed_landlord: self.fixed_landlord,
            match_games: SESSION_ROUNDS,
            ..MatchRules::default()
        }
    }
}

impl PlaySettings {
    /// The first line of the table's JSON game log ([`crate::arena::log::start_log`]): the
    /// build, the table's settings, and the command line of `tool` (`play`, `serve`) that
    /// plays the same deals again.
    #[must_use]
    pub fn log_header(&self, tool: &str) -> String {
        let table = ArenaConfig {
            players: self.specs(),
            games: 1,
            seed: self.seed,
            jobs: 1,
            rules: self.rules(),
            ..ArenaConfig::default()
        };
        header_line(&table, Shard::WHOLE, &self.command(tool))
    }

    /// The settings as the command line of `tool` that plays them again.
    fn command(&self, tool: &str) -> Vec<String> {
        let mut command: Vec<String> = vec![
            tool.into(),
            "--seat".into(),
            self.seat.to_string(),
            "--opponents".into(),
            self.opponents[0].clone(),
            self.opponents[1].clone(),
            "--seed".into(),
            self.seed.to_string(),
            "--deal".into(),
            self.first_deal.to_string(),
        ];
        if self.fixed_landlord {
            command.push("--fixed-landlord".into());
        }
        if let Some(think) = self.think {
            command.extend(["--think".to_string(), think.as_secs_f64().to_string()]);
        }
        command
    }
}

/// Usage of `ddz play`.
pub const USAGE: &str = "\
usage: ddz play [--seat A|B|C] [--opponents P1 [P2]] [--seed S] [--deal N] [--fixed-landlord]
                [--think SECONDS] [--save FILE]
You take one seat (default B); the others are players in the arena's syntax: builtin:ddz (the
engine's default player, the default here), builtin:greedy, builtin:random, or a shell command
line running an engine (one opponent given plays both seats). The deals are the arena's for the
seed (default: from the clock, shown at the start), from deal N (default 0). --fixed-landlord:
no bidding, the deal's number gives the landlord and the base is 1. --think: seconds the built-in
opponents and the hints aim at per decision. --save FILE: keep the session as a JSON game log
(ddz replay FILE); `s FILE` after a game does the same.";

impl PlaySettings {
    /// Reads the command line.
    pub fn parse(args: &[String]) -> anyhow::Result<PlaySettings> {
        PlaySettings::parse_with("play", USAGE, args, &mut |_, _| Ok(false))
    }

    /// Reads the command line of `tool` (`usage` for `--help`): `ddz play`'s flags, and those
    /// `more` takes (it returns whether it knew the flag; `ddz serve` adds its own).
    pub fn parse_with(
        tool: &'static str,
        usage: &'static str,
        args: &[String],
        more: &mut dyn FnMut(&str, &mut Args) -> anyhow::Result<bool>,
    ) -> anyhow::Result<PlaySettings> {
        let mut settings = PlaySettings {
            seat: DEFAULT_SEAT,
            opponents: ["builtin:ddz".into(), "builtin:ddz".into()],
            seed: clock_seed(),
            first_deal: 0,
            fixed_landlord: false,
            think: None,
            save: None,
        };
        let mut line = Args::new(tool, usage, args);
        while let Some(arg) = line.next_arg()? {
            let flag = match &arg {
                Arg::Flag(f) => f.clone(),
                Arg::Word(_) => return Err(line.unknown(&arg).into()),
            };
            match flag.as_str() {
                "--seat" => {
                    let v = line.value()?;
                    settings.seat = v.parse().map_err(|e| anyhow::anyhow!("--seat: {}", e))?;
                }
                "--opponents" => {
                    let given = line.values(2)?;
                    let second = given.get(1).unwrap_or(&given[0]).clone();
                    settings.opponents = [given[0].clone(), second];
                }
                "--seed" => {
                    let v = line.value()?;
                    settings.seed = v
                        .parse()
                        .map_err(|_| anyhow::anyhow!("--seed: '{}' is not a number", v))?;
                }
                "--deal" => {
                    let v = line.value()?;
                    settings.first_deal = v
                        .parse()
                        .map_err(|_| anyhow::anyhow!("--deal: '{}' is not a number", v))?;
                }
                "--fixed-landlord" => settings.fixed_landlord = true,
                "--think" => {
                    // The one reading of `think`, so the engine and the tools accept the same.
                    let think = parse_think(&line.value()?)
                        .map_err(|e| anyhow::anyhow!("--think: {}", e))?;
                    settings.think = Some(think);
                }
                "--save" => settings.save = Some(line.value()?.into()),
                other => {
                    if !more(other, &mut line)? {
                        return Err(line.unknown(&arg).into());
                    }
                }
            }
        }
        Ok(settings)
    }
}

/// A seed from the clock, for a session that names none (it is shown, to play the deals again).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Small numbers are easier to retype: the seed is only a name for the deals.
    crate::arena::deals::mix(nanos, 0) % 1_000_000
}
