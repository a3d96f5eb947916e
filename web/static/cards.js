// Small helpers the lobby and the table share: elements built with text only (a user's words never reach
// innerHTML), and a card drawn from the variant's deck as the server describes it.
"use strict";

function el(tag, attrs, children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children || []) e.append(c);
  return e;
}

function clear(e) {
  while (e.firstChild) e.removeChild(e.firstChild);
  return e;
}

// A card: its rank and its suit's symbol (a joker by its name), red where the variant says, a class per
// suit for the four-colour deck.
function drawCard(deck, id, extra) {
  const c = deck[id];
  // the rank as the engine's notation writes it with the suit's symbol ("10" of "10♦"), a joker by its name
  const rank = c.symbol && c.text.endsWith(c.symbol) ? c.text.slice(0, c.text.length - c.symbol.length) : c.text;
  const cls = "card" + (c.red ? " red" : "") + (c.suit >= 0 ? " s" + c.suit : " joker") + (extra ? " " + extra : "");
  return el("span", { class: cls, "data-card": String(id), "aria-label": c.text }, [
    el("span", { class: "rank", text: rank, "aria-hidden": "true" }),
    el("span", { class: "suit", text: c.symbol || "", "aria-hidden": "true" }),
  ]);
}

// The hand in the order players hold it: trumps first, then the suits as the deck declares them, high to low.
function sortCards(deck, ids) {
  const key = (id) => [deck[id].trump ? -1 : deck[id].follow, -deck[id].power];
  return ids.slice().sort((a, b) => {
    const x = key(a), y = key(b);
    return x[0] - y[0] || x[1] - y[1];
  });
}

function setupFourColour() {
  const box = document.getElementById("four-colour");
  document.body.classList.toggle("four", localStorage.getItem("fourColour") === "1");
  if (!box) return;
  box.checked = localStorage.getItem("fourColour") === "1";
  document.body.classList.toggle("four", box.checked);
  box.addEventListener("change", () => {
    localStorage.setItem("fourColour", box.checked ? "1" : "0");
    document.body.classList.toggle("four", box.checked);
  });
}
