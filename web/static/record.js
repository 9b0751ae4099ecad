// The game's record in the browser: what survives a reload and a server
// restart, and the tree's index.

import { S } from "./state.js";
import { api } from "./api.js";
import { setGame } from "./game.js";

export const KEY = "senapati.game";

// record is what survives a reload and a server restart: the start, the
// moves and how the page was set.
export function record() {
  const g = S.game;
  const idx = indexTree(g.tree || []);
  return {
    id: g.id, variant: g.variant, fen: g.startFen,
    // The whole tree, each move with the variations that stand instead of
    // it, and the active line as the continuation taken at each ply.
    moves: (g.tree || []).map(moveInput),
    path: (g.line || []).map((id) => (idx.get(id) || { k: 0 }).k),
    tags: g.tags || {}, mode: S.mode, flipped: S.flipped, clock: S.clock,
    result: g.verdict.declared ? { result: g.verdict.result, termination: g.verdict.termination || "" } : null,
  };
}

// moveInput is a tree move as the server restores it.
function moveInput(t) {
  const m = { move: t.uci, comment: t.comment || "", engine: !!t.engine, glyph: t.glyph || "" };
  if (t.nags) m.nags = t.nags;
  if (t.clock !== undefined) m.clock = t.clock;
  if (t.vars) m.variations = t.vars.map((v) => v.map(moveInput));
  return m;
}

// indexTree maps each move of the tree to its place: the move, its
// parent's id (0 the start), its index among the parent's continuations
// (0 the main one) and its ply.
function indexTree(tree) {
  const idx = new Map();
  const walk = (line, parent, k0, ply) => {
    let p = parent;
    line.forEach((t, i) => {
      idx.set(t.id, { t, parent: p, k: i === 0 ? k0 : 0, ply: ply + i + 1 });
      (t.vars || []).forEach((v, j) => walk(v, p, j + 1, ply + i));
      p = t.id;
    });
  };
  walk(tree, 0, 0, 0);
  return idx;
}

// mainIds is the set of the main line's moves.
export function mainIds(tree) {
  return new Set((tree || []).map((t) => t.id));
}

export function save() {
  // A shared game is reopened by its link (the address keeps it); the
  // stored record stays this browser's own game.
  if (S.shared) return;
  const r = JSON.stringify(record());
  sessionStorage.setItem(KEY, r);
  localStorage.setItem(KEY, r);
}

export async function restore(rec) {
  const r = rec || record();
  const body = { variant: r.variant, fen: r.fen, moves: r.moves, tags: r.tags };
  if (r.path && r.path.some((k) => k > 0)) body.path = r.path;
  if (r.result) Object.assign(body, r.result);
  const st = await api("POST", "/api/games", body);
  setGame(st);
}
