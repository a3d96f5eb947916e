// The simulation's results drawn as SVG by hand: each side's win rate with its 95% interval (Wilson's), and
// the distribution of its hand scores; the tallies per hand in a table.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The Wilson score interval at 95% for `wins` of `n`.
function wilson(wins, n) {
  if (n === 0) return [0, 0];
  const z = 1.959963984540054, p = wins / n, d = 1 + (z * z) / n;
  const mid = (p + (z * z) / (2 * n)) / d, half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

function winChart(data) {
  const w = 420, row = 34, h = row * data.teams.length + 30;
  const s = svg("svg", { viewBox: "0 0 " + w + " " + h, width: w, height: h, role: "img", "aria-label": "win rates with 95% intervals" });
  const x = (p) => 60 + p * (w - 230);
  data.teams.forEach((team, i) => {
    const rate = data.wins[i] / data.games, [lo, hi] = wilson(data.wins[i], data.games), y = 10 + i * row;
    s.append(svg("text", { x: 0, y: y + 16 }, team));
    s.append(svg("rect", { x: x(0), y: y, width: x(rate) - x(0), height: 22, fill: "#2e7d4f" }));
    s.append(svg("line", { x1: x(lo), x2: x(hi), y1: y + 11, y2: y + 11, stroke: "#111", "stroke-width": 2 }));
    s.append(svg("text", { x: x(1) + 8, y: y + 16, "font-size": 12 }, (100 * rate).toFixed(1) + "% (" + (100 * lo).toFixed(1) + "-" + (100 * hi).toFixed(1) + ")"));
  });
  s.append(svg("line", { x1: x(0.5), x2: x(0.5), y1: 4, y2: h - 20, stroke: "#999", "stroke-dasharray": "3 3" }));
  s.append(svg("text", { x: x(0.5) - 10, y: h - 6, "font-size": 11 }, "50%"));
  return s;
}

// Hand scores in bins of equal width, a colour per side.
function scoreChart(data) {
  const all = data.hand_scores.flat();
  if (!all.length) return svg("svg", {});
  const lo = Math.min(...all), hi = Math.max(...all), bins = 20, width = Math.max(1, Math.ceil((hi - lo + 1) / bins));
  const counts = data.hand_scores.map((xs) => {
    const c = new Array(bins).fill(0);
    for (const x of xs) c[Math.min(bins - 1, Math.floor((x - lo) / width))]++;
    return c;
  });
  const top = Math.max(...counts.flat(), 1), w = 360, h = 180, bw = (w - 40) / bins / counts.length;
  const s = svg("svg", { viewBox: "0 0 " + w + " " + h, width: w, height: h, role: "img", "aria-label": "distribution of hand scores" });
  const colours = ["#2e7d4f", "#1646b8", "#c0141c", "#8a5a00", "#6a1b9a", "#00838f", "#555", "#d81b60"];
  counts.forEach((c, t) =>
    c.forEach((n, b) => {
      const bh = ((h - 40) * n) / top;
      s.append(svg("rect", { x: 30 + (b * counts.length + t) * bw, y: h - 25 - bh, width: bw, height: bh, fill: colours[t % colours.length] }));
    }));
  s.append(svg("text", { x: 30, y: h - 8, "font-size": 11 }, String(lo)));
  s.append(svg("text", { x: w - 40, y: h - 8, "font-size": 11 }, String(lo + bins * width - 1)));
  data.teams.forEach((team, t) => s.append(svg("text", { x: 40 + 60 * t, y: 12, "font-size": 12, fill: colours[t % colours.length] }, team)));
  return s;
}

function tallyTable(data) {
  const t = el("table", { class: "tallies" });
  t.append(el("tr", {}, [el("th", { text: "per hand" })].concat(data.teams.map((n) => el("th", { text: n })))));
  data.tally_names.forEach((name, k) => {
    const cells = data.teams.map((_, i) => el("td", { text: (data.tallies[i][k] / Math.max(1, data.hands)).toFixed(3) }));
    t.append(el("tr", {}, [el("th", { text: name })].concat(cells)));
  });
  return t;
}

function drawResults(box, data) {
  box.append(el("p", { text: data.variant + ": " + data.games + " games, " + data.hands + " hands, seed " + data.seed + "; draws " + data.draws + ", stopped " + data.stopped }));
  box.append(el("h3", { text: "Win rates (95% intervals)" }), winChart(data));
  box.append(el("h3", { text: "Hand scores" }), scoreChart(data));
  if (data.tally_names.length) box.append(el("h3", { text: "Tallies" }), tallyTable(data));
}
