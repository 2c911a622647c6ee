//! How each known platform reads a play, and which answers every one of them accepts.
//!
//! The canonical reading ([`classify`], `docs/rules.md`) is this project's precise form of
//! the official table's "first match wins". Real platforms differ on the plays that have more
//! than one reading ([`readings`]); on every other play they agree with it:
//! - [`Platform::Sample2015`], the 2015 sample engine (and platforms built on its code): the
//!   table's order, except that four-with-two is tried before the planes, so `33334444` is four
//!   with two pairs (key 4, the highest four, as the canonical scan lists them);
//! - [`Platform::Icga2019`], the 2019 team-format server (SPEC, "The 2019 team-format server";
//!   observed, not documented): four-with-two comes before the planes with wings, keyed on the
//!   lowest four (`33335555` has key 3, `33334444` and `JJJJQQQQ` are four with two pairs), and a
//!   plane with wings must take in every rank of `3..=A` that holds three cards or more
//!   (`555666777888999T` is no play there). Plays with one reading are read canonically, as
//!   SPEC reports from tens of thousands of generated plays; only the ambiguous ones follow the
//!   rules above.
//!
//! Every play legal on some modelled platform is legal canonically (each platform picks one of
//! the canonical [`readings`]), so the canonical generator's answers are a superset of what any
//! platform accepts; [`safe_answer`] keeps those every platform accepts.

use super::botzone_variant;
use super::combo::{classify, readings, Combo, Kind};
use super::generate::{display_order, follows, leads};
use crate::cards::{Cards, Counts, Rank};
use crate::named::Named;

/// A way of reading plays: the canonical one or a real platform's.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::{Kind, Platform};
///
/// // A plane with wings canonically, four with two pairs on the 2015 sample engine.
/// let cards: Counts = "33334444".parse().unwrap();
/// assert_eq!(Platform::Canonical.read(cards).unwrap().kind, Kind::PlaneSingles);
/// assert_eq!(Platform::Sample2015.read(cards).unwrap().kind, Kind::FourPairs);
/// assert_eq!("sample2015".parse::<Platform>(), Ok(Platform::Sample2015));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Platform {
    /// The canonical reading of SPEC (the official table, longest plane, then highest key).
    #[default]
    Canonical,
    /// The 2015 sample engine's order: four-with-two before the planes.
    Sample2015,
    /// The 2019 team-format server.
    Icga2019,
    /// Botzone's variant ([`super::botzone_variant`]): another table of plays, not a reading of the
    /// official one, so it is no member of [`Platform::ALL`] and the engine's answers on the
    /// official platforms never consider it.
    Botzone,
}

impl Named for Platform {
    /// The names in options and fixtures: the official platforms and Botzone's variant.
    const NAMES: &'static [(&'static str, Platform)] = &[
        ("canonical", Platform::Canonical),
        ("sample2015", Platform::Sample2015),
        ("icga2019", Platform::Icga2019),
        ("botzone", Platform::Botzone),
    ];
}
crate::named_enum!(Platform);

/// A play as a front end shows it ([`Platform::describe`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Described {
    /// The kind's name (`"pair straight"`, `"shuttle"`).
    pub kind: &'static str,
    /// The rank plays of the kind are compared by.
    pub key: Rank,
    /// Links in its chain (1 for a play of no chain).
    pub length: u8,
    /// Whether the official table reads it more than one way.
    pub ambiguous: bool,
}

/// How a finished deal pays: the official rule (`docs/rules.md`, "Score") or Botzone's judge's
/// ([`botzone_variant::scores`]); the game model applies it (`Outcome::payout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Payout {
    /// ± 100 × base × (1 + bombs), × 2 for the rocket, a spring or an anti-spring, to each farmer.
    Official,
    /// 100 × max(bid, 1), doubled for every bomb, the rocket and a spring or anti-spring.
    Botzone,
}

/// How a deal runs under a variant, beside how it reads plays ([`Platform::read`]): the one
/// place each rule of the deal is written, which the game model ([`crate::game::Round`]), the
/// engine's tracker and the thinking player's bidding ask. Every variant's bidding starts at
/// seat A, each seat bidding once, and the bottom is shown when the landlord is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRules {
    /// A bid of 3 ends the bidding: the seats after it are not asked (Botzone's judge). Where
    /// it is false every seat bids once (they can only pass after a 3, unless bids go
    /// unchecked, as on the 2019 server).
    pub three_ends_bidding: bool,
    /// When every seat passes: the first bidder becomes the landlord at this base; `None`: the
    /// deal is not played and scores nothing.
    pub nobody_bid: Option<u8>,
    /// How the finished deal scores.
    pub payout: Payout,
}

