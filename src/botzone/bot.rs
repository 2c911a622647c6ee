//! `ddz botzone`: the engine as a Botzone bot, in simple interaction (started every turn: one
//! JSON line in, one out) or kept running (`--keep-running`: after each answer it prints
//! Botzone's marker and reads the next request alone on the next line).
//!
//! Time: Botzone gives a compiled bot about 1 s per turn, the process start included. The bot
//! counts from the moment it starts (or reads the line, kept running), under Botzone's time
//! control ([`BOTZONE`]'s rules: it stops thinking after 0.5 s and answers by 0.8 s whatever
//! the strategy is doing, leaving the rest of the second to the process start, the platform's
//! own overhead and a loaded machine).

use super::{rebuild, Ask};
use crate::engine::strategy_runner::StrategyRunner;
use crate::engine::{legal_bid, legal_play};
use crate::game::GameState;
use crate::strategy::kinds::BuiltinSpec;
use crate::time::Deadline;
use crate::time::{GivenLimit, TimeControl, BOTZONE};
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};
use std::time::Instant;

/// What Botzone reads as "keep me running".
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// How the bot plays.
#[derive(Clone, Debug)]
pub struct BotSettings {
    /// The built-in player deciding (`ddz`, `rules`, `ddz:samples=8` … as the arena's
    /// `builtin:` names).
    pub player: String,
    /// What a turn spends (`--think S` or `--samples N`, the later given winning); `None`:
    /// Botzone's half second. The player's own (`ddz:samples=8`) wins over it. With what each
    /// one given replaced: said on stderr.
    pub search: GivenLimit,
    /// Stay alive between turns (Botzone's keep-running mode).
    pub keep_running: bool,
}

impl AsMut<GivenLimit> for BotSettings {
    fn as_mut(&mut self) -> &mut GivenLimit {
        &mut self.search
    }
}

impl Default for BotSettings {
    fn default() -> BotSettings {
        BotSettings {
            player: "ddz".to_string(),
            search: GivenLimit::default(),
            keep_running: false,
        }
    }
}

/// The bot: the requests and responses so far, and the strategy on its worker thread.
pub struct Bot {
    runner: StrategyRunner,
    /// Botzone's clock: each turn's deadline.
    time: TimeControl,
    requests: Vec<Value>,
    responses: Vec<Value>,
}

impl Bot {
    /// A bot playing as `settings` say; `Err` names a bad player.
    pub fn new(settings: BotSettings) -> Result<Bot, crate::strategy::kinds::SpecError> {
        // What a turn spends: the spec's own limit, else the bot's, else Botzone's half second.
        let host = settings.search.limit.unwrap_or(BOTZONE.search);
        let spec = settings.player.parse::<BuiltinSpec>()?.hosted(Some(host));
        let time = TimeControl::of(BOTZONE);
        let runner = StrategyRunner::worker(Box::new(move || spec.strategy(0, None)));
        Ok(Bot {
            runner,
            time,
            requests: Vec::new(),
            responses: Vec::new(),
        })
    }

    /// The turn when the input ended before any request (nothing at all, or blank lines): a
    /// request is still owed its answer, so the bot answers as to a bid asked with its cards
    /// unknown (0: every request a run begins with is a bid or holds the whole game), and
    /// says why.
    pub(crate) fn no_request(&mut self, start: Instant) -> (Value, Vec<String>) {
        let (response, mut problems) = self.turn("null", start);
        problems.retain(|p| !p.starts_with("request 1:"));
        problems.insert(
            0,
            "no request: the input ended before any (it was empty or blank)".to_string(),
        );
        (response, problems)
    }

    /// Takes one input line: the full input (`{"requests": …, "responses": …}`, which replaces
    /// what the bot remembered) or, kept running, a new request alone. Returns the response
    /// and the problems met (for stderr).
    pub fn turn(&mut self, line: &str, start: Instant) -> (Value, Vec<String>) {
        let mut problems = Vec::new();
        match first_value(line, &mut problems) {
            Ok(Value::Object(full)) if full.contains_key("requests") => {
                self.requests = match full.get("requests") {
                    Some(Value::Array(r)) => r.clone(),
                    _ => {
                        problems.push("requests is not a list".into());
                        Vec::new()
                    }
                };
                self.responses = match full.get("responses") {
                    Some(Value::Array(r)) => r.clone(),
                    None => Vec::new(),
                    Some(_) => {
                        problems.push("responses is not a list".into());
                        Vec::new()
                    }
                };
            }
            Ok(request) => self.requests.push(request),
            Err(e) => {
                problems.push(format!("the input is not JSON ({}): {}", e, clip(line)));
                // Keep the turn's place: an unreadable request still asks for an answer.
                self.requests.push(Value::String(line.to_string()));
            }
        }
        // Every earlier request has a response; keep the lists aligned whatever came in.
        self.responses
            .resize(self.requests.len().saturating_sub(1), Value::Null);
        let rebuilt = rebuild(&self.requests, &self.responses);
        problems.extend(rebuilt.problems);
        let deadline = self.time.deadline(start);
        let response = match (rebuilt.ask, rebuilt.state) {
            (Ask::Bid, state) => json!(self.bid(state, deadline, &mut problems)),
            (Ask::Play, Some(state)) => json!(self.play(&state, deadline, &mut problems)),
            (Ask::Play, None) => {
                problems.push("a play asked with our cards unknown: passing".into());
                json!([])
            }
        };
        self.responses.push(response.clone());
        (response, problems)
    }

