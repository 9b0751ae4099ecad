// The engine settings panel: what the browser remembers and the search
// limits and strength asked of the server.

import { S } from "./state.js";
import { $ } from "./dom.js";

const SETTINGS_KEY = "senapati.settings";

// The engine settings the browser remembers.
export const SETTINGS = ["tc-kind", "movetime", "clock-base", "clock-inc", "depth", "threads", "multipv", "strength-kind", "skill", "elo", "review-depth"];

export function saveSettings() {
  const s = {};
  for (const id of SETTINGS) s[id] = $(id).value;
  s.analyse = $("analyse").checked;
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

export function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    for (const [id, v] of Object.entries(s)) if ($(id) && id !== "analyse") $(id).value = v;
    $("analyse").checked = !!s.analyse;
    S.analysing = !!s.analyse;
  } catch (e) {
    /* settings are a convenience */
  }
  showTimeControl();
  showStrength();
}

export function searchParams() {
  const p = { threads: intOf("threads", 1), multipv: intOf("multipv", 1) };
  switch ($("tc-kind").value) {
    case "depth":
      p.depth = intOf("depth", 6);
      break;
    case "clock": {
      const c = S.clock;
      const now = Date.now();
      const left = (side) => Math.max(1, Math.round(c[side] - (c.turn === side ? now - c.since : 0)));
      Object.assign(p, { wtime: left("white"), btime: left("black"), winc: c.inc, binc: c.inc, base: c.base, inc: c.inc });
      break;
    }
    default:
      p.movetime = Math.max(50, Math.round(numOf("movetime", 1) * 1000));
  }
  // Out of range, the server says what is allowed.
  const level = (id, def) => {
    const n = parseInt($(id).value, 10);
    return Number.isFinite(n) ? n : def;
  };
  switch ($("strength-kind").value) {
    case "skill":
      p.skill = level("skill", 10);
      break;
    case "elo":
      p.elo = level("elo", 1500);
      break;
  }
  return p;
}

export function intOf(id, def) {
  const n = parseInt($(id).value, 10);
  return Number.isFinite(n) && n > 0 ? n : def;
}

export function numOf(id, def) {
  const n = parseFloat($(id).value);
  return Number.isFinite(n) && n > 0 ? n : def;
}

export function showTimeControl() {
  const kind = $("tc-kind").value;
  for (const el of document.querySelectorAll("[data-tc]")) el.hidden = el.dataset.tc !== kind;
}

export function showStrength() {
  const kind = $("strength-kind").value;
  for (const el of document.querySelectorAll("[data-strength]")) el.hidden = el.dataset.strength !== kind;
  $("skill-value").textContent = $("skill").value;
}
