// The Senapati board page. It draws what the server says: the legal turns,
// zones, holdings and the verdict come from the engine's own rules through
// the JSON API (docs/web.md, "API"); nothing here knows a rule. This module
// wires the page's controls and opens the game; the others each hold one
// concern, their shared state in state.js.

import { S } from "./state.js";
import { $, clearError, showError } from "./dom.js";
import { api, gameApi, gamePath } from "./api.js";
import { KEY, restore, save } from "./record.js";
import { loadSettings, saveSettings, SETTINGS, showStrength, showTimeControl } from "./settings.js";
import { engineMove, engineSide, goto, maybeEngine, whyNoMove, newGame, offerDraw, play, resetSelection, resignGame, resumePending, setGame } from "./game.js";
import { maybeAnalyse, renderLines, stopAnalysis } from "./analysis.js";
import { onGraphClick, startReview } from "./review.js";
import { editTree, loadPGN } from "./moves.js";
import { answerOffer, askLeave, claim, joinShared, nameChanged, resign, seatOffer, startShare } from "./share.js";
import { copyNote, copyPGN, copyText, positionLink } from "./copy.js";
import { startFrom, wireEditor } from "./editor.js";
import { wireStepping } from "./stepping.js";
import { SOUND_KEY, wakeAudio } from "./sound.js";
import { silenceLimit } from "./events.js";
import { renderConn } from "./conn.js";
import { clockLeft, initClock, tickClock } from "./clock.js";
import { render } from "./render.js";
import { onPointerDown, onPointerMove, onPointerUp, toggleCall } from "./input.js";
import { arrivalPrefix } from "./board.js";

function wire() {
  const svg = $("board");
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("contextmenu", (e) => e.preventDefault());
  svg.addEventListener("pointercancel", () => {
    if (S.drag) S.drag = null;
    render();
  });
  // In a shared game still going, a new game asks first (askLeave).
  $("variant").addEventListener("change", () => {
    const v = $("variant").value;
    askLeave(() => newGame(v));
  });
  $("new").addEventListener("click", () => askLeave(() => newGame($("variant").value)));
  $("mode").addEventListener("change", () => {
    S.mode = $("mode").value;
    if (S.mode === "black" || S.mode === "white") S.flipped = S.mode === "black";
    save();
    render();
    maybeEngine();
  });
  $("flip").addEventListener("click", () => {
    S.flipped = !S.flipped;
    save();
    render();
  });
  $("undo").addEventListener("click", async () => {
    const g = S.game;
    let n = 1;
    // Against the engine, take back the engine's answer too.
    if (engineSide() && g.plies >= 2 && g.moves[g.plies - 1].engine) n = 2;
    clearError();
    try {
      await stopAnalysis();
      setGame(await gameApi("POST", "/undo", { plies: n, ply: g.plies }, undefined, false, { tries: 3 }));
    } catch (e) {
      showError(e);
    }
  });
  $("engine-move").addEventListener("click", engineMove);
  $("stop").addEventListener("click", () => {
    if (!S.thinking) $("analyse").checked = S.analysing = false;
    saveSettings();
    stopAnalysis();
    gameApi("POST", "/stop").catch(showError);
  });
  $("call").addEventListener("click", toggleCall);
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    let text = $("move-input").value.trim();
    if (!text) return;
    const why = whyNoMove();
    if (why) {
      showError(why); // the move stays typed, to be played when it may
      return;
    }
    // A Mantri's arrival square clicked already is part of the turn.
    if (!text.includes("@")) text = arrivalPrefix() + text;
    $("move-input").value = "";
    play(text);
  });
  $("analyse").addEventListener("change", () => {
    S.analysing = $("analyse").checked;
    saveSettings();
    if (S.analysing) maybeAnalyse();
    else stopAnalysis();
    renderLines();
  });
  $("skill").addEventListener("input", showStrength);
  for (const id of SETTINGS) {
    $(id).addEventListener("change", () => {
      saveSettings();
      showTimeControl();
      showStrength();
      if (id === "tc-kind" || id.startsWith("clock")) {
        initClock();
        if (S.clock && S.game) {
          S.clock.plies = S.game.plies;
          S.clock.turn = S.game.side;
        }
        save();
        render();
      }
      if (id === "multipv" || id === "threads") {
        S.analysisKey = null;
        maybeAnalyse();
      }
    });
  }
  for (const [id, f] of [["first", () => 0], ["prev", () => S.view.ply - 1], ["next", () => S.view.ply + 1], ["last", () => S.game.plies]]) {
    $(id).addEventListener("click", () => goto(f()));
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "ArrowLeft") goto(S.view.ply - 1);
    else if (e.key === "ArrowRight") goto(S.view.ply + 1);
    else if (e.key === "Home" || e.key === "ArrowUp") goto(0);
    else if (e.key === "End" || e.key === "ArrowDown") goto(S.game.plies);
    else if (e.key === "f") $("flip").click();
    else if (e.key === "Escape") {
      resetSelection();
      render();
    } else return;
    // These keys step through the game; the browser would scroll the
    // page by them too (End to its bottom), moving what is in view.
    e.preventDefault();
  });
  $("set-fen").addEventListener("click", async () => {
    $("fen-error").textContent = "";
    try {
      await stopAnalysis();
      const st = await gameApi("POST", "/fen", { fen: $("fen").value.trim(), variant: S.game.variant });
      S.pgn = null;
      initClock();
      setGame(st);
    } catch (e) {
      $("fen-error").textContent = e.message;
    }
  });
  $("copy-fen").addEventListener("click", () => copyText(S.view.fen, "FEN"));
  $("copy-link").addEventListener("click", () => copyText(positionLink(S.game.variant, S.view.fen), "link"));
  $("copy-pgn").addEventListener("click", copyPGN);
  $("copy-area").addEventListener("blur", () => {
    $("copy-area").hidden = true;
    copyNote("");
  });
  $("sound").checked = localStorage.getItem(SOUND_KEY) !== "off";
  $("sound").addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, $("sound").checked ? "on" : "off");
    wakeAudio();
  });
  // Browsers start a page's sound only after a gesture on it.
  document.addEventListener("pointerdown", wakeAudio, true);
  document.addEventListener("keydown", wakeAudio, true);
  $("pgn-file").addEventListener("change", async () => {
    const f = $("pgn-file").files[0];
    if (f) loadPGN(await f.text());
    $("pgn-file").value = "";
  });
  $("load-pgn").addEventListener("click", () => loadPGN($("pgn-text").value));
  $("share-start").addEventListener("click", startShare);
  $("var-promote").addEventListener("click", () => editTree("promote"));
  $("var-main").addEventListener("click", () => editTree("main"));
  $("var-delete").addEventListener("click", () => editTree("delete"));
  $("review-start").addEventListener("click", startReview);
  $("evalgraph").addEventListener("click", onGraphClick);
  $("resign").addEventListener("click", resign);
  $("seat-draw").addEventListener("click", () => seatOffer("draw"));
  $("seat-takeback").addEventListener("click", () => seatOffer("takeback"));
  $("seat-rematch").addEventListener("click", () => seatOffer("rematch"));
  $("offer-accept").addEventListener("click", () => answerOffer(true));
  $("offer-decline").addEventListener("click", () => answerOffer(false));
  $("claim-win").addEventListener("click", () => claim("win"));
  $("claim-draw").addEventListener("click", () => claim("draw"));
  $("share-name").addEventListener("change", nameChanged);
  $("resign-game").addEventListener("click", resignGame);
  $("offer-draw").addEventListener("click", offerDraw);
  wireEditor();
  wireStepping(); // after the board's own input, whose drag it leaves alone
  setInterval(tickClock, 200);
}

