#!/usr/bin/python3
"""spades serve in a real browser (headless Debian chromium driven by python3-selenium): the lobby, a hand of
standard against three bots played by clicking legal cards, an illegal card's reason, a reload mid-hand, a
whole game to its end with its record checked by `spades replay`, a pasted variant's diagnostic, a
variant named with a <script> shown as text, and the workbench (live diagnostics, explain, diff, a
simulation's charts, "play it").

usage: serve_browser_test.py SPADES CHROMIUM CHROMEDRIVER SCREENSHOT_DIR
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

SPADES, CHROMIUM, DRIVER, SHOTS = sys.argv[1:5]
# a wait ends as soon as its condition holds; the bound only decides how long a real failure takes to say
# so, and a machine running the whole suite on both cores can take tens of seconds over a 40-game simulation
TIMEOUT = 90


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server(state):
    port = free_port()
    proc = subprocess.Popen([SPADES, "serve", "--port", str(port), "--state", state], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    assert f"http://127.0.0.1:{port}/" in line, line
    return proc, f"http://127.0.0.1:{port}"


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,1100"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


def wait(d, cond, what):
    try:
        return WebDriverWait(d, TIMEOUT, poll_frequency=0.05).until(lambda _: cond())
    except Exception:
        said = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#status, #message, .error")]
        raise AssertionError(f"timed out waiting for {what}; the page says: {said!r}")


def view(d):
    return d.execute_script("return game.view")


def open_table(d, base, ruleset=None, text=None, shot=None):
    """Opens a table from the lobby (a ruleset, or pasted text) with rule bots beside you at S; sits down."""
    d.get(base + "/")
    wait(d, lambda: len(Select(d.find_element(By.ID, "ruleset")).options) > 10, "the ruleset list")
    if text is not None:
        d.find_element(By.ID, "tab-paste").click()
        d.find_element(By.ID, "variant-text").send_keys(text)
        d.find_element(By.ID, "check-text").click()
        wait(d, lambda: d.find_element(By.ID, "paste-result").text, "the check's answer")
    else:
        Select(d.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    for i in (0, 1, 3):
        Select(d.find_element(By.ID, f"seat-kind-{i}")).select_by_value("rule")
    d.find_element(By.ID, "seat-name-2").send_keys("Ann")
    d.find_element(By.ID, "open-table").click()
    wait(d, lambda: d.find_element(By.ID, "links").text, "the invitation links")
    if shot:
        d.save_screenshot(os.path.join(SHOTS, shot))
    d.get(d.find_element(By.ID, "go-table").get_attribute("href"))
    wait(d, lambda: view(d) is not None, "the table's first view")


CARDS_SENT = []  # the card decisions made by choosing in the hand (decide), by their verb


def decide(d):
    """Makes the person's pending decision other than a card: looks when blind, then bids the first offer."""
    v = view(d)
    dec = v["decision"]
    if v["cards"]["hand"] is None:
        d.find_element(By.ID, "look").click()
        wait(d, lambda: view(d)["cards"]["hand"] is not None, "the cards after looking")
        return
    before = json.dumps(v)
    if dec["kind"] == "cards":
        # cards to pass, exchange or discard (a Blind Nil's exchange with partner, say): chosen in the hand one by
        # one (the hand is drawn anew after each), then sent
        for _ in range(dec["pick"]):
            d.find_elements(By.CSS_SELECTOR, "#hand .card:not(.chosen)")[0].click()
        assert d.find_element(By.ID, "send-cards").text == f"{dec['verb']} {dec['pick']} of {dec['pick']}"
        d.find_element(By.ID, "send-cards").click()
        CARDS_SENT.append(dec["verb"])
    else:
        buttons = d.find_elements(By.CSS_SELECTOR, "#decision button[data-move]")
        assert buttons, f"no move offered for {dec}"
        buttons[0].click()
    wait(d, lambda: json.dumps(view(d)) != before, "the view after a move")


def play_card(d, reasons_seen):
    """Clicks a playable card; first, while `reasons_seen` is empty, a barred one, whose reason the page shows."""
    v = view(d)
    if v["cards"].get("reasons") and reasons_seen == []:
        barred = d.find_element(By.CSS_SELECTOR, "#hand .card.barred")
        card = barred.get_attribute("data-card")
        barred.click()
        shown = d.find_element(By.ID, "reason").text
        assert shown.endswith(v["cards"]["reasons"][card]), (shown, v["cards"]["reasons"][card])
        d.save_screenshot(os.path.join(SHOTS, "serve-table.png"))
        reasons_seen.append(shown)
    before = json.dumps(v)
    d.find_element(By.CSS_SELECTOR, "#hand .card.playable").click()
    wait(d, lambda: json.dumps(view(d)) != before, "the view after a card")


def step(d, reasons_seen):
    wait(d, lambda: view(d)["decision"] is not None or view(d).get("over"), "your turn")
    v = view(d)
    if v.get("over"):
        return False
    if v["decision"]["kind"] == "play" and not v["decision"]["for_dummy"]:
        play_card(d, reasons_seen)
    else:
        decide(d)
    return True


def test_standard_hand(d, base):
    open_table(d, base, ruleset="standard", shot="serve-lobby.png")
    reasons, cards, reloaded = [], 0, False
    while not view(d)["sheet"]:
        phase = view(d)["decision"] and view(d)["decision"]["kind"]
        assert step(d, reasons)
        cards += phase == "play"
        if cards == 5 and not reloaded:
            held = view(d)["cards"]["hand"]
            d.refresh()
            wait(d, lambda: view(d) is not None, "the view after the reload")
            assert view(d)["cards"]["hand"] == held, "the reload rejoined another hand"
            reloaded = True
    assert cards == 13 and reloaded and reasons, (cards, reloaded, reasons)
    assert "contract" in d.find_element(By.ID, "sheet").text
    d.save_screenshot(os.path.join(SHOTS, "serve-sheet.png"))
    # a phone's width: nothing wider than the screen
    d.set_window_size(390, 844)
    wait(d, lambda: d.execute_script("return window.innerWidth") <= 390, "the narrow window")
    assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the page is wider than a phone"
    d.save_screenshot(os.path.join(SHOTS, "serve-phone.png"))
    d.set_window_size(1000, 1100)


