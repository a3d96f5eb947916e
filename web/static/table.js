// The table: a WebSocket to the server, which sends this seat's view after every change; the page draws it
// (hand, trick, bids and tricks, the decision with its legal moves, the score sheet) and sends the choice.
"use strict";

const game = { token: null, ws: null, deck: [], view: null, chosen: new Set(), retry: 0, hint: -1, showLast: false };

function send(msg) {
  if (game.ws && game.ws.readyState === WebSocket.OPEN) game.ws.send(JSON.stringify(msg));
}

function say(id, text) {
  document.getElementById(id).textContent = text || "";
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  game.ws = ws;
  ws.onopen = () => {
    game.retry = 0;
    ws.send(JSON.stringify({ type: "join", token: game.token }));
  };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  // a dropped connection joins again with the same token: the seat is kept
  ws.onclose = () => {
    say("status", "connection lost: joining again...");
    game.retry = Math.min(game.retry + 1, 5);
    setTimeout(connect, 300 * game.retry);
  };
}

function receive(m) {
  if (m.type === "hello") {
    game.deck = m.deck;
    document.title = m.variant + ": " + m.seat_name;
  } else if (m.type === "view") {
    game.view = m;
    game.hint = -1;
    say("message", "");
    say("reason", "");
    render(m);
  } else if (m.type === "refused") {
    say("message", m.message);
  } else if (m.type === "hint") {
    game.hint = m.card;
    say("message", "hint: " + m.text);
    if (game.view) renderHand(game.view);
  }
}

function seatLabel(v, s) {
  const seat = v.seats[s];
  return seat.name + (seat.player && seat.player !== seat.name ? " (" + seat.player + ")" : "") + (s === v.seat ? ", you" : "");
}

function render(v) {
  renderStatus(v);
  renderOthers(v);
  renderTrick(v);
  renderDecision(v);
  renderHand(v);
  renderDummy(v);
  renderScores(v);
  renderSheet(v);
  renderOver(v);
  renderTools(v);
}

function renderStatus(v) {
  let text = v.variant + ": hand " + v.hand_number + ", " + v.seats[v.dealer].name + " deals. ";
  if (v.over) text = v.variant + ": the game is over. ";
  else if (v.decision) text += "Your turn.";
  else if (v.acting >= 0) text += "Waiting for " + seatLabel(v, v.acting) + ".";
  if (v.error) text += " " + v.error;
  say("status", text);
}

function bidOf(v, s) {
  if (v.bid_by_team) return null;
  return v.bids[s];
}

function renderOthers(v) {
  const box = clear(document.getElementById("others"));
  v.seats.forEach((seat, s) => {
    const bid = bidOf(v, s);
    const words = seatLabel(v, s) + ": " + (bid === null || bid === undefined ? "no bid" : "bid " + bid) + ", " + seat.tricks + " tricks";
    const cls = "player" + (s === v.acting ? " acting" : "");
    box.append(el("div", { class: cls, "data-seat": seat.name, text: words }));
  });
}

// The trick under way (or the one just won, until the next card), each card with who played it.
function renderTrick(v) {
  const box = clear(document.getElementById("trick"));
  const t = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  if (!t) return;
  box.append(el("div", { class: "played", text: v.seats[t.leader].name + " leads" }));
  for (const c of t.cards) box.append(el("div", { class: "played" }, [drawCard(game.deck, c.card), el("div", { text: v.seats[c.seat].name })]));
  if (t.winner >= 0) box.append(el("div", { class: "played", text: v.seats[t.winner].name + " wins the trick" }));
}

function moveButton(m) {
  return el("button", { type: "button", "data-move": m.text, text: m.text, onclick: () => send({ type: "move", index: m.index }) });
}

