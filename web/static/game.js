// The game's flow: taking a new state, the player's and the engine's moves,
// stepping through the line, a new game, the result buttons.

import { S } from "./state.js";
import { $, clearError, showError } from "./dom.js";
import { api, gameApi } from "./api.js";
import { save } from "./record.js";
import { searchParams } from "./settings.js";
import { openEvents } from "./events.js";
import { maybeAnalyse, setBar, stopAnalysis } from "./analysis.js";
import { followRematch, leaveShared } from "./share.js";
import { moveSound } from "./sound.js";
import { clockAfterChange, clockLeft, initClock, serverClock } from "./clock.js";
import { render } from "./render.js";
import { keepPending, keptPending } from "./conn.js";
import { playPremove } from "./premove.js";

// setGame takes a new state of the game; ply, when given and short of
// the end, is the ply to show instead of the end (a move in a variation
// with more after it), and then the engine does not move.
export function setGame(st, ply) {
  const newId = !S.game || S.game.id !== st.id;
  // An answer the event stream overtook (the other seat's reply, a
  // premove made on it, came first) is older than the state held: taking
  // it would put the board back a move.
  if (!newId && st.version < S.game.version) {
    render();
    return;
  }
  // Another game, or this one started again: its search is not this one's.
  if (newId || S.game.epoch !== st.epoch) forgetSearch();
  S.game = st;
  S.gameAt = Date.now();
  S.view = st;
  resetSelection();
  clockAfterChange();
  serverClock(st);
  save();
  if (newId) openEvents();
  if (ply !== undefined && ply < st.plies) {
    goto(ply);
    return;
  }
  render();
  maybeEngine();
  maybeAnalyse();
  followRematch();
  playPremove();
}

// forgetSearch drops the lines, chances and bar of a search of another
// game (or of this one before it started again).
export function forgetSearch() {
  S.lines = [];
  S.evals = new Map();
  S.review = null;
  S.analysisKey = null;
  setBar(null);
}

// stopEngine gives up an engine move being asked for: the server plays
// nothing when its request goes away.
export function stopEngine() {
  if (S.engineAbort) S.engineAbort.abort();
  S.engineAbort = null;
  S.thinking = false;
}

export function resetSelection() {
  S.selected = null;
  S.arrivals = [];
  S.callMode = false;
  S.promotion = null;
}

export function engineSide() {
  return S.mode === "white" ? "black" : S.mode === "black" ? "white" : null;
}

export function atEnd() {
  return S.view.ply === S.game.plies;
}

export function humanCanMove() {
  return !whyNoMove();
}

// whyNoMove says why the player may not move now ("" when they may), for
// a move typed at the wrong time.
export function whyNoMove() {
  const v = S.view;
  const name = (side) => (side === "white" ? "White" : "Black");
  if (S.pending) return "Your move is still being sent: wait for the server's answer.";
  if (S.thinking) return "Senapati is thinking: wait for its move, or press Stop.";
  if (v.verdict.over) return `The game is over: ${v.verdict.reason}.`;
  if (S.clock && S.clock.flag && atEnd()) return "The game is over: a flag fell.";
  // A shared game: a seat moves its own side, at the end; a spectator never.
  if (S.shared) {
    if (S.shared.seat === "spectator") return "You are watching this game: a spectator's link cannot move.";
    if (!atEnd()) return "A shared game is played at its end: go to the last move first.";
    if (S.shared.seat !== v.side) return `It is ${name(v.side)}'s turn: you play ${name(S.shared.seat)}.`;
    return "";
  }
  if (atEnd() && engineSide() === v.side) return `It is ${name(v.side)}'s turn, the engine's: wait for its move.`;
  return ""; // at an earlier ply a move starts a new line from there
}

export async function maybeEngine() {
  if (S.shared) return;
  const g = S.game;
  if (!atEnd() || g.verdict.over || S.thinking || (S.clock && S.clock.flag)) return;
  if (engineSide() === g.side) await engineMove();
}

export async function engineMove() {
  if (S.thinking) return;
  S.thinking = true;
  S.lines = [];
  resetSelection();
  render();
  const id = S.game.id;
  const ctl = new AbortController();
  S.engineAbort = ctl;
  try {
    const params = searchParams();
    const st = await gameApi("POST", "/engine", params, ctl.signal, false, { timeout: engineTimeout(params) });
    if (S.engineAbort !== ctl || S.game.id !== id) return; // given up: another game, or a flag
    S.engineAbort = null;
    S.thinking = false;
    moveSound(st, st.plies);
    setGame(st);
  } catch (e) {
    if (S.engineAbort !== ctl || S.game.id !== id) return;
    S.engineAbort = null;
    S.thinking = false;
    if (!(S.clock && S.clock.flag)) showError(e);
    render();
  }
}

