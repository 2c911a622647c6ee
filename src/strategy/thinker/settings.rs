//! The thinking player's settings: what `ddz.cfg`, the engine's flags and the arena's
//! `builtin:ddz:KEY=VALUE` set, and how each is read.

use crate::game::Role;
use crate::registry::{find_setting, number, one_of, unknown, Setting, SettingError};
use crate::strategy::networks::features::{BID_INPUTS, PLAY_INPUTS};
use crate::strategy::networks::hidden::{HIDDEN_INPUTS, HIDDEN_OUTPUTS};
use crate::strategy::networks::NetFile;
use crate::time::{parse_think, SearchLimit, ENGINE};

/// Default of [`ThinkerSettings::stick`]: keep the rule player's choice against a lead within
/// one standard error (docs/figures.md, "The stick").
pub const DEFAULT_STICK: f64 = 1.0;

/// Default of [`ThinkerSettings::bidder`]: the bid network (docs/figures.md, "Bidding").
const DEFAULT_BIDDER: Bidder = Bidder::Net;

/// Default of [`ThinkerSettings::net_weight`]: the network and the play-out count alike
/// (docs/learning.md).
pub const DEFAULT_NET_WEIGHT: f64 = 0.5;

/// Default size of the solver's transposition table: the rollouts' solves are small (at most
/// [`SOLVE_AT_CARDS`](super::SOLVE_AT_CARDS) cards, [`SOLVE_NODES`](super::SOLVE_NODES) nodes), and a smaller table is cheaper to set up
/// for each game an arena plays.
pub const DEFAULT_TABLE_BYTES: usize = 8 << 20;

/// How the thinking player searches, and what it may spend on a decision. The referee's
/// clock is not here: each decision comes with its deadline ([`crate::time::Deadline`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkerSettings {
    /// What a decision's search spends: a count of deals (`samples = N`, reproducible) or a
    /// thinking time (`think = S`). By default the protocol's platforms' count; a host on
    /// another platform (Botzone) or with a time of its own puts in its own where the player
    /// set none ([`crate::arena::spec::BuiltinSpec::hosted`]).
    pub limit: SearchLimit,
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
    /// The hidden-hand network read from a file instead of the embedded one.
    pub hidden_net: Option<NetFile>,
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
    /// With `playout = learned`: the learned policy plays the first this many turns of each
    /// play-out and the rule player the rest (0: every turn). Fewer turns of the dearer policy
    /// buy more deals in the same time.
    pub playout_plies: u32,
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
    /// The learned policy ([`crate::strategy::learned_policy`]).
    Learned,
}

/// The fast policies by name, in the order `playout=` and `prior=` list them.
const POLICIES: [(&str, Playout); 2] = [("rules", Playout::Rules), ("learned", Playout::Learned)];

impl Default for ThinkerSettings {
    fn default() -> ThinkerSettings {
        ThinkerSettings {
            limit: ENGINE.search,
            table_bytes: DEFAULT_TABLE_BYTES,
            bidder: DEFAULT_BIDDER,
            as_landlord: DEFAULT_AS_LANDLORD,
            as_farmers: DEFAULT_AS_FARMERS,
            bid_margin: 0.0,
            net_weight: DEFAULT_NET_WEIGHT,
            infer: Infer::Net,
            hidden_net: None,
            stick: DEFAULT_STICK,
            play_net: None,
            bid_net: None,
            threads: None,
            playout: Playout::Rules,
            playout_plies: 0,
            prior: Playout::Rules,
        }
    }
}

impl ThinkerSettings {
    /// How a deal is judged in a decision of `role`.
    #[must_use]
    pub fn judge(&self, role: Role) -> Judge {
        match role {
            Role::Landlord => self.as_landlord,
            Role::Farmer => self.as_farmers,
        }
    }

    /// Threads a search uses: the setting, else one per core the system offers.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, MAX_THREADS)
    }

    /// Every setting as `KEY=VALUE`, in [`SETTINGS`] order, separated by spaces: what a
    /// log records of the player's search, the limit that plays first (`samples=256`, or
    /// `think=0.5`: the two spellings of the one limit, the other not written);
    /// `play-net=embedded` for the network in the binary; `threads=cores` for one per core.
    #[must_use]
    pub fn describe(&self) -> String {
        SETTINGS
            .iter()
            .map(|s| (s.name, (s.show)(self)))
            .filter(|(_, shown)| !shown.is_empty())
            .map(|(name, shown)| format!("{}={}", name, shown))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Applies one setting by name, as `ddz.cfg`, the engine's flags and the arena's
    /// `builtin:ddz:KEY=VALUE` spell it; `Err` says why it was refused.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        if let Some(why) = retired(key, value) {
            return Err(why);
        }
        match find_setting(SETTINGS, key) {
            Some(setting) => (setting.read)(self, value.trim()),
            None => Err(unknown("setting", key, player_setting_names())),
        }
    }
}