function renderDecision(v) {
  const box = clear(document.getElementById("decision"));
  const d = v.decision;
  if (!d) return;
  if (d.kind === "play") {
    box.append(el("p", { text: d.for_dummy ? "Play a card for the dummy." : "Play a card: the marked ones may be played." }));
    return;
  }
  if (d.kind === "cards") {
    const n = game.chosen.size;
    box.append(el("p", { text: "Choose " + d.pick + " card" + (d.pick === 1 ? "" : "s") + " to " + d.verb + " " + d.to + "." }));
    box.append(el("button", { type: "button", id: "send-cards", text: d.verb + " " + n + " of " + d.pick, onclick: sendChosen }));
    return;
  }
  const ask = d.blind ? "Bid blind, before you see your cards, or look at them:" : d.kind === "bid" ? "Your bid:" : "Your choice:";
  box.append(el("p", { text: ask }));
  const row = el("div", { role: "group", "aria-label": ask });
  for (const m of d.moves) row.append(moveButton(m));
  box.append(row);
}

function sendChosen() {
  send({ type: "cards", cards: Array.from(game.chosen) });
  game.chosen.clear();
}

function cardAction(v, id) {
  const d = v.decision;
  if (!d) return say("reason", "it is not your turn");
  if (d.kind === "cards") {
    if (game.chosen.has(id)) game.chosen.delete(id);
    else if (game.chosen.size < d.pick) game.chosen.add(id);
    renderDecision(v);
    return renderHand(v);
  }
  if (d.kind !== "play") return;
  const why = v.cards.reasons && v.cards.reasons[String(id)];
  if (why) return say("reason", game.deck[id].text + ": " + why);
  send({ type: "cards", cards: [id] });
}

// A card of the hand: playable ones marked, others saying why not on focus, hover and click.
function handCard(v, id, playable, why) {
  const cls = (playable ? "playable" : why ? "barred" : "") + (game.chosen.has(id) ? " chosen" : "") + (game.hint === id ? " hinted" : "");
  const c = drawCard(game.deck, id, cls);
  c.tabIndex = 0;
  c.setAttribute("role", "button");
  const label = game.deck[id].text + (playable ? ", playable" : why ? ", not playable: " + why : "");
  c.setAttribute("aria-label", label);
  if (why) c.title = why;
  const explain = () => why && say("reason", game.deck[id].text + ": " + why);
  c.addEventListener("focus", explain);
  c.addEventListener("mouseenter", explain);
  c.addEventListener("click", () => cardAction(v, id));
  c.addEventListener("keydown", (e) => cardKey(e, v, id));
  return c;
}

// Enter or Space chooses the card; the arrows move along the hand.
function cardKey(e, v, id) {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    cardAction(v, id);
  } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    const next = e.key === "ArrowRight" ? e.target.nextElementSibling : e.target.previousElementSibling;
    if (next) next.focus();
  }
}

function renderHand(v) {
  const box = clear(document.getElementById("hand"));
  const cards = v.cards;
  if (cards.hand === null) {
    for (let i = 0; i < cards.held; i++) box.append(el("span", { class: "card back", "aria-hidden": "true" }));
    box.setAttribute("aria-label", "your hand: " + cards.held + " cards you have not looked at");
    return;
  }
  box.setAttribute("aria-label", "your hand");
  const playing = v.decision && v.decision.kind === "play" && !v.decision.for_dummy;
  const playable = new Set(playing ? cards.playable : []);
  const reasons = playing ? cards.reasons || {} : {};
  for (const id of sortCards(game.deck, cards.hand)) box.append(handCard(v, id, playable.has(id), reasons[String(id)]));
}

function renderDummy(v) {
  const box = clear(document.getElementById("dummy-hand"));
  if (v.dummy < 0) return;
  box.append(el("span", { text: "Dummy (" + v.seats[v.dummy].name + "): " }));
  const forDummy = v.decision && v.decision.for_dummy;
  const playable = new Set(forDummy ? v.cards.playable : []);
  const reasons = forDummy ? v.cards.reasons || {} : {};
  for (const id of sortCards(game.deck, v.dummy_cards)) {
    const c = forDummy ? handCard(v, id, playable.has(id), reasons[String(id)]) : drawCard(game.deck, id);
    box.append(c);
  }
}

