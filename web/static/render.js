// Drawing the whole page from the state, with the status line, the controls
// and the legend.

import { S } from "./state.js";
import { $ } from "./dom.js";
import { gamePath } from "./api.js";
import { atEnd, engineSide, humanCanMove, play } from "./game.js";
import { renderLines } from "./analysis.js";
import { renderReview } from "./review.js";
import { renderMoves, renderNotice } from "./moves.js";
import { renderPremove } from "./premove.js";
import { renderAnnotation } from "./annotate.js";
import { renderShare } from "./share.js";
import { arrivalSlots, callTargets, iconOf, iconSVG, pieceName, renderBoard, renderHoldings, renderShapes } from "./board.js";

export function sideName(side) {
  return side === "white" ? "White" : "Black";
}

function renderStatus() {
  const v = S.view;
  const g = S.game;
  const st = $("status");
  st.className = "";
  let text;
  if (S.clock && S.clock.flag && atEnd() && !v.verdict.over) {
    // The flag fell; the server is being told.
    const loser = S.clock.flag;
    text = `${sideName(loser)} lost on time: ${sideName(loser === "white" ? "black" : "white")} wins`;
    st.className = "over";
  } else if (v.verdict.over) {
    text = `Game over, ${v.verdict.result}: ${v.verdict.reason}`;
    st.className = "over";
  } else if (S.thinking) {
    text = `Senapati is thinking for ${sideName(g.side)}…`;
  } else {
    text = `${sideName(v.side)} to move${v.check ? ", in check" : ""}`;
    if (S.shared && S.shared.seat !== "spectator" && atEnd()) text += S.shared.seat === v.side ? " (your move)" : " (your opponent's move)";
  }
  if (!atEnd()) text = `Move ${v.ply} of ${g.plies}. ${text}${v.verdict.over ? "" : " (a move here starts a variation)"}`;
  if (S.pending) text = `${sideName(v.side)} to move: your move ${S.pending.body.move} ${S.conn === "connected" ? "is being sent" : "waits for the network"}`;
  st.textContent = text;
  st.dataset.over = v.verdict.over ? "1" : "0";

  let prompt = "";
  if (humanCanMove()) {
    const slots = arrivalSlots();
    const need = v.turns.length ? v.turns[0].arrivals.length : 0;
    if (slots.length) {
      prompt = need > 1
        ? `${need} Mantris arrive first: choose ${need - S.arrivals.length} more of the gold squares.`
        : "A Mantri arrives first: choose one of the gold squares.";
    } else if (S.callMode) {
      prompt = "Choose the Rani's square.";
    } else if (S.promotion) {
      prompt = "Choose the piece to promote to.";
    } else if (callTargets().length) {
      prompt = "The Raja may call the Rani (button) instead of moving.";
    }
  }
  $("prompt").textContent = prompt;
}

export function renderControls() {
  const g = S.game;
  const over = g.verdict.over;
  $("undo").disabled = S.thinking || g.plies === 0;
  $("engine-move").disabled = S.thinking || over || !atEnd() || (S.clock && !!S.clock.flag);
  $("stop").disabled = !S.thinking && S.game.searching !== "analysis" && S.game.searching !== "review";
  $("call").hidden = !(humanCanMove() && callTargets().length);
  // A shared game takes only its players' moves: no takeback, engine,
  // analysis or set-up (the server refuses them too).
  const shared = !!S.shared;
  if (shared) {
    $("undo").disabled = $("engine-move").disabled = $("stop").disabled = true;
  }
  $("analyse").disabled = $("set-fen").disabled = $("mode").disabled = shared;
  // A shared game resigns in its own panel; a finished game has no offer.
  $("resign-game").disabled = $("offer-draw").disabled = shared || over || S.thinking || !atEnd();
  if (!$("offer-draw").dataset.armed) $("offer-draw").textContent = engineSide() ? "Offer draw" : "Draw agreed";
  $("call").textContent = S.callMode ? "Cancel the call" : "Call the Rani";
  $("download-pgn").href = gamePath("/pgn");
  $("variant").value = g.variant;
  $("mode").value = S.mode;
  $("evalbar").classList.toggle("flipped", S.flipped);
  const pr = $("promotion");
  if (S.promotion) {
    pr.hidden = false;
    pr.innerHTML = "Promote to: " + S.promotion
      .map((t) => `<span data-uci="${t.uci}" data-promotion="${t.promotion}">${iconSVG(iconOf(t.promotion), S.view.side, pieceName(t.promotion))}</span>`)
      .join("");
    for (const el of pr.querySelectorAll("[data-uci]")) el.addEventListener("click", () => play(el.dataset.uci));
  } else {
    pr.hidden = true;
    pr.innerHTML = "";
  }
}

function renderLegend() {
  const v = S.view;
  const info = S.variants[v.variant];
  const items = info.pieces.map((p) => `<li>${iconSVG(p.icon, "white", p.name)}${iconSVG(p.icon, "black", p.name)} ${p.name} (${p.letter})</li>`);
  if (v.zones) {
    items.push('<li><span class="swatch" style="background:rgba(40,110,210,0.4)"></span>White\'s Durg zones</li>');
    items.push('<li><span class="swatch" style="background:rgba(200,40,40,0.4)"></span>Black\'s Durg zones</li>');
  }
  $("legend-list").innerHTML = items.join("");
}

export function render() {
  if (!S.view) return;
  renderBoard();
  renderShapes();
  renderHoldings();
  renderStatus();
  renderNotice();
  renderControls();
  // Before the list, which keeps the move shown in its box: the row
  // under it changes the box's height.
  renderAnnotation();
  renderMoves();
  renderLines();
  renderLegend();
  renderShare();
  renderReview();
  if (document.activeElement !== $("fen")) $("fen").value = S.view.fen;
  renderPremove();
}
