// The board editor: any position of any of the three games set up by hand
// (drag, a piece palette, the FEN's other fields), checked by the rules on
// the server (POST /api/position) after each change, and opened for
// analysis or play, or copied as a position link (docs/web.md, "Board
// editor"). What the rules say comes from the server; this module only
// writes the FEN and draws.

import { S } from "./state.js";
import { $, clearError, escapeHTML } from "./dom.js";
import { api } from "./api.js";
import { setGame, stopEngine } from "./game.js";
import { askLeave, leaveShared } from "./share.js";
import { copyText, positionLink } from "./copy.js";
import { initClock } from "./clock.js";
import { iconSVG } from "./board.js";

const SQ = 60; // a square in board units, as the game's board
const MARGIN = 22;
const ERASE = "erase";
// The palette's two tools: the pointer (drag only) and the eraser.
const POINTER = '<svg viewBox="0 0 100 100" role="img"><title>move</title><path d="M32 12 V78 L47 64 L58 88 L69 83 L58 59 H79 Z" fill="#fff" stroke="#1d1b18" stroke-width="5" stroke-linejoin="round"/></svg>';
const ERASER = '<svg viewBox="0 0 100 100" role="img"><title>remove</title><path d="M24 24 L76 76 M76 24 L24 76" stroke="#b3261e" stroke-width="11" stroke-linecap="round"/></svg>';

// E is the editor's position and what the rules said of it.
const E = {
  variant: "chess",
  board: {}, // square -> FEN letter
  side: "w",
  rights: new Set(), // castling field letters (chaturanga: the leaps)
  ep: "-",
  half: 0,
  full: 1,
  waiting: { white: 0, black: 0 }, // Durg: Mantris waiting
  fallen: { white: 0, black: 0 },
  call: { white: "none", black: "none" }, // none (not earned) | available | used
  brush: null, // a FEN letter or ERASE: what a click on a square puts; null: drag only
  flipped: false,
  drag: null, // {from (null: the palette), letter, x, y, moved}
  // The rules' last answer: {fen: the FEN asked, view: their reading of
  // it} or {fen, error: their reason for refusing it}.
  answer: null,
  asked: "", // the FEN whose answer is awaited
  timer: null,
  palettes: "", // the game and side the palettes were drawn for
};

const info = () => S.variants[E.variant];
const isDurg = () => info().callThreshold > 0;
const sideOf = (letter) => (letter === letter.toUpperCase() ? "white" : "black");
const iconOf = (letter) => (info().pieces.find((p) => p.letter === letter.toUpperCase()) || { icon: "pawn" }).icon;
const nameOf = (letter) => (info().pieces.find((p) => p.letter === letter.toUpperCase()) || { name: letter }).name;

function sqName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

// fen writes the editor's position in the game's FEN dialect.
export function editorFEN() {
  const { files, ranks } = info();
  const rows = [];
  for (let r = ranks - 1; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < files; f++) {
      const l = E.board[sqName(f, r)];
      if (!l) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += l;
    }
    rows.push(row + (empty ? empty : ""));
  }
  let hold = "";
  if (isDurg()) {
    const t = info().callThreshold;
    for (const [side, b, q, x] of [["white", "B", "Q", "X"], ["black", "b", "q", "x"]]) {
      hold += b.repeat(E.waiting[side]);
      if (E.call[side] === "available") hold += q;
      // Used below the threshold needs saying; at or above it, no Q says it.
      if (E.call[side] === "used" && E.fallen[side] < t) hold += x;
    }
    hold = `[${hold}]`;
  }
  const order = info().rights || [];
  const rights = order.map((r) => r.letter).filter((l) => E.rights.has(l)).join("") || "-";
  const ep = info().enPassant ? E.ep : "-";
  let fen = `${rows.join("/")}${hold} ${E.side} ${rights} ${ep} ${E.half} ${E.full}`;
  if (isDurg()) fen += ` ${E.fallen.white}/${E.fallen.black}`;
  return fen;
}

