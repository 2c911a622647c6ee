"""The browser pages in a real browser (headless Chromium through Selenium).

(a) A `ddz replay --html` page: step a game to its end with the buttons, check the score the
    page shows against the log, the cards left, the arrow keys and the trick list.
(b) `ddz serve`: play a whole game by clicking (bids, a play the server refuses, hints), then
    check the result the page shows against the server's game log, and open the replay link.

Screenshots of both pages at two window sizes go to --out; the README's pictures are two of
them (docs/images/replay.png is replay-wide.png, docs/images/serve.png is serve-play-wide.png),
so nothing on the pages may name this machine's folders. Run by scripts/test-browser.sh; prints
one line per check and `browser: N passed, 0 failed` at the end (exit 1 on a failure).
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

WIDE = (1280, 860)
PHONE = (390, 844)
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
    driver.set_window_size(*WIDE)
    return driver


def shoot(driver, path):
    for name, size in (("wide", WIDE), ("phone", PHONE)):
        driver.set_window_size(*size)
        time.sleep(0.2)
        driver.save_screenshot(str(path.with_name(f"{path.stem}-{name}.png")))
    driver.set_window_size(*WIDE)


def labels_clear(driver):
    """Cards whose rank label comes closer than LABEL_GAP_PX to the next card in their row
    (which overlaps it): as (rank, gap in pixels), empty when every label stands apart."""
    return driver.execute_script(f"""
        const hidden = [];
        for (const card of document.querySelectorAll('.cards .card')) {{
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
    for name, size in (("wide", WIDE), ("phone", PHONE)):
        driver.set_window_size(*size)
        time.sleep(0.2)
        hidden = labels_clear(driver)
        tens = len(driver.find_elements(By.CSS_SELECTOR, ".cards .card.ten"))
        check(not hidden, f"{page}, {name}: every card's rank stands apart from the next card "
              f"({tens} tens drawn; too close: {hidden})")
    driver.set_window_size(*WIDE)


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
    shoot(driver, out / "replay.png")
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


def serve_page(driver, ddz, out):
    saved = out / "served.jsonl"
    saved.unlink(missing_ok=True)
    server = subprocess.Popen(
        [ddz, "serve", "--port", "0", "--opponents", "builtin:rules", "--seed", "7",
         "--think", "0.2", "--save", str(saved)],
        stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        address = first.split()[2]
        check(address.startswith("http://127.0.0.1:"), f"serve: listening at {address}")
        driver.get(address)
        wait_for(driver, settled, "the first question")
        refused = None
        hints = 0
        shot_mid_game = False
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
            if not shot_mid_game:
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
                check_labels_clear(driver, "serve")
                shoot(driver, out / "serve-play.png")
                click(driver, "legal")
                shot_mid_game = True
            click(driver, "hint")
            wait_for(driver, lambda d: message(d).startswith("hint"), "the hint")
            hints += 1
            selected = driver.find_elements(By.CSS_SELECTOR, ".card.selected")
            if message(driver).startswith("hint: pass"):
                check(not selected, "serve: a pass hint selects no card")
                click(driver, "pass")
            else:
                check(selected, f"serve: the hint selects its cards ({message(driver)})")
                click(driver, "play")
        wait_for(driver, lambda d: d.find_elements(By.ID, "result"), "the end of the game")
        check(refused is not None, "serve: a refused play was tried")
        check(hints > 0, f"serve: {hints} hints asked and played")
        shoot(driver, out / "serve-end.png")
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
        you = [p for p in line["players"]].index("you")
        check(line["errors"] == [], "serve: the log records no fault by anyone")
        check(len([p for p in line["plays"] if p[0] == "ABC"[you]]) > 0, "serve: the person's plays are in the log")
        replay_link = driver.find_element(By.ID, "replay-link").get_attribute("href")
        driver.get(replay_link)
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        check(shown_scores(driver) == line["scores"], "serve: the game's replay page ends with the same score")
        shoot(driver, out / "serve-replay.png")
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
        serve_page(driver, args.ddz, out)
    finally:
        driver.quit()
    print(f"browser: {passed} passed, 0 failed (screenshots in {out})")


if __name__ == "__main__":
    main()
