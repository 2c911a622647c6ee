//! The result of a finished game, by the rule in use (`docs/rules.md`: "Score" for the official
//! linear rule, "The 2019 team format" for the team rule). What the plays count for — bombs, the
//! rocket, each side's plays — is a [`Tally`], read from the plays' combinations; an [`Outcome`]
//! adds the landlord, the base and the winner, and from them decides spring and anti-spring,
//! the multiplier and each seat's score. The arena's referee, its team scores, `ddz replay`,
//! `ddz play`'s table and the search's rollouts all ask these two types, so they read one rule.

use super::legal::recorded_reading;
use super::{BySeat, Role, Seat};
use crate::cards::Cards;
use crate::named::Named;
use crate::rules::{botzone_variant, Combo, Kind, Payout};
use std::fmt;

/// Points per unit of base × multiplier (each farmer's share; the landlord's is twice it).
pub const POINT: i32 = 100;

/// The scoring rule a game is played under. The strategy weighs outcomes by it, so it bids and
/// plays for the points that count where it is playing.
///
/// ```
/// use ddz_core::game::Scoring;
///
/// assert_eq!(Scoring::default(), Scoring::Official);
/// // Display and FromStr round-trip through the rule's name, read in either case.
/// for rule in [Scoring::Official, Scoring::Team] {
///     assert_eq!(rule.to_string().parse::<Scoring>(), Ok(rule));
/// }
/// assert_eq!("Team".parse::<Scoring>(), Ok(Scoring::Team));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scoring {
    /// The official linear rule: ± 100 × base × multiplier for each farmer, twice that for the
    /// landlord (SPEC, "Score of one game").
    #[default]
    Official,
    /// The 2019 team format: the winning side gets base × (1 + bombs + rocket + spring or
    /// anti-spring), the losing side nothing (SPEC, "The 2019 team-format server").
    Team,
}

impl Named for Scoring {
    /// The rules' names in settings, flags and files, read in either case.
    const NAMES: &'static [(&'static str, Scoring)] =
        &[("official", Scoring::Official), ("team", Scoring::Team)];
    const ANY_CASE: bool = true;
}
crate::named_enum!(Scoring);

/// Text that names no scoring rule.
///
/// ```
/// use ddz_core::game::{ParseScoringError, Scoring};
///
/// let e: ParseScoringError = "swiss".parse::<Scoring>().unwrap_err();
/// assert_eq!(e.to_string(), "'swiss' is not official or team");
/// ```
pub type ParseScoringError = crate::named::ParseNameError;

/// What a game's plays count for in its score: the bombs, the rocket, and the non-pass plays
/// of each side (which decide spring and anti-spring at the end).
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{Seat, Tally};
///
/// let play = |text: &str| Some(Cards::parse_any(text).unwrap());
/// // B is the landlord: B plays a bomb, C passes, A plays the rocket.
/// let plays = [(Seat::B, play("3333")), (Seat::C, None), (Seat::A, play("XD"))];
/// let tally = Tally::of_plays(Seat::B, &plays);
/// assert_eq!((tally.bombs, tally.rocket), (1, true));
/// assert_eq!((tally.landlord_plays, tally.farmer_plays), (1, 1));
/// assert_eq!(tally.multiplier(), 4); // × (1 + 1 bomb), × 2 for the rocket
/// assert_eq!(tally.doublings(), 2); // Botzone doubles for each
/// assert_eq!(tally.team_factor(), 3); // the team rule's 1 + bombs + rocket
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Bombs played (the rocket not included).
    pub bombs: u8,
    /// Whether the rocket was played.
    pub rocket: bool,
    /// Non-pass plays made by the landlord.
    pub landlord_plays: u32,
    /// Non-pass plays made by the two farmers together.
    pub farmer_plays: u32,
}

impl Tally {
    /// The tally of a game's plays (`None` = pass) with `landlord` as the landlord, each play
    /// read as the game model records it ([`recorded_reading`]: the canonical combination).
    /// Bombs and the rocket have one reading on every platform, so the platform that judged the
    /// game does not matter here; a play no reading accepts still counts as a play of its side.
    #[must_use]
    pub fn of_plays(landlord: Seat, plays: &[(Seat, Option<Cards>)]) -> Tally {
        let mut tally = Tally::default();
        for &(seat, cards) in plays {
            if let Some(c) = cards.filter(|c| !c.is_empty()) {
                tally.count(Role::of(seat, landlord), &recorded_reading(c.counts()));
            }
        }
        tally
    }

    /// Counts one play (a pass counts for nothing) made by a seat of `role`: the one place a
    /// bomb, the rocket and each side's plays are counted.
    pub fn count(&mut self, role: Role, play: &Combo) {
        if play.is_pass() {
            return;
        }
        self.count_multiplier(play);
        self.count_side(role);
    }

