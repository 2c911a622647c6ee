//! Each platform's readings, and the answers every platform accepts.

use crate::common::cards;
use ddz_core::cards::{Cards, Counts};
use ddz_core::game::{GameState, IllegalPlay, Seat, TrackError};
use ddz_core::rules::{classify, safe_answer, Combo, Kind, Platform};

fn read(p: Platform, text: &str) -> Option<(Kind, char)> {
    p.read(text.parse().unwrap())
        .map(|c| (c.kind, c.key.symbol()))
}

#[test]
fn the_three_readings_of_the_known_cases() {
    use Kind::*;
    use Platform::*;
    assert_eq!(read(Canonical, "33334444"), Some((PlaneSingles, '4')));
    assert_eq!(read(Sample2015, "33334444"), Some((FourPairs, '4')));
    assert_eq!(read(Icga2019, "33334444"), Some((FourPairs, '3')));
    assert_eq!(read(Icga2019, "JJJJQQQQ"), Some((FourPairs, 'J')));
    assert_eq!(read(Canonical, "33335555"), Some((FourPairs, '5')));
    assert_eq!(read(Icga2019, "33335555"), Some((FourPairs, '3')));
    assert_eq!(
        read(Canonical, "555666777888999T"),
        Some((PlaneSingles, '9'))
    );
    assert_eq!(read(Icga2019, "555666777888999T"), None);
    // A plain plane stays a plane everywhere.
    for p in Platform::ALL {
        assert_eq!(read(p, "333444555666"), Some((Plane, '6')));
        assert_eq!(read(p, "44455577"), Some((PlaneSingles, '5')));
    }
}

#[test]
fn answers_every_platform_accepts() {
    let c = |t: &str| classify(t.parse().unwrap()).unwrap();
    // JJJJQQQQ beats 33334444 canonically (plane key Q over key 4) and on both platforms.
    assert!(safe_answer(&c("JJJJQQQQ"), &c("33334444")));
    // A plane answer to 33334444 is refused where it is four with two pairs.
    assert!(!safe_answer(&c("55566634"), &c("33334444")));
    // 44446666 is key 6 here but key 4 on the 2019 server: it does not beat 5555+77+88 there.
    assert!(!safe_answer(&c("44446666"), &c("55557788")));
    assert!(safe_answer(&c("7777"), &c("33334444")));
    assert!(safe_answer(&Combo::PASS, &c("33334444")));
    // The tracker takes a four answer to 33334444 (the 2019 server accepts it); a 3 on a 4,
    // which no platform accepts, it reports as not beating.
    let heard = |lead: &str, answer: &str| {
        // We are farmer A, dealt Q and up; landlord C leads, we pass, B answers.
        let mut s = GameState::new(Seat::A, Cards((1u64 << 53) - (1u64 << 36)));
        s.set_landlord(Seat::C, cards("24,25,26")).unwrap();
        s.record_play(Seat::C, Some(cards(lead))).unwrap();
        s.record_play(Seat::A, None).unwrap();
        s.record_play(Seat::B, Some(cards(answer)))
    };
    // 33334444, then 5555+66+77: refused canonically, taken for the 2019 server.
    assert!(!c("55556677").beats(&c("33334444")));
    assert_eq!(heard("0,1,2,3,4,5,6,7", "8,9,10,11,16,17,20,21"), Ok(()));
    assert!(matches!(
        heard("4", "0"),
        Err(TrackError::Illegal {
            seat: Seat::B,
            reason: IllegalPlay::DoesNotBeat { .. }
        })
    ));
}

/// Each variant's legal plays (the generator's, filtered) against its judge: every play listed
/// is accepted on the target, and every lead or answer the judge accepts from the hand's own
/// plays is listed, over random hands and targets.
#[test]
fn each_variants_legal_plays_are_what_its_judge_accepts() {
    use ddz_core::rules::{leads, legal_plays};
    let mut rng = fastrand::Rng::with_seed(9);
    let variants = Platform::ALL.iter().copied().chain([Platform::Botzone]);
    for platform in variants {
        for _ in 0..200 {
            let (dealt, _) = crate::common::random_deal(&mut rng);
            let hand = dealt[Seat::A].counts();
            let mut targets = Vec::new();
            leads(dealt[Seat::B].counts(), &mut targets);
            let target = targets.get(rng.usize(..targets.len())).copied();
            for target in [None, target.filter(|t| platform.reading(t.cards).is_some())] {
                let mut listed = Vec::new();
                platform.legal_plays(hand, target.as_ref(), &mut listed);
                assert!(listed.iter().all(|p| platform.accepts(p, target.as_ref())));
                let accepted = legal_plays(hand, target.as_ref())
                    .into_iter()
                    .chain({
                        let mut all = Vec::new();
                        leads(hand, &mut all);
                        all
                    })
                    .filter(|p| platform.accepts(p, target.as_ref()))
                    .filter(|p| !listed.contains(p))
                    .count();
                assert_eq!(accepted, 0, "{} on {:?}", platform, target);
            }
        }
    }
}

