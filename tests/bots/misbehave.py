#!/usr/bin/env python3
"""A bot that breaks the bot protocol in one way (the first argument), for the engine's refusals:
illegal (answers a move that is not legal), silent (never answers a decision), crash (exits at the first
decision), garbage (answers with a line that is not JSON), long (answers with an overlong line), rude
(answers the greeting wrongly), peek (answers {"look": true} at every decision); log FILE plays the first
legal move and appends every message to FILE; looklog FILE does the same but looks when it may."""
import json
import sys

mode = sys.argv[1]
log = open(sys.argv[2], "a") if mode in ("log", "looklog") else None


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    if log:
        log.write(line)
        log.flush()
    message = json.loads(line)
    if message["type"] == "hello":
        say("nope" if mode == "rude" else json.dumps({"type": "hello"}))
    elif message["type"] == "decide":
        if mode == "illegal":
            say(json.dumps({"move": "ZZ"}))
        elif mode == "silent":
            continue
        elif mode == "crash":
            sys.exit(3)
        elif mode == "garbage":
            say("garbage")
        elif mode == "long":
            say("x" * 70000)
        elif mode == "peek" or (mode == "looklog" and message.get("may_look")):
            say(json.dumps({"look": True}))
        else:
            say(json.dumps({"move": message["legal"][0]}))