    /// Counts one non-pass play for the side of `role` alone (what spring and anti-spring are
    /// decided by), for a play whose bombs are already counted.
    pub(crate) fn count_side(&mut self, role: Role) {
        match role {
            Role::Landlord => self.landlord_plays += 1,
            Role::Farmer => self.farmer_plays += 1,
        }
    }

    /// Counts what `play` does to the multiplier alone (a bomb, the rocket), for no side.
    pub(crate) fn count_multiplier(&mut self, play: &Combo) {
        match play.kind {
            Kind::Bomb => self.bombs += 1,
            Kind::Rocket => self.rocket = true,
            _ => {}
        }
    }

    /// The official rule's multiplier from the bombs and the rocket alone: × (1 + bombs) when
    /// bombs were played, × 2 for the rocket (spring and anti-spring are decided at the end).
    #[must_use]
    pub fn multiplier(&self) -> u32 {
        let mut m = 1;
        if self.bombs > 0 {
            m *= 1 + u32::from(self.bombs);
        }
        if self.rocket {
            m *= 2;
        }
        m
    }

    /// Bombs and the rocket together: each doubles the score on Botzone.
    #[must_use]
    pub fn doublings(&self) -> u32 {
        u32::from(self.bombs) + u32::from(self.rocket)
    }

    /// The team rule's factor from the bombs and the rocket alone: 1 + bombs + rocket (a
    /// spring or anti-spring adds one more at the end; a fault pays 3 × this).
    #[must_use]
    pub fn team_factor(&self) -> i32 {
        1 + i32::from(self.bombs) + i32::from(self.rocket)
    }

    /// The multiplier so far as people read it (bombs and rocket, no spring yet).
    #[must_use]
    pub fn shown(&self) -> Shown {
        Shown {
            value: i64::from(self.multiplier()),
            bombs: self.bombs,
            rocket: self.rocket,
            spring: None,
        }
    }
}

/// A multiplier and what made it, as people read it: `4 (1 bomb, rocket)`,
/// `8 (2 bombs, anti-spring)`, or `1` when nothing raised it. `ddz play`'s table and
/// `ddz replay` both print it.
///
/// ```
/// use ddz_core::game::Tally;
///
/// let tally = Tally { bombs: 2, rocket: true, ..Tally::default() };
/// let shown = tally.shown();
/// assert_eq!(shown.value, 6); // × (1 + 2 bombs), × 2 for the rocket
/// assert_eq!(shown.reasons(), ["2 bombs", "rocket"]);
/// assert_eq!(shown.to_string(), "6 (2 bombs, rocket)");
/// assert_eq!(Tally::default().shown().to_string(), "1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The multiplier.
    pub value: i64,
    /// Bombs played.
    pub bombs: u8,
    /// Whether the rocket was played.
    pub rocket: bool,
    /// `"spring"` or `"anti-spring"` when one doubled the score.
    pub spring: Option<&'static str>,
}

impl Shown {
    /// What raised the multiplier, in words: `["2 bombs", "rocket", "spring"]`, empty when
    /// nothing did.
    #[must_use]
    pub fn reasons(&self) -> Vec<String> {
        let mut why = Vec::new();
        if self.bombs > 0 {
            let s = if self.bombs > 1 { "s" } else { "" };
            why.push(format!("{} bomb{}", self.bombs, s));
        }
        if self.rocket {
            why.push("rocket".to_string());
        }
        if let Some(s) = self.spring {
            why.push(s.to_string());
        }
        why
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = self.reasons();
        if why.is_empty() {
            write!(f, "{}", self.value)
        } else {
            write!(f, "{} ({})", self.value, why.join(", "))
        }
    }
}

/// How a finished game went, as far as scoring needs.
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{Outcome, Scoring, Seat};
///
/// let play = |text: &str| Some(Cards::parse_any(text).unwrap());
/// // Landlord A, bid 2, plays out with a straight and a bomb; the farmers only pass: a spring.
/// let plays = [
///     (Seat::A, play("34567")),
///     (Seat::B, None),
///     (Seat::C, None),
///     (Seat::A, play("8888")),
/// ];
/// let outcome = Outcome::of_plays(Seat::A, 2, Seat::A, &plays);
/// assert!(outcome.spring() && !outcome.anti_spring());
/// assert_eq!(outcome.multiplier(), 4); // × 2 for the bomb, × 2 for the spring
/// assert_eq!(outcome.shown().to_string(), "4 (1 bomb, spring)");
/// // The official rule: each farmer pays 100 × base 2 × 4, the landlord wins twice that.
/// assert_eq!(outcome.scores().0, [1600, -800, -800]);
/// assert_eq!(outcome.landlord_value(Scoring::Official), 1600);
/// // The team rule: base 2 × (1 + 1 bomb + 1 spring) to the landlord's side.
/// assert_eq!(outcome.landlord_value(Scoring::Team), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The landlord.
    pub landlord: Seat,
    /// The base: the landlord's bid (1 when the landlord was fixed without bidding).
    pub base: u8,
    /// The seat that emptied its hand.
    pub winner: Seat,
    /// What the plays counted for.
    pub tally: Tally,
}

