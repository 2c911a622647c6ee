//! The thinking player's settings: what `ddz.cfg`, the engine's flags and the arena's
//! `builtin:ddz:KEY=VALUE` set, and how each is read.

use crate::game::Role;
use crate::named::Named;
use crate::registry::{find_setting, number, one_of, unknown, Setting, SettingError};
use crate::strategy::networks::NetFiles;
use crate::time::{parse_samples, parse_think, think_seconds, SearchLimit, ENGINE};

/// Default of [`ThinkerSettings::stick`]: keep the rule player's choice against a lead within
/// one standard error (docs/figures.md, "The stick").
pub(crate) const DEFAULT_STICK: f64 = 1.0;

/// Default of [`ThinkerSettings::bidder`]: the bid network at this table, which bids as the
/// bid network alone until a game of the match has ended (docs/figures.md, "An equal table's
/// shifts, and 500 deals an engine alone at the table").
const DEFAULT_BIDDER: Bidder = Bidder::Table;

/// Default of [`ThinkerSettings::net_weight`]: the network and the play-out count alike
/// (docs/learning.md).
pub(crate) const DEFAULT_NET_WEIGHT: f64 = 0.5;

/// The solver takes over a rollout once the hands hold this many cards together: its median
/// time there is a few hundredths of a millisecond (ddz bench, solve section).
pub(crate) const SOLVE_AT_CARDS: u32 = 16;
/// Node budget of one solve inside a rollout (a few milliseconds at most; most solves at 16
/// cards need under 200 nodes): past it the policy plays on and the solver tries again a few
/// cards later.
pub(crate) const SOLVE_NODES: u64 = 4_000;

/// Default size of the solver's transposition table: the rollouts' solves are small (at most
/// [`SOLVE_AT_CARDS`] cards, [`SOLVE_NODES`] nodes), and a smaller table is cheaper to set up
/// for each game an arena plays.
pub(crate) const DEFAULT_TABLE_BYTES: usize = 8 << 20;

/// How the thinking player searches, and what it may spend on a decision. The referee's
/// clock is not here: each decision comes with its deadline ([`crate::time::Deadline`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkerSettings {
    /// What a decision's search spends: a count of deals (`samples = N`, reproducible) or a
    /// thinking time (`think = S`), the later given winning. `None`, none given: the host's
    /// (Botzone's half second, a table's `--think`,
    /// [`crate::strategy::kinds::BuiltinSpec::hosted`]), else the protocol's platforms'
    /// count ([`ThinkerSettings::limit`]).
    pub limit: Option<SearchLimit>,
    /// The solver's table size in bytes.
    pub table_bytes: usize,
    /// How it bids.
    pub bidder: Bidder,
    /// How a deal is judged as the landlord: what its outcome is worth and how far the exact
    /// solver reaches ([`Judge`]).
    pub as_landlord: Judge,
    /// How a deal is judged as the farmers ([`Judge`]).
    pub as_farmers: Judge,
    /// The play network's share of a deal's value right after the candidate; the play-out
    /// has the rest (0: play-outs alone, and the network is not asked).
    pub net_weight: f64,
    /// With the bid network: bid when becoming the landlord is worth more than this many
    /// stakes (the landlord's points at base 1) in expectation.
    pub bid_margin: f64,
    /// Where the deals come from ([`Infer`]).
    pub infer: Infer,
    /// Keep the rule player's choice unless the best candidate beats it on the same deals by
    /// more than this many standard errors of the paired difference (0: the best mean wins).
    pub stick: f64,
    /// Networks read from files instead of the embedded ones (to measure a newly trained
    /// network against the binary's own).
    pub nets: NetFiles,
    /// Threads that share a decision's deals; `None`: one per core. The answer at a fixed
    /// budget is the same for any number (the deals are counted in deal order).
    pub threads: Option<usize>,
    /// The policy the play-outs are played by in every seat: the rule player (`rules`, the
    /// default) or the learned policy (`learned`).
    pub playout: Playout,
}

/// The policy the play-outs are played by (`playout`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Playout {
    /// The rule player.
    #[default]
    Rules,
    /// The learned policy ([`crate::strategy::learned_policy`]).
    Learned,
}

impl Named for Playout {
    const NAMES: &'static [(&'static str, Playout)] =
        &[("rules", Playout::Rules), ("learned", Playout::Learned)];
}
crate::named_enum!(Playout);

