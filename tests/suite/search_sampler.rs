//! The sampler of the hidden hands: every deal consistent with the seat's view (no card twice,
//! each seat its count, the landlord its unplayed bottom cards), and every consistent deal
//! equally likely (a chi-square test).

use ddz::cards::Cards;
use ddz::game::{GameState, Seat};
use ddz::search::Sampler;
use ddz::strategy::self_play_positions;
use std::collections::HashMap;

/// Every seat's view at the bench's self-play moments (games of rule players, seat A landlord).
fn views(games: usize) -> Vec<GameState> {
    (0..games)
        .flat_map(self_play_positions)
        .flat_map(|m| m.views)
        .collect()
}

fn played(view: &GameState) -> Cards {
    view.played.0.iter().fold(Cards::EMPTY, |c, p| c.or(*p))
}

#[test]
fn every_deal_fits_what_the_seat_knows() {
    let all = views(30);
    assert!(all.len() > 300, "{} views", all.len());
    let mut rng = fastrand::Rng::with_seed(42);
    for view in &all {
        let sampler = Sampler::new(view).expect("a tracked view is consistent");
        let landlord = view.landlord.expect("play has begun");
        for _ in 0..40 {
            let hands = sampler.deal(&mut rng);
            // Our own hand is ours.
            assert_eq!(hands[view.me], view.hand);
            // No card twice, none already played, and together they are every card in play.
            let mut union = Cards::EMPTY;
            for (_, h) in hands.iter() {
                assert!(union.and(*h).is_empty(), "a card dealt twice");
                union = union.or(*h);
            }
            assert!(union.and(played(view)).is_empty(), "a played card dealt");
            assert_eq!(union, Cards::DECK.minus(played(view)));
            // Each seat gets its count.
            for s in Seat::ALL {
                assert_eq!(hands[s].len(), view.cards_left[s] as usize, "seat {}", s);
            }
            // The landlord holds the bottom cards it has not played.
            let bottom_left = view.bottom.minus(view.played[landlord]);
            assert!(hands[landlord].contains_all(bottom_left));
        }
    }
}

/// The chi-square statistic's critical value at p = 0.001 for `df` degrees of freedom, by the
/// Wilson–Hilferty approximation (accurate to a few percent for df ≥ 3).
fn chi_square_critical(df: f64) -> f64 {
    const Z_999: f64 = 3.090;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + Z_999 * a.sqrt()).powi(3)
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn every_consistent_deal_is_equally_likely() {
    // Views late in a game, where the hidden cards are few enough to count every deal.
    let mut tested = 0;
    for view in views(40) {
        let sampler = Sampler::new(&view).expect("consistent");
        let unseen = sampler.unseen() as u64;
        let [first, _] = sampler.hidden_seats();
        let k = view.cards_left[first] as u64
            - if Some(first) == view.landlord {
                view.bottom.minus(view.played[first]).len() as u64
            } else {
                0
            };
        let deals = binomial(unseen, k);
        if !(6..=70).contains(&deals) {
            continue;
        }
        let per_deal = 300;
        let draws = deals * per_deal;
        let mut rng = fastrand::Rng::with_seed(tested as u64 + 1);
        let mut seen: HashMap<u64, u64> = HashMap::new();
        for _ in 0..draws {
            *seen.entry(sampler.deal(&mut rng)[first].0).or_insert(0) += 1;
        }
        // Every consistent deal shows up, and none other.
        assert_eq!(
            seen.len() as u64,
            deals,
            "distinct deals in {:?}",
            view.hand
        );
        let expected = per_deal as f64;
        let chi2: f64 = seen
            .values()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum();
        let critical = chi_square_critical((deals - 1) as f64);
        assert!(
            chi2 < critical,
            "chi-square {:.1} over {} deals (critical {:.1})",
            chi2,
            deals,
            critical
        );
        tested += 1;
        if tested == 12 {
            break;
        }
    }
    assert!(tested >= 5, "only {} small cases found", tested);
}

#[test]
fn a_view_whose_counts_do_not_fit_is_refused() {
    let mut view = views(1).remove(0);
    let other = view.me.next();
    view.cards_left[other] += 1;
    let err = Sampler::new(&view).expect_err("one card too many");
    assert_eq!(err.needed, err.unseen + 1);
    assert!(err.to_string().contains("unseen"));
}
