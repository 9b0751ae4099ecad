// The move list as a tree with its variations, NAGs and comments, the
// tree's edits, and loading a PGN.

import { S } from "./state.js";
import { $, clearError, escapeHTML, showError } from "./dom.js";
import { api, gameApi } from "./api.js";
import { mainIds } from "./record.js";
import { goto, setGame, stopEngine } from "./game.js";
import { leaveShared } from "./share.js";
import { fmtClock } from "./clock.js";
import { markHTML } from "./review.js";

export async function loadPGN(text, game) {
  $("pgn-error").textContent = "";
  clearError();
  try {
    const st = await api("POST", "/api/games", { pgn: text, game: game || 0 });
    stopEngine();
    leaveShared();
    S.pgn = { text, info: st.pgn };
    S.mode = "analysis";
    $("mode").value = "analysis";
    S.clock = null;
    setGame(st);
    await goto(0);
  } catch (e) {
    $("pgn-error").textContent = e.message;
    if (game) showError(e);
  }
}

// renderNotice says what a loaded PGN held that the board did not take,
// and offers the other games of a file of several.
export function renderNotice() {
  const el = $("notice");
  const info = S.pgn && S.pgn.info;
  if (!info) {
    el.hidden = true;
    el.innerHTML = "";
    return;
  }
  const parts = [];
  if (info.games > 1) {
    const titles = info.titles || [];
    const options = titles.map((t, i) => `<option value="${i + 1}"${i + 1 === info.game ? " selected" : ""}>${escapeHTML(t)}</option>`);
    const more = info.games > titles.length ? ` (the first ${titles.length} offered)` : "";
    parts.push(`This PGN holds ${info.games} games; game ${info.game} is loaded${more}: <select id="pgn-game" aria-label="game of the PGN">${options.join("")}</select>`);
  }
  // The board keeps the variations, NAGs and comments; only a movetext
  // the server could not read as a tree leaves some out.
  if (info.dropped && info.dropped.length) parts.push(`Left out: ${[...new Set(info.dropped)].slice(0, 6).join(", ")}.`);
  el.hidden = parts.length === 0;
  el.innerHTML = parts.map((p) => `<div>${p}</div>`).join("");
  const pick = $("pgn-game");
  if (pick) pick.addEventListener("change", () => loadPGN(S.pgn.text, parseInt(pick.value, 10)));
}

// renderMoves shows the game's tree as lichess does: the main line in
// rows of two, each variation under the move it stands instead of, in
// parentheses, nested ones inside. A move of the active line carries its
// ply (a click shows it); another move's click enters its line.
export function renderMoves() {
  const g = S.game;
  const list = $("movelist");
  const tree = g.tree || [];
  const onLine = new Map((g.line || []).map((id, i) => [id, i + 1]));
  const cur = S.view.ply > 0 && g.line ? g.line[S.view.ply - 1] : null;
  const mvOf = (t, mover) => mvHTML(t, mover, onLine.get(t.id), t.id === cur);
  let black = g.startFen.split(" ")[1] === "b";
  let no = parseInt(g.startFen.split(" ")[5], 10) || 1;
  const items = [];
  let row = null;
  tree.forEach((t, i) => {
    const mover = black ? "black" : "white";
    if (!black) row = [`<span class="no">${no}.</span>`, mvOf(t, mover)];
    else {
      if (!row) row = [`<span class="no">${no}.</span>`, `<span class="${i === 0 ? "mv empty" : "gap"}">…</span>`];
      row.push(mvOf(t, mover));
      items.push(`<li>${row.join("")}</li>`);
      row = null;
    }
    if (t.vars && t.vars.length) {
      if (row) {
        row.push('<span class="gap">…</span>');
        items.push(`<li>${row.join("")}</li>`);
        row = null;
      }
      items.push(`<li class="vars">${t.vars.map((v) => `<div class="var">${varHTML(v, no, black, mvOf)}</div>`).join("")}</li>`);
    }
    if (black) no++;
    black = !black;
  });
  if (row) items.push(`<li>${row.join("")}<span></span></li>`);
  list.innerHTML = items.join("");
  for (const el of list.querySelectorAll("[data-node]")) {
    el.addEventListener("click", () => (el.dataset.ply ? goto(parseInt(el.dataset.ply, 10)) : enterNode(parseInt(el.dataset.node, 10))));
  }
  renderTreeTools(cur);
  followCurrent(list);
}

// followCurrent keeps the move shown in the list's view by scrolling the
// list alone (scrollIntoView would scroll the page too: on a phone, every
// move). A move at the list's edge or beyond it is brought to the middle,
// so the moves around it show too; on a wide screen the list stands in the
// window beside the board (style.css), so the move is in view there.
function followCurrent(list) {
  const curEl = list.querySelector(".current");
  if (!curEl) {
    list.scrollTop = 0;
    return;
  }
  const lr = list.getBoundingClientRect();
  const cr = curEl.getBoundingClientRect();
  const edge = Math.min(cr.height, lr.height / 4);
  if (cr.top < lr.top + edge || cr.bottom > lr.bottom - edge) {
    list.scrollTop += cr.top + cr.height / 2 - (lr.top + lr.height / 2);
  }
}

