#!/usr/bin/env node
// A bot for spades' bot protocol (spec/bot-protocol.md): a random legal move at every decision, after looking
// at its cards whenever it may (so it never bids blind).
//
// Run it at a seat with:  spades sim rulesets/standard.spades --games 2 --bots "N=exec:node docs/examples/bots/random_bot.js"
// The engine writes one JSON object per line on standard input; the bot answers the greeting and each
// decision with one line on standard output, and reads the other messages without answering.
'use strict';
const readline = require('readline');

// A small seeded generator (mulberry32): the same messages get the same answers, so a seeded sim stays
// repeatable.
let state = 1;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function answer(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.type === 'hello') {
    answer({ type: 'hello', name: 'random_bot.js' });
  } else if (message.type === 'decide' && message.may_look) {
    // offered a blind bid before seeing its cards: this bot looks first (protocol 2), and is then asked the
    // same decision with its cards in view and the blind bids gone
    answer({ look: true });
  } else if (message.type === 'decide') {
    // message.view is what this seat may see: its cards, the bids, the tricks, the scores ...
    const legal = message.legal;
    answer({ move: legal[Math.floor(random() * legal.length)] });
  } else if (message.type === 'game_over') {
    input.close();
  }
  // "hand_over": the hand's points are in message.view.hand_points; nothing to answer
});