/// What the `net` setting names for the networks in the binary.
const EMBEDDED: &str = "embedded";

/// What the `threads` setting names for one thread per core.
const CORES: &str = "cores";

impl Default for ThinkerSettings {
    fn default() -> ThinkerSettings {
        ThinkerSettings {
            limit: None,
            table_bytes: DEFAULT_TABLE_BYTES,
            bidder: DEFAULT_BIDDER,
            as_landlord: DEFAULT_AS_LANDLORD,
            as_farmers: DEFAULT_AS_FARMERS,
            bid_margin: 0.0,
            net_weight: DEFAULT_NET_WEIGHT,
            infer: Infer::Net,
            stick: DEFAULT_STICK,
            nets: NetFiles::default(),
            threads: None,
            playout: Playout::Rules,
        }
    }
}

impl ThinkerSettings {
    /// How a deal is judged in a decision of `role`.
    #[must_use]
    pub(crate) fn judge(&self, role: Role) -> Judge {
        match role {
            Role::Landlord => self.as_landlord,
            Role::Farmer => self.as_farmers,
        }
    }

    /// What a decision's search spends: the limit given, else the protocol's platforms'.
    #[must_use]
    pub fn limit(&self) -> SearchLimit {
        self.limit.unwrap_or(ENGINE.search)
    }

    /// Threads a search uses: the setting, else one per core the system offers.
    #[must_use]
    pub(crate) fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, MAX_THREADS)
    }

    /// Every setting as `KEY=VALUE`, in [`SETTINGS`] order, separated by spaces: what a
    /// log records of the player's search, the limit that plays first (`samples=256`, or
    /// `think=0.5`: the two spellings of the one limit, the other not written);
    /// `net=embedded` for the networks in the binary; `threads=cores` for one per core.
    #[must_use]
    pub fn describe(&self) -> String {
        crate::registry::describe(SETTINGS, self)
    }

    /// Applies one setting by name, as `ddz.cfg`, the engine's flags and the arena's
    /// `builtin:ddz:KEY=VALUE` spell it; `Err` says why it was refused.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        if let Some(why) = retired(key, value) {
            return Err(why);
        }
        match find_setting(SETTINGS, key) {
            Some(setting) => setting.apply(self, value),
            None => Err(unknown("setting", key, player_setting_names())),
        }
    }
}

/// The settings and values that measured no better than the defaults and were retired with the
/// code only they reached, each `KEY: why` (every value retired) or `KEY=VALUE: why`, with what
/// replaced it. Their figures stay in docs/figures.md, "Retired settings", with the commit that
/// last had the code, so each can be checked out and run again.
const RETIRED: &[&str] = &[
    "eval=rollout: net-weight=0 judges by play-outs alone",
    "eval=blend: the blend is how the search judges (net-weight sets it)",
    "eval: measured no better than the blend",
    "net-plies: measured below the network right after the candidate",
    "partner: measured −3.5 ± 3.5 as the farmers against RHCP",
    "finalists: the depth stage measured no better (+0.5 ± 2.8, −1.3 ± 2.4)",
    "deep-solve-at: it went with the depth stage",
    "deep-solve-nodes: it went with the depth stage",
    "deep-deals: it went with the depth stage",
    "peek: a measurement of the arena's, spelled builtin:ddz:peek=on there alone",
    "play-net: net=FILE reads any of the networks, told by its shape",
    "bid-net: net=FILE reads any of the networks, told by its shape",
    "hidden-net: net=FILE reads any of the networks, told by its shape",
    "bid=simulate: measured below the value thresholds (SPRT −34)",
    "bid=net-deals: no better than the value thresholds (−0.3 ± 9.6), which the bid network beats",
    "infer=on: measured level with the network at six times the cost",
    "infer=both: measured level with the network (−0.3 ± 2.6)",
    "playout-seats: measured level against the outside engines (−0.3 ± 0.3 points of win rate)",
    "playout=greedy: it went with playout-seats",
    "playout-plies: measured level with the blend (+2.0 ± 5.9 and +2.0 ± 5.4 points a deal)",
    "prior: measured level (+0.0 ± 1.4 points of win rate as the landlord against RHCP)",
];

