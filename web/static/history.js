// The history page: the server's finished games and each player's figures (GET /api/history). Every value a
// user or a variant wrote (names, a game's name) is set as text, never as markup.
"use strict";

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text === null || text === undefined ? "\u2013" : String(text);
  row.appendChild(td);
}

function showPlayers(players) {
  const body = document.querySelector("#players tbody");
  body.replaceChildren();
  for (const p of players) {
    const row = document.createElement("tr");
    cell(row, p.kind === "bot" ? p.player + " (bot)" : p.player);
    for (const k of ["games", "wins", "bids_made", "sets", "nils_made", "nils_failed", "bags"]) cell(row, p[k]);
    body.appendChild(row);
  }
}

function showGames(games, total) {
  const body = document.querySelector("#games tbody");
  body.replaceChildren();
  for (const g of games) {
    const row = document.createElement("tr");
    cell(row, g.played_at);
    cell(row, g.game + " (" + g.ruleset + ")");
    cell(row, g.hands);
    cell(row, Object.entries(g.score).map(([side, s]) => side + " " + s).join(", "));
    cell(row, g.winner);
    cell(row, g.seats.map((s) => s.seat + " " + s.player).join(", "));
    body.appendChild(row);
  }
  document.getElementById("games-total").textContent =
    total === games.length ? total + " games" : "the newest " + games.length + " of " + total + " games";
}

async function load() {
  const params = new URLSearchParams();
  for (const id of ["ruleset", "player"]) {
    const v = document.getElementById(id).value.trim();
    if (v) params.set(id, v);
  }
  const error = document.getElementById("history-error");
  error.textContent = "";
  const res = await fetch("/api/history?" + params.toString());
  const data = await res.json();
  if (!res.ok) {
    error.textContent = data.error;
    showPlayers([]);
    showGames([], 0);
    return;
  }
  showPlayers(data.players);
  showGames(data.games, data.total);
}

document.getElementById("filter").addEventListener("submit", (e) => {
  e.preventDefault();
  load();
});
load();