impl Platform {
    /// The rules of a deal under this variant.
    #[must_use]
    pub const fn deal_rules(self) -> DealRules {
        match self {
            Platform::Canonical | Platform::Sample2015 | Platform::Icga2019 => DealRules {
                three_ends_bidding: false,
                nobody_bid: None,
                payout: Payout::Official,
            },
            Platform::Botzone => DealRules {
                three_ends_bidding: true,
                nobody_bid: Some(1),
                payout: Payout::Botzone,
            },
        }
    }

    /// The name of the official rules where a front end names rules (`ddz.Game(rules=…)`):
    /// the canonical reading, which every modelled platform agrees with on unambiguous plays.
    pub const OFFICIAL_RULES: &'static str = "platform";

    /// Reads a rules name: [`Platform::OFFICIAL_RULES`] (the canonical reading) or a variant's
    /// name (`"botzone"`, `"sample2015"`, …, as `ddz arena --platform` takes them).
    #[must_use]
    pub fn from_rules_name(name: &str) -> Option<Platform> {
        match name {
            Platform::OFFICIAL_RULES => Some(Platform::Canonical),
            other => other.parse().ok(),
        }
    }

    /// The rules names [`Platform::from_rules_name`] reads, the official rules first.
    pub fn rules_names() -> impl Iterator<Item = &'static str> {
        std::iter::once(Platform::OFFICIAL_RULES).chain(Platform::names())
    }

    /// This variant's rules name, as [`Platform::from_rules_name`] reads it back.
    #[must_use]
    pub fn rules_name(self) -> &'static str {
        match self {
            Platform::Canonical => Platform::OFFICIAL_RULES,
            other => other.name(),
        }
    }

    /// What play `cards` are here, as a front end shows it, or `None` when they are no play:
    /// Botzone's judge names its own kinds and keys a play on its body's lowest rank.
    #[must_use]
    pub fn describe(self, cards: Counts) -> Option<Described> {
        if self == Platform::Botzone {
            return botzone_variant::read(cards).map(|play| Described {
                kind: play.kind.name(),
                key: play.low,
                length: play.links,
                ambiguous: false,
            });
        }
        self.read(cards).map(|c| Described {
            kind: c.kind.name(),
            key: c.key,
            length: c.len,
            ambiguous: c.is_ambiguous(),
        })
    }

    /// The legal plays of `hand` on `to_beat` as cards taken from it, in display order
    /// ([`display_order`]), the pass (`None`) last when following.
    #[must_use]
    pub fn legal_cards(self, hand: Cards, to_beat: Option<&Combo>) -> Vec<Option<Cards>> {
        let mut combos = Vec::new();
        self.legal_plays(hand.counts(), to_beat, &mut combos);
        let pass = combos
            .iter()
            .position(Combo::is_pass)
            .map(|at| combos.remove(at));
        display_order(&mut combos);
        let mut plays: Vec<_> = combos
            .iter()
            .filter_map(|c| hand.pick(c.cards).map(Some))
            .collect();
        plays.extend(pass.map(|_| None));
        plays
    }

    /// Whether this is an official platform ([`Platform::ALL`]): a reading of the official
    /// table, where the engine answers only what every official platform accepts
    /// ([`safe_answer`]); a variant with a table of its own (Botzone's) is not.
    #[must_use]
    pub fn is_official(self) -> bool {
        Platform::ALL.contains(&self)
    }

    /// The legal plays of `hand` on `to_beat` (`None`: a lead), appended to `out`, the pass
    /// last when following: the canonical generator's plays that this variant accepts (each
    /// official platform picks one of the canonical readings, so none accepts more; Botzone's
    /// judge likewise, less its shuttles with wings, which the generator does not make).
    pub fn legal_plays(self, hand: Counts, to_beat: Option<&Combo>, out: &mut Vec<Combo>) {
        match (self, to_beat) {
            (Platform::Canonical, Some(target)) => follows(hand, target, out),
            (_, None) => {
                leads(hand, out);
                if self != Platform::Canonical {
                    out.retain(|p| self.accepts(p, None));
                }
            }
            (_, Some(target)) => {
                leads(hand, out);
                out.push(Combo::PASS);
                out.retain(|p| self.accepts(p, Some(target)));
            }
        }
    }

    /// How this variant's judge reads `cards` on the table: `None` when they are no play
    /// here. Botzone's judge compares cards alone, so its plays are recorded by
    /// [`recorded_reading`] (its shuttles with wings have no official reading).
    #[must_use]
    pub fn reading(self, cards: Counts) -> Option<Combo> {
        match self {
            Platform::Botzone => botzone_variant::read(cards).map(|_| recorded_reading(cards)),
            other => other.read(cards),
        }
    }

    /// How the game model records `cards` played under this variant: its reading here, or,
    /// for cards this variant does not read (a referee followed whatever it said),
    /// [`recorded_reading`].
    #[must_use]
    pub fn recorded(self, cards: Counts) -> Combo {
        self.read(cards).unwrap_or_else(|| recorded_reading(cards))
    }

    /// Every modelled platform.
    pub const ALL: [Platform; 3] = [
        Platform::Canonical,
        Platform::Sample2015,
        Platform::Icga2019,
    ];

    /// Whether this platform accepts `answer` (a pass: `Combo::PASS`) on `target` (`None` or a
    /// pass: a lead). A platform that would never have shown `target` (it is no play there)
    /// accepts anything legal canonically: the engine cannot be running on it.
    ///
    /// ```
    /// use ddz_core::rules::{classify, Combo, Platform};
    ///
    /// let play = |text: &str| classify(text.parse().unwrap()).unwrap();
    /// let (plane, four) = (play("555666+34"), play("33334444"));
    /// // The 2015 sample engine reads 33334444 as four with two pairs: a plane does not beat it.
    /// assert!(Platform::Canonical.accepts(&plane, Some(&four)));
    /// assert!(!Platform::Sample2015.accepts(&plane, Some(&four)));
    /// assert!(Platform::Sample2015.accepts(&Combo::PASS, Some(&four)));
    /// assert!(!Platform::Sample2015.accepts(&Combo::PASS, None)); // no pass on a lead
    /// ```
    #[must_use]
    pub fn accepts(self, answer: &Combo, target: Option<&Combo>) -> bool {
        if self == Platform::Botzone {
            return botzone_variant::accepts(answer.cards, target.map(|t| t.cards));
        }
        let target = target.filter(|t| !t.is_pass());
        match (answer.is_pass(), target) {
            (true, t) => t.is_some(),
            (false, None) => self.read(answer.cards).is_some(),
            (false, Some(t)) => match self.read(t.cards) {
                Some(on) => self.read(answer.cards).map_or(false, |a| a.beats(&on)),
                None => answer.beats(t),
            },
        }
    }

    /// How this platform reads `cards`: `None` when it rejects them as a play. Botzone's
    /// variant gives the canonical reading of the plays its judge accepts; its shuttles with
    /// wings have none (they are no official play), so judge Botzone's plays by
    /// [`Platform::accepts`], which compares them as its judge does.
    #[must_use]
    pub fn read(self, cards: Counts) -> Option<Combo> {
        match self {
            Platform::Canonical => classify(cards),
            Platform::Botzone => botzone_variant::read(cards).and_then(|_| classify(cards)),
            Platform::Sample2015 => {
                let all = readings(cards);
                let four_first = all.iter().find(|c| is_four_with_two(c.kind));
                four_first.or_else(|| all.first()).copied()
            }
            Platform::Icga2019 => {
                let all = readings(cards);
                if all.len() <= 1 {
                    return all.first().copied();
                }
                if let Some(plain) = all.iter().find(|c| !has_wings(c.kind)) {
                    return Some(*plain);
                }
                let lowest_four = all
                    .iter()
                    .filter(|c| is_four_with_two(c.kind))
                    .min_by_key(|c| c.key);
                if let Some(four) = lowest_four {
                    return Some(*four);
                }
                let triples = triple_ranks(cards);
                all.iter()
                    .find(|c| c.body().ranks_with_at_least(3) == triples)
                    .copied()
            }
        }
    }
}

