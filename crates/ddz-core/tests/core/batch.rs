//! The batch: the same games whatever the thread count, its legal actions the generator's,
//! finished games paid as their outcome says, refused steps that move nothing.

use ddz_core::actions::ActionSpace;
use ddz_core::batch::{Batch, BatchError, Objective};
use ddz_core::encode::observation::WIDTH;
use ddz_core::rules::{legal_plays, Platform};

/// A seeded batch driven by seeded random actions: every observation, reward and done.
fn trace(threads: usize, objective: Objective) -> Vec<(Vec<i8>, Vec<f32>, Vec<bool>)> {
    let games = 150;
    let mut batch = Batch::new(games, 9, Platform::Canonical, objective, threads);
    let mut rng = fastrand::Rng::with_seed(3);
    let (mut rewards, mut done) = (vec![0.0; 3 * games], vec![false; games]);
    let mut seen = Vec::new();
    for _ in 0..80 {
        let mut obs = vec![0i8; games * WIDTH];
        batch.observation(&mut obs);
        let actions: Vec<i64> = (0..games)
            .map(|g| {
                let legal = batch.legal(g);
                i64::from(legal[rng.usize(..legal.len())])
            })
            .collect();
        batch.step(&actions, &mut rewards, &mut done).unwrap();
        seen.push((obs, rewards.clone(), done.clone()));
    }
    seen
}

#[test]
fn the_same_seed_plays_the_same_games_on_any_thread_count() {
    let one = trace(1, Objective::Score);
    assert_eq!(trace(2, Objective::Score), one);
    assert_eq!(trace(4, Objective::Score), one);
    let finished: usize = one
        .iter()
        .map(|(_, _, d)| d.iter().filter(|&&x| x).count())
        .sum();
    assert!(finished > 50, "{} games finished", finished);
}

#[test]
fn legal_actions_are_the_generators_and_rewards_the_outcomes() {
    let space = ActionSpace::shared();
    for objective in [
        Objective::Score,
        Objective::WinOrLose,
        Objective::AdjustedPoints,
    ] {
        let mut batch = Batch::new(40, 1, Platform::Canonical, objective, 2);
        let (mut rewards, mut done) = (vec![0.0; 120], vec![false; 40]);
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..200 {
            let mut outcomes = Vec::new();
            let mut actions = Vec::new();
            for g in 0..40 {
                let round = &batch.game(g).round;
                let hand = round.hands()[round.to_move()].counts();
                let want: Vec<u32> = legal_plays(hand, round.to_beat())
                    .iter()
                    .map(|p| space.index_of(p.cards).unwrap() as u32)
                    .collect();
                assert_eq!(batch.legal(g), &want[..]);
                let action = want[rng.usize(..want.len())];
                // The outcome the single round reaches with this action.
                let mut alone = round.clone();
                let play = space.play(action as usize).unwrap();
                let cards = round.hands()[round.to_move()]
                    .pick(play.cards)
                    .filter(|_| !play.is_pass());
                alone.try_play(cards).unwrap();
                outcomes.push(alone.outcome());
                actions.push(i64::from(action));
            }
            batch.step(&actions, &mut rewards, &mut done).unwrap();
            for (g, outcome) in outcomes.iter().enumerate() {
                assert_eq!(done[g], outcome.is_some());
                let got = &rewards[3 * g..3 * g + 3];
                match (outcome, objective) {
                    (None, _) => assert_eq!(got, &[0.0; 3]),
                    (Some(o), Objective::Score) => {
                        let want: Vec<f32> = o.scores().0.iter().map(|&s| s as f32).collect();
                        assert_eq!(got, &want[..]);
                    }
                    (Some(o), _) => {
                        let won = if o.winner == o.landlord { 1.0 } else { -1.0 };
                        let size = match objective {
                            Objective::AdjustedPoints => (1u32 << o.tally().doublings()) as f32,
                            _ => 1.0,
                        };
                        assert_eq!(got[o.landlord.index()], won * size);
                        assert_eq!(got.iter().sum::<f32>(), -(won * size));
                    }
                }
            }
        }
    }
}

