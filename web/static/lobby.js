// The lobby: a ruleset with its sentence and options, or a pasted variant checked as `spades check` checks it;
// a person or a bot at each seat; then the table opened and each person's invitation link shown.
"use strict";

const lobby = { rulesets: [], bots: [], pasted: null, mode: "ruleset" };

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", body: body });
  const data = await res.json();
  return { ok: res.ok, data: data };
}

function currentVariant() {
  if (lobby.mode === "paste") return lobby.pasted;
  return lobby.rulesets.find((r) => r.id === document.getElementById("ruleset").value);
}

function showOptions(v) {
  const box = clear(document.getElementById("options"));
  if (lobby.mode === "paste" || !v) return;
  for (const o of v.options) {
    const id = "opt-" + o.name;
    let input;
    if (o.values.length > 0) {
      input = el("select", { id: id, "data-option": o.name });
      for (const x of o.values) input.append(el("option", { value: x, text: x }));
      input.value = o.default;
    } else {
      input = el("input", { id: id, type: "text", value: o.default, "data-option": o.name });
    }
    box.append(el("label", { for: id, text: o.name + " (" + o.allowed + "): " + o.about }), input);
  }
}

function showSeats(v) {
  const box = clear(document.getElementById("seats"));
  if (!v) return;
  v.seats.forEach((name, i) => {
    if (i === v.dummy) {
      box.append(el("div", { class: "seat-row" }, [el("span", { text: name }), el("em", { text: "the dummy: played by a player each hand" })]));
      return;
    }
    const kind = el("select", { id: "seat-kind-" + i, "aria-label": "who sits at " + name });
    // the server's outside bots (registered by its operator) after the built-in ones
    const outside = lobby.bots.filter((b) => b !== "mc" && b !== "rule").map((b) => [b, b + " (outside bot)"]);
    for (const [value, text] of [["person", "a person"], ["mc", "Monte Carlo bot"], ["rule", "rule-following bot"], ...outside])
      kind.append(el("option", { value: value, text: text }));
    kind.value = i === firstSeat(v) ? "person" : "mc";
    const who = el("input", { id: "seat-name-" + i, type: "text", maxlength: "40", placeholder: "name", "aria-label": "name at " + name });
    box.append(el("div", { class: "seat-row" }, [el("span", { text: name }), kind, who]));
  });
}

// The host's own seat: S where there is one (as at the terminal), else the first that is no dummy.
function firstSeat(v) {
  const s = v.seats.indexOf("S");
  if (s >= 0 && s !== v.dummy) return s;
  return v.dummy === 0 ? 1 : 0;
}

function pickRuleset() {
  const v = currentVariant();
  document.getElementById("ruleset-about").textContent = v ? v.about || v.name : "";
  showOptions(v);
  showSeats(v);
}

function setMode(mode) {
  lobby.mode = mode;
  document.getElementById("pane-ruleset").hidden = mode !== "ruleset";
  document.getElementById("pane-paste").hidden = mode !== "paste";
  document.getElementById("tab-ruleset").setAttribute("aria-selected", String(mode === "ruleset"));
  document.getElementById("tab-paste").setAttribute("aria-selected", String(mode === "paste"));
  pickRuleset();
}

function showDiagnostics(box, diagnostics) {
  for (const d of diagnostics) {
    const where = d.in_text ? "line " + d.line + ", column " + d.col + ": " : "";
    box.append(el("p", { class: "error", text: where + d.message }), el("pre", { class: "diagnostic", text: d.rendered }));
  }
}

async function checkText() {
  const box = clear(document.getElementById("paste-result"));
  const r = await api("/api/check", document.getElementById("variant-text").value);
  lobby.pasted = r.ok && r.data.ok ? r.data.variant : null;
  if (!r.ok) box.append(el("p", { class: "error", text: r.data.error }));
  else if (!r.data.ok) showDiagnostics(box, r.data.diagnostics);
  else box.append(el("p", { class: "ok", text: "ok: " + r.data.variant.name + (r.data.variant.about ? ": " + r.data.variant.about : "") }));
  pickRuleset();
}

function tableRequest(v) {
  const req = { seats: [] };
  if (lobby.mode === "paste") req.text = document.getElementById("variant-text").value;
  else req.ruleset = v.id;
  req.options = {};
  for (const input of document.querySelectorAll("#options [data-option]")) req.options[input.dataset.option] = input.value;
  v.seats.forEach((_, i) => {
    if (i === v.dummy) return req.seats.push({ player: "rule" });
    req.seats.push({ player: document.getElementById("seat-kind-" + i).value, name: document.getElementById("seat-name-" + i).value });
  });
  return req;
}

async function openTable() {
  const err = clear(document.getElementById("lobby-error"));
  const v = currentVariant();
  if (!v) return (err.textContent = "choose a ruleset, or paste a variant that checks");
  const r = await api("/api/tables", JSON.stringify(tableRequest(v)));
  if (!r.ok) return (err.textContent = r.data.error);
  const links = clear(document.getElementById("links"));
  let mine = null;
  for (const s of r.data.seats) {
    if (!s.token) continue;
    const url = location.origin + "/#seat=" + s.token;
    if (!mine) mine = url;
    links.append(el("li", {}, [el("strong", { text: s.seat + " (" + s.name + "): " }), el("a", { href: url, text: url, "data-seat": s.seat })]));
  }
  document.getElementById("invitations").hidden = false;
  const go = document.getElementById("go-table");
  go.href = mine;
  go.focus();
}

async function startLobby() {
  document.getElementById("lobby").hidden = false;
  const r = await api("/api/rulesets");
  lobby.rulesets = r.data.rulesets;
  lobby.bots = r.data.bots || [];
  const select = document.getElementById("ruleset");
  for (const v of lobby.rulesets) select.append(el("option", { value: v.id, text: v.id + ": " + v.name }));
  if (lobby.rulesets.some((v) => v.id === "standard")) select.value = "standard";
  select.addEventListener("change", pickRuleset);
  document.getElementById("tab-ruleset").addEventListener("click", () => setMode("ruleset"));
  document.getElementById("tab-paste").addEventListener("click", () => setMode("paste"));
  document.getElementById("check-text").addEventListener("click", checkText);
  document.getElementById("open-table").addEventListener("click", openTable);
  pickRuleset();
  // "play it" on the workbench: its text, pasted
  const pasted = sessionStorage.getItem("pasted");
  if (location.hash === "#paste" && pasted !== null) {
    document.getElementById("variant-text").value = pasted;
    setMode("paste");
    checkText();
  }
}
