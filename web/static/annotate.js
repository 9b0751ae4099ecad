// Annotating the move shown on the analysis board: its glyph (!, ?, !!,
// ??, !?, ?!), one symbol for the position (a NAG such as += or ∞) and a
// comment, kept by the server in the game's tree and written to the PGN
// (POST .../annotation, docs/web.md).

import { S } from "./state.js";
import { $, escapeHTML, showError } from "./dom.js";
import { gameApi } from "./api.js";
import { setGame } from "./game.js";
import { NAGS } from "./moves.js";

const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
// The position's symbols offered, by NAG, in the order a player reads them.
const POSITION = ["$10", "$13", "$14", "$15", "$16", "$17", "$18", "$19", "$22", "$32", "$36", "$40", "$132", "$146"];

// shown is the move shown (the last of the line up to the view), or null
// at the start or in a shared game, whose record is its players'.
function shown() {
  const v = S.view;
  if (!v || S.shared || v.ply === 0) return null;
  return v.moves[v.ply - 1] || null;
}

async function save(m, change) {
  const body = { node: m.id, comment: m.comment || "", glyph: m.glyph || "", nags: m.nags || [], ...change };
  try {
    setGame(await gameApi("POST", "/annotation", body), S.view.ply);
  } catch (e) {
    showError(e);
  }
}

export function renderAnnotation() {
  const el = $("annotation");
  const m = shown();
  el.hidden = !m;
  if (!m) return;
  // Drawn again only when the move or its annotation changes: the page
  // draws often (the clocks), and a new select would close an open one.
  const key = JSON.stringify([S.game.id, m.id, m.glyph, m.nags, m.comment]);
  if (el.dataset.key === key) return;
  if (el.contains(document.activeElement) && document.activeElement.id === "comment-text") return; // being written
  el.dataset.key = key;
  const nags = m.nags || [];
  const pos = nags.find((n) => POSITION.includes(n)) || "";
  el.innerHTML =
    `<div class="row"><span class="hint">${escapeHTML(m.san)}</span>` +
    GLYPHS.map((g) => `<button type="button" class="glyph-btn" data-glyph="${escapeHTML(g)}" aria-pressed="${m.glyph === g}" title="mark the move ${escapeHTML(g)} (again: unmark)">${escapeHTML(g)}</button>`).join("") +
    `<select id="nag-select" aria-label="the position's symbol"><option value="">symbol</option>` +
    POSITION.map((n) => `<option value="${n}" ${n === pos ? "selected" : ""}>${escapeHTML(NAGS[n] || n)} ${n}</option>`).join("") +
    `</select><button type="button" id="comment-edit" title="write or change the move's comment">Comment</button></div>` +
    `<div class="row" id="comment-row" hidden><textarea id="comment-text" maxlength="512" aria-label="the move's comment">${escapeHTML(m.comment || "")}</textarea>` +
    `<button type="button" id="comment-save" class="primary">Save</button></div>`;
  for (const b of el.querySelectorAll("[data-glyph]")) {
    b.addEventListener("click", () => save(m, { glyph: m.glyph === b.dataset.glyph ? "" : b.dataset.glyph }));
  }
  $("nag-select").addEventListener("change", () => {
    const keep = nags.filter((n) => !POSITION.includes(n));
    save(m, { nags: $("nag-select").value ? [...keep, $("nag-select").value] : keep });
  });
  $("comment-edit").addEventListener("click", () => {
    $("comment-row").hidden = false;
    $("comment-text").focus();
  });
  $("comment-save").addEventListener("click", () => {
    const text = $("comment-text").value;
    $("comment-text").blur();
    save(m, { comment: text });
  });
}