/// Four with two singles or two pairs.
fn is_four_with_two(kind: Kind) -> bool {
    matches!(kind, Kind::FourSingles | Kind::FourPairs)
}

/// Kinds whose readings differ between platforms: planes with wings and four-with-two.
fn has_wings(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::PlaneSingles | Kind::PlanePairs | Kind::FourSingles | Kind::FourPairs
    )
}

/// Kinds that can have more than one reading (the plain plane too: `333444555666` also reads
/// as a plane with wings).
fn may_be_ambiguous(kind: Kind) -> bool {
    kind == Kind::Plane || has_wings(kind)
}

/// The ranks of `3..=A` holding three cards or more, as a rank mask.
fn triple_ranks(cards: Counts) -> u16 {
    let chain_ranks = (1u16 << (Rank::ACE.index() + 1)) - 1;
    cards.ranks_with_at_least(3) & chain_ranks
}

/// Whether `answer` beats `target` as `platform` reads both (a pass beats nothing).
#[must_use]
fn beats_on(platform: Platform, answer: Counts, target: Counts) -> bool {
    match (platform.read(answer), platform.read(target)) {
        (Some(a), Some(t)) => a.beats(&t),
        _ => false,
    }
}

/// Whether `answer`, legal canonically on `target` (a pass: a lead), is accepted by every
/// platform that accepts `target` itself as a play: the engine's rule for its own answers. A
/// pass on a play, a bomb and the rocket read the same everywhere, and so does every lead.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::{classify, safe_answer, Combo};
///
/// let play = |text: &str| classify(text.parse::<Counts>().unwrap()).unwrap();
/// let ambiguous = play("33334444"); // a plane here, four with two pairs on other platforms
/// // A higher plane beats it canonically, but is refused where it is four with two pairs.
/// assert!(play("555666+34").beats(&ambiguous));
/// assert!(!safe_answer(&play("555666+34"), &ambiguous));
/// // A bomb and the pass mean the same everywhere; so does every lead.
/// assert!(safe_answer(&play("7777"), &ambiguous));
/// assert!(safe_answer(&Combo::PASS, &ambiguous));
/// assert!(safe_answer(&play("3"), &Combo::PASS));
/// assert!(!safe_answer(&Combo::PASS, &Combo::PASS)); // a pass is no lead
/// ```
#[must_use]
pub fn safe_answer(answer: &Combo, target: &Combo) -> bool {
    if answer.is_pass() || target.is_pass() {
        return answer.is_pass() != target.is_pass();
    }
    if !may_be_ambiguous(answer.kind) && !may_be_ambiguous(target.kind) {
        return answer.beats(target);
    }
    Platform::ALL
        .iter()
        .all(|&p| p.accepts(answer, Some(target)))
}

