// A shared game: two people on two machines, each seat with its link.

import { S } from "./state.js";
import { $, escapeHTML, showError } from "./dom.js";
import { api, gameApi } from "./api.js";
import { record } from "./record.js";
import { newGame, secondClick, setGame, stopEngine } from "./game.js";
import { copyText } from "./copy.js";
import { render, sideName } from "./render.js";

function shareLink(token, id = S.game.id) {
  return `${location.origin}/?game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

// The player's name, remembered by the browser, goes into the PGN of
// the games it plays shared.
const NAME_KEY = "senapati.name";
export function playerName() {
  return (localStorage.getItem(NAME_KEY) || "").trim();
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
  const tags = Object.assign({}, g.tags || {});
  if (playerName()) tags[seat === "white" ? "White" : "Black"] = playerName();
  try {
    const st = await api("POST", "/api/games", { variant: g.variant, fen: g.startFen, moves: record().moves, tags, share });
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
  sendName();
}

// sendName names this seat's player in the game, once the browser knows
// a name and the game does not hold it yet.
async function sendName() {
  const sh = S.shared;
  const name = playerName();
  if (!sh || sh.seat === "spectator" || !name) return;
  const tag = sh.seat === "white" ? "White" : "Black";
  if ((S.game.tags || {})[tag] === name) return;
  try {
    setGame(await gameApi("POST", "/name", { name }));
  } catch (e) {
    $("share-error").textContent = e.message;
  }
}

export function nameChanged() {
  localStorage.setItem(NAME_KEY, $("share-name").value.trim());
  sendName();
}

// seatOffer makes this seat's offer to the other (a draw, a takeback, a
// rematch); the other page shows it at once.
export async function seatOffer(kind) {
  $("share-error").textContent = "";
  try {
    setGame(await gameApi("POST", "/offer", { kind }));
  } catch (e) {
    showError(e);
  }
}

// answerOffer accepts or declines the other seat's offer; accepting a
// draw or a takeback cannot be undone, so it takes two clicks.
export async function answerOffer(accept) {
  const kind = $("offer-bar").dataset.kind;
  if (accept && kind !== "rematch" && !secondClick($("offer-accept"), "Click again to accept")) return;
  try {
    setGame(await gameApi("POST", "/answer", { kind, accept }));
  } catch (e) {
    showError(e);
  }
}

export async function claim(result) {
  const b = $(result === "win" ? "claim-win" : "claim-draw");
  if (!secondClick(b, "Click again to claim")) return;
  try {
    setGame(await gameApi("POST", "/claim", { result }));
  } catch (e) {
    showError(e);
  }
}

// followRematch takes this page to the rematch its seats agreed: its
// own seat's new link is read from the old game (never sent to all).
let following = "";
export async function followRematch() {
  const sh = S.shared;
  const next = S.game && S.game.shared && S.game.shared.rematch;
  if (!sh || !next || following === next) return;
  following = next;
  try {
    const old = await gameApi("GET", "");
    const token = old.tokens && old.tokens.rematch;
    if (!token) return;
    const st = await api("GET", `/api/games/${encodeURIComponent(next)}?token=${encodeURIComponent(token)}`);
    joinShared(st, { token, seat: st.seat, links: st.tokens || {} });
  } catch (e) {
    following = "";
    showError(e);
  }
}

// askLeave runs start (a new game) at once, unless this page plays a
// shared game still going: then it asks first whether to resign it or
// leave it going (the clock runs on the server), or not to start.
export function askLeave(start) {
  const sh = S.shared;
  if (!sh || sh.seat === "spectator" || S.game.verdict.over) {
    start();
    return true;
  }
  const d = $("leave-dialog");
  $("leave-link").value = shareLink(sh.token);
  const close = (go) => {
    d.close();
    $("leave-resign").onclick = $("leave-keep").onclick = $("leave-cancel").onclick = null;
    if (go) start();
    else render();
  };
  $("leave-resign").onclick = async () => {
    if (!secondClick($("leave-resign"), "Click again to resign")) return;
    try {
      await gameApi("POST", "/result", { result: sh.seat === "white" ? "0-1" : "1-0", termination: "normal" });
      close(true);
    } catch (e) {
      showError(e);
      close(false);
    }
  };
  $("leave-keep").onclick = () => close(true);
  $("leave-cancel").onclick = () => close(false);
  d.showModal();
  return false;
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

const KIND_WORDS = { draw: "a draw", takeback: "to take back a move", rematch: "a rematch, colours swapped" };

// renderOffers shows the offer standing between the seats: the other
// seat's with Accept and Decline, this seat's as waiting, the last one
// declined as a note.
function renderOffers() {
  const bar = $("offer-bar");
  const sh = S.shared;
  const v = S.game.shared || {};
  const offers = v.offers || {};
  let text = "";
  let kind = "";
  let answer = false;
  if (sh) {
    for (const k of ["draw", "takeback", "rematch"]) {
      const by = offers[k];
      if (!by) continue;
      kind = k;
      if (sh.seat === "spectator") text = `${sideName(by)} offers ${KIND_WORDS[k]}.`;
      else if (by === sh.seat) text = `You offered ${KIND_WORDS[k]}: waiting for ${sideName(by === "white" ? "black" : "white")}.`;
      else {
        text = `${sideName(by)} offers ${KIND_WORDS[k]}.`;
        answer = true;
      }
      if (answer) break;
    }
    if (!text && v.declined) {
      kind = "declined";
      text = `${sideName(v.declined.by)} declines the ${v.declined.kind === "takeback" ? "takeback" : v.declined.kind}.`;
    }
  }
  bar.hidden = !text;
  if (bar.dataset.kind !== kind || $("offer-text").textContent !== text) {
    bar.dataset.kind = kind;
    $("offer-text").textContent = text;
    $("offer-accept").hidden = $("offer-decline").hidden = !answer;
    const a = $("offer-accept");
    if (a.dataset.armed) {
      delete a.dataset.armed;
      a.textContent = "Accept";
    }
  }
}

// renderClaim says how long the opponent has been gone, and once it is
// long enough offers the claim (kept up to date by the clock's tick).
export function renderClaim() {
  const sh = S.shared;
  const v = S.game && S.game.shared;
  const row = $("claim-row");
  const mine = sh && sh.seat !== "spectator" && v && !S.game.verdict.over;
  const other = mine && (sh.seat === "white" ? "black" : "white");
  const away = mine && v.away && v.away[other];
  if (typeof away !== "number") {
    row.hidden = true;
    return;
  }
  const gone = away + (Date.now() - S.gameAt);
  const wait = Math.max(0, v.claimAfter - gone);
  row.hidden = false;
  const secs = Math.floor(gone / 1000);
  $("claim-note").textContent = wait > 0
    ? `${sideName(other)} left ${secs} s ago: you may claim the game in ${Math.ceil(wait / 1000)} s.`
    : `${sideName(other)} left the game ${secs} s ago.`;
  $("claim-win").hidden = $("claim-draw").hidden = wait > 0;
}

export function renderShare() {
  const sh = S.shared;
  $("share-new").hidden = !!sh;
  const player = !!sh && sh.seat !== "spectator";
  const over = S.game.verdict.over;
  $("resign").hidden = !player || over;
  $("seat-actions").hidden = !player;
  $("seat-draw").hidden = $("seat-takeback").hidden = over;
  const offers = (S.game.shared && S.game.shared.offers) || {};
  $("seat-draw").disabled = !!offers.draw;
  // A seat takes back its own last move (and the answer to it).
  $("seat-takeback").disabled = !!offers.takeback || S.game.plies < (player && S.game.side === sh.seat ? 2 : 1);
  $("seat-rematch").hidden = !over || !!(S.game.shared && S.game.shared.rematch);
  $("seat-rematch").disabled = !!offers.rematch;
  if (document.activeElement !== $("share-name")) $("share-name").value = playerName();
  renderOffers();
  renderClaim();
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
