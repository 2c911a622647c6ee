//! The HTTP side of `ddz serve`, on `tiny_http`: the play page, the JSON requests that play a
//! game, and each finished game's replay page.
//!
//! | request | answer |
//! |---|---|
//! | `GET /` | the play page |
//! | `POST /api/games` (body empty or `{"page": TOKEN}`) | a new game of the next deal, held by that page: its table (201) |
//! | `GET /api/games/ID` | the table ([`TableView`]) |
//! | `POST /api/games/ID/resume` `{"page": TOKEN}` | the table; the page now holds the game (a reload) |
//! | `POST /api/games/ID/away` `{"page": TOKEN}` | `{"away": true}`: closed in [`super::games::RELOAD_GRACE`] unless resumed; `false` when another page holds it |
//! | `POST /api/games/ID/bid` `{"bid": 0..3}` | the table when the person is asked again or the game ended |
//! | `POST /api/games/ID/play` `{"cards": [codes]}` (`[]`: pass) | the same |
//! | `GET /api/games/ID/hint` | what the engine would do ([`super::games::HintView`]) |
//! | `GET /api/games/ID/legal` | `{"plays": [{"cards", "text"}]}` |
//! | `POST /api/games/ID/close` | the game is closed (the page was closed) |
//! | `GET /games/ID/replay` | the finished game's replay page |
//! | `GET /api/status` | `{"games": open, "max_games": N}` |
//!
//! Every refusal is a 4xx (or 503) answer `{"error": reason}`, except where a browser asks for
//! a page (an address outside `/api/`, with `text/html` in its `Accept`: a replay link of a
//! game that is gone): it gets a page saying so in words, with a link back to the table.
//! Nothing a request holds stops the server: a panic while answering one request is answered
//! 500 and the server goes on.

use super::desk::Refused;
use super::games::{hint_of, legal_of, page_token_ok, Games, ServedGame, TableView, MAX_GAMES};
use crate::cards::Cards;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tiny_http::{Header, Method, Request, Response, Server};

/// The largest request body read: a play is a few dozen bytes.
pub(crate) const MAX_BODY: usize = 4096;
/// The longest request path and query taken.
pub(crate) const MAX_URL: usize = 256;
/// Requests answered at once; more are told to come back (503). A request waits while the
/// engines think, so each holds a thread for a few seconds at most.
pub(crate) const MAX_IN_FLIGHT: usize = 64;
/// How long a request that answered waits for the person's next turn before answering with
/// the table as it is (the page then asks again): longer than the engines' thinking for a
/// trick, short enough that a stuck request frees its thread.
pub(crate) const TURN_WAIT: Duration = Duration::from_secs(60);
/// How often the games are swept for pages that went away and idle games: often enough that a
/// closed tab's game ends soon after [`super::games::RELOAD_GRACE`], rarely enough to cost nothing.
pub(crate) const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// An answer before it is sent.
struct Answer {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl Answer {
    fn json<T: Serialize>(status: u16, value: &T) -> Answer {
        Answer {
            status,
            content_type: "application/json",
            body: serde_json::to_vec(value).expect("views are plain data"),
        }
    }

    fn html(page: String) -> Answer {
        Answer {
            status: 200,
            content_type: "text/html; charset=utf-8",
            body: page.into_bytes(),
        }
    }

    fn refused(r: &Refused) -> Answer {
        Answer::json(r.status, &ErrorBody { error: &r.reason })
    }

    /// A refusal as a page, for a browser that asked for one.
    fn refusal_page(r: &Refused) -> Answer {
        Answer {
            status: r.status,
            content_type: "text/html; charset=utf-8",
            body: super::page::refusal_page(r.status, &r.reason).into_bytes(),
        }
    }

    fn error(status: u16, reason: &str) -> Answer {
        Answer::refused(&Refused::new(status, reason))
    }
}

impl From<Refused> for Answer {
    fn from(r: Refused) -> Answer {
        Answer::refused(&r)
    }
}

/// A bid request's body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BidBody {
    bid: u8,
}

/// A play request's body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayBody {
    cards: Vec<u8>,
}

/// A new game's body: the page that will hold it, if the client names one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameBody {
    page: Option<String>,
}

/// A resume or away request's body: the page.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageBody {
    page: String,
}

impl PageBody {
    /// The token, when it can name a page (400 otherwise).
    fn token(self) -> Result<String, Refused> {
        if page_token_ok(&self.page) {
            Ok(self.page)
        } else {
            Err(Refused::new(
                400,
                "a page token is 1 to 64 letters, digits, - or _",
            ))
        }
    }
}

#[derive(Serialize)]
struct Away {
    away: bool,
}

#[derive(Serialize)]
struct LegalBody {
    plays: Vec<super::games::LegalPlay>,
}

#[derive(Serialize)]
struct Closed {
    closed: bool,
}

#[derive(Serialize)]
struct Status {
    games: usize,
    max_games: usize,
}

