// Premoves: against the engine, a move made while it is the engine's turn
// waits, marked on the board, and is played the moment the engine's move
// comes, if it is legal then (the server's legal turns decide; nothing here
// knows a rule). A click on the board or a right click cancels it.

import { S } from "./state.js";
import { $, showError } from "./dom.js";
import { atEnd, engineSide, play } from "./game.js";
import { squareAt, targetsOf } from "./board.js";
import { render } from "./render.js";

// P is the premove being made: the piece picked up, and a drag.
const P = { from: null, drag: null };

// canPremove: the player's move would come next, after the engine's.
function canPremove() {
  const g = S.game;
  return !!engineSide() && !S.shared && !S.pending && atEnd() && g.side === engineSide() && !g.verdict.over && !(S.clock && S.clock.flag);
}

function mine(sq) {
  const l = S.view.board[sq];
  return !!l && (l === l.toUpperCase() ? "white" : "black") !== engineSide();
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
    S.premove = { from: P.from, to: sq, game: S.game.id, plies: S.game.plies };
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
    S.premove = { from: P.from, to: sq, game: S.game.id, plies: S.game.plies };
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
  if (S.premove && (!engineSide() || S.shared)) S.premove = null; // another mode
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
  if (S.premove) $("prompt").textContent = `Premove ${S.premove.from}-${S.premove.to}: played after the engine's move if legal then (click the board to cancel).`;
}

// playPremove plays the premove once the engine has answered: the turn
// after the one it was made on, in the same game, if it is legal.
export function playPremove() {
  const pm = S.premove;
  if (!pm) return;
  const g = S.game;
  if (g.id !== pm.game || !engineSide() || S.shared || g.verdict.over || g.plies < pm.plies) {
    S.premove = null;
    render();
    return;
  }
  if (g.plies === pm.plies || !atEnd()) return; // the engine has not moved yet
  S.premove = null;
  if (g.plies !== pm.plies + 1 || g.side === engineSide()) {
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