/// The settings and values that measured no better than the defaults and were retired with the
/// code only they reached: the key, the value (`None`: every value) and what replaced it or
/// why. Their figures stay in docs/figures.md, "Retired settings", with the commit that last
/// had the code, so each can be checked out and run again.
const RETIRED: &[(&str, Option<&str>, &str)] = &[
    (
        "eval",
        Some("rollout"),
        "net-weight=0 judges by play-outs alone",
    ),
    (
        "eval",
        Some("blend"),
        "the blend is how the search judges (net-weight sets it)",
    ),
    ("eval", None, "measured no better than the blend"),
    (
        "net-plies",
        None,
        "measured below the network right after the candidate",
    ),
    (
        "partner",
        None,
        "measured −3.5 ± 3.5 as the farmers against RHCP",
    ),
    (
        "finalists",
        None,
        "the depth stage measured no better (+0.5 ± 2.8, −1.3 ± 2.4)",
    ),
    ("deep-solve-at", None, "it went with the depth stage"),
    ("deep-solve-nodes", None, "it went with the depth stage"),
    ("deep-deals", None, "it went with the depth stage"),
    (
        "peek",
        None,
        "a measurement of the arena's, spelled builtin:ddz:peek=on there alone",
    ),
    (
        "bid",
        Some("simulate"),
        "measured below the value thresholds (SPRT −34)",
    ),
    (
        "bid",
        Some("net-deals"),
        "measured level with the bid network (−0.3 ± 9.6) at more cost",
    ),
    (
        "infer",
        Some("on"),
        "measured level with the network at six times the cost",
    ),
    (
        "infer",
        Some("both"),
        "measured level with the network (−0.3 ± 2.6)",
    ),
];

/// Why `key=value` is refused when it names a retired setting or value (see [`RETIRED`]).
fn retired(key: &str, value: &str) -> Option<SettingError> {
    let name = crate::registry::setting_name(key);
    let value = value.trim();
    RETIRED
        .iter()
        .find(|(k, v, _)| *k == name && v.map_or(true, |v| v == value))
        .map(|(k, v, why)| SettingError::Retired {
            setting: match v {
                Some(v) => format!("{}={}", k, v),
                None => k.to_string(),
            },
            why: why.to_string(),
        })
}

/// Largest solver table accepted, in MiB.
pub const MAX_TABLE_MB: usize = 1024;

/// Most search threads accepted (each holds a solver table of `table-mb`).
pub const MAX_THREADS: usize = 64;