/// The platforms that would refuse `answer` on `target` (`None`: a lead), in
/// [`Platform::ALL`] order: what `ddz moves` marks.
///
/// ```
/// use ddz_core::rules::platform::refused_by;
/// use ddz_core::rules::{classify, Platform};
///
/// let play = |text: &str| classify(text.parse().unwrap()).unwrap();
/// let refused = refused_by(&play("555666+34"), Some(&play("33334444")));
/// assert_eq!(refused, [Platform::Sample2015, Platform::Icga2019]);
/// assert!(refused_by(&play("7777"), Some(&play("33334444"))).is_empty());
/// ```
#[must_use]
pub fn refused_by(answer: &Combo, target: Option<&Combo>) -> Vec<Platform> {
    Platform::ALL
        .iter()
        .copied()
        .filter(|p| !p.accepts(answer, target))
        .collect()
}

/// Whether some platform accepts `answer` on `target`: what a tracker must take as a legal
/// play it was told about (the platform it runs on accepted it).
#[must_use]
pub(crate) fn beats_somewhere(answer: Counts, target: Counts) -> bool {
    Platform::ALL.iter().any(|&p| beats_on(p, answer, target))
}

/// Whether some platform reads `cards` differently from the canonical reading (as another kind
/// or key, or not at all).
///
/// ```
/// use ddz_core::rules::platform::read_differently;
///
/// assert!(read_differently("33334444".parse().unwrap())); // four with two pairs elsewhere
/// assert!(!read_differently("333444+56".parse().unwrap()));
/// ```
#[must_use]
pub fn read_differently(cards: Counts) -> bool {
    let canonical = classify(cards);
    Platform::ALL
        .iter()
        .any(|p| p.read(cards).map(|c| (c.kind, c.key)) != canonical.map(|c| (c.kind, c.key)))
}

/// How a play is recorded: its canonical reading, or for cards with none (a Botzone shuttle
/// with wings, or cards a confused referee reported) the single of its highest card holding
/// all its cards, which keeps the turn order and card counts right; the next judgement on
/// Botzone reads only the cards.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::platform::recorded_reading;
/// use ddz_core::rules::Kind;
///
/// let c = |text: &str| text.parse::<Counts>().unwrap();
/// assert_eq!(recorded_reading(c("3334")).kind, Kind::TripleSingle);
/// // A Botzone shuttle with wings has no official reading: a "single" of its highest card.
/// let shuttle = recorded_reading(c("33334444+5678"));
/// assert_eq!((shuttle.kind, shuttle.key.symbol(), shuttle.size()), (Kind::Single, '8', 12));
/// ```
#[must_use]
pub fn recorded_reading(counts: Counts) -> Combo {
    classify(counts).unwrap_or(Combo {
        kind: Kind::Single,
        key: counts.highest().unwrap_or(Rank::THREE),
        len: 1,
        cards: counts,
    })
}