// load takes a FEN the server wrote (its holdings and counts all there).
function load(variant, fen) {
  E.variant = variant;
  const [placement, side, rights, ep, half, full, fallen] = fen.trim().split(/\s+/);
  const cut = placement.indexOf("[");
  const boardPart = cut >= 0 ? placement.slice(0, cut) : placement;
  const hold = cut >= 0 ? placement.slice(cut + 1, -1) : "";
  E.board = {};
  const rows = boardPart.split("/");
  rows.forEach((row, i) => {
    const r = rows.length - 1 - i;
    let f = 0;
    for (const ch of row.match(/\d+|./g) || []) {
      if (/\d/.test(ch)) f += parseInt(ch, 10);
      else E.board[sqName(f++, r)] = ch;
    }
  });
  E.side = side === "b" ? "b" : "w";
  E.rights = new Set(rights === "-" ? [] : rights.split(""));
  E.ep = ep || "-";
  E.half = parseInt(half, 10) || 0;
  E.full = parseInt(full, 10) || 1;
  const [fw, fb] = (fallen || "0/0").split("/").map((n) => parseInt(n, 10) || 0);
  E.fallen = { white: fw, black: fb };
  E.waiting = { white: (hold.match(/B/g) || []).length, black: (hold.match(/b/g) || []).length };
  const t = info().callThreshold || 0;
  for (const [side, q, x] of [["white", "Q", "X"], ["black", "q", "x"]]) {
    if (hold.includes(q)) E.call[side] = "available";
    else if (hold.includes(x) || (t && E.fallen[side] >= t)) E.call[side] = "used";
    else E.call[side] = "none";
  }
}

// clear empties the board and the holdings.
function clear() {
  E.board = {};
  E.side = "w";
  E.rights = new Set();
  E.ep = "-";
  E.half = 0;
  E.full = 1;
  E.waiting = { white: 0, black: 0 };
  E.fallen = { white: 0, black: 0 };
  E.call = { white: "none", black: "none" };
}

// openEditor opens the editor on the position shown.
export function openEditor() {
  const sel = $("editor-variant");
  if (!sel.options.length) {
    for (const name of Object.keys(S.variants)) sel.add(new Option(name, name));
  }
  const v = S.view;
  load(v.variant, v.fen);
  E.flipped = S.flipped;
  E.brush = null;
  E.answer = null;
  $("editor-link").hidden = true;
  note("");
  $("editor").showModal();
  changed();
}

// changed redraws the editor and asks the rules about the position.
function changed() {
  draw();
  const fen = editorFEN();
  if (document.activeElement !== $("editor-fen")) $("editor-fen").value = fen;
  clearTimeout(E.timer); // a check asked for before is of another position
  if (E.answer && E.answer.fen === fen) {
    E.asked = "";
    return;
  }
  E.asked = fen;
  renderVerdict();
  E.timer = setTimeout(() => check(fen), 120);
}

async function check(fen) {
  try {
    const view = await api("POST", "/api/position", { variant: E.variant, fen });
    if (E.asked !== fen) return; // the position changed meanwhile
    E.answer = { fen, view };
  } catch (e) {
    if (E.asked !== fen) return;
    E.answer = { fen, error: e.message };
  }
  E.asked = "";
  draw();
  renderVerdict();
}

// accepted is the rules' reading of the position shown, when they accept it.
function accepted() {
  return E.answer && E.answer.fen === editorFEN() ? E.answer.view || null : null;
}

// refused is the rules' reason for refusing the position shown ("" when they do not).
function refused() {
  return E.answer && E.answer.fen === editorFEN() ? E.answer.error || "" : "";
}

