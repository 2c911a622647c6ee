//! `ddz netcheck --data`, the play network judged on a self-play data file: its values against
//! the recorded outcomes and against rollouts with the solver at the end from the same
//! positions, printed on stdout.

use crate::training::data::Sample;
use anyhow::{bail, Context};
use std::io::BufRead;

/// `ddz netcheck --data`: the play network against the outcomes of a data file's positions
/// (one in [`JUDGE_EVERY`] lines, more than 16 cards left, not a game's first), and against a
/// rollout with the solver at the end from the same position.
pub(crate) fn judge_data(path: &str, limit: usize) -> anyhow::Result<()> {
    use crate::game::Outcome;
    use crate::search::rollout::{play_out, Finisher, OpenGame};
    use crate::search::Solver;
    use crate::strategy::networks::PlayNet;
    use crate::strategy::rules_player::RulesPlayer;
    use crate::strategy::thinker::{SOLVE_AT_CARDS, SOLVE_NODES};
    use crate::training::encode::targets;

    let file = std::fs::File::open(path).with_context(|| format!("opening {}", path))?;
    let mut net = PlayNet::embedded();
    let mut policy = RulesPlayer::new();
    let mut solver = Solver::new(8 << 20);
    let stakes = |o: &Outcome| f64::from(targets(o)[0]);
    let (mut n, mut replayed_agrees, mut solved_agrees) = (0usize, 0usize, 0usize);
    let (mut err_label, mut err_solved, mut sum_label, mut sum_solved, mut sum_net) =
        (0.0, 0.0, 0.0, 0.0, 0.0);
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line?;
        if line.starts_with('#') || line.starts_with("game\t") || i % JUDGE_EVERY != 0 {
            continue;
        }
        let s = Sample::parse(&line).with_context(|| format!("{} line {}", path, i + 1))?;
        let p = s.position;
        let left: u32 = p.hands.iter().map(|h| h.total()).sum();
        if left <= SOLVE_AT_CARDS || s.turn == 0 {
            continue;
        }
        let (state, hands) = open_view(&s);
        let game = OpenGame::new(&state, hands);
        let replayed = play_out(game.clone(), &mut policy, None);
        let mut finisher = Finisher {
            solver: &mut solver,
            at_cards: SOLVE_AT_CARDS,
            nodes: SOLVE_NODES,
        };
        let solved = play_out(game, &mut policy, Some(&mut finisher));
        let (replayed, solved) = match (replayed, solved) {
            (Some(r), Some(s)) => (r, s),
            _ => continue,
        };
        let value = f64::from(net.value(&p).official);
        let label = stakes(&s.outcome);
        let landlord_won = |o: &Outcome| o.winner == o.landlord;
        replayed_agrees += usize::from(landlord_won(&replayed) == landlord_won(&s.outcome));
        solved_agrees += usize::from(landlord_won(&solved) == landlord_won(&s.outcome));
        err_label += (value - label).powi(2);
        err_solved += (value - stakes(&solved)).powi(2);
        sum_label += label;
        sum_solved += stakes(&solved);
        sum_net += value;
        n += 1;
        if n >= limit {
            break;
        }
    }
    if n == 0 {
        bail!(
            "{}: no position with more than {} cards left",
            path,
            SOLVE_AT_CARDS
        );
    }
    let m = n as f64;
    println!(
        "{} positions of {} (more than {} cards left)",
        n, path, SOLVE_AT_CARDS
    );
    println!(
        "the result as recorded: the rule player replaying {:.3}, a rollout with the solver at the end {:.3}",
        replayed_agrees as f64 / m,
        solved_agrees as f64 / m
    );
    println!(
        "mean in stakes: recorded {:+.3}, solver rollout {:+.3}, network {:+.3}",
        sum_label / m,
        sum_solved / m,
        sum_net / m
    );
    println!(
        "network's squared error (stakes²): against the recorded outcome {:.3}, against the solver rollout {:.3}",
        err_label / m,
        err_solved / m
    );
    Ok(())
}

/// The position of sample `s` as the seat to move's tracker holds it, with every hand in
/// concrete cards (suits do not matter to the game).
fn open_view(
    s: &Sample,
) -> (
    crate::game::GameState,
    crate::game::BySeat<crate::cards::Cards>,
) {
    use crate::cards::Cards;
    use crate::game::{BySeat, GameState};
    let p = &s.position;
    let mut pool = Cards::DECK;
    let mut take = |c| {
        let picked = pool.pick(c).expect("a position holds each card once");
        pool = pool.minus(picked);
        picked
    };
    let hands = BySeat::from_fn(|seat| take(p.hands[seat.index()]));
    let played = BySeat::from_fn(|seat| take(s.played[seat]));
    let mut state = GameState::new(p.landlord, hands[p.landlord]);
    state
        .set_landlord(p.landlord, Cards::EMPTY)
        .expect("no bottom to check");
    state.played = played;
    state.cards_left = BySeat::from_fn(|seat| hands[seat].len() as u8);
    state.last = p.last;
    state.passes = s.passes;
    state.counted.bombs = p.tally.bombs;
    state.counted.rocket = p.tally.rocket;
    state.to_move = Some(p.to_move);
    (state, hands)
}

/// Positions `ddz netcheck --data` judges unless told otherwise.
pub(crate) const JUDGE_POSITIONS: usize = 3000;

/// `ddz netcheck --data` reads one line in this many (spread over the file's games).
const JUDGE_EVERY: usize = 97;
