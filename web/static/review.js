// The game's review: every position of the line searched to one depth,
// drawn as a graph from White's view; then each move's mark (inaccuracy,
// mistake, blunder), the better move as an arrow with its line, each
// side's accuracy and counts, and the way from one mistake to the next.
// The server judges (web/judge.go); this module only shows it.

import { S } from "./state.js";
import { $, clearError, escapeHTML, showError } from "./dom.js";
import { gameApi } from "./api.js";
import { intOf } from "./settings.js";
import { goto } from "./game.js";
import { maybeAnalyse } from "./analysis.js";

export async function startReview() {
  clearError();
  const depth = parseInt($("review-depth").value, 10) || 8;
  try {
    await S.esReady;
    S.analysisKey = null;
    S.review = { done: 0, total: S.game.plies + 1, running: true };
    renderReview();
    const r = await gameApi("POST", "/review", { depth, threads: intOf("threads", 1) });
    if (r.done === r.total) S.review = { done: r.done, total: r.total, running: false };
    renderReview();
  } catch (e) {
    S.review = null;
    renderReview();
    showError(e);
  }
}

export function onReview(d) {
  if (d.epoch !== S.game.epoch) return;
  if (d.eval) S.evals.set(d.node, d.eval);
  S.review = { done: d.done, total: d.total, running: !d.finished };
  renderReview();
  if (d.finished) maybeAnalyse();
}

// evalAt is the review's score of the position after ply k of the line.
export function evalAt(k) {
  const g = S.game;
  if (k === 0) return g.startEval || S.evals.get(0);
  const m = g.moves[k - 1];
  return (m && m.eval) || S.evals.get(g.line[k - 1]);
}

// whiteShare maps a score from White's view to 0..1 as the bar does.
function whiteShare(white) {
  return Math.abs(white) >= 100000 ? (white > 0 ? 1 : 0) : 1 / (1 + Math.exp(-white / 250));
}

// renderReview draws the progress and the graph: White's share of each
// reviewed position of the active line, White's side the light area
// below the curve, the position shown marked; a click goes to the ply.
export function renderReview() {
  const g = S.game;
  const svg = $("evalgraph");
  const r = S.review;
  const prog = $("review-progress");
  prog.hidden = !(r && r.running);
  if (r) {
    prog.max = r.total;
    prog.value = r.done;
  }
  $("review-note").textContent = r ? (r.running ? `${r.done} of ${r.total} positions` : r.done < r.total ? `stopped at ${r.done} of ${r.total}` : "") : "";
  $("review-start").disabled = !!S.shared || (r && r.running) || S.thinking;
  const W = 600;
  const H = 90;
  const n = g.plies;
  const pts = [];
  for (let k = 0; k <= n; k++) {
    const e = evalAt(k);
    if (e) pts.push({ k, white: e.white, x: n ? (k * W) / n : W / 2, y: H - 2 - (H - 4) * whiteShare(e.white) });
  }
  renderJudgement();
  svg.toggleAttribute("hidden", pts.length === 0); // an SVG element has no hidden property
  if (!pts.length) {
    svg.innerHTML = "";
    return;
  }
  const line = pts.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");
  const area = `${line} L${pts[pts.length - 1].x.toFixed(1)} ${H} L${pts[0].x.toFixed(1)} ${H} Z`;
  const cx = n ? (S.view.ply * W) / n : W / 2;
  svg.innerHTML = `<rect class="eg-bg" width="${W}" height="${H}"/><path class="eg-white" d="${area}"/>` +
    `<line class="eg-mid" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/><path class="eg-line" d="${line}"/>` +
    `<line class="eg-cur" x1="${cx}" y1="0" x2="${cx}" y2="${H}"/>` +
    pts.map((p) => `<circle class="pt${markAt(p.k) ? ` pt-${markAt(p.k)}` : ""}" cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${markAt(p.k) ? 4 : 2.5}" data-ply="${p.k}" data-white="${p.white}"/>`).join("");
}

const MARKS = {
  inaccuracy: { glyph: "?!", word: "Inaccuracy", plural: "inaccuracies" },
  mistake: { glyph: "?", word: "Mistake", plural: "mistakes" },
  blunder: { glyph: "??", word: "Blunder", plural: "blunders" },
};

// judgementAt is the review's judgement of move k (from 1) of the line.
function judgementAt(k) {
  const m = k > 0 && S.game.moves[k - 1];
  return (m && m.judgement) || null;
}

function markAt(k) {
  const j = judgementAt(k);
  return j ? j.mark || "" : "";
}

// moverAt is the side that played move k (from 1) of the line.
function moverAt(k) {
  const first = S.game.startFen.split(" ")[1] === "b" ? 1 : 0;
  return (first + k - 1) % 2 === 0 ? "white" : "black";
}

// markHTML is the review's mark of a move of the list (by its node), for
// a move with no assessment of its own.
export function markHTML(id) {
  const i = S.game.line.indexOf(id);
  const j = i >= 0 && judgementAt(i + 1);
  if (!j || !j.mark) return "";
  return `<span class="mark mark-${j.mark}" title="${MARKS[j.mark].word}">${MARKS[j.mark].glyph}</span>`;
}

