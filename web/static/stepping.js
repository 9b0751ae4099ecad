// Stepping through the game from the board itself: the mouse wheel over
// it (down: forward, up: back) and, on a touch screen, a swipe across it
// (to the left: forward, to the right: back), as the arrow keys do.

import { S } from "./state.js";
import { $ } from "./dom.js";
import { goto } from "./game.js";

// WHEEL_STEP is the wheel's travel per step in pixels: one notch of a
// mouse wheel (100 in Chromium and Firefox); a touchpad's small deltas
// add up to it.
const WHEEL_STEP = 100;
// A swipe is at least this long (CSS pixels) and mostly sideways.
const SWIPE = 50;

let wheelSum = 0;
let stepping = false; // a step's state is on its way: the next waits for it
let touch = null; // the finger on the board: {id, x, y, drag}

async function step(d) {
  if (!S.game || stepping) return;
  const ply = Math.max(0, Math.min(S.game.plies, S.view.ply + d));
  if (ply === S.view.ply) return;
  stepping = true;
  try {
    await goto(ply);
  } finally {
    stepping = false;
  }
}

function onWheel(e) {
  if (!S.game) return;
  e.preventDefault(); // the board steps instead of the page scrolling
  wheelSum += e.deltaMode === 1 ? e.deltaY * 40 : e.deltaY; // lines, else pixels
  if (Math.abs(wheelSum) < WHEEL_STEP) return;
  const d = Math.sign(wheelSum);
  wheelSum = 0;
  step(d);
}

function onDown(e) {
  if (e.pointerType !== "touch") return;
  // A finger that picked a piece up drags it (input.js ran first).
  touch = { id: e.pointerId, x: e.clientX, y: e.clientY, drag: !!(S.drag && S.drag.id === e.pointerId) };
}

function onUp(e) {
  const t = touch;
  if (!t || t.id !== e.pointerId) return;
  touch = null;
  const dx = e.clientX - t.x;
  const dy = e.clientY - t.y;
  if (t.drag || Math.abs(dx) < SWIPE || Math.abs(dx) < 2 * Math.abs(dy)) return;
  step(dx < 0 ? 1 : -1);
}

export function wireStepping() {
  const svg = $("board");
  svg.addEventListener("wheel", onWheel, { passive: false });
  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointerup", onUp);
  svg.addEventListener("pointercancel", () => (touch = null));
}
