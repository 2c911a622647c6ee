//! The rules of a valid match, in one place: a [`MatchRequest`] is a match as a command line
//! asks for it (`ddz arena`'s flags, each field as given, nothing checked), and its one check,
//! [`CheckedMatch::try_from`], gives the match to run or the rule it breaks ([`RequestError`]).
//! The flags' reading is the tool's (`tools/arena.rs`); what makes a match playable is here, so
//! each rule is one line of [`check`] and one variant of the error, testable without a binary.

use super::config::{ArenaConfig, Format, DEFAULT_PLAYER};
use super::count::sprt::SprtConfig;
use super::table::referee::MatchRules;
use super::table::spec::PlayerSpec;
use crate::game::deal::Deal;
use crate::game::Scoring;
use crate::named::Named;
use crate::shards::Shard;
use crate::strategy::kinds::SpecError;
use std::fmt;
use std::time::Duration;

/// The longest reply limit taken, in seconds (about eleven days: any longer is a typo, and
/// `Duration` refuses what does not fit).
pub const MOST_TIME_SECS: f64 = 1e6;

/// A match as asked for, each field as the command line gave it: nothing here is checked yet.
#[derive(Clone, Debug)]
pub struct MatchRequest {
    /// The players given one by one (`--players`, `--player`), in order.
    pub players: Vec<String>,
    /// `--pair X Y`, `--h2h X Y` or `--alone X Y`: the format and its two players (the last
    /// one given).
    pub pair: Option<(Format, String, String)>,
    /// `--duplicate`.
    pub duplicate: bool,
    /// `--format F`.
    pub format: Option<Format>,
    /// `--gauntlet CANDIDATE OPPONENT...`: its words.
    pub gauntlet: Option<Vec<String>>,
    /// `--games N`: deals to play.
    pub games: Option<usize>,
    /// `--deals FILE`: the file's name and the deals it holds.
    pub deal_file: Option<DealFile>,
    /// `--seed S`.
    pub seed: u64,
    /// `--time SECS`: the limit per reply.
    pub time: Option<f64>,
    /// `--turn R`: deals per turn of the team format.
    pub turn: Option<usize>,
    /// `--match-deals N`: the run played as matches of N deals, each player hosted afresh
    /// for each match and kept across its games.
    pub match_deals: Option<usize>,
    /// `--jobs N`: tables played at once.
    pub jobs: usize,
    /// `--sprt …`: the sequential test.
    pub sprt: Option<SprtConfig>,
    /// `--shard K/N`.
    pub shard: Option<Shard>,
    /// Whether `--transcripts DIR` was given.
    pub transcripts: bool,
    /// The referee's rules as the flags set them, in their order (`--platform` brings its
    /// server's habits, which a later flag may change again); their `time`, `transcripts` and
    /// `scoring` under the team format are the check's to set.
    pub rules: MatchRules,
    /// `--crlf`.
    pub crlf: bool,
    /// `--show-stderr`.
    pub show_stderr: bool,
    /// `--threaded`.
    pub threaded: bool,
    /// `--progress` / `--no-progress`.
    pub progress: bool,
}

impl Default for MatchRequest {
    /// Nothing asked: the defaults of [`ArenaConfig`].
    fn default() -> MatchRequest {
        let config = ArenaConfig::default();
        MatchRequest {
            players: Vec::new(),
            pair: None,
            duplicate: false,
            format: None,
            gauntlet: None,
            games: None,
            deal_file: None,
            seed: config.seed,
            time: None,
            turn: None,
            match_deals: None,
            jobs: config.jobs,
            sprt: None,
            shard: None,
            transcripts: false,
            rules: config.rules,
            crlf: config.crlf,
            show_stderr: config.show_stderr,
            threaded: config.threaded,
            progress: config.progress,
        }
    }
}

