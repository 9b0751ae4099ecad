// Premoves: against the engine or in a shared game, a move made while it is
// the other side's turn waits, marked on the board, and is played the
// moment the other side's move comes (the engine's answer, or the event
// stream's state in a shared game), if it is legal then: the server's legal
// turns decide, nothing here knows a rule. It goes as any move does, with
// the ply it is played on, so the server never plays it twice. A click on
// the board or a right click cancels it. A spectator has no premove.

import { S } from "./state.js";
import { $, showError } from "./dom.js";
import { atEnd, engineSide, play } from "./game.js";
import { squareAt, targetsOf } from "./board.js";
import { render } from "./render.js";

// P is the premove being made: the piece picked up, and a drag.
const P = { from: null, drag: null };

// opponent is the side whose move a premove waits for: the engine's, or
// the other seat's in a shared game; null where there is none (two
// players at one board, analysis, a spectator).
function opponent() {
  if (S.shared) return { white: "black", black: "white" }[S.shared.seat] || null;
  return engineSide();
}

// canPremove: the player's move would come next, after the opponent's.
function canPremove() {
  const g = S.game;
  const o = opponent();
  return !!o && !S.pending && atEnd() && g.side === o && !g.verdict.over && !(S.clock && S.clock.flag);
}

function mine(sq) {
  const l = S.view.board[sq];
  return !!l && (l === l.toUpperCase() ? "white" : "black") !== opponent();
}

// made is the premove from-to, on the game as it stands: its last move
// too, so a takeback and another move in its place void it.
function made(from, to) {
  const g = S.game;
  const last = g.plies ? g.moves[g.plies - 1].uci : "";
  return { from, to, game: g.id, plies: g.plies, after: last, against: opponent() };
}

function cancel() {
  S.premove = null;
  P.from = null;
  render();
}

// premoveDown takes a press on the board while the engine is to move;
// false leaves it to the board's own input.
export function premoveDown(e) {
  if (e.button === 2) {
    if (!S.premove && !P.from) return false;
    e.preventDefault();
    cancel();
    return true;
  }
  if (e.button !== 0 || !canPremove()) return false;
  const sq = squareAt(e);
  if (!sq) return false;
  e.preventDefault();
  if (S.premove) {
    cancel(); // a click anywhere on the board takes it back
    return true;
  }
  if (P.from && sq !== P.from && !mine(sq)) {
    S.premove = made(P.from, sq);
    P.from = null;
    render();
    return true;
  }
  P.from = mine(sq) && sq !== P.from ? sq : null; // a piece of one's own picks it instead
  render();
  if (P.from) {
    const el = $("board").querySelector(`#pieces [data-square="${sq}"]`);
    P.drag = el ? { el, x: e.clientX, y: e.clientY, moved: false } : null;
    try {
      $("board").setPointerCapture(e.pointerId);
    } catch (err) {
      /* a synthetic event has no capture */
    }
  }
  return true;
}

export function premoveMove(e) {
  const d = P.drag;
  if (!d) return false;
  const dx = e.clientX - d.x;
  const dy = e.clientY - d.y;
  if (!d.moved && Math.hypot(dx, dy) < 5) return true;
  d.moved = true;
  const svg = $("board");
  const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
  d.el.setAttribute("transform", `translate(${dx * scale} ${dy * scale})`);
  return true;
}

export function premoveUp(e) {
  const d = P.drag;
  if (!d) return false;
  P.drag = null;
  d.el.removeAttribute("transform");
  const sq = squareAt(e);
  if (d.moved && P.from && sq && sq !== P.from && canPremove()) {
    S.premove = made(P.from, sq);
    P.from = null;
  } else if (d.moved) {
    P.from = null;
  }
  render();
  return true;
}

// renderPremove marks the premove (or the piece picked up for one) and
// says how to cancel it.
export function renderPremove() {
  const marks = $("marks");
  if (!marks) return;
  if (P.from && !canPremove()) P.from = null;
  if (S.premove && (S.premove.against !== opponent() || S.premove.game !== S.game.id)) S.premove = null; // another mode or game
  const squares = S.premove ? [S.premove.from, S.premove.to] : P.from ? [P.from] : [];
  for (const sq of squares) {
    const r = $("board").querySelector(`#squares [data-sq="${sq}"]`);
    if (!r) continue;
    const m = r.cloneNode();
    m.removeAttribute("data-sq");
    m.setAttribute("class", "premove");
    m.dataset.premove = sq;
    marks.appendChild(m);
  }
  if (S.premove) $("prompt").textContent = `Premove ${S.premove.from}-${S.premove.to}: played after ${S.shared ? "your opponent's" : "the engine's"} move if legal then (click the board to cancel).`;
}

// playPremove plays the premove once the opponent has answered: the turn
// after the one it was made on, in the same game and line, if it is legal.
// Seen away from the end (the player stepping back), it waits for the
// player's return there (goto calls again).
export function playPremove() {
  const pm = S.premove;
  if (!pm) return;
  const g = S.game;
  const line = pm.plies === 0 || (g.moves[pm.plies - 1] || {}).uci === pm.after;
  if (g.id !== pm.game || opponent() !== pm.against || g.verdict.over || g.plies < pm.plies || !line) {
    S.premove = null;
    render();
    return;
  }
  if (g.plies === pm.plies || !atEnd()) return; // the opponent has not moved yet
  S.premove = null;
  if (g.plies !== pm.plies + 1 || g.side === pm.against) {
    render();
    return;
  }
  const arrivals = g.turns.length && g.turns[0].arrivals.length;
  const ts = arrivals ? [] : targetsOf(pm.from).filter((t) => t.to === pm.to);
  if (!ts.length) {
    render();
    showError(`Premove ${pm.from}-${pm.to} not played: ${arrivals ? "a Mantri arrives first" : "it is not legal now"}.`);
    return;
  }
  // Chess's promotion by premove is to a queen.
  const t = ts.find((x) => !x.promotion || x.promotion.toUpperCase() === "Q") || ts[0];
  play(t.uci);
}
