//! Self-play data and the networks: the data file round-trips, its labels agree with the
//! referee's own scores, the matrix holds what the features say, the Rust forward pass gives
//! the trainer's outputs, and the network bidder bids legally and as its value says.

use ddz::arena;
use ddz::arena::GameRecord;
use ddz::cards::{Cards, Counts};
use ddz::game::score::POINT;
use ddz::game::{GameState, Scoring, Seat};
use ddz::strategy::networks::Mlp;
use ddz::strategy::networks::{play_features, PLAY_INPUTS};
use ddz::strategy::networks::{BID_WEIGHTS, HIDDEN_WEIGHTS, PLAY_WEIGHTS};
use ddz::strategy::thinker::{Bidder, Thinker, ThinkerSettings};
use ddz::strategy::Splitter;
use ddz::time::SearchLimit;
use ddz::training::data::{Sample, HEADER};
use ddz::training::encode::{compare_with_trainer, targets, MatrixWriter, Net, TARGETS};
use ddz::training::run::{match_config, samples_of, SelfPlay};

fn run(deals: usize, seed: u64) -> Vec<GameRecord> {
    let selfplay = SelfPlay {
        players: [
            "builtin:rules".into(),
            "builtin:greedy".into(),
            "builtin:rules".into(),
        ],
        deals,
        seed,
        jobs: 2,
        scoring: Scoring::Official,
        progress: false,
    };
    let mut games = Vec::new();
    arena::run(&match_config(&selfplay), &mut |g: &[GameRecord]| {
        games.extend_from_slice(g);
        Ok(())
    })
    .expect("the run plays");
    games
}

#[test]
fn every_deal_is_played_with_each_seat_as_the_landlord() {
    let games = run(20, 3);
    assert_eq!(games.len(), 60);
    for trio in games.chunks(3) {
        assert!(
            trio.iter().all(|g| g.deal == trio[0].deal),
            "one deal per trio"
        );
        let landlords: Vec<Option<Seat>> = trio.iter().map(|g| g.landlord).collect();
        assert_eq!(landlords, vec![Some(Seat::A), Some(Seat::B), Some(Seat::C)]);
        assert!(trio.iter().all(|g| g.base == 1));
    }
}

#[test]
fn samples_round_trip_and_agree_with_the_referee() {
    let games = run(30, 5);
    let mut positions = 0;
    for g in &games {
        let samples = samples_of(g).expect("a finished game");
        assert_eq!(samples.len(), g.plays.len(), "one sample per play or pass");
        let landlord = g.landlord.unwrap();
        for (k, s) in samples.iter().enumerate() {
            // The text form reads back to the same sample.
            let line = s.line();
            assert_eq!(line.split('\t').count(), HEADER.split('\t').count());
            assert_eq!(Sample::parse(&line).as_ref(), Ok(s), "{}", line);
            // Every card is in a hand or played, once.
            let held = s
                .position
                .hands
                .iter()
                .fold(Counts::EMPTY, |a, h| a.plus(*h));
            let all = s.played.0.iter().fold(held, |a, p| a.plus(*p));
            assert_eq!(all, Cards::DECK.counts(), "game {} turn {}", s.game, s.turn);
            // The position is the record's: whose turn, what was played there.
            assert_eq!(s.position.to_move, g.plays[k].0);
            let played = g.plays[k].1.map_or(Counts::EMPTY, Cards::counts);
            assert_eq!(s.play.cards, played);
            assert_eq!(s.landlord_dealt(), g.deal.hands[landlord].counts());
            // The label is the referee's score, computed by its own path.
            let stake = f32::from(g.base) * 2.0 * POINT as f32;
            let t = targets(&s.outcome);
            assert_eq!(t[0] * stake, g.scores[landlord] as f32, "game {}", s.game);
            assert_eq!(t[2] > 0.0, g.winner == Some(landlord));
            positions += 1;
        }
    }
    assert!(positions > games.len() * 20, "{} positions", positions);
}

