// Copying the PGN, the FEN and the links, with or without a clipboard.

import { $, clearError, showError } from "./dom.js";
import { gameApi } from "./api.js";

// copyText puts text on the clipboard and says so. A page the browser
// offers no clipboard (plain http at a network address is no secure
// context), or whose write it refuses, shows the text selected in a box
// under the list instead, tries the browser's own copy command on it, and
// leaves it there for Ctrl+C until the box loses the focus.
export async function copyText(text, what) {
  const area = $("copy-area");
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      area.hidden = true;
      copyNote(`${what} copied`, 2500);
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
  copyNote(done ? `${what} copied (it stands selected below)` : `Press Ctrl+C to copy the ${what} selected below`);
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

// copyNote says what was copied, for ms when given (else until the next).
export function copyNote(text, ms) {
  clearTimeout(copyTimer);
  $("copy-note").textContent = text;
  if (ms) copyTimer = setTimeout(() => ($("copy-note").textContent = ""), ms);
}
