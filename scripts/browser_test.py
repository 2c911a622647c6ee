"""The browser pages in a real browser (headless Chromium through Selenium).

(a) A `ddz replay --html` page: step a game to its end with the buttons, check the score the
    page shows against the log, the cards left, the arrow keys and the trick list; then a row
    of every rank and both jokers drawn by the page's own code: tens at full size inside their
    corner, jokers that differ in grey (not only in colour) and in lettering.
(a2) A `ddz replay --html` page of the engine's own log (three engine processes writing one log
    through the arena): the seat's hand face up, the others face down, and beside the table at
    each of the seat's plays the thinking its note in the log gives (as many candidates, the
    answer's row marked).
(b) `ddz serve`: play a whole game by clicking (bids, a play the server refuses, hints). Mid-game,
    at each window size: the opponents are card backs, as many as the cards they hold (counted
    from the plays), and every card of the person's hand is inside the window without
    scrolling. Then a reload: the same game comes back (same address, hand, history, counts),
    and it is still open after the server's grace for pages that went away. At the end the
    result the page shows is checked against the server's game log and the replay link opened;
    a reload then, or with an unknown game in the address, deals the next deal.

Every check that depends on the window runs at each of SIZES, set as the page's viewport
(1280×800 and 640×400, the sizes the table is made for, and a phone held upright), and each
screenshot is taken at each: NAME-1280x800.png and so on in --out. The README's pictures are
two of them (docs/images/replay.png is replay-1280x800.png, docs/images/serve.png is
serve-hint-1280x800.png), so nothing on the pages may name this machine's folders. Run by
scripts/test-browser.sh; prints one line per check and `browser: N passed, 0 failed` at the end
(exit 1 on a failure).
"""

import argparse
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

# The viewports (CSS pixels) every window-dependent check and screenshot is made at: a wide
# screen and a small landscape one (the sizes the table is made for), and a phone held upright.
SIZES = ((1280, 800), (640, 400), (390, 844))
# The sizes at which the hand must fill the table's width (upright, it wraps to two rows).
ACROSS_SIZES = ((1280, 800), (640, 400))
# A 17-card hand spans at least this share of the table's width at those sizes (before this
# issue it filled 30%).
HAND_SPAN_MIN = 0.6
# The server's grace for a page that went away (src/web/games.rs RELOAD_GRACE) and its sweep
# (src/web/server.rs SWEEP_EVERY), in seconds: waited out after the reload, with a margin.
RELOAD_GRACE_S = 10
SWEEP_EVERY_S = 1
# Grey levels (0..1, relative luminance) between the two jokers' faces, at least: they must
# read apart in a grey-scale print, not by hue.
JOKER_GREY_GAP = 0.4
# Contrast of each joker's lettering against its face, at least (WCAG's for normal text).
JOKER_CONTRAST = 4.5
# Generous: the machine may be busy; nothing here is a speed check.
WAIT_SECONDS = 60
# Card left bare between a rank label and the next overlapping card's edge, at least: with less,
# the labels of a row run together (tens drawn at full width left 0.4 px and read "101010").
LABEL_GAP_PX = 1.5

passed = 0


def check(condition, what):
    global passed
    if not condition:
        print(f"FAIL {what}")
        sys.exit(1)
    passed += 1
    print(f"ok   {what}")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(1400, 1000)
    return driver


def size_name(size):
    return f"{size[0]}x{size[1]}"


def set_viewport(driver, size):
    """The page's viewport exactly `size` CSS pixels (a window size would include the browser's
    own frame), scrolled to the top; the screenshots are then that size too."""
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.2)
    shown = driver.execute_script("return [innerWidth, innerHeight]")
    if shown != [width, height]:
        check(False, f"the viewport is {size_name(size)} (it is {shown})")


def at_sizes(driver, each):
    """Runs `each(size)` with the viewport at each of SIZES, then back to the first."""
    for size in SIZES:
        set_viewport(driver, size)
        each(size)
    set_viewport(driver, SIZES[0])


def shoot(driver, out, stem):
    at_sizes(driver, lambda size: driver.save_screenshot(str(out / f"{stem}-{size_name(size)}.png")))


