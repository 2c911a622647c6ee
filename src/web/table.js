// Drawing cards and the table, shared by the replay page and the play page. Cards arrive as the
// competition's codes (0..=53): rank code / 4 (3 4 5 ... K A 2), suit code % 4 (hearts,
// diamonds, spades, clubs; suits never matter in the game), 52 the small joker, 53 the big one.
//
// A card is a slot in its row (`.card`, as wide as the strip of it the next card leaves bare)
// holding its face (`.face`, the whole card, drawn over by the next one): a row can then narrow
// its slots to fit its width, and a click lands on the card whose face is on top.
"use strict";

const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SUITS = ["\u2665", "\u2666", "\u2660", "\u2663"];
const SUIT_NAMES = ["hearts", "diamonds", "spades", "clubs"];
const SMALL_JOKER = 52;
const BIG_JOKER = 53;

/** The name a screen reader or a tooltip gives a card. */
function cardName(code) {
    if (code === SMALL_JOKER) return "small joker";
    if (code === BIG_JOKER) return "big joker";
    return RANKS[Math.floor(code / 4)] + " of " + SUIT_NAMES[code % 4];
}

/** An element with a class and text, the page's small building block. */
function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
}

/**
 * One card as an element; `extra` are more class names (e.g. "bottom-card"). The corner (the
 * strip a covering card leaves bare) holds the rank and suit; the rest of the face a large pip.
 * The jokers differ in more than colour, so they read apart in grey too: the big one is a dark
 * card lettered "JOKER" in bold capitals with "BIG" on its face, the small one a white card
 * lettered "joker" in small letters with "small".
 */
function cardElement(code, extra) {
    const card = el("div", "card");
    card.title = cardName(code);
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", cardName(code));
    card.dataset.code = String(code);
    const face = el("div", "face");
    if (code >= SMALL_JOKER) {
        const big = code === BIG_JOKER;
        card.classList.add("joker", big ? "big-joker" : "small-joker");
        face.append(
            el("span", "rank", big ? "JOKER" : "joker"),
            el("span", "pip", big ? "\u2605" : "\u2606"),
            el("span", "word", big ? "BIG" : "small"),
        );
    } else {
        const rank = RANKS[Math.floor(code / 4)];
        if (code % 4 < 2) card.classList.add("red");
        if (rank === "10") card.classList.add("ten");
        face.append(
            el("span", "rank", rank),
            el("span", "suit", SUITS[code % 4]),
            el("span", "pip", SUITS[code % 4]),
        );
    }
    card.append(face);
    for (const name of extra || []) card.classList.add(name);
    return card;
}

/** A card face down. */
function backElement() {
    const card = el("div", "card back");
    card.setAttribute("aria-hidden", "true");
    card.append(el("div", "face"));
    return card;
}

/** A row of cards, lowest first (the order the game ranks them). */
function cardRow(codes, classesOf) {
    const row = el("div", "cards");
    for (const code of [...codes].sort((a, b) => a - b)) {
        row.append(cardElement(code, classesOf ? classesOf(code) : []));
    }
    return row;
}

/** "1 card" / "3 cards". */
function cardsLeft(n) {
    return n + (n === 1 ? " card" : " cards");
}

/** A hidden hand: its backs, fanned, and how many they are. */
function backsFan(n) {
    const box = el("div", "backs");
    const row = el("div", "cards down");
    for (let i = 0; i < n; i++) row.append(backElement());
    const count = el("span", "left count", String(n));
    count.dataset.left = String(n);
    count.title = cardsLeft(n);
    count.setAttribute("aria-label", cardsLeft(n));
    box.append(row, count);
    return box;
}

/** The seat after each, in the order of play. */
const NEXT_SEAT = { A: "B", B: "C", C: "A" };
const SIDE_NAMES = { west: "West", south: "South", east: "East" };

/**
 * Where each seat sits when `south` sits at the bottom: play goes round the table from West to
 * South to East, so the seat after South sits East and the one before it West.
 */
function sidesOf(south) {
    const east = NEXT_SEAT[south];
    return { [south]: "south", [east]: "east", [NEXT_SEAT[east]]: "west" };
}