// betterMove is the review's better move at the move shown, when the
// review marked it: the arrow the board draws.
export function betterMove() {
  const j = S.view && judgementAt(S.view.ply);
  return j && j.mark && j.bestUci ? j.bestUci : null;
}

// nextMistake goes to the next marked move after the one shown (round to
// the first), of one side or either, of one mark or any.
export function nextMistake(side, mark) {
  const n = S.game.plies;
  for (let step = 1; step <= n; step++) {
    const k = ((S.view.ply + step - 1) % n) + 1;
    const j = judgementAt(k);
    if (j && j.mark && (!side || moverAt(k) === side) && (!mark || j.mark === mark)) {
      goto(k);
      return true;
    }
  }
  return false;
}

function pct(x) {
  return `${Math.round(100 * x)}%`;
}

// fmtLine numbers the better line from the position before move k.
function fmtLine(line, k) {
  let no = moveNumber(k);
  let black = moverAt(k) === "black";
  return line.map((san, i) => {
    const head = !black ? `${no}. ` : i === 0 ? `${no}… ` : "";
    if (black) no++;
    black = !black;
    return head + escapeHTML(san);
  }).join(" ");
}

// moveNumber is the full move number of move k (from 1) of the line.
function moveNumber(k) {
  const f = S.game.startFen.split(" ");
  const first = f[1] === "b" ? 1 : 0;
  return (parseInt(f[5], 10) || 1) + Math.floor((first + k - 1) / 2);
}

// renderJudgement shows the review's summary (each side's accuracy and
// counts, which lead to that side's next such move) and the judgement of
// the move shown: its mark, the chances it lost, the better move and line.
function renderJudgement() {
  const g = S.game;
  const sum = $("review-summary");
  const box = $("review-move");
  const rv = g.review;
  sum.hidden = !rv;
  if (rv) {
    const row = (mark) => `<tr><th>${MARKS[mark].plural}</th>` + ["white", "black"].map((side) => {
      const n = rv[side][MARKS[mark].plural];
      return `<td>${n ? `<button type="button" class="count mark-${mark}" data-side="${side}" data-mark="${mark}" title="go to ${side === "white" ? "White" : "Black"}'s next ${mark}">${n}</button>` : "0"}</td>`;
    }).join("") + "</tr>";
    const any = ["white", "black"].some((s) => rv[s].inaccuracies + rv[s].mistakes + rv[s].blunders > 0);
    sum.innerHTML = `<table><tr><th></th><th>White</th><th>Black</th></tr>` +
      `<tr class="acc"><th>accuracy</th><td data-side="white">${rv.white.accuracy.toFixed(1)}%</td><td data-side="black">${rv.black.accuracy.toFixed(1)}%</td></tr>` +
      row("inaccuracy") + row("mistake") + row("blunder") + `</table>` +
      `<button type="button" id="review-next" title="the next inaccuracy, mistake or blunder (key m)"${any ? "" : " disabled"}>Next mistake</button>`;
    for (const b of sum.querySelectorAll("button.count")) b.addEventListener("click", () => nextMistake(b.dataset.side, b.dataset.mark));
    $("review-next").addEventListener("click", () => nextMistake());
  } else {
    sum.innerHTML = "";
  }
  const k = S.view.ply;
  const j = judgementAt(k);
  box.hidden = !(j && j.mark);
  if (!j || !j.mark) {
    box.innerHTML = "";
    return;
  }
  const mv = g.moves[k - 1];
  const who = moverAt(k) === "white" ? "White" : "Black";
  const head = `${moveNumber(k)}${moverAt(k) === "black" ? "…" : "."} ${escapeHTML(mv.san)}${MARKS[j.mark].glyph}`;
  const lost = `${who}'s expected score ${pct(j.before)} → ${pct(j.after)}${j.mateLost ? ", a forced mate let go" : ""}`;
  const better = j.best ? `<div class="better">Better was <b data-uci="${escapeHTML(j.bestUci)}">${escapeHTML(j.best)}</b>: <span class="line">${fmtLine(j.line || [j.best], k)}</span></div>` : "";
  box.dataset.mark = j.mark;
  box.innerHTML = `<div><b class="mark-${j.mark}">${MARKS[j.mark].word}</b> ${head} <span class="hint">(${lost})</span></div>${better}`;
}

// The key m goes to the next mistake, as the button does.
document.addEventListener("keydown", (e) => {
  if (e.key !== "m" || e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, textarea, select")) return;
  if (S.game && S.game.review && nextMistake()) e.preventDefault();
});

export function onGraphClick(e) {
  const svg = $("evalgraph");
  const box = svg.getBoundingClientRect();
  const n = S.game.plies;
  if (!n || !box.width) return;
  goto(Math.round(((e.clientX - box.left) / box.width) * n));
}