function renderScores(v) {
  const t = clear(document.getElementById("scores"));
  const counters = v.scores.length ? Object.keys(v.scores[0].counters) : [];
  const head = ["side", "score"].concat(counters).concat(v.bid_by_team ? ["bid"] : []);
  t.append(el("tr", {}, head.map((h) => el("th", { text: h }))));
  v.scores.forEach((s, i) => {
    const row = [s.team, String(s.score)].concat(counters.map((c) => String(s.counters[c])));
    if (v.bid_by_team) row.push(v.bids[i] || "-");
    t.append(el("tr", {}, row.map((x) => el("td", { text: x }))));
  });
}

// After each hand: its points and what each scoring rule gave each side (as the terminal table says it).
function renderSheet(v) {
  const box = clear(document.getElementById("sheet"));
  for (const h of v.sheet) {
    const li = el("li", { text: "Hand " + h.hand + ": " });
    const ul = el("ul");
    for (const t of h.teams) ul.append(el("li", { text: t.team + " " + (t.points >= 0 ? "+" : "") + t.points + " (score " + t.score + ")" + (t.rules ? ": " + t.rules : "") }));
    li.append(ul);
    box.append(li);
  }
}

function renderOver(v) {
  const box = document.getElementById("over");
  box.hidden = !v.over;
  if (!v.over) return;
  const mine = v.over.winner_team >= 0 && v.seats[v.seat].team === v.over.winner_team;
  say("over-text", (v.over.winner ? v.over.winner + " win" : "No winner") + " (" + v.over.reason + ") after " + v.over.hands + (v.over.hands === 1 ? " hand." : " hands.") + (v.over.winner ? (mine ? " You win." : " You lose.") : ""));
  document.getElementById("download-record").href = "/api/record?token=" + encodeURIComponent(game.token);
  document.getElementById("download-pbn").href = "/api/record?format=pbn&token=" + encodeURIComponent(game.token);
}

function renderTools(v) {
  const blind = v.cards.hand === null && !v.over;
  document.getElementById("look").hidden = !blind;
  const asked = v.undo_asked_by >= 0 && !v.undo_agreed;
  document.getElementById("agree-undo").hidden = !asked;
  if (asked) say("message", v.seats[v.undo_asked_by].name + " asks to undo: agree?");
  if (game.showLast) renderLastTrick(v);
}

// The last trick won this hand: its cards and who won it.
function renderLastTrick(v) {
  const box = clear(document.getElementById("last-trick"));
  const done = v.tricks.filter((t) => t.winner >= 0);
  if (!done.length) return box.append(el("p", { text: "No trick has been won yet this hand." }));
  const t = done[done.length - 1];
  const words = t.cards.map((c) => v.seats[c.seat].name + " " + game.deck[c.card].text).join(", ");
  box.append(el("p", { text: "Last trick: " + words + "; " + v.seats[t.winner].name + " won it." }));
}

function startTable(token) {
  game.token = token;
  document.getElementById("table").hidden = false;
  document.getElementById("look").addEventListener("click", () => send({ type: "look" }));
  document.getElementById("hint").addEventListener("click", () => send({ type: "hint" }));
  document.getElementById("undo").addEventListener("click", () => send({ type: "undo" }));
  document.getElementById("agree-undo").addEventListener("click", () => send({ type: "agree_undo" }));
  document.getElementById("show-last").addEventListener("click", () => {
    game.showLast = !game.showLast;
    document.getElementById("last-trick").hidden = !game.showLast;
    if (game.view) renderLastTrick(game.view);
  });
  connect();
}

window.addEventListener("DOMContentLoaded", () => {
  setupFourColour();
  const m = /^#seat=([0-9a-f]+)$/.exec(location.hash);
  if (m) startTable(m[1]);
  else startLobby();
});
window.addEventListener("hashchange", () => location.reload());