#[test]
fn a_refused_step_moves_no_game() {
    let mut batch = Batch::new(6, 4, Platform::Canonical, Objective::WinOrLose, 2);
    let (mut rewards, mut done) = (vec![0.0; 18], vec![false; 6]);
    let good: Vec<i64> = (0..6).map(|g| i64::from(batch.legal(g)[0])).collect();
    let mut before = vec![0i8; 6 * WIDTH];
    batch.observation(&mut before);
    let mut bad = good.clone();
    bad[5] = -3;
    let error = batch.step(&bad, &mut rewards, &mut done).unwrap_err();
    assert_eq!(
        error,
        BatchError::NotLegal {
            game: 5,
            action: -3,
            play: None,
            legal: batch.legal(5).len()
        }
    );
    let error = batch.step(&good[..5], &mut rewards, &mut done).unwrap_err();
    assert_eq!(error, BatchError::WrongCount { given: 5, games: 6 });
    let mut after = vec![0i8; 6 * WIDTH];
    batch.observation(&mut after);
    assert_eq!(before, after);
    assert!(batch.step(&good, &mut rewards, &mut done).is_ok());
}

/// Every game's observation, legal actions and deal.
type View = (Vec<i8>, Vec<Vec<u32>>, Vec<(u64, u64)>);

/// The [`View`] of `batch` now.
fn view(batch: &Batch) -> View {
    let mut obs = vec![0i8; batch.games() * WIDTH];
    batch.observation(&mut obs);
    let games = 0..batch.games();
    let legal = games.clone().map(|g| batch.legal(g).to_vec()).collect();
    (obs, legal, games.map(|g| batch.deal_of(g)).collect())
}

#[test]
fn a_batch_restored_from_its_positions_steps_on_identically() {
    let (games, platform) = (40, Platform::Botzone);
    let mut batch = Batch::new(games, 6, platform, Objective::Score, 2);
    let mut rng = fastrand::Rng::with_seed(8);
    let (mut rewards, mut done) = (vec![0.0; 3 * games], vec![false; games]);
    let mut random_step = |batch: &mut Batch, rng: &mut fastrand::Rng| {
        let actions: Vec<i64> = (0..games)
            .map(|g| i64::from(batch.legal(g)[rng.usize(..batch.legal(g).len())]))
            .collect();
        batch.step(&actions, &mut rewards, &mut done).unwrap();
        (actions, rewards.clone(), done.clone())
    };
    for _ in 0..70 {
        random_step(&mut batch, &mut rng);
    }
    let mut restored = Batch::new(games, 6, platform, Objective::Score, 1);
    for g in 0..games {
        let played: Vec<i64> = batch.played(g).iter().map(|&a| i64::from(a)).collect();
        restored.restore(g, batch.deal_of(g).1, &played).unwrap();
    }
    assert!(view(&batch).2.iter().any(|&(_, deal)| deal > 0));
    for _ in 0..40 {
        assert_eq!(view(&restored), view(&batch));
        let mut same = rng.clone();
        let stepped = random_step(&mut restored, &mut same);
        assert_eq!(random_step(&mut batch, &mut rng), stepped);
    }
}

#[test]
fn a_restore_that_is_no_position_is_refused_and_moves_nothing() {
    let mut batch = Batch::new(3, 2, Platform::Canonical, Objective::WinOrLose, 1);
    let before = view(&batch);
    let error = batch.restore(1, 4, &[0]).unwrap_err();
    // Deal 4's landlord leads: a pass is no legal action of a lead.
    assert!(
        matches!(
            error,
            BatchError::NotLegal {
                game: 1,
                action: 0,
                ..
            }
        ),
        "{}",
        error
    );
    assert_eq!(view(&batch), before);
    // A whole deal played out to its end is no position: a game ended is dealt anew.
    let mut whole = Vec::new();
    let mut probe = Batch::new(3, 2, Platform::Canonical, Objective::WinOrLose, 1);
    let (mut rewards, mut done) = (vec![0.0; 9], vec![false; 3]);
    while !done[0] {
        let actions: Vec<i64> = (0..3).map(|g| i64::from(probe.legal(g)[0])).collect();
        whole.push(actions[0]);
        probe.step(&actions, &mut rewards, &mut done).unwrap();
    }
    let error = batch.restore(0, 0, &whole).unwrap_err();
    assert_eq!(error, BatchError::Finished { game: 0 });
    assert_eq!(view(&batch), before);
}
