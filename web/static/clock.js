// The clocks: the page's own against the engine, the server's in a shared
// game.

import { S } from "./state.js";
import { $, showError } from "./dom.js";
import { gameApi } from "./api.js";
import { save } from "./record.js";
import { numOf } from "./settings.js";
import { setGame } from "./game.js";
import { render } from "./render.js";
import { renderClaim } from "./share.js";

export function initClock() {
  if ($("tc-kind").value !== "clock") {
    S.clock = null;
    return;
  }
  const base = Math.round(numOf("clock-base", 5) * 60000);
  const inc = Math.round(parseFloat($("clock-inc").value || "0") * 1000) || 0;
  S.clock = { white: base, black: base, base, inc, turn: "white", since: Date.now(), plies: 0, flag: null, hist: [{ white: base, black: base }] };
}

// clockAfterChange charges a move to the mover's clock; after a takeback
// the clock stands as it stood at that ply again (a fallen flag is
// forgotten, and so is the loss on time).
export function clockAfterChange() {
  const c = S.clock;
  if (!c || !S.game || c.server) return;
  const g = S.game;
  if (!c.hist) c.hist = [];
  if (c.plies === g.plies && c.turn === g.side) return;
  const now = Date.now();
  if (g.plies === c.plies + 1 && !c.flag) {
    c[c.turn] -= now - c.since; // the mover's time, then the increment
    c[c.turn] += c.inc;
  } else if (g.plies < c.plies) {
    const h = c.hist[g.plies];
    if (h) Object.assign(c, { white: h.white, black: h.black });
    c.flag = null;
  }
  c.turn = g.side;
  c.since = now;
  c.plies = g.plies;
  c.hist.length = g.plies;
  c.hist[g.plies] = { white: c.white, black: c.black };
}

export function clockLeft(side) {
  const c = S.clock;
  return c[side] - (c.turn === side && !c.flag && !S.game.verdict.over && c.running !== false ? Date.now() - c.since : 0);
}

// serverClock takes a shared game's clock from the server's state: the
// time left when the state was made, running for one side (a reload or a
// reconnection reads it again, so no time is lost or gained).
export function serverClock(st) {
  if (!S.shared) return;
  const c = st.shared && st.shared.clock;
  if (!c) {
    S.clock = null;
    return;
  }
  S.clock = { white: c.white, black: c.black, base: c.base, inc: c.inc, turn: c.running || st.side, running: !!c.running,
    since: Date.now(), plies: st.plies, flag: null, server: true };
}

export function tickClock() {
  renderClaim();
  const c = S.clock;
  if (!c || !S.game) return;
  // A shared game's flag is the server's: it says so in a state.
  if (!c.server && !c.flag && !S.game.verdict.over && clockLeft(c.turn) <= 0) {
    c[c.turn] = 0;
    c.flag = c.turn;
    save();
    flagFell(c.turn);
    render();
  }
  for (const el of document.querySelectorAll(".clock[data-side]")) {
    el.textContent = fmtClock(clockLeft(el.dataset.side));
  }
}

// flagFell records the loss on time with the server, which stops the
// engine if it is thinking (its move is then not played).
async function flagFell(side) {
  S.thinking = false;
  S.engineAbort = null;
  try {
    setGame(await gameApi("POST", "/result", { result: side === "white" ? "0-1" : "1-0", termination: "time forfeit" }));
  } catch (e) {
    showError(e);
  }
}

export function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  const tenth = ms < 10000 ? `.${Math.floor((ms % 1000) / 100)}` : "";
  return `${m}:${String(s % 60).padStart(2, "0")}${tenth}`;
}