#[test]
fn the_matrix_holds_each_samples_features_and_targets() {
    let games = run(4, 7);
    let samples: Vec<Sample> = games.iter().flat_map(|g| samples_of(g).unwrap()).collect();
    let mut writer = MatrixWriter::new(std::io::Cursor::new(Vec::new()), Net::Play).unwrap();
    for s in &samples {
        writer.add(s).unwrap();
    }
    let bytes = writer.finish().unwrap().into_inner();
    let word = |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    assert_eq!(&bytes[..4], b"DDZX");
    assert_eq!(word(4), 1);
    assert_eq!(word(8) as usize, samples.len());
    assert_eq!(word(12) as usize, PLAY_INPUTS);
    assert_eq!(word(16) as usize, TARGETS);
    let width = PLAY_INPUTS + TARGETS;
    assert_eq!(bytes.len(), 20 + samples.len() * width * 4);
    let value = |row: usize, col: usize| {
        f32::from_le_bytes({
            let i = 20 + (row * width + col) * 4;
            [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
        })
    };
    let mut splitter = Splitter::new();
    for (row, s) in samples.iter().enumerate().step_by(7) {
        let mut x = [0.0; PLAY_INPUTS];
        play_features(&s.position, &mut splitter, &mut x);
        for (col, v) in x.iter().enumerate() {
            assert_eq!(value(row, col), *v);
        }
        for (k, t) in targets(&s.outcome).iter().enumerate() {
            assert_eq!(value(row, PLAY_INPUTS + k), *t);
        }
    }
}

/// The largest relative difference the trainer's outputs may have from ours: both sum in f32,
/// in other orders (a few units in the last place of values around 1).
const TOLERANCE: f32 = 1e-4;

fn assert_matches_trainer(weights: &[u8], check: &str) {
    let text = std::fs::read_to_string(check).expect("the check file is beside the weights");
    let (worst, rows) = compare_with_trainer(weights, &text).expect("a well-formed check file");
    assert!(rows >= 8, "{} check rows", rows);
    assert!(worst < TOLERANCE, "largest relative difference {}", worst);
    // The comparison can fail: a network one weight off does not match.
    let mut broken = weights.to_vec();
    let at = broken.len() - 4;
    let bias = f32::from_le_bytes([broken[at], broken[at + 1], broken[at + 2], broken[at + 3]]);
    broken[at..].copy_from_slice(&(bias + 0.01).to_le_bytes());
    let (off, _) = compare_with_trainer(&broken, &text).unwrap();
    assert!(
        off > TOLERANCE,
        "a changed output bias went unseen ({})",
        off
    );
}

#[test]
fn the_play_network_gives_the_trainers_outputs() {
    assert_matches_trainer(
        PLAY_WEIGHTS,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/strategy/networks/weights/play.check"
        ),
    );
}

#[test]
fn the_bid_network_gives_the_trainers_outputs() {
    assert_matches_trainer(
        BID_WEIGHTS,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/strategy/networks/weights/bid.check"
        ),
    );
}

#[test]
fn the_hidden_hand_network_gives_the_trainers_outputs() {
    assert_matches_trainer(
        HIDDEN_WEIGHTS,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/strategy/networks/weights/hidden.check"
        ),
    );
}

/// The bid network's bidder bids legally, as the values it reports call for, and as the
/// strategy answers.
#[test]
fn the_network_bidder_bids_legally_and_as_its_values_say() {
    let hands = 300;
    let mut settings = ThinkerSettings {
        bidder: Bidder::Net,
        limit: Some(SearchLimit::Deals(1)),
        ..ThinkerSettings::default()
    };
    let mut rng = fastrand::Rng::with_seed(17);
    let (mut bids, mut passes) = (0, 0);
    for margin in [0.0, 0.5] {
        settings.bid_margin = margin;
        let mut thinker = Thinker::new(settings.clone());
        for _ in 0..hands {
            let mut codes: Vec<u8> = (0..54).collect();
            rng.shuffle(&mut codes);
            let hand = codes[..17].iter().copied().collect::<Cards>();
            let mut state = GameState::new(Seat::C, hand);
            // Earlier bids by A and B: any legal sequence.
            let a = rng.u8(0..=3);
            state.record_bid(Seat::A, a).unwrap();
            let b = if a < 3 && rng.bool() {
                rng.u8(a + 1..=3)
            } else {
                0
            };
            state.record_bid(Seat::B, b).unwrap();
            let choice = thinker.net_bid(&state);
            assert!(
                state.bid_is_legal(choice.bid),
                "bid {} after {} {}",
                choice.bid,
                a,
                b
            );
            // The bid follows the values it reports: the best legal bid (the highest for a hand
            // worth having, the lowest otherwise) when it beats passing by the margin.
            let legal: Vec<u8> = (1..=3).filter(|&x| state.bid_is_legal(x)).collect();
            let best = if choice.value >= 0.0 {
                legal.last()
            } else {
                legal.first()
            };
            let expected = match best {
                Some(&x)
                    if f64::from(x) * choice.value - choice.pass
                        > margin * 2.0 * f64::from(POINT) =>
                {
                    x
                }
                _ => 0,
            };
            assert_eq!(
                choice.bid, expected,
                "value {} pass {}",
                choice.value, choice.pass
            );
            if choice.bid > 0 {
                bids += 1;
            } else {
                passes += 1;
            }
            // The strategy's answer is the same bid.
            use ddz::strategy::Strategy;
            use ddz::time::Deadline;
            assert_eq!(thinker.bid(&state, Deadline::unlimited()), choice.bid);
        }
    }
    assert!(
        bids > hands / 15 && passes > hands / 15,
        "{} bids, {} passes",
        bids,
        passes
    );
}