# passing a card to partner before every bid: the choosing of cards in the hand is played at every hand, not only
# when a bot's Blind Nil happens to ask the person for an exchange
QUICK = 'extends "pass1"\ngame "Quick Spades"\nend {\n  target 100\n}\n'


def test_whole_game(d, base, work):
    open_table(d, base, text=QUICK)
    for _ in range(2000):
        if not step(d, None):
            break
    over = d.find_element(By.ID, "over-text").text
    assert " win (" in over or "No winner" in over, over
    assert "pass" in CARDS_SENT, CARDS_SENT  # a card passed to partner at each hand, chosen in the hand
    d.save_screenshot(os.path.join(SHOTS, "serve-over.png"))
    token = d.execute_script("return game.token")
    record = urllib.request.urlopen(f"{base}/api/record?token={token}").read()
    with open(os.path.join(work, "game.json"), "wb") as f:
        f.write(record)
    with open(os.path.join(work, "pasted.spades"), "w") as f:
        f.write(QUICK)
    r = subprocess.run([SPADES, "replay", os.path.join(work, "game.json")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    pbn = urllib.request.urlopen(f"{base}/api/record?format=pbn&token={token}").read().decode()
    assert '[Deal "' in pbn, pbn[:200]


def test_pasted_error(d, base):
    d.get(base + "/")
    wait(d, lambda: len(Select(d.find_element(By.ID, "ruleset")).options) > 10, "the ruleset list")
    d.find_element(By.ID, "tab-paste").click()
    d.find_element(By.ID, "variant-text").send_keys('extends "standard"\ngame "Broken"\nend {\n  target five\n}\n')
    d.find_element(By.ID, "check-text").click()
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "pre.diagnostic"), "the diagnostic")
    text = d.find_element(By.CSS_SELECTOR, "pre.diagnostic").text
    assert text.startswith("pasted.spades:4:"), text
    assert "^" in text, text
    d.save_screenshot(os.path.join(SHOTS, "serve-diagnostic.png"))


def test_script_as_text(d, base):
    d.get(base + "/")
    wait(d, lambda: len(Select(d.find_element(By.ID, "ruleset")).options) > 10, "the ruleset list")
    d.find_element(By.ID, "tab-paste").click()
    d.find_element(By.ID, "variant-text").send_keys('extends "standard"\ngame "<script>window.pwned = 1</script><img src=x onerror=window.pwned=2>"\n')
    d.find_element(By.ID, "check-text").click()
    wait(d, lambda: d.find_element(By.ID, "paste-result").text, "the check's answer")
    shown = d.find_element(By.ID, "paste-result").text
    assert "<script>window.pwned = 1</script>" in shown, shown
    assert not d.find_elements(By.CSS_SELECTOR, "#paste-result script, #paste-result img")
    assert d.execute_script("return window.pwned") is None


def test_workbench(d, base):
    d.get(base + "/workbench")
    wait(d, lambda: "+ The game ends when a team's score reaches 300" in d.find_element(By.ID, "diff").text, "the diff from standard")
    assert "My Spades" in d.find_element(By.ID, "explain").text
    src = d.find_element(By.ID, "source")
    src.send_keys("bogus\n")
    wait(d, lambda: d.find_elements(By.CSS_SELECTOR, "#diagnostics pre.diagnostic"), "the live diagnostic")
    assert d.find_element(By.CSS_SELECTOR, "#diagnostics pre.diagnostic").text.startswith("pasted.spades:8:1:")
    src.send_keys(Keys.BACKSPACE * 6)
    wait(d, lambda: d.find_element(By.ID, "diagnostics").text.startswith("ok: My Spades"), "the text checked again")
    games = d.find_element(By.ID, "games")
    games.clear()
    games.send_keys("40")
    d.find_element(By.ID, "simulate-it").click()
    wait(d, lambda: len(d.find_elements(By.CSS_SELECTOR, "#sim-result svg")) == 2, "the simulation's charts")
    assert "40 games" in d.find_element(By.ID, "sim-result").text
    d.save_screenshot(os.path.join(SHOTS, "serve-workbench.png"))
    d.find_element(By.ID, "play-it").click()
    wait(d, lambda: d.find_element(By.ID, "paste-result").text.startswith("ok: My Spades"), "the lobby with the text pasted")


def main():
    os.makedirs(SHOTS, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        proc, base = start_server(os.path.join(work, "state"))
        d = browser()
        try:
            start = time.time()
            for name, test in (("standard hand", lambda: test_standard_hand(d, base)), ("whole game", lambda: test_whole_game(d, base, work)),
                               ("pasted error", lambda: test_pasted_error(d, base)), ("script as text", lambda: test_script_as_text(d, base)),
                               ("workbench", lambda: test_workbench(d, base))):
                t = time.time()
                test()
                print(f"ok   {name} ({time.time() - t:.1f} s)")
            print(f"all passed in {time.time() - start:.1f} s")
        finally:
            d.quit()
            proc.terminate()
            code = proc.wait(timeout=TIMEOUT)
        # SIGTERM stops the server as Ctrl-C does: it says so and exits 0
        assert code == 0, f"spades serve exited {code} on SIGTERM"
        print("ok   stopped by SIGTERM, exit 0")


if __name__ == "__main__":
    main()
