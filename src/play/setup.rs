//! What a person's table is played with, by `ddz play` in the terminal and `ddz serve` in the
//! browser alike: the person's seat, the opponents, the deals and the search limit (the
//! command line that fills it is the tools': `tools::table_flags`).

use crate::arena::log_merge::header_line;
use crate::arena::table::players::Hosting;
use crate::arena::table::referee::MatchRules;
use crate::arena::ArenaConfig;
use crate::game::Seat;
use crate::shards::Shard;
use crate::time::GivenLimit;
use std::path::PathBuf;

/// The label of the person's seat in logs and replays.
pub(crate) const PERSON: &str = "you";
/// The seat a person takes by default: South, the near side of a drawn table.
pub(crate) const DEFAULT_SEAT: Seat = Seat::B;
/// The match length `INFO` announces to engines: a session has no set length, and a few
/// engines plan by the rounds left, so a long evening's worth.
pub(crate) const SESSION_ROUNDS: u32 = 100;

/// What `ddz play` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PlaySettings {
    /// The person's seat.
    pub(crate) seat: Seat,
    /// The players in the two other seats, in seat order.
    pub(crate) opponents: [String; 2],
    /// The deals' seed.
    pub(crate) seed: u64,
    /// The first deal's number.
    pub(crate) first_deal: usize,
    /// No bidding: the landlord given by the deal's number, base 1.
    pub(crate) fixed_landlord: bool,
    /// What the built-in opponents and the hints spend a decision (`--think S` or `--samples
    /// N`, the later given winning); `None`: the engine's default (an opponent's own spec still
    /// wins: [`Hosting::search`]), with what each one given replaced (said on stderr).
    pub(crate) search: GivenLimit,
    /// Where the session's games are kept as they end.
    pub(crate) save: Option<PathBuf>,
}

impl AsMut<GivenLimit> for PlaySettings {
    fn as_mut(&mut self) -> &mut GivenLimit {
        &mut self.search
    }
}

impl PlaySettings {
    /// How the opponents are hosted: on the engine's worker thread under its time control, as
    /// the binary plays, spending [`PlaySettings::search`].
    #[must_use]
    pub(crate) fn hosting(&self) -> Hosting {
        Hosting {
            threaded: true,
            search: self.search.limit,
            ..Hosting::default()
        }
    }

    /// The player spec in each seat, the person's labelled [`PERSON`].
    #[must_use]
    pub(crate) fn specs(&self) -> Vec<String> {
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
    pub(crate) fn names(&self) -> [String; 3] {
        match crate::arena::labels(&self.specs()).try_into() {
            Ok(names) => names,
            Err(_) => unreachable!("three labels for three seats"),
        }
    }

    /// The referee's rules for the person's games: bidding unless `fixed_landlord`, and a
    /// session's [`SESSION_ROUNDS`] announced.
    #[must_use]
    pub(crate) fn rules(&self) -> MatchRules {
        MatchRules {
            fixed_landlord: self.fixed_landlord,
            match_games: SESSION_ROUNDS,
            ..MatchRules::default()
        }
    }
}

impl PlaySettings {
    /// The first line of the table's JSON game log ([`crate::arena::wire::game_log::start_log`]): the
    /// build, the table's settings, and the command line of `tool` (`play`, `serve`) that
    /// plays the same deals again.
    #[must_use]
    pub(crate) fn log_header(&self, tool: &str) -> String {
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
        if let Some(limit) = self.search.limit {
            // `samples=64` as the flag `--samples 64`.
            let shown = limit.to_string();
            let (key, value) = shown.split_once('=').unwrap_or((&shown, ""));
            command.extend([format!("--{}", key), value.to_string()]);
        }
        command
    }
}