/// A retired spelling of [`RETIRED`]: the key, the value (`None`: every value) and why.
fn retired_entries() -> impl Iterator<Item = (&'static str, Option<&'static str>, &'static str)> {
    RETIRED.iter().map(|entry| {
        let (spelled, why) = entry.split_once(": ").expect("KEY[=VALUE]: why");
        match spelled.split_once('=') {
            Some((key, value)) => (key, Some(value), why),
            None => (spelled, None, why),
        }
    })
}

/// Why `key=value` is refused when it names a retired setting or value (see `RETIRED`): the
/// thinking player's own reading, and the engine's for `ddz.cfg` and its flags.
pub(crate) fn retired(key: &str, value: &str) -> Option<SettingError> {
    let name = crate::registry::setting_name(key);
    let value = value.trim();
    retired_entries()
        .find(|(k, v, _)| *k == name && v.map_or(true, |v| v == value))
        .map(|(k, v, why)| SettingError::Retired {
            setting: v.map_or(k.to_string(), |v| format!("{}={}", k, v)),
            why: why.to_string(),
        })
}

/// Largest solver table accepted, in MiB.
pub(crate) const MAX_TABLE_MB: usize = 1024;

/// Most search threads accepted (each holds a solver table of `table-mb`).
pub(crate) const MAX_THREADS: usize = 64;

/// The thinking player's settings, in the order [`ThinkerSettings::describe`] writes them: the
/// one list of their names, from which `ddz.cfg`, the engine's flags, the arena's
/// `builtin:ddz:KEY=VALUE` and `ddz analyze` read them.
pub static SETTINGS: &[Setting<ThinkerSettings>] = &[
    Setting {
        name: "samples",
        value: "N",
        help: "N deals per decision, whatever the clock: reproducible",
        read: |s, v| {
            s.limit = Some(SearchLimit::Deals(parse_samples(v)?));
            Ok(())
        },
        show: |s| match s.limit() {
            SearchLimit::Deals(n) => n.to_string(),
            SearchLimit::Time(_) => String::new(),
        },
    },
    Setting {
        name: "think",
        value: "S",
        help: "S seconds per decision instead of a count of deals (Botzone's default: 0.5)",
        read: |s, v| {
            s.limit = Some(SearchLimit::Time(parse_think(v)?));
            Ok(())
        },
        show: |s| match s.limit() {
            SearchLimit::Time(t) => think_seconds(t).to_string(),
            SearchLimit::Deals(_) => String::new(),
        },
    },
    Setting {
        name: "table-mb",
        value: "M",
        help: "the solver's table in MiB",
        read: |s, v| {
            let must_be = format!("1..={} (MiB)", MAX_TABLE_MB);
            let mb = number(v, |n| (1..=MAX_TABLE_MB).contains(n), &must_be)?;
            s.table_bytes = mb << 20;
            Ok(())
        },
        show: |s| (s.table_bytes >> 20).to_string(),
    },
    Setting {
        name: "bid",
        value: "value|net|table",
        help: "how it bids: the rule player's value thresholds, the bid network, or the bid network corrected by how the match's games went at this table",
        read: |s, v| {
            s.bidder = one_of(v, Bidder::NAMES)?;
            Ok(())
        },
        show: |s| s.bidder.to_string(),
    },
    Setting {
        name: "bid-margin",
        value: "M",
        help: "with the bid network: bid when the landlord's seat is worth more than M stakes",
        read: |s, v| {
            s.bid_margin = number(v, |m: &f64| (-4.0..=4.0).contains(m), "a number in [-4, 4]")?;
            Ok(())
        },
        show: |s| s.bid_margin.to_string(),
    },
    Setting {
        name: "aim",
        value: "score|wins",
        help: "what a deal's outcome is worth to the search: its score in points, or only who won \
               (a plain stake either way: win rate over score); L,F sets the landlord's and the \
               farmers' apart",
        read: |s, v| set_by_role(s, v, |v| one_of(v, Aim::NAMES), |j, aim| j.aim = aim),
        show: |s| shown_by_role(s, |j| j.aim.to_string()),
    },
    Setting {
        name: "net-weight",
        value: "W",
        help: "the play network's share of a deal's value, 0 to 1, the play-out's the rest; 0: \
               play-outs alone",
        read: |s, v| {
            s.net_weight = number(v, |w: &f64| (0.0..=1.0).contains(w), "a number in [0, 1]")?;
            Ok(())
        },
        show: |s| s.net_weight.to_string(),
    },
    Setting {
        name: "infer",
        value: "off|net",
        help: "the deals searched: uniform, or drawn by the hidden-hand network",
        read: |s, v| {
            s.infer = one_of(v, Infer::NAMES)?;
            Ok(())
        },
        show: |s| s.infer.to_string(),
    },
    Setting {
        name: "stick",
        value: "Z",
        help: "keep the rule player's choice unless the best leads it by Z standard errors; 0: \
               the best mean wins",
        read: |s, v| {
            s.stick = number(v, |z: &f64| (0.0..=10.0).contains(z), "a number in [0, 10]")?;
            Ok(())
        },
        show: |s| s.stick.to_string(),
    },
    Setting {
        name: "net",
        value: "FILE",
        help: "a network from a file (scripts/train.py) instead of the binary's own: the play, \
               bid or hidden-hand network, told by its shape; FILE,FILE for more, embedded for \
               the binary's",
        read: |s, v| {
            if v == EMBEDDED {
                s.nets = NetFiles::default();
                return Ok(());
            }
            for path in v.split(',') {
                s.nets
                    .read(path.trim())
                    .map_err(|e| SettingError::File { why: e.to_string() })?;
            }
            Ok(())
        },
        show: |s| {
            let paths = s.nets.paths();
            if paths.is_empty() {
                EMBEDDED.to_string()
            } else {
                paths.join(",")
            }
        },
    },
    Setting {
        name: "threads",
        value: "N",
        help: "search threads, cores for one per core (the arena's players take 1)",
        read: |s, v| {
            s.threads = match v {
                CORES => None,
                _ => {
                    let must_be = format!("a whole number in 1..={}, or cores", MAX_THREADS);
                    Some(number(v, |n| (1..=MAX_THREADS).contains(n), &must_be)?)
                }
            };
            Ok(())
        },
        show: |s| s.threads.map_or(CORES.to_string(), |n| n.to_string()),
    },
    Setting {
        name: "playout",
        value: "rules|learned",
        help: "the policy of the play-outs: the rule player or the learned policy",
        read: |s, v| {
            s.playout = one_of(v, Playout::NAMES)?;
            Ok(())
        },
        show: |s| s.playout.to_string(),
    },
    Setting {
        name: "solve-at",
        value: "C",
        help: "the exact solver decides a deal once the hands hold at most C cards; L,F apart \
               for the landlord and the farmers",
        read: |s, v| {
            let read = |v: &str| number(v, |n: &u32| *n <= 54, "a whole number ≤ 54");
            set_by_role(s, v, read, |j, cards| j.solve_at = cards)
        },
        show: |s| shown_by_role(s, |j| j.solve_at.to_string()),
    },
    Setting {
        name: "solve-nodes",
        value: "N",
        help: "node budget of one solve; L,F apart for the landlord and the farmers",
        read: |s, v| {
            let must_be = "a whole number in 1..=1000000000";
            let read = |v: &str| number(v, |n: &u64| (1..=1_000_000_000).contains(n), must_be);
            set_by_role(s, v, read, |j, nodes| j.solve_nodes = nodes)
        },
        show: |s| shown_by_role(s, |j| j.solve_nodes.to_string()),
    },
];