/// The thinking player's settings, in the order [`ThinkerSettings::describe`] writes them: the
/// one list of their names, from which `ddz.cfg`, the engine's flags, the arena's
/// `builtin:ddz:KEY=VALUE` and `ddz analyze` read them.
pub static SETTINGS: &[Setting<ThinkerSettings>] = &[
    Setting {
        name: "samples",
        value: "N",
        help: "N deals per decision, whatever the clock (reproducible; default 256)",
        file: false,
        read: |s, v| {
            let n = number("samples", v, |n: &u32| *n >= 1, "a whole number ≥ 1")?;
            s.limit = SearchLimit::Deals(n);
            Ok(())
        },
        show: |s| match s.limit {
            SearchLimit::Deals(n) => n.to_string(),
            SearchLimit::Time(_) => String::new(),
        },
    },
    Setting {
        name: "think",
        value: "S",
        help: "S seconds per decision instead of a count of deals (on Botzone 0.5 by default)",
        file: false,
        read: |s, v| {
            s.limit = SearchLimit::Time(parse_think(v)?);
            Ok(())
        },
        show: |s| match s.limit {
            SearchLimit::Time(t) => t.as_secs_f64().to_string(),
            SearchLimit::Deals(_) => String::new(),
        },
    },
    Setting {
        name: "table-mb",
        value: "M",
        help: "the solver's table in MiB (default 8)",
        file: false,
        read: |s, v| {
            let must_be = format!("1..={} (MiB)", MAX_TABLE_MB);
            let mb = number("table-mb", v, |n| (1..=MAX_TABLE_MB).contains(n), &must_be)?;
            s.table_bytes = mb << 20;
            Ok(())
        },
        show: |s| (s.table_bytes >> 20).to_string(),
    },
    Setting {
        name: "bid",
        value: "value|net",
        help: "how it bids: the rule player's value thresholds, or the bid network (default net)",
        file: false,
        read: |s, v| {
            s.bidder = one_of("bid", v, &BIDDERS)?;
            Ok(())
        },
        show: |s| name_of(&BIDDERS, s.bidder).to_string(),
    },
    Setting {
        name: "bid-margin",
        value: "M",
        help: "with the bid network: bid when the landlord's seat is worth more than M stakes \
               (default 0)",
        file: false,
        read: |s, v| {
            let in_range = |m: &f64| (-4.0..=4.0).contains(m);
            s.bid_margin = number("bid-margin", v, in_range, "a number in [-4, 4]")?;
            Ok(())
        },
        show: |s| s.bid_margin.to_string(),
    },
    Setting {
        name: "aim",
        value: "score|wins",
        help: "what a deal's outcome is worth to the search: its score in points, or only who won \
               (a plain stake either way: win rate over score); L,F sets the landlord's and the \
               farmers' apart (default score,wins)",
        file: false,
        read: |s, v| set_by_role(s, v, |v| one_of("aim", v, &AIMS), |j, aim| j.aim = aim),
        show: |s| shown_by_role(s, |j| name_of(&AIMS, j.aim).to_string()),
    },
    Setting {
        name: "net-weight",
        value: "W",
        help: "the play network's share of a deal's value, 0 to 1, the play-out's the rest; 0: \
               play-outs alone (default 0.5)",
        file: false,
        read: |s, v| {
            let in_range = |w: &f64| (0.0..=1.0).contains(w);
            s.net_weight = number("net-weight", v, in_range, "a number in [0, 1]")?;
            Ok(())
        },
        show: |s| s.net_weight.to_string(),
    },
    Setting {
        name: "infer",
        value: "off|net",
        help: "the deals searched: uniform, or drawn by the hidden-hand network (default net)",
        file: false,
        read: |s, v| {
            s.infer = one_of("infer", v, &INFERS)?;
            Ok(())
        },
        show: |s| name_of(&INFERS, s.infer).to_string(),
    },
    Setting {
        name: "hidden-net",
        value: "FILE",
        help: "the hidden-hand network from a file instead of the embedded one (the default)",
        file: true,
        read: |s, v| {
            s.hidden_net =
                Some(NetFile::read_shaped(v, HIDDEN_INPUTS, HIDDEN_OUTPUTS).map_err(net_error)?);
            Ok(())
        },
        show: |s| net_file(&s.hidden_net).to_string(),
    },
    Setting {
        name: "stick",
        value: "Z",
        help: "keep the rule player's choice unless the best leads it by Z standard errors \
               (default 1; 0: the best mean wins)",
        file: false,
        read: |s, v| {
            let in_range = |z: &f64| (0.0..=10.0).contains(z);
            s.stick = number("stick", v, in_range, "a number in [0, 10]")?;
            Ok(())
        },
        show: |s| s.stick.to_string(),
    },
    Setting {
        name: "play-net",
        value: "FILE",
        help: "the play network from a file (scripts/train.py) instead of the embedded one (the \
               default)",
        file: true,
        read: |s, v| {
            s.play_net = Some(NetFile::read(v, PLAY_INPUTS).map_err(net_error)?);
            Ok(())
        },
        show: |s| net_file(&s.play_net).to_string(),
    },
    Setting {
        name: "bid-net",
        value: "FILE",
        help: "the bid network from a file instead of the embedded one (the default)",
        file: true,
        read: |s, v| {
            s.bid_net = Some(NetFile::read(v, BID_INPUTS).map_err(net_error)?);
            Ok(())
        },
        show: |s| net_file(&s.bid_net).to_string(),
    },
    Setting {
        name: "threads",
        value: "N",
        help: "search threads (default: one per core; 1 in the arena)",
        file: false,
        read: |s, v| {
            let must_be = format!("a whole number in 1..={}", MAX_THREADS);
            let n = number("threads", v, |n| (1..=MAX_THREADS).contains(n), &must_be)?;
            s.threads = Some(n);
            Ok(())
        },
        show: |s| s.threads.map_or("cores".to_string(), |n| n.to_string()),
    },
    Setting {
        name: "playout",
        value: "rules|learned",
        help: "the policy of the play-outs: the rule player or the learned policy (default rules)",
        file: false,
        read: |s, v| {
            s.playout = one_of("playout", v, &POLICIES)?;
            Ok(())
        },
        show: |s| name_of(&POLICIES, s.playout).to_string(),
    },
    Setting {
        name: "playout-plies",
        value: "N",
        help: "with playout learned: the learned policy plays the first N turns of each \
               play-out, the rule player the rest (default 0: every turn)",
        file: false,
        read: |s, v| {
            s.playout_plies = number("playout-plies", v, |_: &u32| true, "a whole number")?;
            Ok(())
        },
        show: |s| s.playout_plies.to_string(),
    },
    Setting {
        name: "prior",
        value: "rules|learned",
        help: "the policy whose choice the search keeps unless another is clearly better \
               (default rules)",
        file: false,
        read: |s, v| {
            s.prior = one_of("prior", v, &POLICIES)?;
            Ok(())
        },
        show: |s| name_of(&POLICIES, s.prior).to_string(),
    },
    Setting {
        name: "solve-at",
        value: "C",
        help: "the exact solver decides a deal once the hands hold at most C cards; L,F apart \
               for the landlord and the farmers (default 16,24)",
        file: false,
        read: |s, v| {
            let read = |v: &str| number("solve-at", v, |n: &u32| *n <= 54, "a whole number ≤ 54");
            set_by_role(s, v, read, |j, cards| j.solve_at = cards)
        },
        show: |s| shown_by_role(s, |j| j.solve_at.to_string()),
    },
    Setting {
        name: "solve-nodes",
        value: "N",
        help: "node budget of one solve; L,F apart for the landlord and the farmers \
               (default 4000,10000)",
        file: false,
        read: |s, v| {
            let read = |v: &str| {
                number(
                    "solve-nodes",
                    v,
                    |n: &u64| (1..=1_000_000_000).contains(n),
                    "a whole number in 1..=1000000000",
                )
            };
            set_by_role(s, v, read, |j, nodes| j.solve_nodes = nodes)
        },
        show: |s| shown_by_role(s, |j| j.solve_nodes.to_string()),
    },
];