/// Listens on `address` (`127.0.0.1:8000`; port 0 picks a free one) and answers requests
/// until the process is stopped; `ready` gets the address actually bound, once listening.
pub(crate) fn serve(
    address: &str,
    games: Arc<Games>,
    ready: impl FnOnce(&str),
) -> std::io::Result<()> {
    let server = Server::http(address).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::AddrNotAvailable,
            format!("cannot listen on {}: {}", address, e),
        )
    })?;
    let bound = server
        .server_addr()
        .to_ip()
        .map_or_else(|| address.to_string(), |a| a.to_string());
    ready(&bound);
    let swept = games.clone();
    std::thread::Builder::new()
        .name("sweeper".into())
        .spawn(move || loop {
            std::thread::sleep(SWEEP_EVERY);
            swept.sweep(Instant::now());
        })
        .map_err(|e| {
            std::io::Error::new(e.kind(), format!("cannot start the games' sweeper: {}", e))
        })?;
    let in_flight = Arc::new(AtomicUsize::new(0));
    for request in server.incoming_requests() {
        if in_flight.load(Ordering::SeqCst) >= MAX_IN_FLIGHT {
            respond(request, Answer::error(503, "too many requests at once"));
            continue;
        }
        in_flight.fetch_add(1, Ordering::SeqCst);
        let games = games.clone();
        let count = in_flight.clone();
        let spawned = std::thread::Builder::new()
            .name("request".into())
            .spawn(move || {
                answer(request, &games);
                count.fetch_sub(1, Ordering::SeqCst);
            });
        if let Err(e) = spawned {
            in_flight.fetch_sub(1, Ordering::SeqCst);
            eprintln!("ddz serve: cannot start a request's thread: {}", e);
        }
    }
    Ok(())
}

/// Answers one request; a panic while doing so is answered 500.
fn answer(mut request: Request, games: &Arc<Games>) {
    let answer = catch_unwind(AssertUnwindSafe(|| route(&mut request, games)))
        .unwrap_or_else(|_| Answer::error(500, "the server failed on this request"));
    respond(request, answer);
}

fn respond(request: Request, answer: Answer) {
    let header = Header::from_bytes(&b"Content-Type"[..], answer.content_type.as_bytes())
        .expect("a valid header");
    let no_store =
        Header::from_bytes(&b"Cache-Control"[..], &b"no-store"[..]).expect("a valid header");
    let response = Response::from_data(answer.body)
        .with_status_code(answer.status)
        .with_header(header)
        .with_header(no_store);
    // A browser that went away does not need its answer.
    let _ = request.respond(response);
}

/// Reads the body, refusing one over [`MAX_BODY`] (413).
fn body(request: &mut Request) -> Result<Vec<u8>, Refused> {
    if request.body_length().map_or(false, |n| n > MAX_BODY) {
        return Err(Refused::new(413, format!("a body over {} bytes", MAX_BODY)));
    }
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Refused::new(400, format!("cannot read the body: {}", e)))?;
    if bytes.len() > MAX_BODY {
        return Err(Refused::new(413, format!("a body over {} bytes", MAX_BODY)));
    }
    Ok(bytes)
}

/// The body as `T` (400 with serde's reason when it is not).
fn json_body<T: for<'de> Deserialize<'de>>(request: &mut Request) -> Result<T, Refused> {
    let bytes = body(request)?;
    serde_json::from_slice(&bytes).map_err(|e| Refused::new(400, format!("bad JSON body: {}", e)))
}

