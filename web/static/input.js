// The board's pointer input: picking a piece up, dragging, arrivals, the
// Rani's call, promotion, right-button shapes.

import { S } from "./state.js";
import { $, clearError } from "./dom.js";
import { humanCanMove, play } from "./game.js";
import { arrivalSlots, callTargets, squareAt, targetsOf, toggleShape } from "./board.js";
import { render } from "./render.js";
import { premoveDown, premoveMove, premoveUp } from "./premove.js";

export function toggleCall() {
  if (!callTargets().length) return;
  S.callMode = !S.callMode;
  S.selected = null;
  render();
}

function choose(targets) {
  if (targets.length === 1) {
    play(targets[0].uci);
    return;
  }
  S.promotion = targets; // chess: the promotion piece is the player's choice
  render();
}

export function onPointerDown(e) {
  if (premoveDown(e)) return;
  if (e.button === 2) {
    // The right button draws: a drag an arrow, a click a circle.
    e.preventDefault();
    S.shapeFrom = squareAt(e);
    return;
  }
  if (e.button === 0 && S.shapes.list.length) S.shapes = { key: "", list: [] };
  const sq = squareAt(e);
  if (!sq || !humanCanMove() || S.busy) return;
  e.preventDefault();
  clearError();
  S.promotion = null;
  const slots = arrivalSlots();
  if (S.arrivals.includes(sq)) {
    S.arrivals = S.arrivals.filter((a) => a !== sq); // taken back
    S.selected = null;
    S.callMode = false;
    render();
    return;
  }
  if (slots.length) {
    if (slots.includes(sq)) {
      S.arrivals.push(sq);
      render();
    }
    return;
  }
  if (S.callMode) {
    const c = callTargets().find((t) => t.to === sq);
    if (c) {
      play(c.uci);
      return;
    }
    S.callMode = false;
    render();
    return;
  }
  if (S.selected) {
    const ts = targetsOf(S.selected).filter((t) => t.to === sq);
    if (ts.length) {
      choose(ts);
      return;
    }
  }
  if (targetsOf(sq).length && sq !== S.selected) {
    S.selected = sq;
    render();
    startDrag(e, sq);
    return;
  }
  S.selected = null;
  render();
}

function startDrag(e, sq) {
  const el = $("board").querySelector(`#pieces [data-square="${sq}"]`);
  if (!el) return;
  S.drag = { sq, el, x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  try {
    $("board").setPointerCapture(e.pointerId);
  } catch (err) {
    /* a synthetic event has no capture */
  }
}

export function onPointerMove(e) {
  if (premoveMove(e)) return;
  const d = S.drag;
  if (!d) return;
  const dx = e.clientX - d.x;
  const dy = e.clientY - d.y;
  if (!d.moved && Math.hypot(dx, dy) < 5) return;
  d.moved = true;
  const svg = $("board");
  const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
  d.el.setAttribute("transform", `translate(${dx * scale} ${dy * scale})`);
  d.el.classList.add("dragging");
}

export function onPointerUp(e) {
  if (premoveUp(e)) return;
  if (e.button === 2) {
    const from = S.shapeFrom;
    S.shapeFrom = null;
    const to = squareAt(e);
    // Green; with Shift red, with Alt blue, with both yellow (as lichess).
    const colour = e.shiftKey && e.altKey ? "yellow" : e.shiftKey ? "red" : e.altKey ? "blue" : "green";
    if (from && to) toggleShape(from, to, colour);
    return;
  }
  const d = S.drag;
  S.drag = null;
  if (!d || !d.moved) return;
  d.el.removeAttribute("transform");
  const sq = squareAt(e);
  const ts = sq ? targetsOf(d.sq).filter((t) => t.to === sq) : [];
  if (ts.length) choose(ts);
  else render();
}