const VARIANTS: [Platform; 4] = [
    Platform::Canonical,
    Platform::Sample2015,
    Platform::Icga2019,
    Platform::Botzone,
];

#[test]
fn each_variant_is_read_back_from_its_rules_name() {
    use ddz_core::named::Named;
    let names: Vec<&str> = Platform::rules_names().collect();
    // The official rules' name and every variant's own (the canonical one named twice).
    assert_eq!(names.len(), VARIANTS.len() + 1);
    assert_eq!(Platform::Canonical.rules_name(), Platform::OFFICIAL_RULES);
    for p in VARIANTS {
        assert_eq!(Platform::from_rules_name(p.rules_name()), Some(p));
        assert_eq!(Platform::from_rules_name(p.name()), Some(p));
        assert!(names.contains(&p.rules_name()) && names.contains(&p.name()));
    }
    for unknown in ["", "botzon", "platforms", "official"] {
        assert_eq!(Platform::from_rules_name(unknown), None, "{}", unknown);
    }
}

/// The leads of random hands: plays of every kind, a few ambiguous.
fn random_leads() -> Vec<Counts> {
    let mut rng = fastrand::Rng::with_seed(12);
    let mut plays = Vec::new();
    for _ in 0..40 {
        let (hands, bottom) = crate::common::random_deal(&mut rng);
        let hand = hands[Seat::A].or(bottom).counts();
        plays.extend(
            ddz_core::rules::legal_plays(hand, None)
                .iter()
                .map(|p| p.cards),
        );
    }
    plays
}

#[test]
fn a_play_is_described_by_its_variants_reading() {
    use ddz_core::named::Named;
    use ddz_core::rules::botzone_variant::{self, BotzoneKind};
    let (mut described, mut ambiguous) = (0, 0);
    for cards in random_leads() {
        for p in VARIANTS {
            let shown = p.describe(cards);
            if p == Platform::Botzone {
                let read = botzone_variant::read(cards);
                assert_eq!(shown.is_some(), read.is_some(), "{}", cards);
                if let (Some(shown), Some(read)) = (shown, read) {
                    assert_eq!(shown.kind.parse::<BotzoneKind>(), Ok(read.kind));
                    assert_eq!((shown.key, shown.length), (read.low, read.links));
                    assert_eq!(read.kind.name(), shown.kind);
                }
                continue;
            }
            let read = p.read(cards);
            assert_eq!(
                shown.map(|s| (s.kind, s.key, s.length, s.ambiguous)),
                read.map(|c| (c.kind.name(), c.key, c.len, c.is_ambiguous()))
            );
            // A play the official table reads more than one way is ambiguous.
            let readings = ddz_core::rules::readings(cards).len();
            if let Some(shown) = shown {
                assert!(shown.ambiguous || readings < 2, "{}", cards);
                described += 1;
                ambiguous += usize::from(shown.ambiguous);
            }
        }
    }
    assert!(
        described > 1000 && ambiguous > 0,
        "{} {}",
        described,
        ambiguous
    );
}

#[test]
fn the_legal_cards_are_the_legal_plays_held_in_display_order() {
    use ddz_core::rules::generate::display_order;
    let mut rng = fastrand::Rng::with_seed(5);
    let mut follows = 0;
    for _ in 0..60 {
        let (hands, _) = crate::common::random_deal(&mut rng);
        let (hand, other) = (hands[Seat::A], hands[Seat::B].counts());
        let leads = ddz_core::rules::legal_plays(other, None);
        let lead = leads[rng.usize(..leads.len())].cards;
        for p in VARIANTS {
            for target in [None, p.reading(lead)] {
                let shown = p.legal_cards(hand, target.as_ref());
                let mut plays = Vec::new();
                p.legal_plays(hand.counts(), target.as_ref(), &mut plays);
                let pass = plays.iter().any(|c| c.is_pass());
                plays.retain(|c| !c.is_pass());
                display_order(&mut plays);
                let mut want: Vec<_> = plays.iter().map(|c| Some(c.cards)).collect();
                if pass {
                    want.push(None);
                    follows += 1;
                }
                let got: Vec<_> = shown.iter().map(|c| c.map(Cards::counts)).collect();
                assert_eq!(got, want);
                assert!(shown.iter().flatten().all(|&c| hand.contains_all(c)));
                assert!(pass || target.is_none());
            }
        }
    }
    assert!(follows > 100, "{}", follows);
}