def labels_clear(driver):
    """Cards whose rank label comes closer than LABEL_GAP_PX to the next card in their row
    (which overlaps it): as (rank, gap in pixels), empty when every label stands apart."""
    return driver.execute_script(f"""
        const hidden = [];
        for (const card of document.querySelectorAll('.cards .card:not(.back)')) {{
            const next = card.nextElementSibling;
            if (!next) continue;
            const box = card.getBoundingClientRect();
            const nextBox = next.getBoundingClientRect();
            // A row that wraps puts the next card on a line of its own: it covers nothing.
            if (Math.abs(nextBox.top - box.top) > box.height / 2) continue;
            const label = card.querySelector('.rank').getBoundingClientRect();
            const gap = nextBox.left - label.right;
            if (gap < {LABEL_GAP_PX}) hidden.push([card.querySelector('.rank').textContent, gap]);
        }}
        return hidden;
    """)


def check_labels_clear(driver, page):
    def each(size):
        hidden = labels_clear(driver)
        tens = len(driver.find_elements(By.CSS_SELECTOR, ".cards .card.ten"))
        check(not hidden, f"{page}, {size_name(size)}: every card's rank stands apart from the "
              f"next card ({tens} tens drawn; too close: {hidden})")
    at_sizes(driver, each)


def card_sheet(driver, out):
    """One card of each rank and both jokers, drawn by the page's own cardRow across the top of
    the replay page: tens as large as the other ranks and inside their corner, and jokers that
    read apart without colour."""
    driver.execute_script("""
        const sheet = document.createElement('section');
        sheet.id = 'sheet';
        sheet.className = 'seat south';
        const codes = [];
        for (let rank = 0; rank < 13; rank++) codes.push(rank * 4 + (rank % 4));
        codes.push(52, 53);
        const row = cardRow(codes);
        row.classList.add('across');
        sheet.append(row);
        document.body.prepend(sheet);
    """)

    def each(size):
        faces = driver.execute_script("""
            const grey = (css) => {
                const [r, g, b] = css.match(/[0-9.]+/g).slice(0, 3).map((v) => {
                    const c = Number(v) / 255;
                    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
                });
                return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            const out = {};
            for (const card of document.querySelectorAll('#sheet .card')) {
                const face = card.querySelector('.face');
                const rank = card.querySelector('.rank');
                const style = getComputedStyle(face);
                const rankStyle = getComputedStyle(rank);
                const slot = card.getBoundingClientRect();
                const label = rank.getBoundingClientRect();
                const faceBox = face.getBoundingClientRect();
                out[rank.textContent] = {
                    text: face.textContent,
                    rank: rank.textContent,
                    face: grey(style.backgroundColor),
                    ink: grey(rankStyle.color),
                    size: parseFloat(rankStyle.fontSize),
                    weight: Number(rankStyle.fontWeight),
                    transform: rankStyle.transform,
                    label: [label.left, label.right, label.top, label.bottom],
                    slot: [slot.left, slot.right],
                    faceBox: [faceBox.left, faceBox.right, faceBox.top, faceBox.bottom],
                    last: card.nextElementSibling === null,
                };
            }
            return out;
        """)
        name = size_name(size)
        ten, nine, small, big = faces["10"], faces["9"], faces["joker"], faces["JOKER"]
        check(ten["rank"] == "10" and ten["transform"] == "none" and ten["size"] == nine["size"],
              f"cards, {name}: '10' drawn at the size of '9' ({ten['size']} px), not squeezed")
        gap = ten["slot"][1] - ten["label"][1]
        check(gap >= LABEL_GAP_PX and ten["label"][0] >= ten["faceBox"][0],
              f"cards, {name}: '10' inside the corner the next card leaves bare ({gap:.1f} px spare)")
        check(small["rank"] == "joker" and big["rank"] == "JOKER"
              and "small" in small["text"] and "BIG" in big["text"]
              and big["size"] > small["size"] and big["weight"] > small["weight"],
              f"cards, {name}: the jokers are lettered apart: '{big['rank']}' bold and larger "
              f"({big['size']} px, {big['weight']}) with BIG, '{small['rank']}' "
              f"({small['size']} px, {small['weight']}) with small")
        grey_gap = abs(big["face"] - small["face"])
        check(grey_gap >= JOKER_GREY_GAP,
              f"cards, {name}: the jokers' faces differ by {grey_gap:.2f} in grey "
              f"(big {big['face']:.2f}, small {small['face']:.2f})")

        def contrast(card):
            light, dark = max(card["face"], card["ink"]), min(card["face"], card["ink"])
            return (light + 0.05) / (dark + 0.05)
        check(min(contrast(big), contrast(small)) >= JOKER_CONTRAST,
              f"cards, {name}: each joker's lettering stands out from its face "
              f"(contrast {contrast(big):.1f} and {contrast(small):.1f})")
        rank = big["label"]
        face = big["faceBox"]
        check(rank[0] >= face[0] and rank[1] <= face[1] and rank[2] >= face[2] and rank[3] <= face[3],
              f"cards, {name}: 'JOKER' fits inside its card")
        driver.save_screenshot(str(out / f"cards-{name}.png"))
    at_sizes(driver, each)
    driver.execute_script("document.getElementById('sheet').remove()")


