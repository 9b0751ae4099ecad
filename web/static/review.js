// The game's review: every position of the line searched to one depth,
// drawn as a graph from White's view.

import { S } from "./state.js";
import { $, clearError, showError } from "./dom.js";
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
    pts.map((p) => `<circle class="pt" cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="2.5" data-ply="${p.k}" data-white="${p.white}"/>`).join("");
}

export function onGraphClick(e) {
  const svg = $("evalgraph");
  const box = svg.getBoundingClientRect();
  const n = S.game.plies;
  if (!n || !box.width) return;
  goto(Math.round(((e.clientX - box.left) / box.width) * n));
}