async function start() {
  wire();
  renderConn();
  loadSettings();
  try {
    const list = await api("GET", "/api/variants");
    for (const v of list) {
      S.variants[v.name] = v;
      const o = document.createElement("option");
      o.value = v.name;
      o.textContent = v.name;
      $("variant").appendChild(o);
    }
    const params = new URLSearchParams(location.search);
    // An invitation link: the shared game, from its seat. An address
    // with a game but no token is asked for too, so that the server's
    // refusal is shown rather than a board that says nothing.
    if (params.get("game")) {
      const token = params.get("token") || "";
      try {
        const st = await api("GET", `/api/games/${encodeURIComponent(params.get("game"))}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
        if (!st.seat) throw new Error("it is not an invitation link (no token for this game)");
        joinShared(st, { token, seat: st.seat, links: st.tokens || {} });
        resumePending();
        return;
      } catch (e) {
        history.replaceState(null, "", location.pathname);
        await startOwn(list, params);
        showError(`This invitation does not open a game: ${e.message}`);
        return;
      }
    }
    if (params.has("fen") || (params.get("variant") && !S.variants[params.get("variant")])) await openLink(list, params);
    else await startOwn(list, params);
    resumePending();
  } catch (e) {
    showError(e);
  }
}

// startOwn opens this browser's own game: the tab's, the last one, or a new one.
async function startOwn(list, params) {
  const asked = params.get("variant");
  const def = (list.find((v) => v.default) || list[0]).name;
  // This tab's game first, then the last game of this browser (unless
  // the address asks for another game).
  let text = sessionStorage.getItem(KEY);
  if (!text) {
    const last = localStorage.getItem(KEY);
    if (last && (!asked || JSON.parse(last).variant === asked)) text = last;
  }
  if (text) {
    const r = JSON.parse(text);
    S.mode = r.mode || "white";
    S.flipped = !!r.flipped;
    S.clock = r.clock || null;
    try {
      setGame(await api("GET", `/api/games/${r.id}`));
    } catch (e) {
      if (e.status !== 404) throw e;
      await restore(r);
    }
    return;
  }
  S.mode = "white";
  initClock();
  setGame(await api("POST", "/api/games", { variant: S.variants[asked] ? asked : def }));
}

// openLink opens a position link (/?variant=durg&fen=..., docs/web.md):
// that position as a new game on the analysis board. A link the rules
// refuse (a bad FEN, a game the board does not play) opens this
// browser's own board and says why.
async function openLink(list, params) {
  const variant = params.get("variant") || "";
  // The address keeps the game only, so a reload goes on with the game as
  // played from the position rather than setting the position up again.
  const known = S.variants[variant] ? variant : "";
  history.replaceState(null, "", known ? `${location.pathname}?variant=${encodeURIComponent(known)}` : location.pathname);
  try {
    startFrom(await api("POST", "/api/games", { variant, fen: params.get("fen") || "" }), "analysis");
  } catch (e) {
    if (!e.status || e.status >= 500) throw e;
    await startOwn(list, new URLSearchParams(known ? { variant: known } : {}));
    showError(`This position link opens no position: ${e.message}`);
  }
}

// A module's names stay in the module: the browser tests (web/e2e) and the
// console read the page's state and these two helpers through window.
Object.assign(window, { S, clockLeft, gamePath, silenceLimit });

start();