def shown_scores(driver):
    scores = driver.find_elements(By.CSS_SELECTOR, "#result .score")
    return [int(s.get_attribute("data-score")) for s in scores]


def replay_page(driver, ddz, out):
    log = out / "replay-log.jsonl"
    subprocess.run(
        [ddz, "arena", "--games", "3", "--seed", "11", "--pair", "builtin:rules",
         "builtin:greedy", "--json", str(log), "--no-progress"],
        check=True, stdout=subprocess.DEVNULL)
    page = out / "replay.html"
    subprocess.run([ddz, "replay", str(log), "--html", str(page)], check=True)
    # The games, without the log's first and last lines (the run's settings, its end).
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    games = [g for g in lines if "deal" in g]
    # The finished game with the most plays: the longest walk through the page.
    index, game = max(
        ((i, g) for i, g in enumerate(games) if g.get("winner")), key=lambda p: len(p[1]["plays"]))
    driver.get(page.resolve().as_uri())
    source = driver.find_element(By.ID, "source").text
    check(source == log.name, f"replay: the page names the log '{source}', without its folders")
    Select(driver.find_element(By.ID, "game")).select_by_index(index)
    steps = 0
    while driver.find_element(By.ID, "next").is_enabled():
        driver.find_element(By.ID, "next").click()
        steps += 1
    check(steps == len(game["plays"]), f"replay: the next button steps through all {steps} plays")
    check(shown_scores(driver) == game["scores"],
          f"replay: the final score shown {shown_scores(driver)} is the log's {game['scores']}")
    headline = driver.find_element(By.CSS_SELECTOR, "#result .headline").text
    check(headline.startswith(game["winner"]), f"replay: '{headline}' names the winner {game['winner']}")
    multiplier = driver.find_element(By.CSS_SELECTOR, "#result .multiplier").text
    check(f"multiplier {game['multiplier']}" in multiplier,
          f"replay: '{multiplier}' is the log's multiplier {game['multiplier']}")
    winner_left = driver.find_element(
        By.CSS_SELECTOR, f'.seat[data-seat="{game["winner"]}"] .left').get_attribute("data-left")
    check(winner_left == "0", "replay: the winner has no card left at the end")
    check_labels_clear(driver, "replay")
    shoot(driver, out, "replay")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    step_text = driver.find_element(By.ID, "step-text").text
    check(step_text.startswith(f"play 3 of {len(game['plays'])}"),
          f"replay: Home then three right arrows show '{step_text}'")
    tricks = Select(driver.find_element(By.ID, "trick"))
    tricks.select_by_value("1")
    step_text = driver.find_element(By.ID, "step-text").text
    check(step_text.endswith("trick 2"), f"replay: the trick list jumps to '{step_text}'")
    card_sheet(driver, out)


