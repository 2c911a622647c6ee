// The replay page: steps through the games `ddz replay --html` wrote into the page (the
// element #games holds them as JSON, one object per game). Step 0 is the table after the
// bidding (the landlord holding the bottom, outlined); step k shows it after the k-th play;
// the last step also shows the result. `#game=N&play=K` in the address opens a given point.
// A game of the engine's own log is one seat's view (the others' hands face down) and carries
// the engine's thinking at each of its decisions, shown beside the table: at each step, the
// latest decision made by then.
"use strict";

const games = JSON.parse(document.getElementById("games").textContent);
let game = null;
let step = 0;

function lastStep() {
    return game.plays.length;
}

/** The seat to move after `k` plays, or null when the game is over. */
function seatToMove(k) {
    if (k < game.plays.length) return game.plays[k].seat;
    return null;
}

/** The index of each trick's first play. */
function trickStarts() {
    const firsts = [];
    game.plays.forEach((play, i) => {
        if (firsts.length === play.trick) firsts.push(i);
    });
    return firsts;
}

function render() {
    const shown = game.plays.slice(0, step);
    const played = {};
    for (const s of game.seats) played[s.seat] = new Set();
    for (const play of shown) {
        for (const code of play.cards) played[play.seat].add(code);
    }
    const actions = trickActions(shown);
    const bottom = new Set(game.bottom);
    const seats = game.seats.map((s) => ({
        seat: s.seat,
        name: s.name,
        role: s.role,
        cards: s.seen ? s.hand : null,
        played: played[s.seat],
        left: s.held - played[s.seat].size,
        action: actions[s.seat],
        marked: s.role === "landlord" ? bottom : null,
    }));
    let centre;
    if (step === lastStep()) {
        centre = resultBox(game.result);
    } else if (step === 0) {
        centre = el("div", "", "the landlord " + game.landlord + " leads");
    } else {
        const play = game.plays[step - 1];
        const what = play.cards.length === 0 ? " passes" : " plays " + play.text;
        centre = el("div", "", "trick " + (play.trick + 1) + ": " + play.seat + what);
    }
    drawTable(document.getElementById("table"), {
        south: game.south || "B",
        seats,
        bottom: game.bottom,
        info: bidsLine(game.bids, game.landlord, game.base),
        toMove: seatToMove(step),
        centre,
    });

    const trick = step === 0 ? null : game.plays[step - 1].trick;
    document.getElementById("step-text").textContent =
        "play " + step + " of " + lastStep() + (trick === null ? "" : ", trick " + (trick + 1));
    document.getElementById("first").disabled = step === 0;
    document.getElementById("prev").disabled = step === 0;
    document.getElementById("next").disabled = step === lastStep();
    document.getElementById("last").disabled = step === lastStep();
    document.getElementById("trick").value = trick === null ? "" : String(trick);
    drawThinking();
}

/** A candidates' table: a row per play with its figures, the answer's and the policy's marked. */
function candidatesTable(rows, thought) {
    const table = el("table", "candidates");
    const head = el("tr");
    for (const name of ["play", "mean", "\u00b195%", "win%", "deals"]) head.append(el("th", "", name));
    const thead = el("thead");
    thead.append(head);
    table.append(thead);
    const body = el("tbody");
    for (const row of rows) {
        const tr = el("tr");
        if (row.play === thought.answer) tr.classList.add("answer");
        if (row.play === thought.policy) {
            tr.classList.add("policy");
            tr.title = "the fast policy's own choice";
        }
        const mean = (row.mean >= 0 ? "+" : "") + row.mean.toFixed(1);
        const ci = row.ci95 === null ? "\u221e" : row.ci95.toFixed(1);
        for (const text of [row.play, mean, ci, row.win.toFixed(1), String(row.deals)]) {
            tr.append(el("td", "", text));
        }
        body.append(tr);
    }
    table.append(body);
    return table;
}

/** The engine's thinking at its latest decision by this step, beside the table (logs only). */
function drawThinking() {
    const panel = document.getElementById("thinking");
    const thoughts = game.thinking || [];
    panel.hidden = thoughts.length === 0;
    if (panel.hidden) return;
    panel.replaceChildren();
    const mine = game.south || "B";
    panel.append(el("h2", "", mine + "'s thinking"));
    const shown = thoughts.filter((t) => t.step <= step);
    if (shown.length === 0) {
        panel.append(el("p", "summary", "no decision yet"));
        return;
    }
    const thought = shown[shown.length - 1];
    const title = el("div", "thought-title", thought.title);
    if (thought.step !== step) title.classList.add("earlier");
    panel.append(title, el("p", "summary", thought.summary));
    if (thought.candidates.length > 0) panel.append(candidatesTable(thought.candidates, thought));
    const index = thoughts.indexOf(thought);
    panel.append(el("p", "line", "decision " + (index + 1) + " of " + thoughts.length +
        " \u00b7 log line " + thought.line));
}

function go(k) {
    step = Math.max(0, Math.min(lastStep(), k));
    render();
    const index = games.indexOf(game) + 1;
    history.replaceState(null, "", "#game=" + index + "&play=" + step);
}

/** Reads `#game=N&play=K` (N from 1, K a play count or "end"). */
function fromHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    const index = Number(params.get("game") || "1") - 1;
    return {
        index: index >= 0 && index < games.length ? index : 0,
        play: params.get("play"),
    };
}

function chooseGame(index) {
    game = games[index];
    const trickSelect = document.getElementById("trick");
    trickSelect.replaceChildren();
    const none = el("option", "", "trick \u2026");
    none.value = "";
    trickSelect.append(none);
    trickStarts().forEach((first, t) => {
        const option = el("option", "", "trick " + (t + 1));
        option.value = String(t);
        option.dataset.first = String(first);
        trickSelect.append(option);
    });
    go(0);
}

function setUp() {
    if (games.length === 0) {
        document.getElementById("table").textContent = "This log holds no finished game.";
        return;
    }
    const select = document.getElementById("game");
    games.forEach((g, i) => {
        const option = el("option", "", g.title);
        option.value = String(i);
        select.append(option);
    });
    select.hidden = games.length < 2;
    select.addEventListener("change", () => chooseGame(Number(select.value)));
    document.getElementById("first").addEventListener("click", () => go(0));
    document.getElementById("prev").addEventListener("click", () => go(step - 1));
    document.getElementById("next").addEventListener("click", () => go(step + 1));
    document.getElementById("last").addEventListener("click", () => go(lastStep()));
    document.getElementById("trick").addEventListener("change", (event) => {
        const option = event.target.selectedOptions[0];
        if (option && option.dataset.first !== undefined) go(Number(option.dataset.first) + 1);
    });
    document.addEventListener("keydown", (event) => {
        if (event.target.tagName === "SELECT") return;
        const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: lastStep() };
        if (event.key in moves) {
            event.preventDefault();
            go(moves[event.key]);
        }
    });
    const start = fromHash();
    select.value = String(start.index);
    chooseGame(start.index);
    if (start.play === "end") go(lastStep());
    else if (start.play) go(Number(start.play) || 0);
}

setUp();
