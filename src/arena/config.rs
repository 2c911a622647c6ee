//! The match as the runner takes it ([`ArenaConfig`]: the players, the format, the deals, the
//! table's rules), the formats' seatings, and the players a spec names ([`make_player`]).

use super::count::sprt::SprtConfig;
use super::count::team::TEAM_SEATINGS;
use super::table::caller::Caller;
use super::table::players::{Builtin, External, Hosting, Player};
use super::table::referee::MatchRules;
use super::table::spec::PlayerSpec;
use crate::game::deal::Deal;
use crate::game::{BySeat, Seat};
use crate::named::Named;

/// How the players are seated on each deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Three players, one game per deal, seated A, B, C as given.
    Seats,
    /// Three players, three games per deal: the players rotated through all three seats.
    Duplicate,
    /// Two players X and Y, six games per deal: X alone against two copies of Y in each seat,
    /// then Y alone against two copies of X.
    Pair,
    /// Two players X and Y, two games per deal: X alone against two copies of Y, then Y alone
    /// against two copies of X, the one alone in the deal's landlord seat (with
    /// `--fixed-landlord`, each side alone as the landlord: DouZero's evaluation). They are
    /// the two head-to-head games of [`Format::Pair`] on the same deal, at a third of its cost.
    H2h,
    /// Two players X and Y, three games per deal: X alone against two copies of Y in each
    /// seat, the first half of [`Format::Pair`] at half its cost. A championship seats an
    /// engine so, never beside its own copy: the measure of a bidder, whose deal taken from a
    /// copy of itself would cost that copy's seat what it gains (and of anything X learns
    /// across a match's games, which then come from that table alone).
    Alone,
    /// Two teams X and Y, two tables per deal with the teams' seats swapped, scored by the team
    /// rule (the 2019 server; see [`super::count::team`]).
    Team,
}

impl Format {
    /// The player entry in each seat, for each game of deal number `deal`.
    #[must_use]
    pub(crate) fn seatings(self, deal: usize) -> Vec<BySeat<usize>> {
        if self == Format::H2h {
            // The lone player sits where the deal puts the landlord (the referee's fixed
            // landlord is seat `deal % 3`): X alone, then Y alone.
            let alone = Seat::ALL[deal % 3];
            return (0..2)
                .map(|x| BySeat::from_fn(|s| if s == alone { x } else { 1 - x }))
                .collect();
        }
        let seatings: &[[usize; 3]] = match self {
            Format::Seats => &[[0, 1, 2]],
            Format::Duplicate => &[[0, 1, 2], [2, 0, 1], [1, 2, 0]],
            Format::Pair => &[
                [0, 1, 1],
                [1, 0, 1],
                [1, 1, 0],
                [1, 0, 0],
                [0, 1, 0],
                [0, 0, 1],
            ],
            Format::Alone => &[[0, 1, 1], [1, 0, 1], [1, 1, 0]],
            Format::Team => &TEAM_SEATINGS,
            Format::H2h => unreachable!("seated above"),
        };
        seatings.iter().map(|&lineup| BySeat(lineup)).collect()
    }

    /// How many games each deal is played in.
    #[must_use]
    pub(crate) fn games_per_deal(self) -> usize {
        self.seatings(0).len()
    }

    /// How many players the format takes.
    #[must_use]
    pub(crate) fn entries(self) -> usize {
        match self {
            Format::Pair | Format::H2h | Format::Alone | Format::Team => 2,
            _ => 3,
        }
    }
}

impl Named for Format {
    /// The names in flags and shard headers, read exactly, in the order of the `--format` help.
    const NAMES: &'static [(&'static str, Format)] = &[
        ("seats", Format::Seats),
        ("duplicate", Format::Duplicate),
        ("pair", Format::Pair),
        ("h2h", Format::H2h),
        ("alone", Format::Alone),
        ("team", Format::Team),
    ];
}
crate::named_enum!(Format);

/// Text that names no arena format.
pub(crate) type ParseFormatError = crate::named::ParseNameError;