/// The two networks judge a dealt hand by different routes: the bid network from the 17 cards
/// alone, the play network from the opening positions of deals of the hidden cards (the
/// bottom in the landlord's hand, the landlord to lead). Both learned the same outcomes, so
/// over many hands their values as the landlord go together, and so do their values as a
/// farmer: hands or deals put in the wrong seats would break that.
#[test]
fn the_play_network_over_deals_agrees_with_the_bid_network() {
    use ddz::game::{BySeat, Tally};
    use ddz::strategy::networks::{BidNet, PlayNet};
    use ddz::strategy::networks::{OpenPosition, Role};
    const DEALS: usize = 64;
    let (mut bid_net, mut play_net) = (BidNet::embedded(), PlayNet::embedded());
    let mut rng = fastrand::Rng::with_seed(29);
    let (mut landlord, mut farmer) = (Vec::new(), Vec::new());
    let points = |v: ddz::strategy::networks::NetValue| v.landlord_points(Scoring::Official, 1);
    for _ in 0..60 {
        let mut codes: Vec<u8> = (0..54).collect();
        rng.shuffle(&mut codes);
        let hand = codes[..17].iter().copied().collect::<Cards>();
        let by_bid_net = (
            points(bid_net.value(hand.counts(), Role::Landlord)),
            points(bid_net.value(hand.counts(), Role::Down)),
        );
        // Seat A holds the hand; as the landlord (A) and as the farmer after it (C the
        // landlord, A its down-stream farmer), over the same deals of the other cards.
        let mut by_play_net = (0.0, 0.0);
        let mut others: Vec<u8> = codes[17..].to_vec();
        for _ in 0..DEALS {
            rng.shuffle(&mut others);
            let take = |c: &[u8]| c.iter().copied().collect::<Cards>();
            let (bottom, first, second) = (
                take(&others[..3]),
                take(&others[3..20]),
                take(&others[20..37]),
            );
            let mut value = |landlord: Seat, hands: [Cards; 3]| {
                let mut hands = BySeat(hands);
                hands[landlord] = hands[landlord].or(bottom);
                points(play_net.value(&OpenPosition {
                    landlord,
                    to_move: landlord,
                    hands: BySeat::from_fn(|s| hands[s].counts()).0,
                    last: None,
                    tally: Tally::default(),
                }))
            };
            by_play_net.0 += value(Seat::A, [hand, first, second]);
            by_play_net.1 += value(Seat::C, [hand, first, second]);
        }
        let n = DEALS as f64;
        landlord.push((by_bid_net.0, by_play_net.0 / n));
        farmer.push((by_bid_net.1, by_play_net.1 / n));
    }
    let correlation = |pairs: &[(f64, f64)]| {
        let n = pairs.len() as f64;
        let (mx, my) = (
            pairs.iter().map(|p| p.0).sum::<f64>() / n,
            pairs.iter().map(|p| p.1).sum::<f64>() / n,
        );
        let cov: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
        let vx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
        let vy: f64 = pairs.iter().map(|p| (p.1 - my).powi(2)).sum();
        cov / (vx * vy).sqrt()
    };
    let (l, f) = (correlation(&landlord), correlation(&farmer));
    eprintln!("correlation as the landlord {:.3}, as a farmer {:.3}", l, f);
    assert!(l > 0.85, "as the landlord: correlation {:.3}", l);
    assert!(f > 0.75, "as a farmer: correlation {:.3}", f);
}

#[test]
fn the_embedded_networks_fit_the_features() {
    use ddz::strategy::networks::BID_INPUTS;
    use ddz::strategy::networks::{BidNet, PlayNet};
    let play = Mlp::from_bytes(PLAY_WEIGHTS).unwrap();
    let bid = Mlp::from_bytes(BID_WEIGHTS).unwrap();
    assert_eq!((play.inputs(), play.outputs()), (PLAY_INPUTS, 3));
    assert_eq!((bid.inputs(), bid.outputs()), (BID_INPUTS, 3));
    // The players' constructors check the same and would panic otherwise.
    let _ = (PlayNet::embedded(), BidNet::embedded());
}