/// The thinking player's setting names, in the order the usage texts list them.
pub fn player_setting_names() -> impl Iterator<Item = &'static str> + Clone {
    SETTINGS.iter().map(|s| s.name)
}

/// The thinking player's settings as a usage lists them, each spelled by `spell` (`--think S`,
/// `think=S`) in a column at least `width` wide.
#[must_use]
pub fn player_usage_lines(spell: fn(&Setting<ThinkerSettings>) -> String, width: usize) -> String {
    use crate::registry::{usage_lines, usage_width};
    usage_lines(SETTINGS, spell, width.max(usage_width(SETTINGS, spell)))
}

/// The bidders by name, in the order `bid=` lists them.
const BIDDERS: [(&str, Bidder); 2] = [("value", Bidder::Value), ("net", Bidder::Net)];

/// The ways of drawing deals by name, in the order `infer=` lists them.
const INFERS: [(&str, Infer); 2] = [("off", Infer::Off), ("net", Infer::Net)];

/// Where a decision's deals come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Infer {
    /// Uniformly among the deals consistent with the table.
    Off,
    /// Drawn by the hidden-hand network's chances ([`crate::strategy::networks::hidden`]): the
    /// default (docs/figures.md, "Against RHCP").
    Net,
}

/// The name of `value` among `options`.
fn name_of<T: PartialEq>(options: &[(&'static str, T)], value: T) -> &'static str {
    options
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(name, _)| name)
}

/// A network file refused, as a setting's error.
fn net_error(e: crate::strategy::networks::NetFileError) -> SettingError {
    SettingError::File { why: e.to_string() }
}

/// A network setting's value: the file's path, or `embedded`.
fn net_file(file: &Option<NetFile>) -> &str {
    file.as_ref().map_or("embedded", NetFile::path)
}

/// How the thinking player bids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bidder {
    /// The rule player's value thresholds.
    Value,
    /// The bid network's expected score of taking the landlord seat, against passing (the
    /// default).
    Net,
}

/// What the search maximises ([`ThinkerSettings::aim`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// The expected score: what the championship's table counts (a bomb doubles a win's
    /// worth, so a riskier line that wins bigger can be worth a lower win rate).
    Score,
    /// The chance to win: each deal's outcome is a plain stake won or lost (the play network's
    /// win head where it judges), so the search ranks candidates by win rate. What a match
    /// counted in games won, and DouZero's WP figures, measure.
    Wins,
}

