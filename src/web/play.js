// The play page of `ddz serve`: a person against the engines, by clicking. The server runs the
// game (the arena's referee, as `ddz play` does) and answers each request with the table as
// the person sees it (src/web/server.rs lists the requests, src/web/games.rs the JSON). A
// request the game refuses comes back as a 4xx answer with `{"error": reason}`, shown under the
// buttons. Each tab plays its own game, named in the address (`#game=ID`), so a reload takes
// the game in progress up again where a new tab deals a new one; a finished or unknown game
// starts the next deal.
"use strict";

const REFRESH_MS = 1000;
/** This page's name to the server: a game belongs to the page that took it up last, so when an
 * old page's "away" arrives after its reload took the game up, the server ignores it. */
const PAGE = pageToken();
let state = null;
let selected = new Set();
let busy = false;

function pageToken() {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The game this tab plays, from the address (`#game=ID`), or null. */
function gameInAddress() {
    const id = new URLSearchParams(location.hash.slice(1)).get("game");
    return id && /^[0-9a-f]{1,32}$/.test(id) ? id : null;
}

async function call(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
        options.headers["Content-Type"] = "application/json";
        options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let answer = null;
    try {
        answer = await response.json();
    } catch (e) {
        answer = { error: "the server's answer is not JSON (" + response.status + ")" };
    }
    return { ok: response.ok, status: response.status, answer };
}

function say(text, refused) {
    const message = document.getElementById("message");
    message.textContent = text || "";
    message.classList.toggle("refused", Boolean(refused));
}

/** Sends a request that changes the game; the answer is the new table, or why it was refused. */
async function act(method, path, body) {
    if (busy) return;
    busy = true;
    setButtons();
    say(path.endsWith("/play") || path.endsWith("/bid") ? "the others are thinking\u2026" : "");
    try {
        const { ok, answer } = await call(method, path, body);
        if (ok) {
            selected = new Set();
            show(answer);
            say(answer.message);
        } else {
            say(answer.error || "refused", true);
        }
    } catch (e) {
        say("the server cannot be reached: " + e.message, true);
    } finally {
        busy = false;
        setButtons();
    }
}

async function newGame() {
    const old = state && state.id;
    await act("POST", "/api/games", { page: PAGE });
    if (old && state && state.id !== old) close(old);
}

/** Takes the game `id` up again (after a reload); true when it is still in play. A finished
 * game is left to the server (its replay page stays reachable; finished games make room first). */
async function resume(id) {
    let asked;
    try {
        asked = await call("POST", "/api/games/" + id + "/resume", { page: PAGE });
    } catch (e) {
        return false;
    }
    const { ok, answer } = asked;
    if (!ok || answer.over) return false;
    selected = new Set();
    show(answer);
    say("game resumed" + (answer.message ? " \u00b7 " + answer.message : ""));
    return true;
}

function close(id) {
    fetch("/api/games/" + id + "/close", { method: "POST", keepalive: true }).catch(() => {});
}

/** The page goes away (a reload, or the tab closed): the server keeps the game a while for a
 * reload to take it up, then ends it. */
function away(id) {
    fetch("/api/games/" + id + "/away", {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ page: PAGE }),
    }).catch(() => {});
}

function show(next) {
    state = next;
    if (gameInAddress() !== state.id) history.replaceState(null, "", "#game=" + state.id);
    document.getElementById("title").textContent = state.title;
    const actions = trickActions(state.plays);
    // At the end every hand is shown as dealt: the cards played are drawn greyed.
    const played = {};
    for (const play of state.plays) {
        if (!played[play.seat]) played[play.seat] = new Set();
        for (const code of play.cards) played[play.seat].add(code);
    }
    const seats = state.seats.map((s) => {
        const view = {
            seat: s.seat,
            name: s.seat === state.you && s.name !== "you" ? s.name + " (you)" : s.name,
            role: s.role,
            cards: s.hand,
            played: state.over ? played[s.seat] : null,
            left: s.left,
            action: actions[s.seat],
            marked: s.role === "landlord" && state.bottom ? new Set(state.bottom) : null,
        };
        if (s.seat === state.you && state.question === "play") {
            view.clickable = { selected, onClick: toggle };
        }
        return view;
    });
    const centre = el("div", "middle");
    if (state.result) {
        const result = resultBox(state.result);
        const link = el("a", "", "replay of this game");
        link.href = state.replay;
        link.target = "_blank";
        link.id = "replay-link";
        result.append(el("div"), link);
        centre.append(result);
    } else if (state.over) {
        centre.append(el("div", "result", state.message || "the game is over"));
    } else if (state.question === "bid") {
        centre.append(el("div", "prompt", "your bid"));
    } else if (state.question === "play") {
        const prompt = state.to_beat ? "beat " + state.to_beat + " or pass" : "your lead";
        centre.append(el("div", "prompt", prompt));
    }
    if (!state.over) centre.append(historyList(state.plays));
    drawTable(document.getElementById("table"), {
        south: state.you,
        seats,
        bottom: state.bottom,
        info: bidsLine(state.bids, state.landlord, state.base),
        toMove: state.question ? state.you : null,
        centre,
    });
    document.getElementById("legal-list").hidden = true;
    setButtons();
    // The server answers once the person is asked again; if the engines took longer than it
    // waits, ask again shortly.
    if (!state.question && !state.over) setTimeout(refresh, REFRESH_MS);
}

