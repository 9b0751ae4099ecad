// A shared game: two people on two machines, each seat with its link.

import { S } from "./state.js";
import { $, escapeHTML, showError } from "./dom.js";
import { api, gameApi } from "./api.js";
import { record } from "./record.js";
import { secondClick, setGame, stopEngine } from "./game.js";
import { copyText } from "./copy.js";
import { sideName } from "./render.js";

function shareLink(token) {
  return `${location.origin}/?game=${encodeURIComponent(S.game.id)}&token=${encodeURIComponent(token)}`;
}

// startShare makes a shared game of this one as it stands, with the
// server's clock, and seats this page as the side chosen; the other links
// are for the opponent and the spectators.
export async function startShare() {
  $("share-error").textContent = "";
  const g = S.game;
  const seat = $("share-seat").value;
  const minutes = parseFloat($("share-base").value) || 0;
  const inc = parseFloat($("share-inc").value) || 0;
  const share = minutes > 0 ? { base: Math.round(minutes * 60000), inc: Math.round(inc * 1000) } : {};
  try {
    const st = await api("POST", "/api/games", { variant: g.variant, fen: g.startFen, moves: record().moves, tags: g.tags || {}, share });
    stopEngine();
    // The links live in this tab too, so a reload keeps them to hand on.
    sessionStorage.setItem(`senapati.share.${st.id}`, JSON.stringify(st.tokens));
    joinShared(st, { token: st.tokens[seat], seat, links: st.tokens });
  } catch (e) {
    $("share-error").textContent = e.message;
  }
}

// joinShared shows a shared game from a seat; the address keeps its link,
// so a reload comes back to it.
export function joinShared(st, shared) {
  let kept = {};
  try {
    kept = JSON.parse(sessionStorage.getItem(`senapati.share.${st.id}`) || "{}");
  } catch (e) {
    /* the links are a convenience */
  }
  shared.links = Object.assign({}, kept, shared.links || {});
  S.shared = shared;
  S.mode = "shared";
  S.flipped = shared.seat === "black";
  S.pgn = null;
  history.replaceState(null, "", `/?game=${encodeURIComponent(st.id)}&token=${encodeURIComponent(shared.token)}`);
  setGame(st);
}

// leaveShared goes back to this browser's own games.
export function leaveShared() {
  if (!S.shared) return;
  S.shared = null;
  S.clock = null;
  if (S.mode === "shared") S.mode = "humans";
  history.replaceState(null, "", location.pathname);
}

function loopbackPage() {
  return ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname) || location.hostname.startsWith("127.");
}

export async function resign() {
  if (!secondClick($("resign"))) return;
  try {
    setGame(await gameApi("POST", "/result", { result: S.shared.seat === "white" ? "0-1" : "1-0", termination: "normal" }));
  } catch (e) {
    showError(e);
  }
}

export function renderShare() {
  const sh = S.shared;
  $("share-new").hidden = !!sh;
  $("resign").hidden = !sh || sh.seat === "spectator" || S.game.verdict.over;
  const line = $("share-seat-line");
  const links = $("share-links");
  if (!sh) {
    line.textContent = "";
    links.innerHTML = "";
    links.dataset.key = "";
    $("share-note").textContent = "";
    return;
  }
  $("share").open = true;
  line.dataset.seat = sh.seat;
  line.textContent = sh.seat === "spectator" ? "You are watching this shared game." : `You play ${sideName(sh.seat)} in this shared game.`;
  const names = { white: "White", black: "Black", spectator: "Spectators" };
  const rows = [];
  for (const seat of ["white", "black", "spectator"]) {
    const tok = sh.links[seat];
    if (!tok || seat === sh.seat) continue;
    rows.push(`<div class="link" data-seat="${seat}"><span>${names[seat]}</span><input readonly value="${escapeHTML(shareLink(tok))}" aria-label="${names[seat]}'s link"><button type="button" data-copy="${seat}">Copy</button></div>`);
  }
  // Drawn again only when they change, so a selection in them stays.
  const key = rows.join("");
  if (links.dataset.key !== key) {
    links.dataset.key = key;
    links.innerHTML = rows.length ? `<div class="hint">Each link seats whoever opens it; keep the players' links to the players.</div>${key}` : "";
    for (const b of links.querySelectorAll("[data-copy]")) {
      b.addEventListener("click", () => copyText(b.previousElementSibling.value, `${names[b.dataset.copy]}'s link`));
    }
  }
  $("share-note").textContent = loopbackPage()
    ? "This page is open at a loopback address, which another machine cannot reach: serve the board on the network (senapati play -addr 0.0.0.0:8080) and open it at this machine's address before you send a link."
    : "";
}