def log_notes(log, seat):
    """The `# think play` notes of `seat`'s first game in an engine's log, in order, each as
    (answer, number of candidates); read here from the log's text, not by ddz."""
    notes, process = [], None
    for line in log.read_text().splitlines():
        tag, _, text = line.partition("] ")
        pid, _, tagged_seat = tag.lstrip("[").partition(" ")
        if process is None and tagged_seat == seat and text.startswith("> DEAL"):
            process = pid
        elif process == pid and text.startswith("> DEAL"):
            break
        if process == pid and text.startswith("# think play"):
            fields = [f.split(" ", 1) for f in text.split(" | ")[1:]]
            answer = next(v for k, v in fields if k == "answer")
            notes.append((answer, sum(1 for k, _ in fields if k == "cand")))
    return notes


def log_replay_page(driver, ddz, out):
    log = out / "engine.log"
    engine = f"{ddz} --log {log} --samples 16"
    subprocess.run(
        [ddz, "arena", "--games", "1", "--seed", "11", "--players", engine, engine, engine,
         "--no-progress"], check=True, stdout=subprocess.DEVNULL)
    page = out / "replay-log.html"
    subprocess.run([ddz, "replay", str(log), "--seat", "B", "--html", str(page)], check=True)
    notes = log_notes(log, "B")
    check(len(notes) > 2, f"log replay: B's game has {len(notes)} noted plays")
    driver.get(page.resolve().as_uri())
    backs = len(driver.find_elements(By.CSS_SELECTOR, '.seat[data-seat="A"] .card.back'))
    faces = len(driver.find_elements(By.CSS_SELECTOR, '.seat[data-seat="B"] .cards .card:not(.back)'))
    check(backs >= 17 and faces >= 17, f"log replay: A face down ({backs} backs), B face up ({faces})")
    check(driver.find_element(By.ID, "thinking").is_displayed(), "log replay: the thinking is shown")
    seen = []
    while driver.find_element(By.ID, "next").is_enabled():
        driver.find_element(By.ID, "next").click()
        title = driver.find_element(By.CSS_SELECTOR, "#thinking .thought-title")
        if "earlier" in title.get_attribute("class") or not title.text.startswith("play"):
            continue
        rows = driver.find_elements(By.CSS_SELECTOR, "#thinking table.candidates:first-of-type tbody tr")
        answer = driver.find_elements(By.CSS_SELECTOR, "#thinking tr.answer td:first-child")
        seen.append((answer[0].text if answer else title.text.rsplit(": ", 1)[-1], len(rows)))
        if len(seen) == 3:
            shoot(driver, out, "replay-log")
    check(seen == notes, f"log replay: at each of B's plays the page shows its note {seen} = {notes}")


def wait_for(driver, condition, what):
    try:
        return WebDriverWait(driver, WAIT_SECONDS).until(lambda d: condition(d))
    except TimeoutException:
        check(False, f"waiting for {what}")


def visible(driver, element_id):
    return driver.find_element(By.ID, element_id).is_displayed()


def settled(driver):
    """The page is waiting for the person, or the game is over."""
    if driver.find_elements(By.ID, "result"):
        return True
    if driver.find_element(By.ID, "new-game").get_attribute("disabled"):
        return False
    return visible(driver, "bid-controls") or visible(driver, "play-controls")


def message(driver):
    return driver.find_element(By.ID, "message").text


def click_card(driver, card):
    """Clicks a card where a person would: its left edge, the part the next card leaves bare."""
    offset = -card.size["width"] // 2 + 6
    ActionChains(driver).move_to_element_with_offset(card, offset, 0).click().perform()


def click(driver, element_id):
    driver.find_element(By.ID, element_id).click()


def api(address, path):
    """The server's answer to GET `path`, as (status, JSON)."""
    try:
        with urllib.request.urlopen(address.rstrip("/") + path, timeout=WAIT_SECONDS) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


def game_id(driver):
    return driver.execute_script("return new URLSearchParams(location.hash.slice(1)).get('game')")