function renderVerdict() {
  const el = $("editor-verdict");
  const ok = accepted();
  const side = (s) => (s === "white" ? "White" : "Black");
  let html;
  if (ok) {
    const parts = [`A ${escapeHTML(ok.variant)} position: ${side(ok.side)} to move${ok.check ? ", in check" : ""}.`];
    if (ok.verdict.over) parts.push(`The game is over here: ${escapeHTML(ok.verdict.reason)}.`);
    for (const n of ok.notes) parts.push(`<span class="editor-notice">${escapeHTML(n)}.</span>`);
    if (ok.holdings) {
      for (const s of ["white", "black"]) {
        const h = ok.holdings[s];
        const call = h.callAvailable ? "the Rani's call available" : h.fallen >= info().callThreshold ? "the call used" : "the call not earned yet";
        parts.push(`${side(s)}: ${h.waiting} Mantri${h.waiting === 1 ? "" : "s"} waiting, ${h.fallen} fallen, ${call}.`);
      }
    }
    html = parts.join(" ");
    el.dataset.ok = "1";
  } else if (refused()) {
    html = `Not a position: ${escapeHTML(refused())}`;
    el.dataset.ok = "0";
  } else {
    html = "Checking the position…";
    el.dataset.ok = "";
  }
  el.innerHTML = html;
  for (const id of ["editor-analyse", "editor-play-white", "editor-play-black", "editor-copy"]) $(id).disabled = !ok;
}

// xy is a square's top left corner in board units.
function xy(sq) {
  const { files, ranks } = info();
  const f = sq.charCodeAt(0) - 97;
  const r = parseInt(sq.slice(1), 10) - 1;
  const col = E.flipped ? files - 1 - f : f;
  const row = E.flipped ? r : ranks - 1 - r;
  return [MARGIN + col * SQ, row * SQ];
}

// squareAt is the square under a screen point, or null off the board.
function squareAt(x, y) {
  const svg = $("editor-board");
  const pt = svg.createSVGPoint();
  pt.x = x;
  pt.y = y;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const { files, ranks } = info();
  const col = Math.floor((p.x - MARGIN) / SQ);
  const row = Math.floor(p.y / SQ);
  if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
  return sqName(E.flipped ? files - 1 - col : col, E.flipped ? row : ranks - 1 - row);
}

