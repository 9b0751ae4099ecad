// The board: its squares and pieces, the turn groups a click chooses from,
// drawn shapes, holdings and the material balance.

import { S } from "./state.js";
import { $, escapeHTML } from "./dom.js";
import { humanCanMove } from "./game.js";
import { clockLeft, fmtClock } from "./clock.js";
import { toggleCall } from "./input.js";
import { pieceDefs } from "./pieces.js";
import { betterMove } from "./review.js";

const SQ = 60; // a square in board units
const MARGIN = 22; // room for the coordinates

function fileOf(sq) {
  return sq.charCodeAt(0) - 97;
}

function rankOf(sq) {
  return parseInt(sq.slice(1), 10) - 1;
}

function sqName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

function xy(sq) {
  const v = S.view;
  const f = fileOf(sq);
  const r = rankOf(sq);
  const col = S.flipped ? v.files - 1 - f : f;
  const row = S.flipped ? r : v.ranks - 1 - r;
  return [MARGIN + col * SQ, row * SQ];
}

export function squareAt(ev) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const v = S.view;
  const col = Math.floor((p.x - MARGIN) / SQ);
  const row = Math.floor(p.y / SQ);
  if (col < 0 || row < 0 || col >= v.files || row >= v.ranks) return null;
  const f = S.flipped ? v.files - 1 - col : col;
  const r = S.flipped ? row : v.ranks - 1 - row;
  return sqName(f, r);
}

export function iconOf(letter) {
  const info = S.variants[S.view.variant];
  const p = info.pieces.find((x) => x.letter === letter.toUpperCase());
  return p ? p.icon : "pawn";
}

export function pieceName(letter) {
  const info = S.variants[S.view.variant];
  const p = info.pieces.find((x) => x.letter === letter.toUpperCase());
  return p ? p.name : letter;
}

function colourOf(letter) {
  return letter === letter.toUpperCase() ? "white" : "black";
}

