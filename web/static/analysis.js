// Live analysis: asking for it, the search reports, the lines shown with
// their scores and chances, and the evaluation bar.

import { S } from "./state.js";
import { $, clearError, escapeHTML, showError } from "./dom.js";
import { gameApi } from "./api.js";
import { intOf } from "./settings.js";
import { positionOver, setGame } from "./game.js";
import { renderReview } from "./review.js";
import { renderShapes } from "./board.js";
import { renderControls } from "./render.js";

export async function maybeAnalyse() {
  // A review in progress has the engine; live analysis waits for it.
  if (S.shared || !S.analysing || S.thinking || positionOver(S.view) || (S.review && S.review.running)) return;
  const key = `${S.game.id}:${S.game.version}:${S.view.ply}`;
  if (S.analysisKey === key) return;
  S.analysisKey = key;
  S.lines = [];
  renderLines();
  await S.esReady;
  if (S.analysisKey !== key || !S.analysing) return;
  try {
    await gameApi("POST", "/analysis", { threads: intOf("threads", 1), multipv: intOf("multipv", 1), ply: S.view.ply });
  } catch (e) {
    S.analysisKey = null;
    if (e.status !== 409) showError(e); // the engine is moving: it reports instead
  }
}

export async function stopAnalysis() {
  S.analysisKey = null;
  if (S.game.searching === "analysis" || S.game.searching === "") {
    await gameApi("POST", "/stop").catch(() => {});
  }
}

export function onSearch(d) {
  if (d.epoch !== S.game.epoch) return; // a search of the game before it started again
  if (d.kind === "review") {
    // A review ends by itself, or by a change to the game.
    S.game.searching = d.running ? "review" : "";
    if (!d.running && S.review && S.review.running) {
      S.review.running = false;
      renderReview();
      maybeAnalyse();
    }
    renderControls();
    return;
  }
  if (d.running) {
    S.game.searching = d.kind;
    S.lines = [];
  } else {
    S.game.searching = "";
    if (d.kind === "analysis" && S.analysisKey && S.analysisKey.endsWith(`:${d.ply}`)) S.analysisKey = null;
  }
  renderLines();
  renderControls();
}

export function onInfo(d) {
  if (d.epoch !== S.game.epoch || d.kind === "review") return;
  if (d.kind === "analysis" && d.ply !== S.view.ply) return;
  S.lines[d.multipv - 1] = d;
  S.lines.length = Math.max(S.lines.length, d.multipv);
  renderLines();
}

function fmtScore(d) {
  // From White's point of view, as the bar shows it.
  const sign = d.side === "white" ? 1 : -1;
  if (d.mate !== undefined) {
    const m = d.mate * sign;
    return m > 0 ? `M${m}` : `-M${-m}`;
  }
  const cp = (d.cp * sign) / 100;
  return (cp > 0 ? "+" : "") + cp.toFixed(2);
}

function fmtPV(d) {
  let no = d.fullmove;
  let black = d.side === "black";
  const out = [];
  d.pv.forEach((san, i) => {
    if (!black) out.push(`${no}.`);
    else if (i === 0) out.push(`${no}…`);
    // A click on a move of the line enters the line up to it.
    out.push(`<span class="pvm" data-k="${i}" title="enter the line to here">${escapeHTML(san)}</span>`);
    if (black) no++;
    black = !black;
  });
  return out.join(" ");
}

// wdlPercent is a report's chances from White's side (as the score is
// shown) in whole percents that sum to 100: the per-mille figures rounded
// by largest remainder.
function wdlPercent(d) {
  if (!d.wdl) return null;
  const own = d.side === "white";
  const mille = [own ? d.wdl.win : d.wdl.loss, d.wdl.draw, own ? d.wdl.loss : d.wdl.win];
  const pct = mille.map((m) => Math.floor(m / 10));
  const order = [0, 1, 2].sort((a, b) => (mille[b] % 10) - (mille[a] % 10));
  for (let i = 0, left = 100 - pct.reduce((a, b) => a + b, 0); i < left; i++) pct[order[i]]++;
  return { white: pct[0], draw: pct[1], black: pct[2] };
}

function wdlWords(w) {
  return `White wins ${w.white}%, draw ${w.draw}%, Black wins ${w.black}%`;
}

function fmtWDL(d) {
  const w = wdlPercent(d);
  if (!w) return "";
  return (
    `<span class="wdl" data-white="${w.white}" data-draw="${w.draw}" data-black="${w.black}" title="${wdlWords(w)}">` +
    `<span class="wdl-bar"><i class="w" style="width:${w.white}%"></i><i class="d" style="width:${w.draw}%"></i><i class="b" style="width:${w.black}%"></i></span>` +
    `${w.white}·${w.draw}·${w.black}</span>`
  );
}

export function renderLines() {
  const lines = S.lines.filter(Boolean);
  const sum = $("analysis-summary");
  if (!lines.length) {
    sum.textContent = S.thinking ? "Senapati is thinking…" : S.analysing ? "analysing…" : "";
    $("analysis-wdl").textContent = "";
    $("lines").innerHTML = "";
    setBar(null);
    return;
  }
  const top = lines[0];
  const who = top.kind === "analysis" ? "Analysis" : S.thinking ? "Senapati thinking" : `Senapati's move ${top.fullmove}${top.side === "black" ? "…" : "."}`;
  const nodes = top.nodes >= 1e6 ? `${(top.nodes / 1e6).toFixed(1)} M nodes` : `${Math.round(top.nodes / 1e3)} k nodes`;
  sum.textContent = `${who}: depth ${top.depth}/${top.seldepth}, ${nodes}, ${Math.round(top.nps / 1000)} kn/s, ${(top.timeMs / 1000).toFixed(1)} s`;
  const w = wdlPercent(top);
  $("analysis-wdl").textContent = w ? `Chances: ${wdlWords(w)}` : "";
  $("lines").innerHTML = lines
    .map((d) => `<li data-multipv="${d.multipv}" data-pv="${escapeHTML(d.pvUci.join(" "))}"><span class="score">${fmtScore(d)}</span>${fmtWDL(d)} <span class="pv">${fmtPV(d)}</span></li>`)
    .join("");
  for (const el of $("lines").querySelectorAll(".pvm")) {
    el.addEventListener("click", () => enterPV(S.lines[parseInt(el.closest("li").dataset.multipv, 10) - 1], parseInt(el.dataset.k, 10)));
  }
  setBar(top);
  renderShapes();
}

// enterPV plays an analysis line up to its move k as a variation from the
// position analysed (or follows it where the tree holds it already).
async function enterPV(d, k) {
  if (!d || S.shared || S.thinking || d.kind !== "analysis" || d.ply !== S.view.ply) return;
  const line = d.pvUci.slice(0, k + 1);
  clearError();
  try {
    const st = await gameApi("POST", "/move", { move: line[0], line: line.slice(1), ply: S.game.plies, at: d.ply });
    setGame(st, d.ply + line.length);
  } catch (e) {
    showError(e);
  }
}

export function setBar(d) {
  let pct = 50;
  if (d) pct = d.mate !== undefined ? (d.white > 0 ? 100 : 0) : 50 + 50 * (2 / (1 + Math.exp(-d.white / 250)) - 1);
  $("evalbar-white").style.height = `${pct.toFixed(1)}%`;
  const w = d && wdlPercent(d);
  $("evalbar").title = d ? `evaluation ${fmtScore(d)}${w ? ` (${wdlWords(w)})` : ""}` : "evaluation";
}