fn route(request: &mut Request, games: &Arc<Games>) -> Answer {
    let url = request.url().to_string();
    if url.len() > MAX_URL {
        return Answer::error(414, "the address is too long");
    }
    let path = url.split(['?', '#']).next().unwrap_or("");
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let method = request.method().clone();
    // A page's address opened in a browser: its refusal is a page too. The API's clients
    // (the play page's script among them) keep their JSON whatever they accept.
    let wants_page = !path.starts_with("/api/") && accepts_html(request);
    let result = match (&method, parts.as_slice()) {
        (Method::Get, [""]) | (Method::Get, ["index.html"]) => {
            return Answer::html(super::page::play_page())
        }
        (Method::Post, ["api", "games"]) => new_game(request, games),
        (Method::Get, ["api", "status"]) => Ok(Answer::json(
            200,
            &Status {
                games: games.open(),
                max_games: MAX_GAMES,
            },
        )),
        (Method::Get, ["api", "games", id]) => games.get(id).map(|g| table(games, &g, 200)),
        (Method::Post, ["api", "games", id, "resume"]) => json_body::<PageBody>(request)
            .and_then(PageBody::token)
            .and_then(|page| games.resume(id, &page))
            .map(|g| table(games, &g, 200)),
        (Method::Post, ["api", "games", id, "away"]) => json_body::<PageBody>(request)
            .and_then(PageBody::token)
            .and_then(|page| games.away(id, &page, Instant::now()))
            .map(|away| Answer::json(200, &Away { away })),
        (Method::Post, ["api", "games", id, "bid"]) => {
            json_body::<BidBody>(request).and_then(|b| {
                let game = games.get(id)?;
                answered(games, &game, |desk| desk.bid(b.bid))
            })
        }
        (Method::Post, ["api", "games", id, "play"]) => {
            json_body::<PlayBody>(request).and_then(|b| {
                let cards = cards_of(&b.cards)?;
                let game = games.get(id)?;
                answered(games, &game, |desk| desk.play(cards))
            })
        }
        (Method::Get, ["api", "games", id, "hint"]) => games
            .get(id)
            .and_then(|g| hint_of(&g))
            .map(|h| Answer::json(200, &h)),
        (Method::Get, ["api", "games", id, "legal"]) => games
            .get(id)
            .and_then(|g| legal_of(&g))
            .map(|plays| Answer::json(200, &LegalBody { plays })),
        (Method::Post, ["api", "games", id, "close"]) => games
            .close(id)
            .map(|()| Answer::json(200, &Closed { closed: true })),
        (Method::Get, ["games", id, "replay"]) => games.get(id).and_then(|g| replay(&g)),
        (_, [""])
        | (_, ["index.html"])
        | (_, ["api", "games"])
        | (_, ["api", "status"])
        | (_, ["api", "games", _])
        | (
            _,
            ["api", "games", _, "bid" | "play" | "hint" | "legal" | "close" | "resume" | "away"],
        )
        | (_, ["games", _, "replay"]) => Err(Refused::new(
            405,
            format!("{} is not a method of {}", method, path),
        )),
        _ => Err(Refused::new(404, format!("nothing at {}", path))),
    };
    result.unwrap_or_else(|r| {
        if wants_page {
            Answer::refusal_page(&r)
        } else {
            Answer::from(r)
        }
    })
}

/// Whether the request's `Accept` names `text/html`: a browser opening an address.
fn accepts_html(request: &Request) -> bool {
    request.headers().iter().any(|h| {
        h.field.equiv("Accept") && h.value.as_str().to_ascii_lowercase().contains("text/html")
    })
}

/// Cards from the page's codes: each 0..=53, none twice (400 otherwise); `None` for a pass.
fn cards_of(given: &[u8]) -> Result<Option<Cards>, Refused> {
    if given.is_empty() {
        return Ok(None);
    }
    let mut cards = Cards::EMPTY;
    for &code in given {
        if code > 53 {
            return Err(Refused::new(
                400,
                format!("{} is no card code (0..=53)", code),
            ));
        }
        if cards.contains(code) {
            return Err(Refused::new(400, format!("card {} given twice", code)));
        }
        cards = cards.or(Cards::single(code));
    }
    Ok(Some(cards))
}

/// Starts a game and answers with its first table (once the person is asked or it ended).
fn new_game(request: &mut Request, games: &Arc<Games>) -> Result<Answer, Refused> {
    let bytes = body(request)?;
    let page = if bytes.iter().all(u8::is_ascii_whitespace) {
        None
    } else {
        let asked: NewGameBody = serde_json::from_slice(&bytes)
            .map_err(|e| Refused::new(400, format!("bad JSON body: {}", e)))?;
        match asked.page {
            Some(page) => Some(PageBody { page }.token()?),
            None => None,
        }
    };
    let game = games.create(page)?;
    drop(game.desk.wait_past(0, TURN_WAIT));
    Ok(table(games, &game, 201))
}

/// Hands the person's answer to the desk and, once the seat took it (422 with the reason when
/// it refused it), answers with the table when the person is asked again or the game ended.
fn answered(
    games: &Arc<Games>,
    game: &Arc<ServedGame>,
    take: impl FnOnce(&mut super::desk::Desk) -> Result<u64, Refused>,
) -> Result<Answer, Refused> {
    let (ticket, moves) = {
        let mut desk = game.desk.lock();
        let ticket = take(&mut desk)?;
        (ticket, desk.moves)
    };
    game.desk.notify();
    game.desk.judged(ticket, TURN_WAIT)?;
    drop(game.desk.wait_past(moves, TURN_WAIT));
    Ok(table(games, game, 200))
}

fn table(games: &Games, game: &ServedGame, status: u16) -> Answer {
    Answer::json(status, &TableView::of(game, games.setup().seed))
}

/// The finished game's replay page (409 while it is in play).
fn replay(game: &ServedGame) -> Result<Answer, Refused> {
    let desk = game.desk.lock();
    let line = desk
        .finished
        .as_ref()
        .ok_or_else(|| Refused::new(409, "the game is not finished"))?;
    let source = format!("ddz serve, deal {}", game.deal);
    Ok(Answer::html(super::replay_page::page(
        &[(1, line)],
        &source,
    )))
}