/// The thinking player's setting names, in the order the usage texts list them.
pub(crate) fn player_setting_names() -> impl Iterator<Item = &'static str> + Clone {
    SETTINGS.iter().map(|s| s.name)
}

/// The thinking player's settings as a usage lists them, each spelled by `spell` (`--think S`,
/// `think=S`) in a column at least `width` wide.
#[must_use]
pub(crate) fn player_usage_lines(
    spell: fn(&Setting<ThinkerSettings>) -> String,
    width: usize,
) -> String {
    use crate::registry::{usage_lines, usage_width};
    usage_lines(SETTINGS, spell, width.max(usage_width(SETTINGS, spell)))
}

/// Where a decision's deals come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Infer {
    /// Uniformly among the deals consistent with the table.
    Off,
    /// Drawn by the hidden-hand network's chances ([`crate::strategy::networks::hidden`]): the
    /// default (docs/figures.md, "Against RHCP").
    Net,
}

impl Named for Infer {
    const NAMES: &'static [(&'static str, Infer)] = &[("off", Infer::Off), ("net", Infer::Net)];
}
crate::named_enum!(Infer);

/// How the thinking player bids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bidder {
    /// The rule player's value thresholds.
    Value,
    /// The bid network's expected score of taking the landlord seat, against passing.
    Net,
    /// The bid network's values moved by what this table's games have shown: how our landlord
    /// and our farmers fare here against what it predicted, and what passing leads to
    /// (`thinker::table`). Before any game, the bid network's bids. The default.
    Table,
}