    fn bid(
        &mut self,
        state: Option<GameState>,
        deadline: Deadline,
        problems: &mut Vec<String>,
    ) -> u8 {
        let state = match state {
            Some(s) => s,
            None => {
                problems.push("a bid asked with our cards unknown: 0".into());
                return 0;
            }
        };
        legal_bid(self.runner.bid(&state, deadline), &state, problems)
    }

    fn play(
        &mut self,
        state: &GameState,
        deadline: Deadline,
        problems: &mut Vec<String>,
    ) -> Vec<u8> {
        let mut state = state.clone();
        if state.to_move != Some(state.me) {
            problems.push("asked to play out of the turn order we rebuilt: playing anyway".into());
            state.to_move = Some(state.me);
        }
        let legal = state.legal_plays();
        let combo = legal_play(self.runner.play(&state, deadline), &legal, problems);
        if combo.is_pass() {
            return Vec::new();
        }
        match state.hand.pick(combo.cards) {
            Some(cards) => cards.codes().collect(),
            None => {
                problems.push(format!("cannot pick {} from our hand: passing", combo));
                Vec::new()
            }
        }
    }
}

/// The JSON value a line begins with. Whatever follows it (a stray `.`, a second object, bytes a
/// broken relay added) is noted in `problems` and ignored: the line still asks for this turn's
/// answer, and the value holds the whole question. `Err` when the line does not begin with a
/// JSON value.
fn first_value(line: &str, problems: &mut Vec<String>) -> serde_json::Result<Value> {
    let mut values = serde_json::Deserializer::from_str(line).into_iter::<Value>();
    let value = match values.next() {
        Some(v) => v?,
        None => return serde_json::from_str(line),
    };
    let rest = line[values.byte_offset()..].trim();
    if !rest.is_empty() {
        problems.push(format!("text after the JSON input ignored: {}", clip(rest)));
    }
    Ok(value)
}

/// At most 200 characters of `text`, for messages.
fn clip(text: &str) -> String {
    let mut clipped: String = text.chars().take(200).collect();
    if clipped.len() < text.len() {
        clipped.push('…');
    }
    clipped
}

/// The bot on `input`/`output`: one turn (simple interaction) or turns until the input ends
/// (kept running). Problems go to `errors` (stderr), one line each, and into the answer's
/// `debug`. Blank lines are no request and are skipped; an input that ends before any
/// request is still answered once ([`Bot::no_request`]), so a run always writes a response.
pub(crate) fn run(
    settings: BotSettings,
    input: impl BufRead,
    mut output: impl Write,
    mut errors: impl Write,
    start: Instant,
) -> io::Result<()> {
    let keep_running = settings.keep_running;
    let mut bot = Bot::new(settings).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let mut turn_start = start;
    let mut input = input;
    let mut bytes = Vec::new();
    let mut answered = false;
    loop {
        bytes.clear();
        let ended = input.read_until(b'\n', &mut bytes)? == 0;
        let (response, problems) = if ended {
            if answered {
                break;
            }
            // Botzone started us for a turn: even an empty input gets a response and the
            // reason, never silence.
            bot.no_request(turn_start)
        } else {
            // Bytes that are not UTF-8 (junk after the request) must not cost the answer:
            // they become U+FFFD, and the request before them is read as it is.
            let line = String::from_utf8_lossy(&bytes);
            if line.trim().is_empty() {
                continue;
            }
            bot.turn(line.trim(), turn_start)
        };
        answered = true;
        for p in &problems {
            writeln!(errors, "ddz botzone: {}", p)?;
        }
        let mut answer = json!({ "response": response });
        if !problems.is_empty() {
            answer["debug"] = json!(problems.join("; "));
        }
        writeln!(output, "{}", answer)?;
        // Nothing more will come after an ended input: no marker asking for it.
        if !keep_running || ended {
            output.flush()?;
            return Ok(());
        }
        writeln!(output, "{}", KEEP_RUNNING)?;
        output.flush()?;
        turn_start = Instant::now();
    }
    Ok(())
}
