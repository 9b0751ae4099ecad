// Copying the PGN, the FEN and the links, with or without a clipboard.

import { $, clearError, showError } from "./dom.js";
import { gameApi } from "./api.js";

// copyText puts text on the clipboard and says so. A page the browser
// offers no clipboard (plain http at a network address is no secure
// context), or whose write it refuses, shows the text selected in a box
// under the list instead, tries the browser's own copy command on it, and
// leaves it there for Ctrl+C until the box loses the focus. place: the
// box and the note to use instead of the move list's (the board editor's).
export async function copyText(text, what, place) {
  const area = place ? place.area : $("copy-area");
  const say = (t, ms) => copyNote(t, ms, place && place.note);
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      if (!place) area.hidden = true;
      say(`${what} copied`, 2500);
      return;
    } catch (e) {
      /* the box below */
    }
  }
  area.value = text;
  area.hidden = false;
  area.focus();
  area.setSelectionRange(0, text.length);
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch (e) {
    done = false;
  }
  say(done ? `${what} copied (it stands selected below)` : `Press Ctrl+C to copy the ${what} selected below`);
}

// positionLink is the link that opens a position of a game on the
// analysis board (docs/web.md, "Position links").
export function positionLink(variant, fen) {
  const q = new URLSearchParams({ variant, fen });
  return `${location.origin}${location.pathname}?${q}`;
}

// copyPGN copies the game as Download PGN writes it: the whole tree with
// its variations, comments, NAGs and clock times.
export async function copyPGN() {
  clearError();
  try {
    await copyText(await gameApi("GET", "/pgn", undefined, undefined, true), "PGN");
  } catch (e) {
    showError(e);
  }
}

let copyTimer = null;

// copyNote says what was copied, for ms when given (else until the next),
// in the move list's note or in el.
export function copyNote(text, ms, el = $("copy-note")) {
  clearTimeout(copyTimer);
  el.textContent = text;
  if (ms) copyTimer = setTimeout(() => (el.textContent = ""), ms);
}
