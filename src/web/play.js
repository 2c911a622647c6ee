// The play page of `ddz serve`: a person against the engines, by clicking. The server runs the
// game (the arena's referee, as `ddz play` does) and answers each request with the table as
// the person sees it (src/web/api.rs documents the JSON). A request the game refuses comes back
// as a 4xx answer with `{"error": reason}`, shown under the buttons. Each page load starts its
// own game, so tabs are independent, and closing the page frees it.
"use strict";

const REFRESH_MS = 1000;
let state = null;
let selected = new Set();
let busy = false;

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
    await act("POST", "/api/games");
    if (old && state && state.id !== old) close(old);
}

function close(id) {
    fetch("/api/games/" + id + "/close", { method: "POST", keepalive: true }).catch(() => {});
}

function show(next) {
    state = next;
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
    let centre = null;
    if (state.result) {
        centre = resultBox(state.result);
        const link = el("a", "", "replay of this game");
        link.href = state.replay;
        link.target = "_blank";
        link.id = "replay-link";
        centre.append(el("div"), link);
    } else if (state.over) {
        centre = el("div", "result", state.message || "the game is over");
    } else if (state.question === "bid") {
        centre = el("div", "", "your bid");
    } else if (state.question === "play") {
        centre = el("div", "", state.to_beat ? "beat " + state.to_beat + " or pass" : "your lead");
    }
    drawTable(document.getElementById("table"), {
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
        if (state) close(state.id);
    });
    await newGame();
}

start();