/// A match to run.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// Player specs: `builtin:NAME` or a shell command line (3, or 2 for [`Format::Pair`],
    /// [`Format::H2h`] and [`Format::Team`]).
    pub players: Vec<String>,
    /// How players are seated.
    pub format: Format,
    /// Deals read from a file; `None` to deal from the seed.
    pub deals: Option<Vec<Deal>>,
    /// Number of deals to play (at most the file's when deals come from a file).
    pub games: usize,
    /// The match seed.
    pub seed: u64,
    /// Tables played in parallel.
    pub jobs: usize,
    /// The referee's rules and platform habits.
    pub rules: MatchRules,
    /// End every line sent to external programs with `\r\n`.
    pub crlf: bool,
    /// Let external programs' stderr through (otherwise discarded).
    pub show_stderr: bool,
    /// Run built-in players on the engine's worker thread (see [`Hosting::threaded`]).
    pub threaded: bool,
    /// Draw a progress bar on stderr.
    pub progress: bool,
    /// What the progress bar counts its deals as: `deals`, or `games` where each of the
    /// match's deals is one game of the caller's (self-play deals each deal three times).
    pub progress_unit: &'static str,
    /// Deals per turn in the team format.
    pub turn_deals: usize,
    /// Stop as soon as this sequential test on the first two players' per-deal difference is
    /// decided (at most `games` deals are played).
    pub sprt: Option<SprtConfig>,
    /// Play only this slice of the deals ([`super::log_merge`]); the deals keep their numbers.
    pub shard: Option<crate::shards::Shard>,
}

/// The player in every seat a match leaves open (`ddz arena` with no players, or fewer than
/// its format seats): the thinking player at a fixed 16 sampled deals per decision. At the
/// engine's own 256 deals per decision the default 100 deals would take many times longer (the
/// times, quiet and loaded, in docs/arena.md, "Recipes sized for two cores"); the report is
/// the same on any machine and under any load (a fixed budget).
/// `builtin:ddz` named outright plays as the engine does.
pub const DEFAULT_PLAYER: &str = "builtin:ddz:samples=16";

impl Default for ArenaConfig {
    fn default() -> ArenaConfig {
        ArenaConfig {
            players: vec![DEFAULT_PLAYER.into(); 3],
            format: Format::Seats,
            deals: None,
            games: 100,
            seed: 1,
            jobs: 1,
            rules: MatchRules::default(),
            crlf: false,
            show_stderr: false,
            threaded: false,
            progress: false,
            progress_unit: "deals",
            turn_deals: super::count::team::DEFAULT_TURN_DEALS,
            sprt: None,
            shard: None,
        }
    }
}

/// The player `spec` names, hosted as `hosting` says: a built-in strategy, a Botzone bot
/// ([`super::table::botzone_player`]), an engine program, or the caller's function
/// ([`super::table::caller`]).
#[must_use]
pub fn make_player(spec: &PlayerSpec, hosting: Hosting) -> Box<dyn Player> {
    match spec {
        PlayerSpec::Botzone(command) => Box::new(super::table::botzone_player::BotzonePlayer::new(
            command,
            hosting.show_stderr,
        )),
        PlayerSpec::Builtin(builtin) => Box::new(
            Builtin::new(builtin.hosted(hosting.search), hosting.threaded)
                .kept(hosting.keep)
                .with_scoring(hosting.scoring)
                .on_platform(hosting.platform),
        ),
        PlayerSpec::Program(command) => {
            Box::new(External::new(command, hosting.crlf, hosting.show_stderr))
        }
        PlayerSpec::Supplied(supplied) => Box::new(Caller::new(supplied.clone(), hosting.platform)),
    }
}

/// Labels for player specs: the spec itself, with `#2`, `#3` added to repeats.
#[must_use]
pub fn labels(specs: &[String]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let before = specs[..i].iter().filter(|t| *t == s).count();
            if before == 0 {
                s.clone()
            } else {
                format!("{}#{}", s, before + 1)
            }
        })
        .collect()
}