impl MatchRequest {
    /// Seats `players` in the format named `format` (`Format`'s names), as a caller naming
    /// the format by name asks (the Python package's `ddz.arena`): a two-player format's
    /// pair, other formats' players in order, no format three seated as given; or, for a
    /// `gauntlet`, its words (the candidate first). Why not, when they cannot be so seated.
    pub fn seat_players(
        &mut self,
        format: Option<&str>,
        players: Vec<String>,
        gauntlet: bool,
    ) -> Result<(), String> {
        let format = match format {
            None => None,
            Some(name) => Some(Format::from_name(name).ok_or_else(|| {
                format!(
                    "unknown format '{}': one of {}",
                    name,
                    Format::names().join(", ")
                )
            })?),
        };
        match format {
            _ if gauntlet => {
                self.format = format;
                self.gauntlet = Some(players);
            }
            Some(f) if two_sided(f) => match <[String; 2]>::try_from(players) {
                Ok([x, y]) => self.pair = Some((f, x, y)),
                Err(_) => return Err(format!("format '{}' takes two players", f)),
            },
            Some(f) => {
                self.format = Some(f);
                self.players = players;
            }
            None if players.len() == 3 => self.players = players,
            None => {
                return Err(format!(
                    "{} players: name the format (three seated as given: 'seats'; two: 'pair', \
                     'h2h' or 'alone')",
                    players.len()
                ))
            }
        }
        Ok(())
    }
}

/// A deal file read: its name (for messages) and its deals.
#[derive(Clone, Debug)]
pub struct DealFile {
    /// The file's name as given.
    pub name: String,
    /// The deals it holds, in order.
    pub deals: Vec<Deal>,
}

/// A gauntlet's players: the candidate and its opponents (at least one), each a valid spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gauntlet {
    /// The player measured.
    pub candidate: String,
    /// The players it meets, one match each.
    pub opponents: Vec<String>,
}

/// A match that keeps every rule: the configuration to run, and, for a gauntlet, its players
/// (the configuration's own are then the gauntlet's to set, match by match).
#[derive(Clone, Debug)]
pub struct CheckedMatch {
    /// The match's settings, its players, format and deals complete.
    pub config: ArenaConfig,
    /// `--gauntlet`'s candidate and opponents.
    pub gauntlet: Option<Gauntlet>,
}

