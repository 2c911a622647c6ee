//! The server's games. Each game is one deal played on its own thread by the arena's referee,
//! as `ddz play` plays it ([`PlaySettings`]): the person's [`WebSeat`](super::desk::WebSeat) among the opponents
//! `ddz serve` was started with. A page creates a game, answers it and closes it; a game nobody asked about for
//! [`IDLE_LIMIT`] is closed too, and there are at most [`MAX_GAMES`], so the server's memory
//! stays bounded however many tabs come and go.
//!
//! A page cannot tell a reload from a closed tab: when it goes away it says so ([`Games::away`])
//! and the game waits [`RELOAD_GRACE`] for a page to take it up again ([`Games::resume`]) before
//! it is closed. Each page names itself with a token of its own, so the notice of a page that
//! went away after its reload already took the game up is ignored: the game belongs to the
//! page that took it last.

use super::desk::{web_seat, Refused, SharedDesk};
use super::replay_page::{Bid, Ending, Play};
use crate::arena::wire::game_log::append_game;
use crate::cards::Cards;
use crate::game::{GameState, Seat};
use crate::play::human::{hint, hint_player, Advice};
use crate::play::narration::{Narration, Played};
use crate::play::person::Question;
use crate::play::setup::PlaySettings;
use crate::play::table::Table;
use crate::play::view;
use crate::strategy::thinker::Thinker;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Games kept at once: each holds a thread and its opponents (a program each, for engine
/// commands), and a person rarely has more tabs open.
pub(crate) const MAX_GAMES: usize = 32;
/// A game nobody asked about for this long is closed (a tab left open overnight, a browser
/// that never said the page was closed).
pub(crate) const IDLE_LIMIT: Duration = Duration::from_secs(30 * 60);
/// How long a game whose page went away waits for a page to take it up again before it is
/// closed: a reload comes back within a second or two, a closed tab never does.
pub const RELOAD_GRACE: Duration = Duration::from_secs(10);
/// The longest page token taken (the play page makes 16 hex digits).
pub(crate) const MAX_PAGE_TOKEN: usize = 64;

/// Which page holds a game, and since when none does.
#[derive(Default)]
struct Holder {
    /// The token of the page that created or last took up the game (none: a client that
    /// named no page).
    page: Option<String>,
    /// When that page said it went away, if it did and no page took the game up since.
    away_since: Option<Instant>,
}

/// Whether `token` can name a page: 1 to [`MAX_PAGE_TOKEN`] ASCII letters, digits, `-` or `_`
/// (it is only compared, never shown, but a request's junk is not kept).
#[must_use]
pub(crate) fn page_token_ok(token: &str) -> bool {
    (1..=MAX_PAGE_TOKEN).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// One game the server plays with a page: its deal, its players, the person's seat and desk,
/// and who holds it.
pub(crate) struct ServedGame {
    /// Its name in requests.
    pub(crate) id: String,
    /// The deal's number.
    pub(crate) deal: usize,
    /// The players' labels, A, B, C.
    pub(crate) names: [String; 3],
    /// The person's seat.
    pub(crate) you: Seat,
    /// The table the game's thread and the requests share.
    pub(crate) desk: SharedDesk,
    /// The engine's default player, for hints.
    hints: Mutex<Thinker>,
    /// The last request about the game.
    last_seen: Mutex<Instant>,
    /// The page that holds it.
    holder: Mutex<Holder>,
}

impl ServedGame {
    /// The hint player; one hint at a time per game.
    fn hints(&self) -> MutexGuard<'_, Thinker> {
        self.hints.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn holder(&self) -> MutexGuard<'_, Holder> {
        self.holder.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// All games of a server.
pub(crate) struct Games {
    setup: PlaySettings,
    next_deal: Mutex<usize>,
    games: Mutex<HashMap<String, Arc<ServedGame>>>,
    /// One writer of the saved log at a time.
    saving: Mutex<()>,
}

impl Games {
    /// No games yet; they will be played with `setup`.
    #[must_use]
    pub(crate) fn new(setup: PlaySettings) -> Games {
        Games {
            next_deal: Mutex::new(setup.first_deal),
            setup,
            games: Mutex::new(HashMap::new()),
            saving: Mutex::new(()),
        }
    }

    fn table(&self) -> MutexGuard<'_, HashMap<String, Arc<ServedGame>>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a game of the next deal on its own thread, held by the page `page` (if named).
    /// Idle games are closed first; when [`MAX_GAMES`] are still open, the finished game asked
    /// about longest ago makes room, and with none finished the server is full (503).
    pub(crate) fn create(
        self: &Arc<Self>,
        page: Option<String>,
    ) -> Result<Arc<ServedGame>, Refused> {
        self.sweep(Instant::now());
        let mut table = self.table();
        if table.len() >= MAX_GAMES {
            let oldest_finished = table
                .values()
                .filter(|g| g.desk.lock().over())
                .min_by_key(|g| *g.last_seen.lock().unwrap_or_else(PoisonError::into_inner))
                .map(|g| g.id.clone());
            match oldest_finished {
                Some(id) => {
                    table.remove(&id);
                }
                None => {
                    return Err(Refused::new(
                        503,
                        format!("the server holds {} games already: close a tab", MAX_GAMES),
                    ))
                }
            }
        }
        let deal = {
            let mut next = self
                .next_deal
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            *next += 1;
            *next - 1
        };
        let game = Arc::new(ServedGame {
            id: format!("{:016x}", fastrand::u64(..)),
            deal,
            names: self.setup.names(),
            you: self.setup.seat,
            desk: SharedDesk::default(),
            hints: Mutex::new(hint_player(self.setup.search.limit)),
            last_seen: Mutex::new(Instant::now()),
            holder: Mutex::new(Holder {
                page,
                away_since: None,
            }),
        });
        table.insert(game.id.clone(), game.clone());
        drop(table);
        let games = self.clone();
        let played = game.clone();
        std::thread::Builder::new()
            .name(format!("game {}", game.id))
            .spawn(move || games.play(&played))
            .map_err(|e| Refused::new(503, format!("cannot start a game: {}", e)))?;
        Ok(game)
    }

    /// The game `id`, marked as asked about.
    pub(crate) fn get(&self, id: &str) -> Result<Arc<ServedGame>, Refused> {
        let game = self.table().get(id).cloned().ok_or_else(|| {
            Refused::new(404, format!("no game '{}' (it was closed or expired)", id))
        })?;
        *game
            .last_seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Instant::now();
        Ok(game)
    }

    /// The game `id`, taken up by the page `page` (a reload of the page that held it, or
    /// another page): from now on it holds the game, and a notice that an earlier page went
    /// away no longer closes it.
    pub(crate) fn resume(&self, id: &str, page: &str) -> Result<Arc<ServedGame>, Refused> {
        let game = self.get(id)?;
        let mut holder = game.holder();
        holder.page = Some(page.to_string());
        holder.away_since = None;
        drop(holder);
        Ok(game)
    }

    /// The page `page` went away from the game `id` (reloaded or closed): unless a page takes
    /// it up within [`RELOAD_GRACE`], [`Games::sweep`] closes it. Returns false, and changes
    /// nothing, when another page took the game up since (the notice came after the reload).
    pub(crate) fn away(&self, id: &str, page: &str, now: Instant) -> Result<bool, Refused> {
        let game = self.get(id)?;
        let mut holder = game.holder();
        if holder.page.as_deref().map_or(false, |held| held != page) {
            return Ok(false);
        }
        holder.away_since = Some(now);
        Ok(true)
    }

    /// Closes the game `id`: a game in play ends as abandoned by the person, and its thread
    /// ends with it.
    pub(crate) fn close(&self, id: &str) -> Result<(), Refused> {
        let game = self
            .table()
            .remove(id)
            .ok_or_else(|| Refused::new(404, format!("no game '{}'", id)))?;
        leave(&game);
        Ok(())
    }

    /// What every game is played with.
    #[must_use]
    pub(crate) fn setup(&self) -> &PlaySettings {
        &self.setup
    }

    /// The games' common title: the seed and whether there is bidding.
    #[must_use]
    pub(crate) fn title(&self) -> String {
        format!(
            "seed {} · {}",
            self.setup.seed,
            if self.setup.fixed_landlord {
                "fixed landlord, no bidding"
            } else {
                "bidding"
            }
        )
    }

    /// How many games are open.
    #[must_use]
    pub(crate) fn open(&self) -> usize {
        self.table().len()
    }

    /// Closes the games nobody asked about for [`IDLE_LIMIT`] before `now`, and those whose
    /// page went away [`RELOAD_GRACE`] before `now` with no page taking them up since.
    pub(crate) fn sweep(&self, now: Instant) {
        let mut table = self.table();
        let idle: Vec<String> = table
            .values()
            .filter(|g| {
                let seen = *g.last_seen.lock().unwrap_or_else(PoisonError::into_inner);
                let gone = g.holder().away_since.map_or(false, |since| {
                    now.saturating_duration_since(since) >= RELOAD_GRACE
                });
                gone || now.saturating_duration_since(seen) >= IDLE_LIMIT
            })
            .map(|g| g.id.clone())
            .collect();
        for id in idle {
            if let Some(game) = table.remove(&id) {
                leave(&game);
            }
        }
    }

    /// Plays `game` to its end (the game's thread).
    fn play(&self, game: &ServedGame) {
        let setup = &self.setup;
        let mut table = match Table::seat(setup, Box::new(web_seat(game.desk.clone()))) {
            Ok(t) => t,
            Err(why) => {
                let mut desk = game.desk.lock();
                desk.failed = Some(why.to_string());
                desk.moves += 1;
                drop(desk);
                game.desk.notify();
                return;
            }
        };
        let (_, line) = table.play(game.deal);
        table.finish();
        if let Some(path) = &setup.save {
            let _one_writer = self.saving.lock().unwrap_or_else(PoisonError::into_inner);
            if let Err(e) = append_game(path, &setup.log_header("serve"), &line) {
                eprintln!("ddz serve: cannot save to {}: {}", path.display(), e);
            }
        }
        let mut desk = game.desk.lock();
        desk.events.push(Narration::of_line(&line).headline());
        desk.finished = Some(line);
        desk.question = None;
        desk.moves += 1;
        drop(desk);
        game.desk.notify();
    }
}

/// Tells a game's seat that the person left, so a game in play ends.
fn leave(game: &ServedGame) {
    game.desk.lock().left = true;
    game.desk.notify();
}

/// What the person sees of a game: the page's JSON.
#[derive(Debug, Serialize)]
pub(crate) struct TableView {
    /// The game's id.
    pub(crate) id: String,
    /// The deal and where the game stands: `deal 4 of seed 1234 · bidding`, then `· landlord
    /// A · multiplier x2`, and `· game over` at the end.
    pub(crate) title: String,
    /// The person's seat.
    pub(crate) you: Seat,
    /// `bid` or `play` when the person is asked, else none.
    pub(crate) question: Option<&'static str>,
    /// The bids the person may make now.
    pub(crate) legal_bids: Vec<u8>,
    /// Whether the person may pass now (not when leading).
    pub(crate) can_pass: bool,
    /// The play to beat, in human notation, when there is one.
    pub(crate) to_beat: Option<String>,
    /// A, B, C.
    pub(crate) seats: Vec<SeatView>,
    /// The bottom, once turned up.
    pub(crate) bottom: Option<Vec<u8>>,
    /// The bids in order.
    pub(crate) bids: Vec<Bid>,
    /// The landlord, once known.
    pub(crate) landlord: Option<Seat>,
    /// The base so far.
    pub(crate) base: u8,
    /// Every play and pass so far.
    pub(crate) plays: Vec<Play>,
    /// Whether the game has ended.
    pub(crate) over: bool,
    /// How it ended, with the scores.
    pub(crate) result: Option<Ending>,
    /// The finished game's replay page.
    pub(crate) replay: Option<String>,
    /// What happened since the person last answered (or why the game could not be played).
    pub(crate) message: String,
}

/// A seat as the person sees it.
#[derive(Debug, Serialize)]
pub(crate) struct SeatView {
    /// The seat.
    pub(crate) seat: Seat,
    /// Its player's label.
    pub(crate) name: String,
    /// `landlord` or `farmer`, once known.
    pub(crate) role: Option<&'static str>,
    /// Cards left in the hand.
    pub(crate) left: u8,
    /// The cards, when the person may see them: their own, and every hand at the end (as
    /// dealt, the played ones then shown greyed).
    pub(crate) hand: Option<Vec<u8>>,
}

fn codes(cards: Cards) -> Vec<u8> {
    cards.codes().collect()
}

impl TableView {
    /// The table of `game` (dealt from `seed`) as its person sees it now.
    #[must_use]
    pub(crate) fn of(game: &ServedGame, seed: u64) -> TableView {
        let desk = game.desk.lock();
        let deal = format!("deal {} of seed {}", game.deal, seed);
        let mut view = TableView {
            id: game.id.clone(),
            title: format!("{} · game over", deal),
            you: game.you,
            question: None,
            legal_bids: Vec::new(),
            can_pass: false,
            to_beat: None,
            seats: Vec::new(),
            bottom: None,
            bids: Vec::new(),
            landlord: None,
            base: 1,
            plays: Vec::new(),
            over: desk.over(),
            result: None,
            replay: None,
            message: desk.failed.clone().unwrap_or_else(|| desk.news()),
        };
        if let Some(line) = &desk.finished {
            let told = Narration::of_line(line);
            let ended = super::replay_page::DrawnGame::of(&told);
            view.seats = ended
                .seats
                .into_iter()
                .map(|s| SeatView {
                    left: told.cards_left(s.seat).unwrap_or(0) as u8,
                    seat: s.seat,
                    name: s.name,
                    role: s.role,
                    hand: Some(s.hand),
                })
                .collect();
            view.bottom = Some(ended.bottom);
            view.bids = ended.bids;
            view.landlord = ended.landlord;
            view.base = ended.base;
            view.plays = ended.plays;
            view.result = Some(ended.result);
            view.replay = Some(format!("/games/{}/replay", game.id));
            return view;
        }
        let state = match &desk.state {
            Some(s) => s,
            None => {
                if !view.over {
                    view.title = format!("{} · dealing", deal);
                }
                return view;
            }
        };
        if !view.over {
            view.title = match state.landlord {
                Some(l) => format!(
                    "{} · landlord {} · multiplier x{}",
                    deal,
                    l,
                    state.tally().shown()
                ),
                None => format!("{} · bidding", deal),
            };
        }
        view.question = match desk.question {
            Some(Question::Bid) => Some("bid"),
            Some(Question::Play) => Some("play"),
            None => None,
        };
        if desk.question == Some(Question::Bid) {
            view.legal_bids = (0..=3).filter(|&b| state.bid_is_legal(b)).collect();
        }
        let to_beat = state.to_beat_for(state.me);
        view.can_pass = desk.question == Some(Question::Play) && to_beat.is_some();
        view.to_beat = to_beat.map(|c| c.to_string());
        view.seats = Seat::ALL
            .iter()
            .map(|&seat| SeatView {
                seat,
                name: game.names[seat.index()].clone(),
                role: state
                    .landlord
                    .map(|l| if l == seat { "landlord" } else { "farmer" }),
                left: state.cards_left[seat],
                hand: (seat == state.me).then(|| codes(state.hand)),
            })
            .collect();
        view.landlord = state.landlord;
        if state.landlord.is_some() {
            view.bottom = Some(codes(state.bottom));
        }
        view.bids = Seat::ALL
            .iter()
            .filter_map(|&seat| state.bids[seat].map(|bid| Bid { seat, bid }))
            .collect();
        view.base = state.base();
        view.plays = plays_of(state);
        view
    }
}

/// The plays so far, from the tracker's history, told as a finished game's are.
fn plays_of(state: &GameState) -> Vec<Play> {
    let plays: Vec<(Seat, Option<Cards>)> = state
        .history
        .iter()
        .map(|turn| (turn.seat, (!turn.combo.is_pass()).then_some(turn.cards)))
        .collect();
    Played::sequence(&plays, [None; 3])
        .iter()
        .map(Play::of)
        .collect()
}

/// A hint: the bid or the play the engine's default player would make.
#[derive(Debug, Serialize)]
pub(crate) struct HintView {
    /// The bid, when bidding.
    pub(crate) bid: Option<u8>,
    /// The cards to play (empty: pass), when playing.
    pub(crate) cards: Option<Vec<u8>>,
    /// The play in words.
    pub(crate) text: String,
    /// The score the engine expects for the person's side, when its search estimated one.
    pub(crate) expected: Option<i64>,
}

/// What the engine's default player would answer in the person's place (409 when the person
/// is not asked anything; 422 when it finds no legal answer).
pub(crate) fn hint_of(game: &ServedGame) -> Result<HintView, Refused> {
    let (state, question) = {
        let desk = game.desk.lock();
        match (&desk.state, desk.question) {
            (Some(s), Some(q)) if !desk.over() => (s.clone(), q),
            _ => return Err(Refused::new(409, "a hint is for your turn")),
        }
    };
    // The desk is free while the hint thinks: the game waits for the person anyway.
    let found = hint(&mut game.hints(), &state, question)
        .ok_or_else(|| Refused::new(422, "no hint here"))?;
    let expected = found.expected.map(|e| e.round() as i64);
    Ok(match found.advice {
        Advice::Bid(bid) => HintView {
            bid: Some(bid),
            cards: None,
            text: if bid == 0 {
                "no bid".to_string()
            } else {
                format!("bid {}", bid)
            },
            expected,
        },
        Advice::Play(combo) => HintView {
            bid: None,
            cards: Some(state.hand.pick(combo.cards).map_or_else(Vec::new, codes)),
            text: view::describe(&combo),
            expected,
        },
    })
}

/// One legal play for the page's list.
#[derive(Debug, Serialize)]
pub(crate) struct LegalPlay {
    /// The cards (empty: pass).
    pub(crate) cards: Vec<u8>,
    /// In human notation, with the kind: `33344 (plane)`.
    pub(crate) text: String,
}

/// The person's legal plays now (409 when it is not their turn to play).
pub(crate) fn legal_of(game: &ServedGame) -> Result<Vec<LegalPlay>, Refused> {
    let desk = game.desk.lock();
    let state = match (&desk.state, desk.question) {
        (Some(s), Some(Question::Play)) if !desk.over() => s,
        _ => {
            return Err(Refused::new(
                409,
                "the legal plays are for your turn to play",
            ))
        }
    };
    Ok(state
        .legal_plays()
        .iter()
        .map(|c| LegalPlay {
            cards: state.hand.pick(c.cards).map_or_else(Vec::new, codes),
            text: view::describe(c),
        })
        .collect())
}