function draw() {
  const { files, ranks, squares } = info();
  const svg = $("editor-board");
  svg.setAttribute("viewBox", `0 0 ${MARGIN + files * SQ} ${ranks * SQ + MARGIN}`);
  svg.dataset.variant = E.variant;
  const out = [];
  for (let f = 0; f < files; f++) {
    for (let r = 0; r < ranks; r++) {
      let cls = "sq-plain";
      if (squares === "a1-dark") cls = (f + r) % 2 === 0 ? "sq-dark" : "sq-light";
      if (squares === "a1-light") cls = (f + r) % 2 === 1 ? "sq-dark" : "sq-light";
      const [x, y] = xy(sqName(f, r));
      out.push(`<rect class="${cls}" x="${x}" y="${y}" width="${SQ}" height="${SQ}" data-sq="${sqName(f, r)}"/>`);
    }
  }
  // The zones and the check of the last position the rules accepted, while
  // its board is the one shown.
  const ok = E.answer && E.answer.view && E.answer.fen.split(/[[ ]/)[0] === editorFEN().split(/[[ ]/)[0] ? E.answer.view : null;
  for (const [side, list] of Object.entries((ok && ok.zones) || {})) {
    for (const sq of list) {
      const [x, y] = xy(sq);
      out.push(`<rect class="zone-${side}" x="${x}" y="${y}" width="${SQ}" height="${SQ}" data-zone="${side}"/>`);
    }
  }
  if (ok && ok.check && accepted()) {
    const [x, y] = xy(ok.check);
    out.push(`<rect class="check" x="${x}" y="${y}" width="${SQ}" height="${SQ}"/>`);
  }
  for (const [sq, l] of Object.entries(E.board)) {
    if (E.drag && E.drag.moved && E.drag.from === sq) continue;
    const [x, y] = xy(sq);
    out.push(`<use href="#icon-${iconOf(l)}" class="piece piece-${sideOf(l)}" x="${x + 2}" y="${y + 2}" width="${SQ - 4}" height="${SQ - 4}" data-square="${sq}" data-letter="${l}"/>`);
  }
  for (let f = 0; f < files; f++) {
    const [x] = xy(sqName(f, 0));
    out.push(`<text class="coord" x="${x + SQ / 2}" y="${ranks * SQ + MARGIN - 6}" text-anchor="middle">${String.fromCharCode(97 + f)}</text>`);
  }
  for (let r = 0; r < ranks; r++) {
    const [, y] = xy(sqName(0, r));
    out.push(`<text class="coord" x="${MARGIN / 2}" y="${y + SQ / 2 + 5}" text-anchor="middle">${r + 1}</text>`);
  }
  svg.innerHTML = out.join("");
  drawPalettes();
  drawFields();
}

// drawPalettes draws the palettes when the game or the board's side
// changes (not while a piece is dragged from them, which would lose it).
function drawPalettes() {
  const key = `${E.variant}:${E.flipped}`;
  if (E.palettes === key) {
    markBrush();
    return;
  }
  E.palettes = key;
  const letters = info().pieces.map((p) => p.letter);
  const tool = (brush, inner, title) =>
    `<button type="button" data-brush="${brush}" title="${escapeHTML(title)}">${inner}</button>`;
  const row = (side) => {
    const own = letters.map((l) => (side === "white" ? l : l.toLowerCase()));
    const items = own.map((l) => tool(l, iconSVG(iconOf(l), side, `${side === "white" ? "White" : "Black"} ${nameOf(l)}`), `${side === "white" ? "White" : "Black"} ${nameOf(l)} (${l}): click squares to put it, or drag it on`));
    if (side === "white") items.push(tool("", POINTER, "move pieces by dragging; a click puts nothing"));
    else items.push(tool(ERASE, ERASER, "remove: click the pieces to take off (a right click or a drag off the board also removes)"));
    return items.join("");
  };
  // Black's pieces above the board, White's below, as they face.
  $(E.flipped ? "editor-palette-bottom" : "editor-palette-top").innerHTML = row("black");
  $(E.flipped ? "editor-palette-top" : "editor-palette-bottom").innerHTML = row("white");
  markBrush();
}

// markBrush shows which palette item a click on a square uses.
function markBrush() {
  for (const b of document.querySelectorAll("#editor [data-brush]")) {
    b.setAttribute("aria-pressed", String(b.dataset.brush === (E.brush === null ? "" : E.brush)));
  }
}

// drawFields sets the controls of the FEN's other fields to the position.
function drawFields() {
  const i = info();
  for (const r of document.querySelectorAll('input[name="editor-side"]')) r.checked = r.value === E.side;
  $("editor-rights").innerHTML = (i.rights || [])
    .map((r) => `<label><input type="checkbox" data-right="${r.letter}" ${E.rights.has(r.letter) ? "checked" : ""}> ${escapeHTML(r.name)} (${r.letter})</label>`)
    .join("");
  $("editor-rights").hidden = !(i.rights || []).length;
  $("editor-ep-row").hidden = !i.enPassant;
  if (i.enPassant) {
    // The square passed over: rank 6 when White is to move, 3 when Black.
    const rank = E.side === "w" ? i.ranks - 2 : 3;
    const opts = ["-"];
    for (let f = 0; f < i.files; f++) opts.push(sqName(f, rank - 1));
    if (!opts.includes(E.ep)) E.ep = "-";
    $("editor-ep").innerHTML = opts.map((o) => `<option value="${o}" ${o === E.ep ? "selected" : ""}>${o === "-" ? "none" : o}</option>`).join("");
  }
  $("editor-holdings").hidden = !isDurg();
  if (isDurg()) {
    for (const s of ["white", "black"]) {
      if (document.activeElement !== $(`editor-waiting-${s}`)) $(`editor-waiting-${s}`).value = E.waiting[s];
      if (document.activeElement !== $(`editor-fallen-${s}`)) $(`editor-fallen-${s}`).value = E.fallen[s];
      $(`editor-call-${s}`).value = E.call[s];
    }
  }
  $("editor-lost").hidden = !i.promotesToLost;
  if (!$("editor-lost").hidden) $("editor-lost").textContent = lostPieces();
  if (document.activeElement !== $("editor-half")) $("editor-half").value = E.half;
  if (document.activeElement !== $("editor-full")) $("editor-full").value = E.full;
  $("editor-variant").value = E.variant;
}

// lostPieces lists what each side has fewer of than at the start: the
// types a chaturanga Padati may promote to.
function lostPieces() {
  const start = {};
  for (const ch of info().startFen.split(" ")[0]) if (/[a-zA-Z]/.test(ch)) start[ch] = (start[ch] || 0) + 1;
  const now = {};
  for (const l of Object.values(E.board)) now[l] = (now[l] || 0) + 1;
  const side = (s) => {
    const lost = Object.keys(start)
      .filter((l) => sideOf(l) === s && !/[kp]/i.test(l) && (now[l] || 0) < start[l])
      .map((l) => `${start[l] - (now[l] || 0)} ${nameOf(l)}`);
    return `${s === "white" ? "White" : "Black"} ${lost.length ? lost.join(", ") : "nothing"}`;
  };
  return `Lost, so a Padati may promote to it: ${side("white")}; ${side("black")}.`;
}

// put sets a square: a letter, or nothing.
function put(sq, letter) {
  if (letter) E.board[sq] = letter;
  else delete E.board[sq];
}

// clickSquare uses the brush on a square: a piece put (the same piece
// again takes it off), or the square cleared.
function clickSquare(sq) {
  if (E.brush === null) return;
  if (E.brush === ERASE || E.board[sq] === E.brush) put(sq, null);
  else put(sq, E.brush);
  changed();
}

function ghost(x, y) {
  const g = $("editor-ghost");
  if (!E.drag || !E.drag.moved) {
    g.hidden = true;
    return;
  }
  const l = E.drag.letter;
  g.innerHTML = iconSVG(iconOf(l), sideOf(l), nameOf(l));
  const size = $("editor-board").getBoundingClientRect().width / (info().files + 0.4);
  g.style.width = g.style.height = `${size}px`;
  g.style.left = `${x}px`;
  g.style.top = `${y}px`;
  g.hidden = false;
}

function onDown(e) {
  const onBoard = e.target.closest("#editor-board");
  const item = e.target.closest("[data-brush]");
  if (!onBoard && !item) return;
  if (onBoard && e.button === 2) {
    // A right click takes the piece off.
    e.preventDefault();
    const sq = squareAt(e.clientX, e.clientY);
    if (sq && E.board[sq]) {
      put(sq, null);
      changed();
    }
    return;
  }
  if (e.button !== 0) return;
  e.preventDefault();
  if (item) {
    const brush = item.dataset.brush;
    E.brush = brush === "" ? null : brush;
    const letter = brush && brush !== ERASE ? brush : null;
    E.drag = letter ? { from: null, letter, x: e.clientX, y: e.clientY, moved: false } : null;
    markBrush();
  } else {
    const sq = squareAt(e.clientX, e.clientY);
    if (!sq) return;
    E.drag = { from: sq, letter: E.board[sq] || null, x: e.clientX, y: e.clientY, moved: false };
  }
  try {
    e.target.setPointerCapture(e.pointerId);
  } catch (err) {
    /* a synthetic event has no capture */
  }
}

function onMove(e) {
  const d = E.drag;
  if (!d || !d.letter) return;
  if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
  if (!d.moved) {
    d.moved = true;
    draw();
  }
  ghost(e.clientX, e.clientY);
}

function onUp(e) {
  const d = E.drag;
  E.drag = null;
  ghost();
  if (!d) return;
  if (!d.moved) {
    if (d.from) clickSquare(d.from);
    return;
  }
  // A piece dropped on a square stands there; one dragged off the board
  // is taken off it.
  const to = squareAt(e.clientX, e.clientY);
  if (d.from) put(d.from, null);
  if (to) put(to, d.letter);
  changed();
}

// open makes a game of the accepted position, for analysis or for play
// against the engine ("white": the player has White).
function open(mode) {
  const ok = accepted();
  if (!ok) return;
  askLeave(async () => {
    clearError();
    stopEngine();
    leaveShared();
    try {
      const st = await api("POST", "/api/games", { variant: ok.variant, fen: ok.fen });
      $("editor").close();
      startFrom(st, mode);
    } catch (e) {
      E.answer = { fen: editorFEN(), error: e.message };
      renderVerdict();
    }
  });
}

// startFrom shows a game made from a position: analysed, or played
// against the engine from the player's side.
export function startFrom(st, mode) {
  S.pgn = null;
  S.mode = mode;
  S.flipped = mode === "black";
  S.clock = null;
  initClock();
  setGame(st);
}

function note(text) {
  $("editor-note").textContent = text;
}

// readFEN takes a FEN typed in the editor, as the rules read it.
async function readFEN() {
  const fen = $("editor-fen").value.trim();
  try {
    const view = await api("POST", "/api/position", { variant: E.variant, fen });
    load(view.variant, view.fen);
    E.answer = { fen: view.fen, view };
    $("editor-fen").blur();
    changed();
    renderVerdict();
  } catch (e) {
    // The reason stands until the position changes.
    E.answer = { fen: editorFEN(), error: `the FEN typed: ${e.message}` };
    renderVerdict();
  }
}

function number(id, lo, hi) {
  const n = parseInt($(id).value, 10);
  return Number.isFinite(n) ? Math.max(lo, Math.min(hi, n)) : lo;
}

export function wireEditor() {
  const d = $("editor");
  $("editor-open").addEventListener("click", openEditor);
  $("editor-close").addEventListener("click", () => d.close());
  d.addEventListener("pointerdown", onDown);
  d.addEventListener("pointermove", onMove);
  d.addEventListener("pointerup", onUp);
  d.addEventListener("pointercancel", () => {
    E.drag = null;
    ghost();
    draw();
  });
  $("editor-board").addEventListener("contextmenu", (e) => e.preventDefault());
  $("editor-variant").addEventListener("change", () => {
    const v = $("editor-variant").value;
    load(v, S.variants[v].startFen);
    E.brush = null;
    changed();
  });
  $("editor-start").addEventListener("click", () => {
    load(E.variant, info().startFen);
    changed();
  });
  $("editor-clear").addEventListener("click", () => {
    clear();
    changed();
  });
  $("editor-flip").addEventListener("click", () => {
    E.flipped = !E.flipped;
    draw();
  });
  for (const r of document.querySelectorAll('input[name="editor-side"]')) {
    r.addEventListener("change", () => {
      E.side = r.value;
      changed();
    });
  }
  $("editor-rights").addEventListener("change", (e) => {
    const l = e.target.dataset.right;
    if (!l) return;
    if (e.target.checked) E.rights.add(l);
    else E.rights.delete(l);
    changed();
  });
  $("editor-ep").addEventListener("change", () => {
    E.ep = $("editor-ep").value;
    changed();
  });
  for (const s of ["white", "black"]) {
    $(`editor-waiting-${s}`).addEventListener("input", () => {
      E.waiting[s] = number(`editor-waiting-${s}`, 0, 9);
      changed();
    });
    $(`editor-fallen-${s}`).addEventListener("input", () => {
      E.fallen[s] = number(`editor-fallen-${s}`, 0, 99);
      changed();
    });
    $(`editor-call-${s}`).addEventListener("change", () => {
      E.call[s] = $(`editor-call-${s}`).value;
      changed();
    });
  }
  $("editor-half").addEventListener("input", () => {
    E.half = number("editor-half", 0, 9999);
    changed();
  });
  $("editor-full").addEventListener("input", () => {
    E.full = number("editor-full", 1, 9999);
    changed();
  });
  $("editor-read").addEventListener("click", readFEN);
  $("editor-fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      readFEN();
    }
  });
  $("editor-analyse").addEventListener("click", () => open("analysis"));
  $("editor-play-white").addEventListener("click", () => open("white"));
  $("editor-play-black").addEventListener("click", () => open("black"));
  $("editor-copy").addEventListener("click", () => {
    const ok = accepted();
    if (!ok) return;
    $("editor-link").value = positionLink(ok.variant, ok.fen);
    $("editor-link").hidden = false;
    copyText($("editor-link").value, "link", { area: $("editor-link"), note: $("editor-note") });
  });
}
