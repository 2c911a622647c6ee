//! The score of a finished game, by the rule in use (`docs/rules.md`: "Score" for
//! the official linear rule, "The 2019 team format" for the team rule). The arena scores
//! its games with it and the search weighs its outcomes with it, so both read the same rule.

use super::{BySeat, Seat};
use std::fmt;
use std::str::FromStr;

/// Points per unit of base × multiplier (each farmer's share; the landlord's is twice it).
pub const POINT: i32 = 100;

/// The scoring rule a game is played under. The strategy weighs outcomes by it, so it bids and
/// plays for the points that count where it is playing.
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

impl Scoring {
    /// The rule's name in settings, flags and files: `official` or `team`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::Official => "official",
            Scoring::Team => "team",
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no scoring rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseScoringError(pub String);

impl fmt::Display for ParseScoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not official or team", self.0)
    }
}

impl std::error::Error for ParseScoringError {}

impl FromStr for Scoring {
    type Err = ParseScoringError;

    /// A rule's [`Scoring::name`], either case.
    fn from_str(text: &str) -> Result<Scoring, ParseScoringError> {
        match text.to_ascii_lowercase().as_str() {
            "official" => Ok(Scoring::Official),
            "team" => Ok(Scoring::Team),
            _ => Err(ParseScoringError(text.to_string())),
        }
    }
}

/// The multiplier the bombs and the rocket played make: × (1 + bombs) when bombs were played,
/// × 2 for the rocket (spring and anti-spring are decided at the end).
#[must_use]
pub fn bomb_multiplier(bombs: u8, rocket: bool) -> u32 {
    let mut m = 1;
    if bombs > 0 {
        m *= 1 + u32::from(bombs);
    }
    if rocket {
        m *= 2;
    }
    m
}

/// How a finished game went, as far as scoring needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The landlord.
    pub landlord: Seat,
    /// The base: the landlord's bid (1 when the landlord was fixed without bidding).
    pub base: u8,
    /// The seat that emptied its hand.
    pub winner: Seat,
    /// Bombs played (the rocket not included).
    pub bombs: u8,
    /// Whether the rocket was played.
    pub rocket: bool,
    /// Non-pass plays made by the landlord.
    pub landlord_plays: u32,
    /// Non-pass plays made by the two farmers together.
    pub farmer_plays: u32,
}

impl Outcome {
    /// Whether the landlord won with neither farmer playing a card (spring).
    #[must_use]
    pub fn spring(&self) -> bool {
        self.winner == self.landlord && self.farmer_plays == 0
    }

    /// Whether a farmer won while the landlord played exactly one hand (anti-spring).
    #[must_use]
    pub fn anti_spring(&self) -> bool {
        self.winner != self.landlord && self.landlord_plays == 1
    }

    /// The multiplier: × (1 + bombs) when bombs were played, × 2 for the rocket, × 2 for a
    /// spring or an anti-spring.
    #[must_use]
    pub fn multiplier(&self) -> i32 {
        let m = bomb_multiplier(self.bombs, self.rocket) as i32;
        if self.spring() || self.anti_spring() {
            2 * m
        } else {
            m
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
                s * self.base as i32 * (1 + self.bombs as i32 + i32::from(self.rocket) + doubled)
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(winner: Seat) -> Outcome {
        Outcome {
            landlord: Seat::B,
            base: 2,
            winner,
            bombs: 0,
            rocket: false,
            landlord_plays: 5,
            farmer_plays: 7,
        }
    }

    fn sum(s: &BySeat<i32>) -> i32 {
        s.0.iter().sum()
    }

    #[test]
    fn plain_wins_and_losses() {
        let won = outcome(Seat::B).scores();
        assert_eq!(won.0, [-200, 400, -200]);
        let lost = outcome(Seat::C).scores();
        assert_eq!(lost.0, [200, -400, 200]);
        assert_eq!(sum(&won), 0);
        assert_eq!(sum(&lost), 0);
    }

    #[test]
    fn landlord_value_by_each_rule() {
        let mut o = outcome(Seat::B);
        o.bombs = 2;
        o.rocket = true;
        // Official: the landlord's own score, base 2 × multiplier (1 + 2) × 2 × 100 × 2.
        assert_eq!(o.landlord_value(Scoring::Official), o.scores()[Seat::B]);
        assert_eq!(o.landlord_value(Scoring::Official), 2400);
        // Team: base 2 × (1 + 2 bombs + 1 rocket), no doubling for the landlord.
        assert_eq!(o.landlord_value(Scoring::Team), 8);
        let mut lost = outcome(Seat::A);
        lost.landlord_plays = 1;
        assert!(lost.anti_spring());
        assert_eq!(lost.landlord_value(Scoring::Team), -4);
        assert_eq!(
            lost.landlord_value(Scoring::Official),
            lost.scores()[Seat::B]
        );
    }

    #[test]
    fn bombs_rocket_spring_and_anti_spring_multiply() {
        // Two bombs and the rocket: (1 + 2) × 2 = 6; base 2 → farmer unit 1200.
        let mut o = outcome(Seat::A);
        o.bombs = 2;
        o.rocket = true;
        assert_eq!(o.multiplier(), 6);
        assert_eq!(o.scores().0, [1200, -2400, 1200]);
        // Spring: the farmers never played a card.
        let mut spring = outcome(Seat::B);
        spring.farmer_plays = 0;
        assert!(spring.spring() && !spring.anti_spring());
        assert_eq!(spring.scores().0, [-400, 800, -400]);
        // Anti-spring: the landlord led once and never played again.
        let mut anti = outcome(Seat::C);
        anti.landlord_plays = 1;
        anti.bombs = 1;
        assert!(anti.anti_spring());
        assert_eq!(anti.multiplier(), 4);
        assert_eq!(anti.scores().0, [800, -1600, 800]);
        // One landlord play but the landlord won: no anti-spring.
        let mut one = outcome(Seat::B);
        one.landlord_plays = 1;
        assert_eq!(one.multiplier(), 1);
    }

    #[test]
    fn a_rule_reads_back_from_its_name() {
        for rule in [Scoring::Official, Scoring::Team] {
            assert_eq!(rule.to_string().parse::<Scoring>(), Ok(rule));
            assert_eq!(rule.name().to_uppercase().parse::<Scoring>(), Ok(rule));
        }
        assert_eq!(
            "swiss".parse::<Scoring>(),
            Err(ParseScoringError("swiss".to_string()))
        );
    }
}