impl Named for Bidder {
    const NAMES: &'static [(&'static str, Bidder)] = &[
        ("value", Bidder::Value),
        ("net", Bidder::Net),
        ("table", Bidder::Table),
    ];
}
crate::named_enum!(Bidder);

/// What the search maximises ([`Judge::aim`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aim {
    /// The expected score: what the championship's table counts (a bomb doubles a win's
    /// worth, so a riskier line that wins bigger can be worth a lower win rate).
    Score,
    /// The chance to win: each deal's outcome is a plain stake won or lost (the play network's
    /// win head where it judges), so the search ranks candidates by win rate. What a match
    /// counted in games won, and DouZero's WP figures, measure.
    Wins,
}

impl Named for Aim {
    const NAMES: &'static [(&'static str, Aim)] = &[("score", Aim::Score), ("wins", Aim::Wins)];
}
crate::named_enum!(Aim);

/// How one role's search judges a deal ([`ThinkerSettings::judge`]). The roles differ by
/// default (docs/figures.md, "Each role its own judge"): the solver plays the farmers as one
/// perfect side, which as the farmers is our own side at its best and as the landlord
/// opponents better than any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// What a deal's outcome is worth: its score, or only who won ([`Aim`]).
    pub(crate) aim: Aim,
    /// The exact solver decides a deal once the hands hold at most this many cards together
    /// (right after the candidate, or later in its play-out).
    pub(crate) solve_at: u32,
    /// Node budget of one solve; past it the play-out goes on and the solver tries again a
    /// few cards later.
    pub(crate) solve_nodes: u64,
}

/// The landlord's judge by default: the score, the solver from [`SOLVE_AT_CARDS`] cards.
pub const DEFAULT_AS_LANDLORD: Judge = Judge {
    aim: Aim::Score,
    solve_at: SOLVE_AT_CARDS,
    solve_nodes: SOLVE_NODES,
};

/// The farmers' judge by default: games won, the solver from 24 cards ([`Judge`]).
pub(crate) const DEFAULT_AS_FARMERS: Judge = Judge {
    aim: Aim::Wins,
    solve_at: 24,
    solve_nodes: 10_000,
};

/// Sets one part of each role's [`Judge`] from a setting's value: `V` for both, or `L,F`, the
/// landlord's then the farmers', each read by `read` and put in its judge by `set`.
fn set_by_role<T>(
    s: &mut ThinkerSettings,
    value: &str,
    read: impl Fn(&str) -> Result<T, SettingError>,
    set: fn(&mut Judge, T),
) -> Result<(), SettingError> {
    let (landlord, farmers) = match value.split_once(',') {
        Some((l, f)) => (read(l.trim())?, read(f.trim())?),
        None => (read(value)?, read(value)?),
    };
    set(&mut s.as_landlord, landlord);
    set(&mut s.as_farmers, farmers);
    Ok(())
}

