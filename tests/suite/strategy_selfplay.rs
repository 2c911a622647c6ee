//! Three players of one strategy play seeded games: every answer is legal (checked by an
//! independent tracker) and every game ends. The rule-based player and the thinking player
//! (with a small fixed budget) each play their games.

use ddz::cards::Cards;
use ddz::game::{GameState, Seat};
use ddz::strategy::thinker::{Thinker, ThinkerSettings};
use ddz::strategy::RulesPlayer;
use ddz::strategy::Strategy;
use ddz::time::Deadline;
use ddz::time::SearchLimit;

#[test]
fn every_play_of_the_rule_player_is_legal_and_every_game_ends() {
    let players = (0..3)
        .map(|_| Box::new(RulesPlayer::new()) as Box<dyn Strategy>)
        .collect();
    self_play(players, 300);
}

#[test]
fn every_play_of_the_thinking_player_is_legal_and_every_game_ends() {
    let settings = ThinkerSettings {
        limit: Some(SearchLimit::Deals(4)),
        table_bytes: 1 << 20,
        ..ThinkerSettings::default()
    };
    let players = (0..3)
        .map(|_| Box::new(Thinker::new(settings.clone())) as Box<dyn Strategy>)
        .collect();
    self_play(players, 40);
}

/// Plays `games` seeded games with `players` in seats A, B, C (the landlord rotating).
fn self_play(mut players: Vec<Box<dyn Strategy>>, games: usize) {
    let mut rng = fastrand::Rng::with_seed(2015);
    let mut wins = [0u32; 2];
    for game in 0..games {
        let mut deck: Vec<u8> = (0..54).collect();
        rng.shuffle(&mut deck);
        let cards = |r: std::ops::Range<usize>| deck[r].iter().copied().collect::<Cards>();
        let hands = [cards(0..17), cards(17..34), cards(34..51)];
        let bottom = cards(51..54);
        let landlord = Seat::ALL[game % 3];
        let mut views: Vec<GameState> = Seat::ALL
            .iter()
            .map(|&s| {
                let mut v = GameState::new(s, hands[s.index()]);
                v.set_landlord(landlord, bottom).unwrap();
                v
            })
            .collect();
        // The judge's own view: it sees every hand and checks every play.
        let mut judge = GameState::new(landlord, hands[landlord.index()]);
        judge.set_landlord(landlord, bottom).unwrap();
        let mut seat = landlord;
        let mut turns = 0;
        while judge.winner().is_none() {
            turns += 1;
            assert!(turns < 200, "game {} does not end", game);
            let me = &views[seat.index()];
            let combo = players[seat.index()].play(me, Deadline::unlimited());
            assert!(
                me.legal_plays().contains(&combo),
                "game {}: {} illegal",
                game,
                combo
            );
            let played = if combo.is_pass() {
                None
            } else {
                Some(me.hand.pick(combo.cards).expect("cards in hand"))
            };
            for v in views.iter_mut() {
                v.record_play(seat, played).expect("views agree");
            }
            judge.record_play(seat, played).expect("the judge agrees");
            seat = seat.next();
        }
        let winner = judge.winner().unwrap();
        wins[(winner == landlord) as usize] += 1;
    }
    // Both sides win some games: the players do not simply give up.
    let some = games as u32 / 10;
    assert!(wins[0] > some && wins[1] > some, "{:?}", wins);
}