function sameSet(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

// group is the turn group of the arrivals chosen so far: null while a
// waiting Mantri still has to be placed.
function group() {
  const turns = S.view.turns;
  if (!turns.length) return null;
  if (S.arrivals.length < turns[0].arrivals.length) return null;
  return turns.find((t) => sameSet(t.arrivals, S.arrivals)) || null;
}

// arrivalPrefix is the arrivals chosen on the board, as a typed turn
// begins with them ("B@d1,"), once they are all chosen ("" when none).
export function arrivalPrefix() {
  const g = S.arrivals.length ? group() : null;
  if (!g) return "";
  for (const ts of [...Object.values(g.moves), g.calls || []]) {
    for (const t of ts) {
      const cut = t.uci.lastIndexOf(",");
      if (cut > 0) return t.uci.slice(0, cut + 1);
    }
  }
  return "";
}

export function arrivalSlots() {
  const turns = S.view.turns;
  if (!turns.length || S.arrivals.length >= turns[0].arrivals.length) return [];
  const out = new Set();
  for (const t of turns) {
    if (S.arrivals.every((a) => t.arrivals.includes(a))) for (const a of t.arrivals) if (!S.arrivals.includes(a)) out.add(a);
  }
  return [...out];
}

export function targetsOf(from) {
  const g = group();
  return g && g.moves[from] ? g.moves[from] : [];
}

export function callTargets() {
  const g = group();
  return g && g.calls ? g.calls : [];
}

function rect(sq, cls, extra = "") {
  const [x, y] = xy(sq);
  return `<rect class="${cls}" x="${x}" y="${y}" width="${SQ}" height="${SQ}" ${extra}/>`;
}

function use(icon, sq, cls, extra = "") {
  const [x, y] = xy(sq);
  return `<use href="#icon-${icon}" class="${cls}" x="${x + 2}" y="${y + 2}" width="${SQ - 4}" height="${SQ - 4}" ${extra}/>`;
}

export function renderBoard() {
  const v = S.view;
  const info = S.variants[v.variant];
  const svg = $("board");
  const W = MARGIN + v.files * SQ;
  const H = v.ranks * SQ + MARGIN;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.dataset.variant = v.variant;
  svg.dataset.flipped = S.flipped ? "1" : "0";
  const out = [];
  out.push(`<defs>${pieceDefs()}
    <pattern id="hatch-white" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="12" height="12" fill="rgba(40,110,210,0.16)"/><rect width="5" height="12" fill="rgba(40,110,210,0.34)"/></pattern>
    <pattern id="hatch-black" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
      <rect width="12" height="12" fill="rgba(200,40,40,0.16)"/><rect width="5" height="12" fill="rgba(200,40,40,0.34)"/></pattern>
    <radialGradient id="check-glow"><stop offset="0%" stop-color="rgba(230,0,0,0.95)"/><stop offset="100%" stop-color="rgba(230,0,0,0)"/></radialGradient>
  </defs>`);
  out.push('<g id="squares">');
  for (let f = 0; f < v.files; f++) {
    for (let r = 0; r < v.ranks; r++) {
      let cls = "sq-plain";
      if (info.squares === "a1-dark") cls = (f + r) % 2 === 0 ? "sq-dark" : "sq-light";
      if (info.squares === "a1-light") cls = (f + r) % 2 === 1 ? "sq-dark" : "sq-light";
      out.push(rect(sqName(f, r), cls, `data-sq="${sqName(f, r)}"`));
    }
  }
  out.push("</g><g id=\"zones\">");
  for (const [side, squares] of Object.entries(v.zones || {})) {
    for (const sq of squares) out.push(rect(sq, `zone-${side}`, `data-zone="${side}" data-square="${sq}"`));
  }
  out.push("</g><g id=\"marks\">");
  if (v.lastMove) {
    for (const sq of [v.lastMove.from, v.lastMove.to, ...(v.lastMove.arrivals || [])]) if (sq) out.push(rect(sq, "last"));
  }
  if (v.check) out.push(rect(v.check, "check", 'data-check="1"'));
  if (S.selected) out.push(rect(S.selected, "selected"));
  for (const sq of arrivalSlots()) out.push(rect(sq, "slot", `data-slot="${sq}"`));
  out.push("</g><g id=\"pieces\">");
  for (const [sq, letter] of Object.entries(v.board)) {
    out.push(use(iconOf(letter), sq, `piece piece-${colourOf(letter)}`, `data-square="${sq}" data-letter="${letter}"`));
  }
  const mantri = v.variant === "durg" ? iconOf("B") : null;
  const us = v.side;
  for (const sq of S.arrivals) out.push(use(mantri, sq, `ghost piece-${us}`, `data-arrival="${sq}"`));
  if (S.callMode) for (const t of callTargets()) out.push(use(iconOf("Q"), t.to, `ghost piece-${us}`));
  if (v.lastMove && v.lastMove.killsBoth) {
    // A zone capture: both pieces left the board.
    const [x, y] = xy(v.lastMove.to);
    const a = 14;
    const b = SQ - 14;
    out.push(`<path class="kill-mark" data-kill="${v.lastMove.to}" d="M${x + a} ${y + a} L${x + b} ${y + b} M${x + b} ${y + a} L${x + a} ${y + b}"/>`);
  }
  out.push("</g><g id=\"targets\">");
  for (const t of S.selected ? targetsOf(S.selected) : []) {
    const [x, y] = xy(t.to);
    const cx = x + SQ / 2;
    const cy = y + SQ / 2;
    if (t.killsBoth) out.push(`<circle class="target-kill" cx="${cx}" cy="${cy}" r="${SQ / 2 - 5}" data-target="${t.to}"/>`);
    else if (t.capture) out.push(`<circle class="target-capture" cx="${cx}" cy="${cy}" r="${SQ / 2 - 5}" data-target="${t.to}"/>`);
    else out.push(`<circle class="target" cx="${cx}" cy="${cy}" r="${SQ / 7}" data-target="${t.to}"/>`);
  }
  if (S.callMode) for (const t of callTargets()) out.push(rect(t.to, "slot", `data-target="${t.to}"`));
  out.push('</g><g id="shapes"></g><g id="coords">');
  for (let f = 0; f < v.files; f++) {
    const [x] = xy(sqName(f, 0));
    out.push(`<text class="coord" x="${x + SQ / 2}" y="${H - 6}" text-anchor="middle">${String.fromCharCode(97 + f)}</text>`);
  }
  for (let r = 0; r < v.ranks; r++) {
    const [, y] = xy(sqName(0, r));
    out.push(`<text class="coord" x="${MARGIN / 2}" y="${y + SQ / 2 + 5}" text-anchor="middle">${r + 1}</text>`);
  }
  out.push("</g>");
  svg.innerHTML = out.join("");
}

// squaresOf reads the squares a move joins, for its arrow: [from, to] of
// its last part (a Durg turn's arrivals are left out), or [to, to] for a
// placement such as the Rani's call.
function squaresOf(uci) {
  const last = uci.split(",").pop();
  let m = /^([a-i][1-9])([a-i][1-9])/.exec(last);
  if (m) return [m[1], m[2]];
  m = /@([a-i][1-9])/.exec(last);
  return m ? [m[1], m[1]] : null;
}

function shapeKey() {
  return S.game && S.view ? `${S.game.id}:${S.game.version}:${S.view.ply}` : "";
}

// renderShapes draws the engine's best move of the position shown (the top
// line of the analysis, or of the engine thinking at the end) and the
// arrows and circles drawn by hand, which a move or a step clears.
export function renderShapes() {
  const g = $("shapes");
  if (!g || !S.view) return;
  const out = [];
  const arrow = (from, to, cls, extra) => {
    const [x0, y0] = xy(from).map((c) => c + SQ / 2);
    const [x1, y1] = xy(to).map((c) => c + SQ / 2);
    if (from === to) return `<circle class="${cls}" cx="${x0}" cy="${y0}" r="${SQ / 2 - 4}" ${extra}/>`;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const ux = (x1 - x0) / len;
    const uy = (y1 - y0) / len;
    // The shaft stops where the head begins; the head is a triangle.
    const hx = x1 - ux * 18;
    const hy = y1 - uy * 18;
    const w = 11;
    return `<g class="${cls}" ${extra}><line x1="${x0}" y1="${y0}" x2="${hx}" y2="${hy}"/>` +
      `<polygon points="${x1},${y1} ${hx - uy * w},${hy + ux * w} ${hx + uy * w},${hy - ux * w}"/></g>`;
  };
  const top = S.lines[0];
  const best = top && top.pvUci.length && top.ply === S.view.ply && top.epoch === S.game.epoch ? squaresOf(top.pvUci[0]) : null;
  if (best) out.push(arrow(best[0], best[1], "best-arrow", `data-uci="${top.pvUci[0]}"`));
  // The review's better move where the move shown was marked.
  const better = betterMove();
  const bs = better && squaresOf(better);
  if (bs) out.push(arrow(bs[0], bs[1], "better-arrow", `data-uci="${better}"`));
  if (S.shapes.key === shapeKey()) {
    for (const sh of S.shapes.list) out.push(arrow(sh.from, sh.to, `user-shape shape-${sh.colour}`, `data-from="${sh.from}" data-to="${sh.to}"`));
  }
  g.innerHTML = out.join("");
}

// toggleShape adds an arrow (or a circle, from === to) drawn by hand, or
// takes it away when it is there already.
export function toggleShape(from, to, colour) {
  if (S.shapes.key !== shapeKey()) S.shapes = { key: shapeKey(), list: [] };
  const list = S.shapes.list;
  const i = list.findIndex((s) => s.from === from && s.to === to);
  if (i >= 0 && list[i].colour === colour) list.splice(i, 1);
  else if (i >= 0) list[i].colour = colour;
  else list.push({ from, to, colour });
  renderShapes();
}

export function iconSVG(icon, side, title) {
  return `<svg viewBox="0 0 100 100" class="icon-${side}" role="img"><title>${title}</title><use href="#icon-${icon}"/></svg>`;
}

export function renderHoldings() {
  const v = S.view;
  const sides = S.flipped ? ["white", "black"] : ["black", "white"];
  const info = S.variants[v.variant];
  const legal = humanCanMove() ? callTargets() : [];
  sides.forEach((side, i) => {
    const el = $(i === 0 ? "holdings-top" : "holdings-bottom");
    const parts = [`<span class="side">${side === "white" ? "White" : "Black"}</span>`];
    // A shared game's players by the names they gave.
    const name = S.shared && (S.game.tags || {})[side === "white" ? "White" : "Black"];
    if (name && name !== "Human") parts.push(`<span class="player" data-side="${side}">${escapeHTML(name)}</span>`);
    if (S.clock) parts.push(`<span class="clock${S.clock.turn === side && !S.clock.flag && S.clock.running !== false ? " running" : ""}" data-side="${side}">${fmtClock(clockLeft(side))}</span>`);
    const h = v.holdings && v.holdings[side];
    if (h) {
      const mantri = iconOf("B");
      let waiting = "";
      for (let k = 0; k < h.waiting; k++) waiting += iconSVG(mantri, side, "waiting Mantri");
      parts.push(`<span class="item waiting" data-count="${h.waiting}">${waiting || ""}${h.waiting ? " waiting" : "no Mantri waiting"}</span>`);
      // Fallen pieces count towards the Raja's call until it is earned.
      const fallen = h.fallen < info.callThreshold ? `fallen ${h.fallen}/${info.callThreshold}` : `fallen ${h.fallen}`;
      parts.push(`<span class="item fallen" data-count="${h.fallen}" title="Gaj, Ashva, Rath and Mantri lost; ${info.callThreshold} earn the Raja's call">${fallen}</span>`);
      const callable = side === v.side && legal.length > 0;
      let rani;
      if (h.callAvailable) rani = `${iconSVG(iconOf("Q"), side, "Rani in hand")} Rani in hand`;
      else if (h.fallen < info.callThreshold) rani = `Rani after ${info.callThreshold} fallen`;
      else rani = "Rani called";
      parts.push(`<button type="button" class="item rani${callable ? " callable" : ""}" data-side="${side}" data-available="${h.callAvailable ? 1 : 0}" ${callable ? "" : "disabled"}>${rani}</button>`);
    }
    parts.push(materialHTML(v, side));
    el.innerHTML = parts.join(" ");
  });
  for (const b of document.querySelectorAll(".rani.callable")) b.addEventListener("click", toggleCall);
}

// Piece values for the material balance, in pawns: chess's usual ones.
// The other games show the pieces one side has more of, without points.
const VALUES = { chess: { P: 1, N: 3, B: 3, R: 5, Q: 9 } };

// materialHTML is what side has on the board beyond the other: the
// pieces it has more of, and in chess the difference in points.
function materialHTML(v, side) {
  const diff = {};
  for (const l of Object.values(v.board)) {
    const u = l.toUpperCase();
    if (u === "K") continue;
    diff[u] = (diff[u] || 0) + (l === u ? 1 : -1);
  }
  const sign = side === "white" ? 1 : -1;
  const values = VALUES[v.variant];
  let icons = "";
  let points = 0;
  for (const [u, d] of Object.entries(diff)) {
    if (values) points += (values[u] || 0) * d * sign;
    for (let k = 0; k < d * sign; k++) icons += iconSVG(iconOf(u), side, pieceName(u));
  }
  const more = values && points > 0 ? `+${points}` : "";
  return `<span class="material" data-side="${side}" data-points="${values ? points : ""}" title="material beyond the other side's">${icons}${more}</span>`;
}