/// One part of each role's [`Judge`] as [`set_by_role`] reads it back: one value when they agree.
fn shown_by_role(s: &ThinkerSettings, show: fn(&Judge) -> String) -> String {
    let (landlord, farmers) = (show(&s.as_landlord), show(&s.as_farmers));
    if landlord == farmers {
        landlord
    } else {
        format!("{},{}", landlord, farmers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value for the setting `name` as a person would type it, drawn by `rng`: what the
    /// setting takes, from its own rules (not its reader's), one of both roles' pairs for the
    /// judges' settings. A setting with no generator here fails the test that draws it.
    fn typed_value(name: &str, rng: &mut fastrand::Rng) -> String {
        let hundredths = |rng: &mut fastrand::Rng, from: i32, to: i32| {
            (f64::from(rng.i32(from * 100..=to * 100)) / 100.0).to_string()
        };
        let by_role = |rng: &mut fastrand::Rng, one: &dyn Fn(&mut fastrand::Rng) -> String| {
            if rng.bool() {
                one(rng)
            } else {
                format!("{},{}", one(rng), one(rng))
            }
        };
        let pick =
            |rng: &mut fastrand::Rng, names: &[&str]| names[rng.usize(..names.len())].to_string();
        match name {
            "samples" => rng.u32(1..=100_000).to_string(),
            "think" => (f64::from(rng.u32(1..=600_000)) / 1000.0).to_string(),
            "table-mb" => rng.usize(1..=MAX_TABLE_MB).to_string(),
            "bid" => pick(rng, &["value", "net"]),
            "bid-margin" => hundredths(rng, -4, 4),
            "aim" => by_role(rng, &|rng| pick(rng, &["score", "wins"])),
            "net-weight" => hundredths(rng, 0, 1),
            "infer" => pick(rng, &["off", "net"]),
            "stick" => hundredths(rng, 0, 10),
            "net" => EMBEDDED.to_string(),
            "threads" => match rng.usize(0..=MAX_THREADS) {
                0 => CORES.to_string(),
                n => n.to_string(),
            },
            "playout" => pick(rng, &["rules", "learned"]),
            "solve-at" => by_role(rng, &|rng| rng.u32(0..=54).to_string()),
            "solve-nodes" => by_role(rng, &|rng| rng.u64(1..=1_000_000_000).to_string()),
            other => panic!("no generator for the setting {}", other),
        }
    }

    /// On generated settings (each a few settings set in a random order to typed values, 2,000
    /// seeds): what `describe` writes reads back through `set` into default settings as the
    /// same settings, and describes the same; every key `describe` writes is a setting's, in
    /// the registry's order, one of the limit's two spellings; and each value typed shows back
    /// as typed, or as its pair's shorter form when both roles agree.
    #[test]
    fn the_described_settings_read_back_the_same() {
        let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
        for seed in 0..2_000 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut settings = ThinkerSettings::default();
            for _ in 0..rng.usize(0..=2 * SETTINGS.len()) {
                let setting = &SETTINGS[rng.usize(..SETTINGS.len())];
                let typed = typed_value(setting.name, &mut rng);
                settings
                    .set(setting.name, &typed)
                    .unwrap_or_else(|e| panic!("seed {}: {}={}: {}", seed, setting.name, typed, e));
                let shown = (setting.show)(&settings);
                let short = typed
                    .split_once(',')
                    .filter(|(l, f)| l == f)
                    .map(|(l, _)| l);
                assert!(
                    shown == typed || Some(shown.as_str()) == short,
                    "seed {}: {}={} shows {}",
                    seed,
                    setting.name,
                    typed,
                    shown
                );
            }
            let text = settings.describe();
            let keys: Vec<&str> = text
                .split(' ')
                .map(|kv| kv.split('=').next().unwrap())
                .collect();
            let in_order: Vec<&str> = names.iter().copied().filter(|n| keys.contains(n)).collect();
            assert_eq!(keys, in_order, "seed {}: {}", seed, text);
            assert_eq!(keys.len(), names.len() - 1, "seed {}: {}", seed, text);
            let mut back = ThinkerSettings::default();
            for kv in text.split(' ') {
                let (k, v) = kv.split_once('=').unwrap();
                back.set(k, v)
                    .unwrap_or_else(|e| panic!("seed {}: {}: {}", seed, kv, e));
            }
            // The limit in force is described whether given or not, and read back as given.
            settings.limit = Some(settings.limit());
            assert_eq!(back, settings, "seed {}: {}", seed, text);
            assert_eq!(back.describe(), text, "seed {}", seed);
        }
    }

    /// Every retired setting and value is refused by a message that names it and says what
    /// replaced it, whatever its spelling; a value of a kept setting next to a retired one
    /// still reads.
    #[test]
    fn a_retired_setting_is_refused_saying_so() {
        for (key, value, why) in retired_entries() {
            let value = value.unwrap_or("1");
            for spelled in [key.to_string(), key.to_uppercase().replace('-', "_")] {
                let e = ThinkerSettings::default()
                    .set(&spelled, value)
                    .unwrap_err()
                    .to_string();
                assert!(
                    e.contains("was retired") && e.contains(why),
                    "{}: {}",
                    key,
                    e
                );
            }
        }
        let mut settings = ThinkerSettings::default();
        settings.set("bid", "value").unwrap();
        settings.set("infer", "off").unwrap();
        assert_eq!(
            (settings.bidder, settings.infer),
            (Bidder::Value, Infer::Off)
        );
    }
}
