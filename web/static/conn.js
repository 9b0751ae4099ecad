// The connection's state as the page shows it: connected, reconnecting
// (the event stream went quiet or a request met no answer), or offline
// with the player's move waiting to be sent (a move is sent again until
// the server answers; it carries its ply, so it is never played twice).

import { S } from "./state.js";
import { $ } from "./dom.js";
import { render } from "./render.js";

const PENDING = "senapati.pending";

export function setConn(state) {
  if (S.conn === state) return;
  S.conn = state;
  if (state === "reconnecting" && !S.connLost) {
    S.connLost = Date.now();
    S.lostHeard = S.esHeard; // the stream's last word before, for the tests' measure
  }
  if (state === "connected") S.connLost = 0;
  renderConn();
  if (S.pending) render(); // the status says where the move stands
}

export function renderConn() {
  const el = $("conn");
  if (!el) return;
  let state = S.conn;
  let text = state === "connected" ? "connected" : "reconnecting…";
  if (S.pending && state !== "connected") {
    state = "offline";
    text = "offline, your move is waiting";
  } else if (S.pending) {
    text = "connected, sending your move…";
  }
  el.dataset.state = state;
  el.textContent = text;
  el.title = state === "connected" ? "the server answers" : "the page tries again by itself";
}

// The move waiting to be sent stays in this tab's storage, so a reload
// during the outage sends it once the network is back.
export function keepPending(p) {
  S.pending = p;
  if (p) sessionStorage.setItem(PENDING, JSON.stringify(p));
  else sessionStorage.removeItem(PENDING);
  renderConn();
}

export function keptPending(gameId) {
  try {
    const p = JSON.parse(sessionStorage.getItem(PENDING) || "null");
    return p && p.game === gameId ? p : null;
  } catch (e) {
    return null;
  }
}
