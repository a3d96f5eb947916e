#!/usr/bin/env python3
"""A bot for spades' bot protocol (spec/bot-protocol.md): a random legal move at every decision, after
looking at its cards whenever it may (so it never bids blind).

Run it at a seat with:  spades sim rulesets/standard.spades --games 2 --bots "N=exec:python3 docs/examples/bots/random_bot.py"
The engine writes one JSON object per line on standard input; the bot answers the greeting and each
decision with one line on standard output, and reads the other messages without answering.
"""
import json
import random
import sys

rng = random.Random(1)  # seeded: the same messages get the same answers, so a seeded sim stays repeatable


def answer(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()  # a line the engine waits for must not sit in a buffer


for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        answer({"type": "hello", "name": "random_bot.py"})
    elif kind == "decide":
        if message.get("may_look"):
            # offered a blind bid before seeing its cards: this bot looks first (protocol 2), and is then asked
            # the same decision with its cards in view and the blind bids gone
            answer({"look": True})
            continue
        # message["view"] is what this seat may see: its cards, the bids, the tricks, the scores ...
        answer({"move": rng.choice(message["legal"])})
    elif kind == "game_over":
        break
    # "hand_over": the hand's points are in message["view"]["hand_points"]; nothing to answer