/**
 * Draws the table into `root` (emptied first). `table` holds:
 * - `seats`: per seat `{seat, name, role, cards, played, left, action, marked, clickable}`:
 *   `cards` the codes to draw face up (null: face down, `left` backs drawn), `played` a Set of
 *   those already played (drawn greyed), `left` the count, `action` the seat's play in the
 *   current trick (undefined: none yet, []: a pass), `marked` a Set of codes to outline (the
 *   bottom in the landlord's hand), `clickable` `{selected: Set, onClick(code)}` for the
 *   person's hand;
 * - `south`: the seat drawn at the bottom, its hand across the table's width (default B);
 * - `bottom`: the bottom's codes (null: still face down), `info`: the line beside it;
 * - `toMove`: the seat whose turn it is (null: nobody's), `centre`: an element for the middle.
 */
function drawTable(root, table) {
    root.replaceChildren();
    const sides = sidesOf(table.south || "B");
    for (const seat of table.seats) {
        const side = sides[seat.seat];
        const box = el("section", "seat " + side);
        box.dataset.seat = seat.seat;
        box.dataset.side = side;
        if (seat.seat === table.toMove) box.classList.add("to-move");
        const who = el("div", "who");
        who.append(el("span", "seat-name", seat.seat + " \u00b7 " + SIDE_NAMES[side]));
        if (seat.role) who.append(el("span", "role " + seat.role, seat.role));
        who.append(el("span", "name", seat.name));
        box.append(who);
        if (seat.cards) {
            const left = el("span", "left", cardsLeft(seat.left));
            left.dataset.left = String(seat.left);
            who.append(left);
            const clickable = seat.clickable;
            const row = cardRow(seat.cards, (code) => {
                const classes = [];
                if (seat.played && seat.played.has(code)) classes.push("played");
                if (seat.marked && seat.marked.has(code)) classes.push("bottom-card");
                if (clickable) classes.push("clickable");
                if (clickable && clickable.selected.has(code)) classes.push("selected");
                return classes;
            });
            row.classList.add(side === "south" ? "across" : "side");
            if (clickable) {
                row.classList.add("hand");
                row.addEventListener("click", (event) => {
                    const card = event.target.closest(".card");
                    if (card) clickable.onClick(Number(card.dataset.code));
                });
            }
            box.append(row);
        } else {
            box.append(backsFan(seat.left));
        }
        const action = el("div", "action");
        if (seat.action !== undefined) {
            if (seat.action.length === 0) {
                action.append(el("span", "pass", "pass"));
            } else {
                const row = cardRow(seat.action);
                row.classList.add("small");
                action.append(row);
            }
        }
        box.append(action);
        root.append(box);
    }

    const centre = el("div", "centre");
    const info = el("div", "info");
    const bottomBox = el("div", "bottom");
    bottomBox.append(el("span", "label", "bottom"));
    const bottomRow = table.bottom ? cardRow(table.bottom) : el("div", "cards");
    if (!table.bottom) for (let i = 0; i < 3; i++) bottomRow.append(backElement());
    bottomRow.classList.add("small");
    bottomBox.append(bottomRow);
    info.append(bottomBox, el("div", "bids", table.info));
    centre.append(info);
    if (table.centre) centre.append(table.centre);
    root.append(centre);
}

/** Each seat's latest action in the trick of the last of `plays` ({} when there are none). */
function trickActions(plays) {
    const actions = {};
    if (plays.length === 0) return actions;
    const trick = plays[plays.length - 1].trick;
    for (const play of plays) {
        if (play.trick === trick) actions[play.seat] = play.cards;
    }
    return actions;
}

/** The bids as a line: "bids: A pass, B 2, C 3 → landlord C, base 3". */
function bidsLine(bids, landlord, base) {
    if (!landlord) {
        return bids.length === 0 ? "bidding" : "bids: " + bidList(bids);
    }
    if (bids.length === 0) return "no bidding: landlord " + landlord + ", base " + base;
    return "bids: " + bidList(bids) + " \u2192 landlord " + landlord + ", base " + base;
}

function bidList(bids) {
    return bids.map((b) => b.seat + " " + (b.bid === 0 ? "pass" : b.bid)).join(", ");
}

/** The end of a game: who won (or why nobody did), the multiplier and why, each seat's score. */
function resultBox(result) {
    const box = el("div", "result");
    box.id = "result";
    box.append(el("strong", "headline", result.headline));
    if (result.multiplier !== null) {
        const why = result.why ? " (" + result.why + ")" : "";
        box.append(el("div", "multiplier", "multiplier " + result.multiplier + why));
    }
    const scores = el("div", "scores");
    ["A", "B", "C"].forEach((seat, i) => {
        const score = el("span", "score", seat + " " + result.scores[i]);
        score.dataset.seat = seat;
        score.dataset.score = String(result.scores[i]);
        scores.append(score);
    });
    box.append(scores);
    return box;
}