def check_backs(driver, address, you):
    """Each opponent is drawn as card backs, as many as it holds: counted here from the deal
    (17, and the bottom's 3 for the landlord) less the cards it played, in the server's table."""
    status, table = api(address, f"/api/games/{game_id(driver)}")
    check(status == 200, f"serve: the server has the page's game ({status})")
    for seat in "ABC":
        if seat == you:
            continue
        played = sum(len(p["cards"]) for p in table["plays"] if p["seat"] == seat)
        holds = 17 + (3 if table["landlord"] == seat else 0) - played
        box = driver.find_element(By.CSS_SELECTOR, f'.seat[data-seat="{seat}"]')
        backs = box.find_elements(By.CSS_SELECTOR, ".backs .card.back")
        open_hand = box.find_elements(By.CSS_SELECTOR, ":scope > .cards .card")
        count = box.find_element(By.CSS_SELECTOR, ".backs .count")
        shown = [b for b in backs if b.is_displayed()]
        check(len(shown) == holds and count.text == str(holds) and not open_hand,
              f"serve: {seat} is drawn as {len(shown)} card backs with the count "
              f"'{count.text}': it holds {holds}")


def check_hand_in_view(driver, size, holds):
    """Every card of the person's hand (the lifted ones too) inside the viewport with the page
    scrolled to the top, and, where the table is made to be that size, across its width."""
    seen = driver.execute_script("""
        window.scrollTo(0, 0);
        const faces = [...document.querySelectorAll('.cards.hand .card .face')];
        const boxes = faces.map((f) => f.getBoundingClientRect());
        const table = document.getElementById('table').getBoundingClientRect();
        const play = document.getElementById('play').getBoundingClientRect();
        return {
            cards: boxes.length,
            outside: boxes.filter((b) => b.left < 0 || b.top < 0 || b.right > innerWidth
                                         || b.bottom > innerHeight).length,
            span: boxes.length ? Math.max(...boxes.map((b) => b.right))
                                 - Math.min(...boxes.map((b) => b.left)) : 0,
            table: table.width,
            buttons: play.bottom <= innerHeight && play.right <= innerWidth,
            scroll: [scrollX, scrollY],
        };
    """)
    name = size_name(size)
    check(seen["cards"] == holds and seen["outside"] == 0 and seen["scroll"] == [0, 0],
          f"serve, {name}: all {seen['cards']} cards of the hand are inside the window, unscrolled "
          f"({seen['outside']} outside; the hand holds {holds})")
    check(seen["buttons"], f"serve, {name}: the play button is inside the window too")
    if size in ACROSS_SIZES:
        share = seen["span"] / seen["table"]
        check(share >= HAND_SPAN_MIN, f"serve, {name}: the hand spans {share:.0%} of the table's "
              f"width (at least {HAND_SPAN_MIN:.0%})")


def table_snapshot(driver):
    """What a reload must bring back: the game in the address, the header, every seat's cards
    and counts, the trick, the bids and the tricks so far."""
    return driver.execute_script("""
        const codes = (root) => [...root.querySelectorAll('.card')].map((c) => c.dataset.code);
        const seats = {};
        for (const seat of document.querySelectorAll('.seat')) {
            seats[seat.dataset.seat] = {
                side: seat.dataset.side,
                hand: codes(seat.querySelector(':scope > .cards') || document.createElement('i')),
                backs: seat.querySelectorAll('.card.back').length,
                left: seat.querySelector('.left').dataset.left,
                action: seat.querySelector('.action').textContent + codes(seat.querySelector('.action')),
            };
        }
        return {
            game: location.hash,
            title: document.getElementById('title').textContent,
            seats,
            bids: document.querySelector('.bids').textContent,
            bottom: codes(document.querySelector('.bottom')),
            history: [...document.querySelectorAll('#history li')].map((li) => li.value + '. ' + li.textContent),
        };
    """)