// varHTML is a variation inline: "3... c5 4. Nf3 (4. c3 d5) 4... d6".
function varHTML(line, no, black, mvOf) {
  const out = [];
  let needNo = true;
  for (const t of line) {
    if (!black) out.push(`<span class="no">${no}.</span>`);
    else if (needNo) out.push(`<span class="no">${no}…</span>`);
    out.push(mvOf(t, black ? "black" : "white"));
    needNo = !!t.comment;
    for (const v of t.vars || []) {
      out.push(`<span class="paren">(</span>${varHTML(v, no, black, mvOf)}<span class="paren">)</span>`);
      needNo = true;
    }
    if (black) no++;
    black = !black;
  }
  return out.join(" ");
}

// NAG symbols as readers show them; others stay $n.
export const NAGS = { $7: "□", $10: "=", $13: "∞", $14: "+=", $15: "=+", $16: "±", $17: "∓", $18: "+−", $19: "−+", $22: "⊙", $23: "⊙", $32: "↻", $33: "↻", $36: "↑", $37: "↑", $40: "→", $41: "→", $132: "⇆", $133: "⇆", $138: "⊕", $139: "⊕", $146: "N" };

function mvHTML(t, mover, ply, current) {
  const cls = `mv${current ? " current" : ""}${ply ? " on" : ""}`;
  let c = t.comment ? fmtComment(t.comment, mover) : "";
  // A loaded PGN's [%eval] is the move's score (depth 0: no review has
  // scored it again), shown where the PGN had it; the graph draws it too.
  if (t.eval && !t.eval.depth) c = [evalSpan(t.eval.mate !== undefined ? `#${t.eval.mate}` : String(t.eval.white / 100)), c].filter(Boolean).join(" ");

  const glyph = t.glyph ? `<span class="glyph">${escapeHTML(t.glyph)}</span>` : markHTML(t.id);
  const nags = (t.nags || []).map((n) => `<span class="nag" title="${n}">${escapeHTML(NAGS[n] || n)}</span>`).join("");
  // The move's own clock is drawn by CSS from data-clk (a comment's
  // [%clk] is shown in the comment instead).
  const clk = t.clock !== undefined && !(t.comment || "").includes("[%clk") ? ` data-clk="${fmtClock(t.clock)}"` : "";
  return `<span class="${cls}" data-node="${t.id}"${ply ? ` data-ply="${ply}"` : ""}${clk} title="${t.uci}">${escapeHTML(t.san)}${glyph}${nags}${c ? ` <span class="c">${c}</span>` : ""}</span>`;
}

// enterNode makes the line through a move the active one and shows the move.
async function enterNode(id) {
  clearError();
  try {
    const st = await gameApi("POST", "/tree", { op: "select", node: id });
    setGame(st, st.line.indexOf(id) + 1);
  } catch (e) {
    showError(e);
  }
}

// renderTreeTools offers what may be done with the move shown: promote
// its variation, make it the main line, delete it and what follows.
function renderTreeTools(cur) {
  const off = cur !== null && !mainIds(S.game.tree).has(cur);
  const busy = S.thinking || !!S.shared;
  $("var-promote").disabled = $("var-main").disabled = busy || !off;
  $("var-delete").disabled = busy || cur === null;
}

export async function editTree(op) {
  const ply = S.view.ply;
  const id = ply > 0 ? S.game.line[ply - 1] : null;
  if (id === null) return;
  clearError();
  try {
    const st = await gameApi("POST", "/tree", { op, node: id });
    setGame(st, op === "delete" ? ply - 1 : ply);
  } catch (e) {
    showError(e);
  }
}

// moverOf is the side that played ply i (from 0) of the game.
function moverOf(i) {
  const first = S.game.startFen.split(" ")[1] === "b" ? 1 : 0;
  return (first + i) % 2 === 0 ? "white" : "black";
}

// evalSpan shows a [%eval] value (pawns, or #3 a mate) from White's view.
function evalSpan(arg) {
  const mate = arg.startsWith("#");
  const n = parseFloat(mate ? arg.slice(1) : arg);
  if (!Number.isFinite(n)) return "";
  return `<span class="ev" title="evaluation, from White's view">${mate ? (n > 0 ? `M${n}` : `-M${-n}`) : (n > 0 ? "+" : "") + n.toFixed(2)}</span>`;
}

// fmtComment shows a move's comment. Every score on the page is from
// White's point of view (+ good for White): the engine's "+0.35/12 1.0s",
// which the PGN writes from the mover's view, is turned for a Black move;
// a PGN's [%clk 0:02:58] shows as the clock time left and [%eval 0.2] as
// a score; other [%...] commands (arrows, marks) are not shown.
function fmtComment(text, mover) {
  const extra = [];
  text = text.replace(/\[%(\w+)\s*([^\]]*)\]/g, (_, cmd, arg) => {
    arg = arg.trim();
    if (cmd === "clk") extra.push(`<span class="clk" title="clock time left">${escapeHTML(arg.replace(/^0:(?=\d)/, "").replace(/^0(?=\d:)/, ""))}</span>`);
    else if (cmd === "eval") extra.push(evalSpan(arg));
    return " ";
  }).replace(/\s+/g, " ").trim();
  const m = /^([+-])(M?)(\d+(?:\.\d+)?)(\/\d+ [\d.]+s)(.*)$/.exec(text);
  if (m) {
    let sign = m[1] === "-" ? -1 : 1;
    if (mover === "black") sign = -sign;
    const zero = !m[2] && parseFloat(m[3]) === 0;
    text = `${zero ? "+" : sign > 0 ? "+" : "-"}${m[2]}${m[3]}${m[4]}${m[5]}`;
  }
  return [text ? escapeHTML(text) : "", ...extra].filter(Boolean).join(" ");
}