/** The tricks so far, one line each ("3. A 55 · B pass · C 99"), the latest last and in view. */
function historyList(plays) {
    const list = el("ol", "history");
    list.id = "history";
    let line = null;
    let trick = -1;
    for (const play of plays) {
        if (play.trick !== trick) {
            trick = play.trick;
            line = el("li", "", "");
            line.value = trick + 1;
            list.append(line);
        } else {
            line.textContent += " \u00b7 ";
        }
        line.textContent += play.seat + " " + (play.cards.length === 0 ? "pass" : play.text);
    }
    list.hidden = plays.length === 0;
    // Scrolled to the end once drawn.
    requestAnimationFrame(() => {
        list.scrollTop = list.scrollHeight;
    });
    return list;
}

async function refresh() {
    if (busy || !state || state.question || state.over) return;
    const { ok, answer } = await call("GET", "/api/games/" + state.id);
    if (ok) show(answer);
}

function toggle(code) {
    if (selected.has(code)) selected.delete(code);
    else selected.add(code);
    show(state);
}

function setButtons() {
    const question = state && !busy ? state.question : null;
    const bids = document.getElementById("bid-controls");
    bids.hidden = question !== "bid";
    for (const button of bids.querySelectorAll("button")) {
        button.disabled = !question || !state.legal_bids.includes(Number(button.dataset.bid));
    }
    document.getElementById("play-controls").hidden = question !== "play";
    document.getElementById("play").disabled = question !== "play" || selected.size === 0;
    document.getElementById("pass").disabled = question !== "play" || !state.can_pass;
    document.getElementById("new-game").disabled = busy;
}

async function hint() {
    const { ok, answer } = await call("GET", "/api/games/" + state.id + "/hint");
    if (!ok) {
        say(answer.error, true);
        return;
    }
    const expected = answer.expected === null ? "" : " (expected score " + answer.expected + ")";
    if (answer.cards === null) {
        say("hint: " + answer.text + expected);
        return;
    }
    selected = new Set(answer.cards);
    show(state);
    say(answer.cards.length === 0 ? "hint: pass" + expected : "hint: " + answer.text + expected);
}

async function legal() {
    const list = document.getElementById("legal-list");
    if (!list.hidden) {
        list.hidden = true;
        return;
    }
    const { ok, answer } = await call("GET", "/api/games/" + state.id + "/legal");
    if (!ok) return say(answer.error, true);
    list.replaceChildren();
    const count = answer.plays.length;
    const label = count === 1 && answer.plays[0].cards.length === 0
        ? "nothing of yours beats " + state.to_beat + ":"
        : count + (count === 1 ? " legal play:" : " legal plays:");
    list.append(el("span", "label", label));
    for (const play of answer.plays) {
        const button = el("button", "", play.cards.length === 0 ? "pass" : play.text);
        button.addEventListener("click", () => {
            selected = new Set(play.cards);
            show(state);
        });
        list.append(button);
    }
    list.hidden = false;
}

async function start() {
    document.getElementById("new-game").addEventListener("click", newGame);
    for (const button of document.querySelectorAll("#bid-controls button")) {
        button.addEventListener("click", () =>
            act("POST", "/api/games/" + state.id + "/bid", { bid: Number(button.dataset.bid) }),
        );
    }
    document.getElementById("play").addEventListener("click", () =>
        act("POST", "/api/games/" + state.id + "/play", { cards: [...selected] }),
    );
    document.getElementById("pass").addEventListener("click", () =>
        act("POST", "/api/games/" + state.id + "/play", { cards: [] }),
    );
    document.getElementById("hint").addEventListener("click", hint);
    document.getElementById("legal").addEventListener("click", legal);
    document.getElementById("clear").addEventListener("click", () => {
        selected = new Set();
        show(state);
    });
    window.addEventListener("pagehide", () => {
        if (state) away(state.id);
    });
    // Back from the browser's page cache: the server may be waiting for this page to return.
    window.addEventListener("pageshow", async (event) => {
        if (event.persisted && state && !(await resume(state.id))) await newGame();
    });
    const kept = gameInAddress();
    if (!(kept && (await resume(kept)))) await newGame();
}

start();