def serve_page(driver, ddz, out):
    saved = out / "served.jsonl"
    saved.unlink(missing_ok=True)
    server = subprocess.Popen(
        [ddz, "serve", "--port", "0", "--opponents", "builtin:rules", "--seed", "8",
         "--think", "0.2", "--save", str(saved)],
        stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        address = first.split()[2]
        check(address.startswith("http://127.0.0.1:"), f"serve: listening at {address}")
        driver.get(address)
        wait_for(driver, settled, "the first question")
        first_game = game_id(driver)
        check(first_game is not None and len(first_game) == 16,
              f"serve: the address names the game (#game={first_game})")
        you = driver.execute_script("return state.you")
        refused = None
        listed = False
        reloaded = False
        shot_hint = False
        deals = 1
        hints = 0
        titles = set()
        for _ in range(200):
            wait_for(driver, settled, "the page to settle")
            if driver.find_elements(By.ID, "result"):
                break
            titles.add(driver.find_element(By.ID, "title").text)
            if visible(driver, "bid-controls"):
                buttons = driver.find_elements(By.CSS_SELECTOR, "#bid-controls button")
                enabled = [b for b in buttons if b.is_enabled()]
                (enabled[0] if enabled[0].get_attribute("data-bid") == "0" else enabled[-1]).click()
                continue
            hand = driver.find_elements(By.CSS_SELECTOR, ".seat .cards.hand .card")
            if refused is None:
                # Two cards of different ranks that are not the two jokers: no play at all.
                codes = [int(c.get_attribute("data-code")) for c in hand]
                low = min(codes)
                high = max((c for c in codes if c < 52 and c // 4 != low // 4), default=None)
                if high is not None:
                    # Each click draws the hand anew: find each card afresh.
                    for code in (low, high):
                        click_card(driver, driver.find_element(
                            By.CSS_SELECTOR, f'.cards.hand .card[data-code="{code}"]'))
                    click(driver, "play")
                    wait_for(driver, lambda d: d.find_element(By.ID, "message").get_attribute(
                        "class").endswith("refused"), "the refusal")
                    refused = message(driver)
                    check("not a play" in refused, f"serve: a play of two odd cards is refused: '{refused}'")
                    click(driver, "clear")
            if not listed:
                click(driver, "legal")
                # The list is filled when the server's answer arrives: wait for it.
                wait_for(driver, lambda d: visible(d, "legal-list")
                         and d.find_elements(By.CSS_SELECTOR, "#legal-list button"), "the legal plays")
                legal = driver.find_elements(By.CSS_SELECTOR, "#legal-list button")
                check(visible(driver, "legal-list") and legal, f"serve: {len(legal)} legal plays listed")
                label = driver.find_element(By.CSS_SELECTOR, "#legal-list .label").text
                only_pass = len(legal) == 1 and legal[0].text == "pass"
                check((label.startswith("nothing of yours beats") if only_pass
                       else label.startswith(f"{len(legal)} legal play")),
                      f"serve: the legal plays are introduced: '{label}'")
                buttons_left = driver.find_element(By.ID, "play").rect["x"]
                label_left = driver.find_element(By.CSS_SELECTOR, "#legal-list .label").rect["x"]
                check(abs(label_left - buttons_left) <= 2,
                      f"serve: the list starts under the buttons (x {label_left} and {buttons_left})")
                click(driver, "legal")
                listed = True
            click(driver, "hint")
            wait_for(driver, lambda d: message(d).startswith("hint"), "the hint")
            hints += 1
            if not reloaded and driver.find_elements(By.CSS_SELECTOR, "#history li"):
                # Mid-game, with a trick under way.
                holds = len(driver.find_elements(By.CSS_SELECTOR, ".cards.hand .card"))
                check_backs(driver, address, you)
                at_sizes(driver, lambda size: check_hand_in_view(driver, size, holds))
                check_labels_clear(driver, "serve")
                shoot(driver, out, "serve-play")
                # A second tab deals the next deal; closed, its game ends after the grace.
                this_tab = driver.current_window_handle
                driver.switch_to.new_window("tab")
                driver.get(address)
                wait_for(driver, settled, "the second tab's game")
                other_game = game_id(driver)
                deals += 1
                check(other_game != first_game and f"deal {deals - 1} " in
                      driver.find_element(By.ID, "title").text,
                      f"serve: a second tab plays a game of its own (#game={other_game})")
                driver.close()
                driver.switch_to.window(this_tab)
                before = table_snapshot(driver)
                driver.refresh()
                wait_for(driver, settled, "the page to settle after the reload")
                after = table_snapshot(driver)
                check(after == before, f"serve: after a reload the page shows the same game "
                      f"({after['game']}: {len(after['seats'][you]['hand'])} cards in hand, "
                      f"{len(after['history'])} tricks in the history)")
                check(message(driver).startswith("game resumed"), f"serve: it says so: '{message(driver)}'")
                status, games = api(address, "/api/status")
                check(games["games"] == 2, f"serve: the reload dealt no new game ({games['games']} open)")
                check_backs(driver, address, you)
                at_sizes(driver, lambda size: check_hand_in_view(driver, size, holds))
                shoot(driver, out, "serve-resumed")
                # The old page said it went away: the game must outlive the server's grace,
                # and the closed tab's must not.
                time.sleep(RELOAD_GRACE_S + 2 * SWEEP_EVERY_S)
                status, _ = api(address, f"/api/games/{first_game}")
                check(status == 200, f"serve: the resumed game is still open after the grace ({status})")
                status, _ = api(address, f"/api/games/{other_game}")
                check(status == 404, f"serve: the closed tab's game was ended after the grace ({status})")
                reloaded = True
                click(driver, "hint")
                wait_for(driver, lambda d: message(d).startswith("hint"), "the hint after the reload")
            selected = driver.find_elements(By.CSS_SELECTOR, ".card.selected")
            if selected and not shot_hint:
                # The hint's cards lifted: still inside the window.
                holds = len(driver.find_elements(By.CSS_SELECTOR, ".cards.hand .card"))
                at_sizes(driver, lambda size: check_hand_in_view(driver, size, holds))
                shoot(driver, out, "serve-hint")
                shot_hint = True
            if message(driver).startswith("hint: pass"):
                check(not selected, "serve: a pass hint selects no card")
                click(driver, "pass")
            else:
                check(selected, f"serve: the hint selects its cards ({message(driver)})")
                click(driver, "play")
        wait_for(driver, lambda d: d.find_elements(By.ID, "result"), "the end of the game")
        check(refused is not None, "serve: a refused play was tried")
        check(reloaded, "serve: the page was reloaded mid-game")
        check(hints > 0, f"serve: {hints} hints asked and played")
        shoot(driver, out, "serve-end")
        line = json.loads(saved.read_text().splitlines()[-1])
        title = driver.find_element(By.ID, "title").text
        check(title.endswith("game over") and "bidding" not in title,
              f"serve: the header at the end says so: '{title}'")
        landlord = line["landlord"]
        check(any(f"landlord {landlord}" in t for t in titles)
              and all("game over" not in t for t in titles),
              f"serve: during the game the header named the landlord {landlord}: {sorted(titles)}")
        check(shown_scores(driver) == line["scores"],
              f"serve: the score shown {shown_scores(driver)} is the server log's {line['scores']}")
        headline = driver.find_element(By.CSS_SELECTOR, "#result .headline").text
        check(line["winner"] is not None and headline.startswith(line["winner"]),
              f"serve: '{headline}' names the log's winner {line['winner']}")
        check(line["errors"] == [], "serve: the log records no fault by anyone (the reload left no game)")
        check(len([p for p in line["plays"] if p[0] == you]) > 0, "serve: the person's plays are in the log")
        replay_link = driver.find_element(By.ID, "replay-link").get_attribute("href")
        # A reload of the finished game deals the next one; so does an unknown game.
        driver.refresh()
        wait_for(driver, lambda d: settled(d) and not d.find_elements(By.ID, "result")
                 and f"deal {deals} " in d.find_element(By.ID, "title").text, "the next deal after a reload")
        check(game_id(driver) not in (None, first_game),
              f"serve: a reload of the finished game deals the next deal, {deals} (#game={game_id(driver)})")
        deals += 1
        driver.execute_script("location.hash = 'game=00000000deadbeef'")
        driver.refresh()
        wait_for(driver, lambda d: settled(d) and f"deal {deals} " in d.find_element(By.ID, "title").text,
                 "a new deal for an unknown game")
        check(game_id(driver) != "00000000deadbeef", f"serve: an unknown game in the address deals deal {deals}")
        driver.get(replay_link)
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        check(shown_scores(driver) == line["scores"], "serve: the game's replay page ends with the same score")
        shoot(driver, out, "serve-replay")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ddz", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    driver = browser()
    try:
        replay_page(driver, args.ddz, out)
        log_replay_page(driver, args.ddz, out)
        serve_page(driver, args.ddz, out)
    finally:
        driver.quit()
    print(f"browser: {passed} passed, 0 failed (screenshots in {out})")


if __name__ == "__main__":
    main()