/// The rule of a valid match a request breaks; the messages are `ddz arena`'s.
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum RequestError {
    /// `--games 0`.
    NoGames,
    /// `--turn 0`.
    NoTurn,
    /// `--match-deals 0`.
    NoMatchDeals,
    /// `--match-deals` with `--shard`: a match is played in order by one table.
    MatchesInShards,
    /// A reply limit that is not a positive number of seconds (or is absurdly long).
    BadTime(f64),
    /// `--jobs 0`.
    NoJobs,
    /// `--gauntlet` with players or a format of its own that is not played in pairs.
    GauntletWithPlayers,
    /// `--pair` or `--h2h` (the format) with other players, `--duplicate` or another format.
    PairWithPlayers(Format),
    /// `--duplicate` and another `--format`.
    DuplicateAndFormat,
    /// More players than the format seats.
    TooManyPlayers { wanted: usize, given: usize },
    /// `--sprt` with `--shard`: the test decides on the deals in order.
    SprtInShards,
    /// `--sprt` without two players to compare (seats as given).
    SprtWithoutTwo,
    /// A deal file with no deal (its name).
    EmptyDealFile(String),
    /// `--games` past the deal file's deals.
    FewDeals {
        asked: usize,
        file: String,
        held: usize,
    },
    /// `--gauntlet` with `--sprt`, `--shard` or `--transcripts`.
    GauntletNotWhole,
    /// `--gauntlet` without a candidate and an opponent.
    GauntletWithoutOpponent,
    /// A gauntlet's player spec refused.
    Spec(SpecError),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::NoGames => f.write_str("--games must be at least 1 deal"),
            RequestError::NoTurn => f.write_str("--turn must be at least 1 deal"),
            RequestError::NoMatchDeals => f.write_str("--match-deals must be at least 1 deal"),
            RequestError::MatchesInShards => f.write_str(
                "--match-deals plays each match's deals in order at one table: run it whole, \
                 not in shards",
            ),
            RequestError::BadTime(_) => f.write_str("--time must be a positive number of seconds"),
            RequestError::NoJobs => f.write_str("--jobs must be at least 1"),
            RequestError::GauntletWithPlayers => f.write_str(
                "--gauntlet takes its players itself and plays them in pairs: no --pair, --h2h, --alone, \
                 --players, --duplicate or --format other than pair, h2h or alone with it",
            ),
            RequestError::PairWithPlayers(format) => write!(
                f,
                "--{} takes its two players itself: no --duplicate, --players or other --format \
                 with it",
                format
            ),
            RequestError::DuplicateAndFormat => {
                f.write_str("--duplicate and another --format given")
            }
            RequestError::TooManyPlayers { wanted, given } => {
                write!(f, "this format takes {} players, {} given", wanted, given)
            }
            RequestError::SprtInShards => f.write_str(
                "--sprt decides on the deals in order, as they come: run it whole, not in shards",
            ),
            RequestError::SprtWithoutTwo => f.write_str(
                "--sprt compares two players over the same deals: use --pair, --h2h, --duplicate \
                 or --format team",
            ),
            RequestError::EmptyDealFile(file) => write!(f, "deal file {} holds no deal", file),
            RequestError::FewDeals { asked, file, held } => write!(
                f,
                "--games {}: deal file {} holds only {} deals",
                asked, file, held
            ),
            RequestError::GauntletNotWhole => f.write_str(
                "--gauntlet runs whole matches: no --sprt, --shard or --transcripts with it",
            ),
            RequestError::GauntletWithoutOpponent => {
                f.write_str("--gauntlet takes a candidate and at least one opponent")
            }
            RequestError::Spec(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RequestError {}

impl TryFrom<MatchRequest> for CheckedMatch {
    type Error = RequestError;

    /// The match `request` asks for, or the first rule it breaks.
    fn try_from(request: MatchRequest) -> Result<CheckedMatch, RequestError> {
        check(request)
    }
}

/// Whether a format plays two sides in pairs (a gauntlet's matches).
fn two_sided(format: Format) -> bool {
    matches!(format, Format::Pair | Format::H2h | Format::Alone)
}

/// Every rule of a valid match, in the order they are told.
fn check(mut request: MatchRequest) -> Result<CheckedMatch, RequestError> {
    check_numbers(&mut request)?;
    let (format, players) = seating(&mut request)?;
    if format == Format::Team {
        request.rules.scoring = Scoring::Team;
    }
    // The sequential test compares two sides deal by deal, in order.
    if request.sprt.is_some() && request.shard.is_some() {
        return Err(RequestError::SprtInShards);
    }
    if request.sprt.is_some() && format == Format::Seats {
        return Err(RequestError::SprtWithoutTwo);
    }
    let defaults = ArenaConfig::default();
    let (deals, games) = deals_of(request.deal_file.take(), request.games, defaults.games)?;
    let gauntlet = gauntlet_of(&request)?;
    let MatchRequest {
        seed,
        turn,
        jobs,
        sprt,
        shard,
        transcripts,
        mut rules,
        crlf,
        show_stderr,
        threaded,
        progress,
        ..
    } = request;
    rules.transcripts = transcripts;
    let config = ArenaConfig {
        players,
        format,
        deals,
        games,
        seed,
        jobs,
        rules,
        crlf,
        show_stderr,
        threaded,
        progress,
        turn_deals: turn.unwrap_or(defaults.turn_deals),
        sprt,
        shard,
        ..defaults
    };
    Ok(CheckedMatch { config, gauntlet })
}

/// The numbers no match can use refused; the match's length in deals and its reply limit put
/// into its rules.
fn check_numbers(request: &mut MatchRequest) -> Result<(), RequestError> {
    if request.games == Some(0) {
        return Err(RequestError::NoGames);
    }
    if request.turn == Some(0) {
        return Err(RequestError::NoTurn);
    }
    if request.match_deals == Some(0) {
        return Err(RequestError::NoMatchDeals);
    }
    if request.match_deals.is_some() && request.shard.is_some() {
        return Err(RequestError::MatchesInShards);
    }
    request.rules.match_deals = request.match_deals.map(|n| n as u32);
    if let Some(secs) = request.time {
        if !(secs > 0.0 && secs < MOST_TIME_SECS) {
            return Err(RequestError::BadTime(secs));
        }
        request.rules.time = Duration::from_secs_f64(secs);
    }
    if request.jobs == 0 {
        return Err(RequestError::NoJobs);
    }
    Ok(())
}

/// Who plays, and how they are seated: the format and the players' specs (none for a
/// gauntlet, whose players come with it; the default player in the seats none was given).
fn seating(request: &mut MatchRequest) -> Result<(Format, Vec<String>), RequestError> {
    let (format, duplicate) = (request.format, request.duplicate);
    let mut players = std::mem::take(&mut request.players);
    if request.gauntlet.is_some()
        && (request.pair.is_some()
            || duplicate
            || !players.is_empty()
            || format.map_or(false, |f| !two_sided(f)))
    {
        return Err(RequestError::GauntletWithPlayers);
    }
    if request.gauntlet.is_some() {
        return Ok((format.unwrap_or(Format::Pair), Vec::new()));
    }
    if let Some((f, x, y)) = request.pair.take() {
        if duplicate || !players.is_empty() || format.map_or(false, |other| other != f) {
            return Err(RequestError::PairWithPlayers(f));
        }
        return Ok((f, vec![x, y]));
    }
    let f = match (format, duplicate) {
        (Some(f), false) | (Some(f @ Format::Duplicate), true) => f,
        (None, true) => Format::Duplicate,
        (None, false) => Format::Seats,
        (Some(_), true) => return Err(RequestError::DuplicateAndFormat),
    };
    let wanted = f.entries();
    if players.len() > wanted {
        return Err(RequestError::TooManyPlayers {
            wanted,
            given: players.len(),
        });
    }
    players.resize(wanted, DEFAULT_PLAYER.to_string());
    Ok((f, players))
}

/// The deals and how many are played: from the file (all of it, or its first `games`), or
/// from the seed (`games`, else `default_games`).
fn deals_of(
    deal_file: Option<DealFile>,
    games: Option<usize>,
    default_games: usize,
) -> Result<(Option<Vec<Deal>>, usize), RequestError> {
    let file = match deal_file {
        Some(file) => file,
        None => return Ok((None, games.unwrap_or(default_games))),
    };
    if file.deals.is_empty() {
        return Err(RequestError::EmptyDealFile(file.name));
    }
    if let Some(asked) = games.filter(|&n| n > file.deals.len()) {
        return Err(RequestError::FewDeals {
            asked,
            file: file.name,
            held: file.deals.len(),
        });
    }
    let games = games.unwrap_or(file.deals.len());
    Ok((Some(file.deals), games))
}

/// A gauntlet, when one is asked for: whole matches of a candidate against opponents it can
/// seat.
fn gauntlet_of(request: &MatchRequest) -> Result<Option<Gauntlet>, RequestError> {
    let words = match &request.gauntlet {
        Some(words) => words,
        None => return Ok(None),
    };
    if request.sprt.is_some() || request.shard.is_some() || request.transcripts {
        return Err(RequestError::GauntletNotWhole);
    }
    let (candidate, opponents) = match words.split_first() {
        Some((c, o)) if !o.is_empty() => (c.clone(), o.to_vec()),
        _ => return Err(RequestError::GauntletWithoutOpponent),
    };
    for spec in words {
        spec.parse::<PlayerSpec>().map_err(RequestError::Spec)?;
    }
    Ok(Some(Gauntlet {
        candidate,
        opponents,
    }))
}
