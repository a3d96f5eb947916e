// The workbench: the text checked, explained and compared with its base as you type; "play it" opens the lobby
// with the text pasted; "simulate it" lets rule-following bots play it and charts the results.
"use strict";

const bench = { timer: null, asked: 0 };

function source() {
  return document.getElementById("source").value;
}

async function describe() {
  const asked = ++bench.asked;
  const res = await fetch("/api/describe", { method: "POST", body: source() });
  const data = await res.json();
  if (asked !== bench.asked) return;  // an answer to an older text
  const box = clear(document.getElementById("diagnostics"));
  if (!res.ok) return box.append(el("p", { class: "error", text: data.error }));
  if (!data.ok) return showDiagnostics(box, data.diagnostics);
  box.append(el("p", { class: "ok", text: "ok: " + data.variant.name + (data.variant.about ? ": " + data.variant.about : "") }));
  if (!data.described) return;
  document.getElementById("explain").textContent = data.described.explain;
  document.getElementById("diff").textContent = data.described.diff || "(it extends no ruleset)";
}

function showDiagnostics(box, diagnostics) {
  for (const d of diagnostics) {
    const where = d.in_text ? "line " + d.line + ", column " + d.col + ": " : "";
    box.append(el("p", { class: "error", text: where + d.message }), el("pre", { class: "diagnostic", text: d.rendered }));
  }
}

function edited() {
  clearTimeout(bench.timer);
  bench.timer = setTimeout(describe, 300);
}

async function simulate() {
  const box = clear(document.getElementById("sim-result"));
  box.append(el("p", { text: "the bots are playing..." }));
  const games = Number(document.getElementById("games").value);
  const res = await fetch("/api/simulate", { method: "POST", body: JSON.stringify({ text: source(), games: games }) });
  const data = await res.json();
  clear(box);
  if (!res.ok) return box.append(el("p", { class: "error", text: data.error || "the variant has errors" }));
  drawResults(box, data);
}

function playIt() {
  sessionStorage.setItem("pasted", source());
  location.href = "/#paste";
}

window.addEventListener("DOMContentLoaded", () => {
  setupFourColour();
  document.getElementById("source").addEventListener("input", edited);
  document.getElementById("simulate-it").addEventListener("click", simulate);
  document.getElementById("play-it").addEventListener("click", playIt);
  describe();
});