/// The aims by name.
const AIMS: [(&str, Aim); 2] = [("score", Aim::Score), ("wins", Aim::Wins)];

/// How one role's search judges a deal ([`ThinkerSettings::judge`]). The roles differ by
/// default (docs/figures.md, "Each role its own judge"): the solver plays the farmers as one
/// perfect side, which as the farmers is our own side at its best and as the landlord
/// opponents better than any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// What a deal's outcome is worth: its score, or only who won ([`Aim`]).
    pub aim: Aim,
    /// The exact solver decides a deal once the hands hold at most this many cards together
    /// (right after the candidate, or later in its play-out).
    pub solve_at: u32,
    /// Node budget of one solve; past it the play-out goes on and the solver tries again a
    /// few cards later.
    pub solve_nodes: u64,
}

/// The landlord's judge by default: the score, the solver from
/// [`SOLVE_AT_CARDS`](super::SOLVE_AT_CARDS) cards.
pub const DEFAULT_AS_LANDLORD: Judge = Judge {
    aim: Aim::Score,
    solve_at: super::SOLVE_AT_CARDS,
    solve_nodes: super::SOLVE_NODES,
};

/// The farmers' judge by default: games won, the solver from 24 cards ([`Judge`]).
pub const DEFAULT_AS_FARMERS: Judge = Judge {
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

    /// Every choice a setting's value shape lists (`rollout|net|blend`) is accepted, and
    /// `describe` shows it back under the same name: the usage texts' choices are the parser's.
    #[test]
    fn every_listed_choice_is_read_and_shown_back() {
        let mut choices = 0;
        for setting in SETTINGS.iter().filter(|s| s.value.contains('|')) {
            for choice in setting.value.split('|') {
                let mut settings = ThinkerSettings::default();
                settings.set(setting.name, choice).unwrap();
                assert_eq!((setting.show)(&settings), choice, "{}", setting.name);
                choices += 1;
            }
            let mut settings = ThinkerSettings::default();
            let refused = settings
                .set(setting.name, "nonsense")
                .unwrap_err()
                .to_string();
            assert!(
                refused.contains(setting.value.replace('|', " or ").as_str()),
                "{}",
                refused
            );
        }
        assert_eq!(
            choices,
            2 + 2 + 2 + 2 + 2,
            "bid, aim, infer, playout and prior list their choices"
        );
    }

    /// What `describe` writes reads back through `set` to the same settings (the embedded
    /// networks and one thread per core are the defaults, which `describe` names in words).
    #[test]
    fn the_described_settings_read_back_the_same() {
        let mut changed = ThinkerSettings::default();
        for (k, v) in [
            ("samples", "16"),
            ("table-mb", "4"),
            ("bid", "value"),
            ("bid-margin", "0.25"),
            ("aim", "wins,score"),
            ("net-weight", "0.75"),
            ("infer", "off"),
            ("stick", "2"),
            ("playout", "learned"),
            ("playout-plies", "6"),
            ("prior", "learned"),
            ("solve-at", "20"),
            ("solve-nodes", "20000,30000"),
        ] {
            changed.set(k, v).unwrap();
        }
        for settings in [ThinkerSettings::default(), changed] {
            let text = settings.describe();
            let keys: Vec<&str> = text
                .split(' ')
                .map(|kv| kv.split('=').next().unwrap())
                .collect();
            // Every setting but the limit's other spelling.
            let names: Vec<&str> = SETTINGS
                .iter()
                .map(|s| s.name)
                .filter(|&n| n != "think")
                .collect();
            assert_eq!(keys, names, "{}", text);
            let mut back = ThinkerSettings::default();
            back.set("think", "3").unwrap();
            for kv in text.split(' ') {
                let (k, v) = kv.split_once('=').unwrap();
                if v != "embedded" && v != "cores" {
                    back.set(k, v).unwrap_or_else(|e| panic!("{}: {}", kv, e));
                }
            }
            assert_eq!(back, settings, "{}", text);
        }
    }

    /// Every retired setting and value is refused by a message that names it and says what
    /// replaced it, whatever its spelling; a value of a kept setting next to a retired one
    /// still reads.
    #[test]
    fn a_retired_setting_is_refused_saying_so() {
        for (key, value, why) in RETIRED {
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