// engineTimeout bounds the wait for the engine's move: its time and 15 s
// more (a move on a clock gets at most the side's time; a depth or node
// limit the server's 10 minutes); past that the connection is taken for
// dead, the request given up (the server plays nothing for a request
// gone), and Engine move asks again.
function engineTimeout(p) {
  const slack = 15000;
  if (p.movetime) return p.movetime + slack;
  if (p.wtime) return Math.max(p.wtime, p.btime) + slack;
  return 10 * 60000 + slack;
}

// over: the position shown ends the game (a declared result, such as a
// loss on time, leaves the position to analyse).
export function positionOver(v) {
  return v.verdict.over && !v.verdict.declared;
}

// A move's request that meets no answer within this long is sent again
// (the same move on the same ply: the server does not play it twice).
const MOVE_TIMEOUT = 4000;

export async function play(move) {
  const g = S.game;
  const v = S.view;
  clearError();
  // At an earlier ply the move starts a variation there (or follows
  // the line that holds it); the rest of the game stays.
  const body = { move, ply: g.plies, at: v.ply };
  const c = S.clock;
  if (c && !c.server && !c.flag && atEnd()) body.clock = Math.max(0, Math.round(clockLeft(v.side) + c.inc));
  await sendMove({ game: g.id, body, show: v.ply + 1 });
}

// sendMove sends the player's move until the server answers it, through
// a dead network and a reload (keepPending); the page says the move
// waits meanwhile, and the board takes no other move.
export async function sendMove(p) {
  keepPending(p);
  render();
  for (let attempt = 1; ; attempt++) {
    if (S.pending !== p) return;
    try {
      const st = await gameApi("POST", "/move", p.body, undefined, false, { timeout: MOVE_TIMEOUT, tries: 1 });
      if (S.pending !== p) return;
      keepPending(null);
      if (st.version > S.game.version) moveSound(st, p.show);
      setGame(st, p.show);
      return;
    } catch (e) {
      if (S.pending !== p) return;
      if (e.network && S.game.id === p.game) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * attempt)));
        continue;
      }
      keepPending(null);
      resetSelection();
      showError(e);
      render();
      return;
    }
  }
}

// resumePending sends again the move a reload interrupted.
export function resumePending() {
  const p = keptPending(S.game.id);
  if (p) sendMove(p);
}

export async function goto(ply) {
  const g = S.game;
  ply = Math.max(0, Math.min(g.plies, ply));
  resetSelection();
  if (ply === g.plies) {
    S.view = g;
  } else {
    try {
      S.view = await gameApi("GET", `?ply=${ply}`);
    } catch (e) {
      showError(e);
      return;
    }
  }
  render();
  maybeAnalyse();
  playPremove(); // one that waited while the player looked back
}

export async function newGame(variant) {
  clearError();
  stopEngine();
  leaveShared();
  try {
    const st = await api("POST", "/api/games", { variant });
    S.pgn = null;
    S.clock = null;
    S.flipped = S.mode === "black";
    initClock();
    setGame(st);
  } catch (e) {
    showError(e);
  }
}

// secondClick: an irreversible action (resigning, a draw agreed or
// accepted, a takeback accepted, a claim) takes two clicks within 4 s,
// so a slip does not end the game; the first arms the button with its
// question, the second says go.
export function secondClick(b, armed = "Click again to resign") {
  if (!b.dataset.armed) {
    b.dataset.armed = "1";
    b.dataset.label = b.textContent;
    b.textContent = armed;
    clearTimeout(b._disarm);
    b._disarm = setTimeout(() => disarm(b), 4000);
    return false;
  }
  disarm(b);
  return true;
}

function disarm(b) {
  clearTimeout(b._disarm);
  if (!b.dataset.armed) return;
  delete b.dataset.armed;
  b.textContent = b.dataset.label;
}

// resignGame resigns this browser's own game: the player's side against
// the engine, else the side to move. Two clicks, as in a shared game.
export async function resignGame() {
  if (!secondClick($("resign-game"))) return;
  const side = engineSide() ? (engineSide() === "white" ? "black" : "white") : S.game.side;
  clearError();
  try {
    stopEngine();
    await stopAnalysis();
    setGame(await gameApi("POST", "/result", { result: side === "white" ? "0-1" : "1-0", termination: "normal", by: "resignation" }));
  } catch (e) {
    showError(e);
  }
}

// offerDraw asks the engine, which answers by its rule (docs/web.md);
// two players at one board agree at once.
export async function offerDraw() {
  // An offer to the engine is only asked; two players' agreement ends the game.
  if (!engineSide() && !secondClick($("offer-draw"), "Click again: draw agreed")) return;
  clearError();
  try {
    await stopAnalysis();
    if (!engineSide()) {
      setGame(await gameApi("POST", "/result", { result: "1/2-1/2", termination: "normal", by: "agreement" }));
      return;
    }
    const a = await gameApi("POST", "/draw", {});
    setGame(a.state);
    if (!a.accepted) showError(a.reason);
  } catch (e) {
    showError(e);
  }
}