impl ArenaConfig {
    /// The deal with this number.
    #[must_use]
    pub fn deal(&self, index: usize) -> Deal {
        match &self.deals {
            Some(d) => d[index],
            None => Deal::seeded(self.seed, index as u64),
        }
    }

    /// How players are hosted.
    #[must_use]
    pub(crate) fn hosting(&self) -> Hosting {
        Hosting {
            crlf: self.crlf,
            show_stderr: self.show_stderr,
            threaded: self.threaded,
            search: None,
            scoring: self.rules.scoring,
            platform: self.rules.platform,
            keep: self.rules.match_deals.is_some(),
        }
    }

    /// The deals this run plays, as positions in [`ArenaConfig::deal_numbers`], in the units
    /// one table plays in order: each deal alone, or each match's deals
    /// ([`MatchRules::match_deals`]: a match is deals `m × N .. (m + 1) × N`, its players
    /// hosted afresh for it).
    #[must_use]
    pub(crate) fn deal_groups(&self) -> Vec<Vec<usize>> {
        let numbers = self.deal_numbers();
        let per = self.rules.match_deals.map_or(0, |n| n as usize);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (k, &i) in numbers.iter().enumerate() {
            let together = per > 0 && k > 0 && numbers[k - 1] / per == i / per;
            match groups.last_mut() {
                Some(g) if together => g.push(k),
                _ => groups.push(vec![k]),
            }
        }
        groups
    }

    /// Deals the match has: `games`, or as many as its deal file holds when fewer (a shard
    /// plays some of them).
    #[must_use]
    pub fn deal_count(&self) -> usize {
        match &self.deals {
            Some(d) => self.games.min(d.len()),
            None => self.games,
        }
    }

    /// The numbers of the deals this run plays, in order: all, or its shard's.
    #[must_use]
    pub(crate) fn deal_numbers(&self) -> Vec<usize> {
        (0..self.deal_count())
            .filter(|&i| self.shard.map_or(true, |s| s.holds(i)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The head-to-head format's two games are the pair format's two games whose lone player
    /// sits in the deal's landlord seat, X's first: the same games at a third of the cost.
    #[test]
    fn h2h_plays_the_pair_games_whose_lone_player_is_the_landlord() {
        for deal in 0..6 {
            let landlord = Seat::ALL[deal % 3];
            let alone = |lineup: &BySeat<usize>| {
                Seat::ALL
                    .into_iter()
                    .find(|&s| Seat::ALL.iter().all(|&o| o == s || lineup[o] != lineup[s]))
            };
            let pair: Vec<BySeat<usize>> = Format::Pair
                .seatings(deal)
                .into_iter()
                .filter(|l| alone(l) == Some(landlord))
                .collect();
            assert_eq!(pair.len(), 2);
            assert_eq!(Format::H2h.seatings(deal), pair, "deal {}", deal);
            assert_eq!(pair[0][landlord], 0);
        }
        assert_eq!(Format::H2h.games_per_deal(), 2);
        assert_eq!(Format::Pair.games_per_deal(), 6);
    }

    /// The alone format's games are the pair format's games where X holds one seat, in the
    /// pair's order, X's seat a different one each game: never X beside its own copy.
    #[test]
    fn alone_plays_the_pair_games_where_x_holds_one_seat() {
        for deal in 0..3 {
            let pair: Vec<BySeat<usize>> = Format::Pair
                .seatings(deal)
                .into_iter()
                .filter(|l| l.0.iter().filter(|&&p| p == 0).count() == 1)
                .collect();
            let alone = Format::Alone.seatings(deal);
            assert_eq!(alone, pair, "deal {}", deal);
            let seats: Vec<usize> = alone
                .iter()
                .map(|l| l.0.iter().position(|&p| p == 0).unwrap())
                .collect();
            assert_eq!(seats, [0, 1, 2]);
        }
        assert_eq!(Format::Alone.entries(), 2);
    }
}