impl Outcome {
    /// The game `landlord` played for `base` and `winner` ended, with the plays counted in
    /// `tally`.
    #[must_use]
    pub fn new(landlord: Seat, base: u8, winner: Seat, tally: Tally) -> Outcome {
        Outcome {
            landlord,
            base,
            winner,
            tally,
        }
    }

    /// The finished game of `plays` (`None` = pass): `landlord` played for `base` and `winner`
    /// emptied its hand ([`Tally::of_plays`] reads the plays).
    #[must_use]
    pub fn of_plays(
        landlord: Seat,
        base: u8,
        winner: Seat,
        plays: &[(Seat, Option<Cards>)],
    ) -> Outcome {
        Outcome::new(landlord, base, winner, Tally::of_plays(landlord, plays))
    }

    /// What the plays counted for.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Whether the landlord won with neither farmer playing a card (spring).
    #[must_use]
    pub fn spring(&self) -> bool {
        self.winner == self.landlord && self.tally.farmer_plays == 0
    }

    /// Whether a farmer won while the landlord played exactly one hand (anti-spring).
    #[must_use]
    pub fn anti_spring(&self) -> bool {
        self.winner != self.landlord && self.tally.landlord_plays == 1
    }

    /// The multiplier: × (1 + bombs) when bombs were played, × 2 for the rocket, × 2 for a
    /// spring or an anti-spring.
    #[must_use]
    pub fn multiplier(&self) -> i32 {
        let m = self.tally().multiplier() as i32;
        if self.spring() || self.anti_spring() {
            2 * m
        } else {
            m
        }
    }

    /// The multiplier as people read it, spring or anti-spring included.
    #[must_use]
    pub fn shown(&self) -> Shown {
        let spring = if self.spring() {
            Some("spring")
        } else if self.anti_spring() {
            Some("anti-spring")
        } else {
            None
        };
        Shown {
            value: i64::from(self.multiplier()),
            spring,
            ..self.tally().shown()
        }
    }

    /// What the game is worth to the landlord's side under `scoring`, positive when the
    /// landlord won: the landlord's own score by the official rule; by the team rule the points
    /// of the winning side (the losers get none, so a point won is a point the other team lacks).
    #[must_use]
    pub fn landlord_value(&self, scoring: Scoring) -> i32 {
        let s = if self.winner == self.landlord { 1 } else { -1 };
        match scoring {
            Scoring::Official => 2 * s * POINT * self.base as i32 * self.multiplier(),
            Scoring::Team => {
                let doubled = i32::from(self.spring() || self.anti_spring());
                s * self.base as i32 * (self.tally().team_factor() + doubled)
            }
        }
    }
    /// Each seat's score: the landlord ± 2 × 100 × base × multiplier, each farmer ∓ half that.
    #[must_use]
    pub fn scores(&self) -> BySeat<i32> {
        let unit = POINT * self.base as i32 * self.multiplier();
        let s = if self.winner == self.landlord { 1 } else { -1 };
        BySeat::from_fn(|seat| {
            if seat == self.landlord {
                2 * s * unit
            } else {
                -s * unit
            }
        })
    }

    /// The multiplier and each seat's points by `payout`: the official rule's
    /// ([`Outcome::multiplier`], [`Outcome::scores`]), or Botzone's judge's
    /// ([`botzone_variant::scores`]) in our points (100 a stake), its multiplier × 2 for every
    /// bomb and rocket and for a spring or anti-spring.
    ///
    /// ```
    /// use ddz_core::game::{Outcome, Seat, Tally};
    /// use ddz_core::rules::Payout;
    ///
    /// let bomb = Tally { bombs: 1, landlord_plays: 3, farmer_plays: 2, ..Tally::default() };
    /// let won = Outcome::new(Seat::A, 2, Seat::A, bomb);
    /// assert_eq!(won.payout(Payout::Official), (2, won.scores()));
    /// assert_eq!(won.payout(Payout::Botzone).1 .0, [800, -400, -400]); // 2 × 2, doubled once
    /// ```
    #[must_use]
    pub fn payout(&self, payout: Payout) -> (i32, BySeat<i32>) {
        if payout == Payout::Official {
            return (self.multiplier(), self.scores());
        }
        let doublings = self.tally.doublings();
        let spring = self.spring() || self.anti_spring();
        let landlord_won = self.winner == self.landlord;
        let (lord, farmer) = botzone_variant::scores(self.base, doublings, spring, landlord_won);
        let points =
            |s: i64| (s * i64::from(POINT)).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        let scores = BySeat::from_fn(|s| {
            if s == self.landlord {
                points(lord)
            } else {
                points(farmer)
            }
        });
        let multiplier = 1i32 << (doublings + u32::from(spring)).min(30);
        (multiplier, scores)
    }
}
