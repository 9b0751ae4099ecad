// The Senapati board page. It draws what the server says: the legal turns,
// zones, holdings and the verdict come from the engine's own rules through
// the JSON API (docs/web.md, "API"); nothing here knows a rule.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SQ = 60; // a square in board units
const MARGIN = 22; // room for the coordinates
const KEY = "senapati.game";
const SETTINGS_KEY = "senapati.settings";
// The engine settings the browser remembers.
const SETTINGS = ["tc-kind", "movetime", "clock-base", "clock-inc", "depth", "threads", "multipv", "strength-kind", "skill", "elo", "review-depth"];

const $ = (id) => document.getElementById(id);

const S = {
  variants: {}, // name -> the server's description (pieces, board colouring)
  game: null, // the game's state at its end
  view: null, // the state shown: the end, or an earlier ply
  mode: "white", // white | black (against the engine) | humans | analysis
  flipped: false,
  selected: null, // origin square of the piece picked up
  arrivals: [], // arrival squares chosen so far this turn
  callMode: false, // choosing the Rani's square
  promotion: null, // targets to choose from
  thinking: false, // the engine is choosing a move
  analysing: false,
  analysisKey: null, // the position the running analysis looks at
  lines: [], // search reports by line
  es: null,
  esReady: null,
  clock: null, // {white, black, base, inc, turn, since, plies, flag, hist: [{white, black}] per ply}
  engineAbort: null, // aborts the engine's move being asked for
  pgn: null, // the PGN text loaded and what the server said of it, for the choice of its games
  drag: null,
  busy: 0,
  // A shared game (two people, two machines): {token, seat, links} where
  // seat is white, black or spectator and links the tokens to hand on.
  shared: null,
  // Arrows and circles drawn with the right button, for the position they
  // were drawn on (key): {key, list: [{from, to, colour}]} (to === from: a circle).
  shapes: { key: "", list: [] },
  shapeFrom: null, // the square a right-button drag began on
  // The game's review: scores reported so far (node id -> White's view,
  // 0 the start; the state's moves carry them too) and its progress.
  evals: new Map(),
  review: null, // {done, total, running}
};

// ---------------------------------------------------------------- API

// asText: the answer is plain text (a PGN), not JSON.
async function api(method, path, body, signal, asText) {
  const opts = { method, headers: {}, signal };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  busy(+1);
  try {
    const r = await fetch(path, opts);
    const text = await r.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (e) {
      data = null;
    }
    if (r.ok && asText) return text;
    if (!r.ok) {
      const err = new Error((data && data.error) || `${r.status} ${r.statusText}`);
      err.status = r.status;
      throw err;
    }
    return data;
  } finally {
    busy(-1);
  }
}

function busy(d) {
  S.busy += d;
  document.body.dataset.busy = S.busy > 0 ? "1" : "0";
}

// gamePath is the API path of a call on the game, with the seat's token
// in a shared game (the server answers nothing without it).
function gamePath(suffix) {
  const path = `/api/games/${S.game.id}${suffix}`;
  if (!S.shared) return path;
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(S.shared.token)}`;
}

// gameApi calls the game's API; a game the server does not know (it was
// restarted) is first made again from the page's own record, but for a
// shared game, whose tokens went with the server.
async function gameApi(method, suffix, body, signal, asText) {
  try {
    return await api(method, gamePath(suffix), body, signal, asText);
  } catch (e) {
    if (e.status !== 404 || S.shared) throw e;
    await restore();
    return await api(method, `/api/games/${S.game.id}${suffix}`, body, signal, asText);
  }
}

// ---------------------------------------------------------------- record

// record is what survives a reload and a server restart: the start, the
// moves and how the page was set.
function record() {
  const g = S.game;
  const idx = indexTree(g.tree || []);
  return {
    id: g.id, variant: g.variant, fen: g.startFen,
    // The whole tree, each move with the variations that stand instead of
    // it, and the active line as the continuation taken at each ply.
    moves: (g.tree || []).map(moveInput),
    path: (g.line || []).map((id) => (idx.get(id) || { k: 0 }).k),
    tags: g.tags || {}, mode: S.mode, flipped: S.flipped, clock: S.clock,
    result: g.verdict.declared ? { result: g.verdict.result, termination: g.verdict.termination || "" } : null,
  };
}

// moveInput is a tree move as the server restores it.
function moveInput(t) {
  const m = { move: t.uci, comment: t.comment || "", engine: !!t.engine, glyph: t.glyph || "" };
  if (t.nags) m.nags = t.nags;
  if (t.clock !== undefined) m.clock = t.clock;
  if (t.vars) m.variations = t.vars.map((v) => v.map(moveInput));
  return m;
}

// indexTree maps each move of the tree to its place: the move, its
// parent's id (0 the start), its index among the parent's continuations
// (0 the main one) and its ply.
function indexTree(tree) {
  const idx = new Map();
  const walk = (line, parent, k0, ply) => {
    let p = parent;
    line.forEach((t, i) => {
      idx.set(t.id, { t, parent: p, k: i === 0 ? k0 : 0, ply: ply + i + 1 });
      (t.vars || []).forEach((v, j) => walk(v, p, j + 1, ply + i));
      p = t.id;
    });
  };
  walk(tree, 0, 0, 0);
  return idx;
}

// mainIds is the set of the main line's moves.
function mainIds(tree) {
  return new Set((tree || []).map((t) => t.id));
}

function save() {
  // A shared game is reopened by its link (the address keeps it); the
  // stored record stays this browser's own game.
  if (S.shared) return;
  const r = JSON.stringify(record());
  sessionStorage.setItem(KEY, r);
  localStorage.setItem(KEY, r);
}

async function restore(rec) {
  const r = rec || record();
  const body = { variant: r.variant, fen: r.fen, moves: r.moves, tags: r.tags };
  if (r.path && r.path.some((k) => k > 0)) body.path = r.path;
  if (r.result) Object.assign(body, r.result);
  const st = await api("POST", "/api/games", body);
  setGame(st);
}

function saveSettings() {
  const s = {};
  for (const id of SETTINGS) s[id] = $(id).value;
  s.analyse = $("analyse").checked;
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    for (const [id, v] of Object.entries(s)) if ($(id) && id !== "analyse") $(id).value = v;
    $("analyse").checked = !!s.analyse;
    S.analysing = !!s.analyse;
  } catch (e) {
    /* settings are a convenience */
  }
  showTimeControl();
  showStrength();
}

// ---------------------------------------------------------------- game

// setGame takes a new state of the game; ply, when given and short of
// the end, is the ply to show instead of the end (a move in a variation
// with more after it), and then the engine does not move.
function setGame(st, ply) {
  const newId = !S.game || S.game.id !== st.id;
  // Another game, or this one started again: its search is not this one's.
  if (newId || S.game.epoch !== st.epoch) forgetSearch();
  S.game = st;
  S.view = st;
  resetSelection();
  clockAfterChange();
  serverClock(st);
  save();
  if (newId) openEvents();
  if (ply !== undefined && ply < st.plies) {
    goto(ply);
    return;
  }
  render();
  maybeEngine();
  maybeAnalyse();
}

// forgetSearch drops the lines, chances and bar of a search of another
// game (or of this one before it started again).
function forgetSearch() {
  S.lines = [];
  S.evals = new Map();
  S.review = null;
  S.analysisKey = null;
  setBar(null);
}

// stopEngine gives up an engine move being asked for: the server plays
// nothing when its request goes away.
function stopEngine() {
  if (S.engineAbort) S.engineAbort.abort();
  S.engineAbort = null;
  S.thinking = false;
}

function resetSelection() {
  S.selected = null;
  S.arrivals = [];
  S.callMode = false;
  S.promotion = null;
}

function openEvents() {
  if (S.es) S.es.close();
  const es = new EventSource(gamePath("/events"));
  S.es = es;
  S.esHeard = Date.now();
  for (const name of ["open", "state", "info", "search", "review", "ping"]) {
    es.addEventListener(name, () => {
      if (S.es === es) S.esHeard = Date.now();
    });
  }
  es.addEventListener("ping", (ev) => (S.esEvery = JSON.parse(ev.data).every));
  S.esReady = new Promise((resolve) => es.addEventListener("state", () => resolve(), { once: true }));
  es.addEventListener("state", (ev) => {
    const st = JSON.parse(ev.data);
    if (st.id !== S.game.id || st.version <= S.game.version) return;
    // Another page changed the game: follow it.
    const atEnd = S.view.ply === S.game.plies;
    if (st.epoch === S.game.epoch && st.plies === S.game.plies + 1) moveSound(st, st.plies);
    if (st.epoch !== S.game.epoch) forgetSearch();
    S.game = st;
    if (atEnd) S.view = st;
    if (S.review && S.review.running && st.searching !== "review") {
      // The review's end: its state holds every score.
      let done = 0;
      for (let k = 0; k <= st.plies; k++) if (evalAt(k)) done++;
      S.review = { done, total: S.review.total, running: false };
      maybeAnalyse();
    }
    clockAfterChange();
    serverClock(st);
    save();
    render();
  });
  es.addEventListener("info", (ev) => onInfo(JSON.parse(ev.data)));
  es.addEventListener("search", (ev) => onSearch(JSON.parse(ev.data)));
  es.addEventListener("review", (ev) => onReview(JSON.parse(ev.data)));
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED && S.es === es) setTimeout(() => reconnect(es), 1500);
  };
}

// A connection that died without closing (a laptop asleep, another
// network) leaves EventSource waiting for ever, open or still opening.
// The server pings every S.esEvery ms when it has nothing else to say:
// three missed, the page gives the stream up and opens another.
setInterval(() => {
  const es = S.es;
  if (!es || es.readyState === EventSource.CLOSED || Date.now() - S.esHeard < 3 * (S.esEvery || 15000) + 1000) return;
  es.close();
  reconnect(es);
}, 1000);

// reconnect finds out why the stream closed: a restarted server does not
// know the game, so the page makes it again. The question itself may meet
// a dead network: it gives up after a while and asks again.
async function reconnect(es) {
  if (S.es !== es) return;
  try {
    await api("GET", gamePath(""), undefined, AbortSignal.timeout(5000));
    openEvents();
  } catch (e) {
    if (e.status === 404 && S.shared) {
      showError("This shared game is gone: the server was restarted.");
    } else if (e.status === 404) {
      await restore().catch(showError);
    } else {
      // A question that timed out went over a dead connection, which the
      // browser now drops: the next one may find a live one at once.
      setTimeout(() => reconnect(es), e.name === "TimeoutError" ? 100 : 2000);
    }
  }
}

function engineSide() {
  return S.mode === "white" ? "black" : S.mode === "black" ? "white" : null;
}

function atEnd() {
  return S.view.ply === S.game.plies;
}

function humanCanMove() {
  const v = S.view;
  if (S.thinking || v.verdict.over || (S.clock && S.clock.flag && atEnd())) return false;
  // A shared game: a seat moves its own side, at the end; a spectator never.
  if (S.shared) return atEnd() && S.shared.seat === v.side;
  if (atEnd()) return engineSide() !== v.side;
  return true; // at an earlier ply a move starts a new line from there
}

function searchParams() {
  const p = { threads: intOf("threads", 1), multipv: intOf("multipv", 1) };
  switch ($("tc-kind").value) {
    case "depth":
      p.depth = intOf("depth", 6);
      break;
    case "clock": {
      const c = S.clock;
      const now = Date.now();
      const left = (side) => Math.max(1, Math.round(c[side] - (c.turn === side ? now - c.since : 0)));
      Object.assign(p, { wtime: left("white"), btime: left("black"), winc: c.inc, binc: c.inc, base: c.base, inc: c.inc });
      break;
    }
    default:
      p.movetime = Math.max(50, Math.round(numOf("movetime", 1) * 1000));
  }
  // Out of range, the server says what is allowed.
  const level = (id, def) => {
    const n = parseInt($(id).value, 10);
    return Number.isFinite(n) ? n : def;
  };
  switch ($("strength-kind").value) {
    case "skill":
      p.skill = level("skill", 10);
      break;
    case "elo":
      p.elo = level("elo", 1500);
      break;
  }
  return p;
}

function intOf(id, def) {
  const n = parseInt($(id).value, 10);
  return Number.isFinite(n) && n > 0 ? n : def;
}

function numOf(id, def) {
  const n = parseFloat($(id).value);
  return Number.isFinite(n) && n > 0 ? n : def;
}

async function maybeEngine() {
  if (S.shared) return;
  const g = S.game;
  if (!atEnd() || g.verdict.over || S.thinking || (S.clock && S.clock.flag)) return;
  if (engineSide() === g.side) await engineMove();
}

async function engineMove() {
  if (S.thinking) return;
  S.thinking = true;
  S.lines = [];
  resetSelection();
  render();
  const id = S.game.id;
  const ctl = new AbortController();
  S.engineAbort = ctl;
  try {
    const st = await gameApi("POST", "/engine", searchParams(), ctl.signal);
    if (S.engineAbort !== ctl || S.game.id !== id) return; // given up: another game, or a flag
    S.engineAbort = null;
    S.thinking = false;
    moveSound(st, st.plies);
    setGame(st);
  } catch (e) {
    if (S.engineAbort !== ctl || S.game.id !== id) return;
    S.engineAbort = null;
    S.thinking = false;
    if (!(S.clock && S.clock.flag)) showError(e);
    render();
  }
}

// over: the position shown ends the game (a declared result, such as a
// loss on time, leaves the position to analyse).
function positionOver(v) {
  return v.verdict.over && !v.verdict.declared;
}

async function maybeAnalyse() {
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

async function stopAnalysis() {
  S.analysisKey = null;
  if (S.game.searching === "analysis" || S.game.searching === "") {
    await gameApi("POST", "/stop").catch(() => {});
  }
}

function onSearch(d) {
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

function onInfo(d) {
  if (d.epoch !== S.game.epoch || d.kind === "review") return;
  if (d.kind === "analysis" && d.ply !== S.view.ply) return;
  S.lines[d.multipv - 1] = d;
  S.lines.length = Math.max(S.lines.length, d.multipv);
  renderLines();
}

async function play(move) {
  const g = S.game;
  const v = S.view;
  clearError();
  try {
    // At an earlier ply the move starts a variation there (or follows
    // the line that holds it); the rest of the game stays.
    const body = { move, ply: g.plies, at: v.ply };
    const c = S.clock;
    if (c && !c.server && !c.flag && atEnd()) body.clock = Math.max(0, Math.round(clockLeft(v.side) + c.inc));
    const st = await gameApi("POST", "/move", body);
    moveSound(st, v.ply + 1);
    setGame(st, v.ply + 1);
  } catch (e) {
    resetSelection();
    showError(e);
    render();
  }
}

async function goto(ply) {
  const g = S.game;
  ply = Math.max(0, Math.min(g.plies, ply));
  resetSelection();
  if (ply === g.plies) {
    S.view = g;
  } else {
    try {
      S.view = await gameApi("GET", `?ply=${ply}`);
    } catch (e) {
      showError(e);
      return;
    }
  }
  render();
  maybeAnalyse();
}

async function newGame(variant) {
  clearError();
  stopEngine();
  leaveShared();
  try {
    const st = await api("POST", "/api/games", { variant });
    S.pgn = null;
    S.clock = null;
    S.flipped = S.mode === "black";
    initClock();
    setGame(st);
  } catch (e) {
    showError(e);
  }
}

async function loadPGN(text, game) {
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
function renderNotice() {
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

// ---------------------------------------------------------------- sharing

function shareLink(token) {
  return `${location.origin}/?game=${encodeURIComponent(S.game.id)}&token=${encodeURIComponent(token)}`;
}

// startShare makes a shared game of this one as it stands, with the
// server's clock, and seats this page as the side chosen; the other links
// are for the opponent and the spectators.
async function startShare() {
  $("share-error").textContent = "";
  const g = S.game;
  const seat = $("share-seat").value;
  const minutes = parseFloat($("share-base").value) || 0;
  const inc = parseFloat($("share-inc").value) || 0;
  const share = minutes > 0 ? { base: Math.round(minutes * 60000), inc: Math.round(inc * 1000) } : {};
  try {
    const st = await api("POST", "/api/games", { variant: g.variant, fen: g.startFen, moves: record().moves, tags: g.tags || {}, share });
    stopEngine();
    // The links live in this tab too, so a reload keeps them to hand on.
    sessionStorage.setItem(`senapati.share.${st.id}`, JSON.stringify(st.tokens));
    joinShared(st, { token: st.tokens[seat], seat, links: st.tokens });
  } catch (e) {
    $("share-error").textContent = e.message;
  }
}

// joinShared shows a shared game from a seat; the address keeps its link,
// so a reload comes back to it.
function joinShared(st, shared) {
  let kept = {};
  try {
    kept = JSON.parse(sessionStorage.getItem(`senapati.share.${st.id}`) || "{}");
  } catch (e) {
    /* the links are a convenience */
  }
  shared.links = Object.assign({}, kept, shared.links || {});
  S.shared = shared;
  S.mode = "shared";
  S.flipped = shared.seat === "black";
  S.pgn = null;
  history.replaceState(null, "", `/?game=${encodeURIComponent(st.id)}&token=${encodeURIComponent(shared.token)}`);
  setGame(st);
}

// leaveShared goes back to this browser's own games.
function leaveShared() {
  if (!S.shared) return;
  S.shared = null;
  S.clock = null;
  if (S.mode === "shared") S.mode = "humans";
  history.replaceState(null, "", location.pathname);
}

function loopbackPage() {
  return ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname) || location.hostname.startsWith("127.");
}

// secondClick: resigning takes two clicks within 4 s, so a slip does not
// lose the game; the first arms the button, the second says go.
function secondClick(b) {
  if (!b.dataset.armed) {
    b.dataset.armed = "1";
    b.textContent = "Click again to resign";
    setTimeout(() => {
      delete b.dataset.armed;
      b.textContent = "Resign";
    }, 4000);
    return false;
  }
  delete b.dataset.armed;
  b.textContent = "Resign";
  return true;
}

async function resign() {
  if (!secondClick($("resign"))) return;
  try {
    setGame(await gameApi("POST", "/result", { result: S.shared.seat === "white" ? "0-1" : "1-0", termination: "normal" }));
  } catch (e) {
    showError(e);
  }
}

// resignGame resigns this browser's own game: the player's side against
// the engine, else the side to move. Two clicks, as in a shared game.
async function resignGame() {
  if (!secondClick($("resign-game"))) return;
  const side = engineSide() ? (engineSide() === "white" ? "black" : "white") : S.game.side;
  clearError();
  try {
    stopEngine();
    await stopAnalysis();
    setGame(await gameApi("POST", "/result", { result: side === "white" ? "0-1" : "1-0", termination: "normal", by: "resignation" }));
  } catch (e) {
    showError(e);
  }
}

// offerDraw asks the engine, which answers by its rule (docs/web.md);
// two players at one board agree at once.
async function offerDraw() {
  clearError();
  try {
    await stopAnalysis();
    if (!engineSide()) {
      setGame(await gameApi("POST", "/result", { result: "1/2-1/2", termination: "normal", by: "agreement" }));
      return;
    }
    const a = await gameApi("POST", "/draw", {});
    setGame(a.state);
    if (!a.accepted) showError(a.reason);
  } catch (e) {
    showError(e);
  }
}

function renderShare() {
  const sh = S.shared;
  $("share-new").hidden = !!sh;
  $("resign").hidden = !sh || sh.seat === "spectator" || S.game.verdict.over;
  const line = $("share-seat-line");
  const links = $("share-links");
  if (!sh) {
    line.textContent = "";
    links.innerHTML = "";
    links.dataset.key = "";
    $("share-note").textContent = "";
    return;
  }
  $("share").open = true;
  line.dataset.seat = sh.seat;
  line.textContent = sh.seat === "spectator" ? "You are watching this shared game." : `You play ${sideName(sh.seat)} in this shared game.`;
  const names = { white: "White", black: "Black", spectator: "Spectators" };
  const rows = [];
  for (const seat of ["white", "black", "spectator"]) {
    const tok = sh.links[seat];
    if (!tok || seat === sh.seat) continue;
    rows.push(`<div class="link" data-seat="${seat}"><span>${names[seat]}</span><input readonly value="${escapeHTML(shareLink(tok))}" aria-label="${names[seat]}'s link"><button type="button" data-copy="${seat}">Copy</button></div>`);
  }
  // Drawn again only when they change, so a selection in them stays.
  const key = rows.join("");
  if (links.dataset.key !== key) {
    links.dataset.key = key;
    links.innerHTML = rows.length ? `<div class="hint">Each link seats whoever opens it; keep the players' links to the players.</div>${key}` : "";
    for (const b of links.querySelectorAll("[data-copy]")) {
      b.addEventListener("click", () => copyText(b.previousElementSibling.value, `${names[b.dataset.copy]}'s link`));
    }
  }
  $("share-note").textContent = loopbackPage()
    ? "This page is open at a loopback address, which another machine cannot reach: serve the board on the network (senapati play -addr 0.0.0.0:8080) and open it at this machine's address before you send a link."
    : "";
}

// ---------------------------------------------------------------- copying

// copyText puts text on the clipboard and says so. A page the browser
// offers no clipboard (plain http at a network address is no secure
// context), or whose write it refuses, shows the text selected in a box
// under the list instead, tries the browser's own copy command on it, and
// leaves it there for Ctrl+C until the box loses the focus.
async function copyText(text, what) {
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
async function copyPGN() {
  clearError();
  try {
    await copyText(await gameApi("GET", "/pgn", undefined, undefined, true), "PGN");
  } catch (e) {
    showError(e);
  }
}

let copyTimer = null;

// copyNote says what was copied, for ms when given (else until the next).
function copyNote(text, ms) {
  clearTimeout(copyTimer);
  $("copy-note").textContent = text;
  if (ms) copyTimer = setTimeout(() => ($("copy-note").textContent = ""), ms);
}

// ---------------------------------------------------------------- sound

// A short tap for a move and a knock for a capture, made with the Web
// Audio API (no sound files). The Sound switch turns them off; the browser
// remembers it. Each sound played to its end is counted on the page
// (body's data-sound-move, data-sound-capture and data-sound-last).
const SOUND_KEY = "senapati.sound";
const sound = { ctx: null, last: "", played: { move: 0, capture: 0 } };

function audio() {
  if (!sound.ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    sound.ctx = new AC();
  }
  return sound.ctx;
}

// wakeAudio starts the page's audio on a gesture (a browser keeps it
// suspended until one), while Sound is on.
function wakeAudio() {
  if (!$("sound").checked) return;
  const c = audio();
  if (c && c.state === "suspended") c.resume().catch(() => {});
}

// moveSound sounds the move after ply k of a state's active line, once
// (a move arrives both in the answer to its request and on the event
// stream): a capture's knock or a move's tap.
function moveSound(st, k) {
  const m = st.moves && st.moves[k - 1];
  if (!m) return;
  // Each move is a new version of the game: a move played again where it
  // already is in the tree keeps its node id, but not its version.
  const key = `${st.id}:${st.version}`;
  if (sound.last === key) return;
  sound.last = key;
  // SAN: x for a capture, xx for a Durg zone capture; the arrivals before
  // the comma are placements.
  const san = m.san.slice(m.san.lastIndexOf(",") + 1);
  playSound(san.includes("x") ? "capture" : "move");
}

function playSound(kind) {
  if (!$("sound").checked) return;
  const c = audio();
  // Still suspended: no gesture yet, and a sound later would be stale.
  if (!c || c.state !== "running") return;
  const t = c.currentTime + 0.005;
  const out = c.createGain();
  out.connect(c.destination);
  let voice;
  if (kind === "capture") {
    // A knock: a burst of noise through a band-pass filter over a low
    // thud falling in pitch, longer and darker than a move's tap.
    const n = Math.floor(c.sampleRate * 0.12);
    const buf = c.createBuffer(1, n, c.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
    const noise = c.createBufferSource();
    noise.buffer = buf;
    const band = c.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = 1300;
    band.Q.value = 1.4;
    noise.connect(band).connect(out);
    const thud = c.createOscillator();
    thud.type = "sine";
    thud.frequency.setValueAtTime(240, t);
    thud.frequency.exponentialRampToValueAtTime(70, t + 0.14);
    const g = c.createGain();
    g.gain.setValueAtTime(0.6, t);
    g.gain.exponentialRampToValueAtTime(0.001, t + 0.16);
    thud.connect(g).connect(out);
    out.gain.value = 0.5;
    noise.start(t);
    thud.start(t);
    thud.stop(t + 0.17);
    voice = thud;
  } else {
    // A tap: a short triangle wave falling from 700 to 450 Hz.
    const o = c.createOscillator();
    o.type = "triangle";
    o.frequency.setValueAtTime(700, t);
    o.frequency.exponentialRampToValueAtTime(450, t + 0.05);
    out.gain.setValueAtTime(0.0001, t);
    out.gain.exponentialRampToValueAtTime(0.35, t + 0.004);
    out.gain.exponentialRampToValueAtTime(0.0001, t + 0.08);
    o.connect(out);
    o.start(t);
    o.stop(t + 0.09);
    voice = o;
  }
  voice.onended = () => {
    out.disconnect();
    sound.played[kind]++;
    const d = document.body.dataset;
    d.soundMove = sound.played.move;
    d.soundCapture = sound.played.capture;
    d.soundLast = kind;
  };
}

// ---------------------------------------------------------------- clock

function initClock() {
  if ($("tc-kind").value !== "clock") {
    S.clock = null;
    return;
  }
  const base = Math.round(numOf("clock-base", 5) * 60000);
  const inc = Math.round(parseFloat($("clock-inc").value || "0") * 1000) || 0;
  S.clock = { white: base, black: base, base, inc, turn: "white", since: Date.now(), plies: 0, flag: null, hist: [{ white: base, black: base }] };
}

// clockAfterChange charges a move to the mover's clock; after a takeback
// the clock stands as it stood at that ply again (a fallen flag is
// forgotten, and so is the loss on time).
function clockAfterChange() {
  const c = S.clock;
  if (!c || !S.game || c.server) return;
  const g = S.game;
  if (!c.hist) c.hist = [];
  if (c.plies === g.plies && c.turn === g.side) return;
  const now = Date.now();
  if (g.plies === c.plies + 1 && !c.flag) {
    c[c.turn] -= now - c.since; // the mover's time, then the increment
    c[c.turn] += c.inc;
  } else if (g.plies < c.plies) {
    const h = c.hist[g.plies];
    if (h) Object.assign(c, { white: h.white, black: h.black });
    c.flag = null;
  }
  c.turn = g.side;
  c.since = now;
  c.plies = g.plies;
  c.hist.length = g.plies;
  c.hist[g.plies] = { white: c.white, black: c.black };
}

function clockLeft(side) {
  const c = S.clock;
  return c[side] - (c.turn === side && !c.flag && !S.game.verdict.over && c.running !== false ? Date.now() - c.since : 0);
}

// serverClock takes a shared game's clock from the server's state: the
// time left when the state was made, running for one side (a reload or a
// reconnection reads it again, so no time is lost or gained).
function serverClock(st) {
  if (!S.shared) return;
  const c = st.shared && st.shared.clock;
  if (!c) {
    S.clock = null;
    return;
  }
  S.clock = { white: c.white, black: c.black, base: c.base, inc: c.inc, turn: c.running || st.side, running: !!c.running,
    since: Date.now(), plies: st.plies, flag: null, server: true };
}

function tickClock() {
  const c = S.clock;
  if (!c || !S.game) return;
  // A shared game's flag is the server's: it says so in a state.
  if (!c.server && !c.flag && !S.game.verdict.over && clockLeft(c.turn) <= 0) {
    c[c.turn] = 0;
    c.flag = c.turn;
    save();
    flagFell(c.turn);
    render();
  }
  for (const el of document.querySelectorAll(".clock[data-side]")) {
    el.textContent = fmtClock(clockLeft(el.dataset.side));
  }
}

// flagFell records the loss on time with the server, which stops the
// engine if it is thinking (its move is then not played).
async function flagFell(side) {
  S.thinking = false;
  S.engineAbort = null;
  try {
    setGame(await gameApi("POST", "/result", { result: side === "white" ? "0-1" : "1-0", termination: "time forfeit" }));
  } catch (e) {
    showError(e);
  }
}

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  const tenth = ms < 10000 ? `.${Math.floor((ms % 1000) / 100)}` : "";
  return `${m}:${String(s % 60).padStart(2, "0")}${tenth}`;
}

// ---------------------------------------------------------------- board

function fileOf(sq) {
  return sq.charCodeAt(0) - 97;
}

function rankOf(sq) {
  return parseInt(sq.slice(1), 10) - 1;
}

function sqName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

function xy(sq) {
  const v = S.view;
  const f = fileOf(sq);
  const r = rankOf(sq);
  const col = S.flipped ? v.files - 1 - f : f;
  const row = S.flipped ? r : v.ranks - 1 - r;
  return [MARGIN + col * SQ, row * SQ];
}

function squareAt(ev) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const v = S.view;
  const col = Math.floor((p.x - MARGIN) / SQ);
  const row = Math.floor(p.y / SQ);
  if (col < 0 || row < 0 || col >= v.files || row >= v.ranks) return null;
  const f = S.flipped ? v.files - 1 - col : col;
  const r = S.flipped ? row : v.ranks - 1 - row;
  return sqName(f, r);
}

function iconOf(letter) {
  const info = S.variants[S.view.variant];
  const p = info.pieces.find((x) => x.letter === letter.toUpperCase());
  return p ? p.icon : "pawn";
}

function pieceName(letter) {
  const info = S.variants[S.view.variant];
  const p = info.pieces.find((x) => x.letter === letter.toUpperCase());
  return p ? p.name : letter;
}

function colourOf(letter) {
  return letter === letter.toUpperCase() ? "white" : "black";
}

function sameSet(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

// group is the turn group of the arrivals chosen so far: null while a
// waiting Mantri still has to be placed.
function group() {
  const turns = S.view.turns;
  if (!turns.length) return null;
  if (S.arrivals.length < turns[0].arrivals.length) return null;
  return turns.find((t) => sameSet(t.arrivals, S.arrivals)) || null;
}

function arrivalSlots() {
  const turns = S.view.turns;
  if (!turns.length || S.arrivals.length >= turns[0].arrivals.length) return [];
  const out = new Set();
  for (const t of turns) {
    if (S.arrivals.every((a) => t.arrivals.includes(a))) for (const a of t.arrivals) if (!S.arrivals.includes(a)) out.add(a);
  }
  return [...out];
}

function targetsOf(from) {
  const g = group();
  return g && g.moves[from] ? g.moves[from] : [];
}

function callTargets() {
  const g = group();
  return g && g.calls ? g.calls : [];
}

function rect(sq, cls, extra = "") {
  const [x, y] = xy(sq);
  return `<rect class="${cls}" x="${x}" y="${y}" width="${SQ}" height="${SQ}" ${extra}/>`;
}

function use(icon, sq, cls, extra = "") {
  const [x, y] = xy(sq);
  return `<use href="#icon-${icon}" class="${cls}" x="${x + 2}" y="${y + 2}" width="${SQ - 4}" height="${SQ - 4}" ${extra}/>`;
}

function renderBoard() {
  const v = S.view;
  const info = S.variants[v.variant];
  const svg = $("board");
  const W = MARGIN + v.files * SQ;
  const H = v.ranks * SQ + MARGIN;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.dataset.variant = v.variant;
  svg.dataset.flipped = S.flipped ? "1" : "0";
  const out = [];
  out.push(`<defs>${pieceDefs()}
    <pattern id="hatch-white" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="12" height="12" fill="rgba(40,110,210,0.16)"/><rect width="5" height="12" fill="rgba(40,110,210,0.34)"/></pattern>
    <pattern id="hatch-black" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
      <rect width="12" height="12" fill="rgba(200,40,40,0.16)"/><rect width="5" height="12" fill="rgba(200,40,40,0.34)"/></pattern>
    <radialGradient id="check-glow"><stop offset="0%" stop-color="rgba(230,0,0,0.95)"/><stop offset="100%" stop-color="rgba(230,0,0,0)"/></radialGradient>
  </defs>`);
  out.push('<g id="squares">');
  for (let f = 0; f < v.files; f++) {
    for (let r = 0; r < v.ranks; r++) {
      let cls = "sq-plain";
      if (info.squares === "a1-dark") cls = (f + r) % 2 === 0 ? "sq-dark" : "sq-light";
      if (info.squares === "a1-light") cls = (f + r) % 2 === 1 ? "sq-dark" : "sq-light";
      out.push(rect(sqName(f, r), cls, `data-sq="${sqName(f, r)}"`));
    }
  }
  out.push("</g><g id=\"zones\">");
  for (const [side, squares] of Object.entries(v.zones || {})) {
    for (const sq of squares) out.push(rect(sq, `zone-${side}`, `data-zone="${side}" data-square="${sq}"`));
  }
  out.push("</g><g id=\"marks\">");
  if (v.lastMove) {
    for (const sq of [v.lastMove.from, v.lastMove.to, ...(v.lastMove.arrivals || [])]) if (sq) out.push(rect(sq, "last"));
  }
  if (v.check) out.push(rect(v.check, "check", 'data-check="1"'));
  if (S.selected) out.push(rect(S.selected, "selected"));
  for (const sq of arrivalSlots()) out.push(rect(sq, "slot", `data-slot="${sq}"`));
  out.push("</g><g id=\"pieces\">");
  for (const [sq, letter] of Object.entries(v.board)) {
    out.push(use(iconOf(letter), sq, `piece piece-${colourOf(letter)}`, `data-square="${sq}" data-letter="${letter}"`));
  }
  const mantri = v.variant === "durg" ? iconOf("B") : null;
  const us = v.side;
  for (const sq of S.arrivals) out.push(use(mantri, sq, `ghost piece-${us}`, `data-arrival="${sq}"`));
  if (S.callMode) for (const t of callTargets()) out.push(use(iconOf("Q"), t.to, `ghost piece-${us}`));
  if (v.lastMove && v.lastMove.killsBoth) {
    // A zone capture: both pieces left the board.
    const [x, y] = xy(v.lastMove.to);
    const a = 14;
    const b = SQ - 14;
    out.push(`<path class="kill-mark" data-kill="${v.lastMove.to}" d="M${x + a} ${y + a} L${x + b} ${y + b} M${x + b} ${y + a} L${x + a} ${y + b}"/>`);
  }
  out.push("</g><g id=\"targets\">");
  for (const t of S.selected ? targetsOf(S.selected) : []) {
    const [x, y] = xy(t.to);
    const cx = x + SQ / 2;
    const cy = y + SQ / 2;
    if (t.killsBoth) out.push(`<circle class="target-kill" cx="${cx}" cy="${cy}" r="${SQ / 2 - 5}" data-target="${t.to}"/>`);
    else if (t.capture) out.push(`<circle class="target-capture" cx="${cx}" cy="${cy}" r="${SQ / 2 - 5}" data-target="${t.to}"/>`);
    else out.push(`<circle class="target" cx="${cx}" cy="${cy}" r="${SQ / 7}" data-target="${t.to}"/>`);
  }
  if (S.callMode) for (const t of callTargets()) out.push(rect(t.to, "slot", `data-target="${t.to}"`));
  out.push('</g><g id="shapes"></g><g id="coords">');
  for (let f = 0; f < v.files; f++) {
    const [x] = xy(sqName(f, 0));
    out.push(`<text class="coord" x="${x + SQ / 2}" y="${H - 6}" text-anchor="middle">${String.fromCharCode(97 + f)}</text>`);
  }
  for (let r = 0; r < v.ranks; r++) {
    const [, y] = xy(sqName(0, r));
    out.push(`<text class="coord" x="${MARGIN / 2}" y="${y + SQ / 2 + 5}" text-anchor="middle">${r + 1}</text>`);
  }
  out.push("</g>");
  svg.innerHTML = out.join("");
}

// squaresOf reads the squares a move joins, for its arrow: [from, to] of
// its last part (a Durg turn's arrivals are left out), or [to, to] for a
// placement such as the Rani's call.
function squaresOf(uci) {
  const last = uci.split(",").pop();
  let m = /^([a-i][1-9])([a-i][1-9])/.exec(last);
  if (m) return [m[1], m[2]];
  m = /@([a-i][1-9])/.exec(last);
  return m ? [m[1], m[1]] : null;
}

function shapeKey() {
  return S.game && S.view ? `${S.game.id}:${S.game.version}:${S.view.ply}` : "";
}

// renderShapes draws the engine's best move of the position shown (the top
// line of the analysis, or of the engine thinking at the end) and the
// arrows and circles drawn by hand, which a move or a step clears.
function renderShapes() {
  const g = $("shapes");
  if (!g || !S.view) return;
  const out = [];
  const arrow = (from, to, cls, extra) => {
    const [x0, y0] = xy(from).map((c) => c + SQ / 2);
    const [x1, y1] = xy(to).map((c) => c + SQ / 2);
    if (from === to) return `<circle class="${cls}" cx="${x0}" cy="${y0}" r="${SQ / 2 - 4}" ${extra}/>`;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const ux = (x1 - x0) / len;
    const uy = (y1 - y0) / len;
    // The shaft stops where the head begins; the head is a triangle.
    const hx = x1 - ux * 18;
    const hy = y1 - uy * 18;
    const w = 11;
    return `<g class="${cls}" ${extra}><line x1="${x0}" y1="${y0}" x2="${hx}" y2="${hy}"/>` +
      `<polygon points="${x1},${y1} ${hx - uy * w},${hy + ux * w} ${hx + uy * w},${hy - ux * w}"/></g>`;
  };
  const top = S.lines[0];
  const best = top && top.pvUci.length && top.ply === S.view.ply && top.epoch === S.game.epoch ? squaresOf(top.pvUci[0]) : null;
  if (best) out.push(arrow(best[0], best[1], "best-arrow", `data-uci="${top.pvUci[0]}"`));
  if (S.shapes.key === shapeKey()) {
    for (const sh of S.shapes.list) out.push(arrow(sh.from, sh.to, `user-shape shape-${sh.colour}`, `data-from="${sh.from}" data-to="${sh.to}"`));
  }
  g.innerHTML = out.join("");
}

// toggleShape adds an arrow (or a circle, from === to) drawn by hand, or
// takes it away when it is there already.
function toggleShape(from, to, colour) {
  if (S.shapes.key !== shapeKey()) S.shapes = { key: shapeKey(), list: [] };
  const list = S.shapes.list;
  const i = list.findIndex((s) => s.from === from && s.to === to);
  if (i >= 0 && list[i].colour === colour) list.splice(i, 1);
  else if (i >= 0) list[i].colour = colour;
  else list.push({ from, to, colour });
  renderShapes();
}

function iconSVG(icon, side, title) {
  return `<svg viewBox="0 0 100 100" class="icon-${side}" role="img"><title>${title}</title><use href="#icon-${icon}"/></svg>`;
}

function renderHoldings() {
  const v = S.view;
  const sides = S.flipped ? ["white", "black"] : ["black", "white"];
  const info = S.variants[v.variant];
  const legal = humanCanMove() ? callTargets() : [];
  sides.forEach((side, i) => {
    const el = $(i === 0 ? "holdings-top" : "holdings-bottom");
    const parts = [`<span class="side">${side === "white" ? "White" : "Black"}</span>`];
    if (S.clock) parts.push(`<span class="clock${S.clock.turn === side && !S.clock.flag && S.clock.running !== false ? " running" : ""}" data-side="${side}">${fmtClock(clockLeft(side))}</span>`);
    const h = v.holdings && v.holdings[side];
    if (h) {
      const mantri = iconOf("B");
      let waiting = "";
      for (let k = 0; k < h.waiting; k++) waiting += iconSVG(mantri, side, "waiting Mantri");
      parts.push(`<span class="item waiting" data-count="${h.waiting}">${waiting || ""}${h.waiting ? " waiting" : "no Mantri waiting"}</span>`);
      // Fallen pieces count towards the Raja's call until it is earned.
      const fallen = h.fallen < info.callThreshold ? `fallen ${h.fallen}/${info.callThreshold}` : `fallen ${h.fallen}`;
      parts.push(`<span class="item fallen" data-count="${h.fallen}" title="Gaj, Ashva, Rath and Mantri lost; ${info.callThreshold} earn the Raja's call">${fallen}</span>`);
      const callable = side === v.side && legal.length > 0;
      let rani;
      if (h.callAvailable) rani = `${iconSVG(iconOf("Q"), side, "Rani in hand")} Rani in hand`;
      else if (h.fallen < info.callThreshold) rani = `Rani after ${info.callThreshold} fallen`;
      else rani = "Rani called";
      parts.push(`<button type="button" class="item rani${callable ? " callable" : ""}" data-side="${side}" data-available="${h.callAvailable ? 1 : 0}" ${callable ? "" : "disabled"}>${rani}</button>`);
    }
    parts.push(materialHTML(v, side));
    el.innerHTML = parts.join(" ");
  });
  for (const b of document.querySelectorAll(".rani.callable")) b.addEventListener("click", toggleCall);
}

// Piece values for the material balance, in pawns: chess's usual ones.
// The other games show the pieces one side has more of, without points.
const VALUES = { chess: { P: 1, N: 3, B: 3, R: 5, Q: 9 } };

// materialHTML is what side has on the board beyond the other: the
// pieces it has more of, and in chess the difference in points.
function materialHTML(v, side) {
  const diff = {};
  for (const l of Object.values(v.board)) {
    const u = l.toUpperCase();
    if (u === "K") continue;
    diff[u] = (diff[u] || 0) + (l === u ? 1 : -1);
  }
  const sign = side === "white" ? 1 : -1;
  const values = VALUES[v.variant];
  let icons = "";
  let points = 0;
  for (const [u, d] of Object.entries(diff)) {
    if (values) points += (values[u] || 0) * d * sign;
    for (let k = 0; k < d * sign; k++) icons += iconSVG(iconOf(u), side, pieceName(u));
  }
  const more = values && points > 0 ? `+${points}` : "";
  return `<span class="material" data-side="${side}" data-points="${values ? points : ""}" title="material beyond the other side's">${icons}${more}</span>`;
}

function sideName(side) {
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

function renderControls() {
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
  $("offer-draw").textContent = engineSide() ? "Offer draw" : "Draw agreed";
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

// renderMoves shows the game's tree as lichess does: the main line in
// rows of two, each variation under the move it stands instead of, in
// parentheses, nested ones inside. A move of the active line carries its
// ply (a click shows it); another move's click enters its line.
function renderMoves() {
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
const NAGS = { $7: "□", $10: "=", $13: "∞", $14: "+=", $15: "=+", $16: "±", $17: "∓", $18: "+−", $19: "−+", $22: "⊙", $23: "⊙", $32: "↻", $33: "↻", $36: "↑", $37: "↑", $40: "→", $41: "→", $132: "⇆", $133: "⇆", $138: "⊕", $139: "⊕", $146: "N" };

function mvHTML(t, mover, ply, current) {
  const cls = `mv${current ? " current" : ""}${ply ? " on" : ""}`;
  let c = t.comment ? fmtComment(t.comment, mover) : "";

  const glyph = t.glyph ? `<span class="glyph">${escapeHTML(t.glyph)}</span>` : "";
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

async function editTree(op) {
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
    else if (cmd === "eval") {
      const mate = arg.startsWith("#");
      const n = parseFloat(mate ? arg.slice(1) : arg);
      if (Number.isFinite(n)) extra.push(`<span class="ev" title="evaluation, from White's view">${mate ? (n > 0 ? `M${n}` : `-M${-n}`) : (n > 0 ? "+" : "") + n.toFixed(2)}</span>`);
    }
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

function escapeHTML(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
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

function renderLines() {
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

// ---------------------------------------------------------------- review

async function startReview() {
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

function onReview(d) {
  if (d.epoch !== S.game.epoch) return;
  if (d.eval) S.evals.set(d.node, d.eval);
  S.review = { done: d.done, total: d.total, running: !d.finished };
  renderReview();
  if (d.finished) maybeAnalyse();
}

// evalAt is the review's score of the position after ply k of the line.
function evalAt(k) {
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
function renderReview() {
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

function onGraphClick(e) {
  const svg = $("evalgraph");
  const box = svg.getBoundingClientRect();
  const n = S.game.plies;
  if (!n || !box.width) return;
  goto(Math.round(((e.clientX - box.left) / box.width) * n));
}

function setBar(d) {
  let pct = 50;
  if (d) pct = d.mate !== undefined ? (d.white > 0 ? 100 : 0) : 50 + 50 * (2 / (1 + Math.exp(-d.white / 250)) - 1);
  $("evalbar-white").style.height = `${pct.toFixed(1)}%`;
  const w = d && wdlPercent(d);
  $("evalbar").title = d ? `evaluation ${fmtScore(d)}${w ? ` (${wdlWords(w)})` : ""}` : "evaluation";
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

function render() {
  if (!S.view) return;
  renderBoard();
  renderShapes();
  renderHoldings();
  renderStatus();
  renderNotice();
  renderControls();
  renderMoves();
  renderLines();
  renderLegend();
  renderShare();
  renderReview();
  if (document.activeElement !== $("fen")) $("fen").value = S.view.fen;
}

// ---------------------------------------------------------------- input

function toggleCall() {
  if (!callTargets().length) return;
  S.callMode = !S.callMode;
  S.selected = null;
  render();
}

function choose(targets) {
  if (targets.length === 1) {
    play(targets[0].uci);
    return;
  }
  S.promotion = targets; // chess: the promotion piece is the player's choice
  render();
}

function onPointerDown(e) {
  if (e.button === 2) {
    // The right button draws: a drag an arrow, a click a circle.
    e.preventDefault();
    S.shapeFrom = squareAt(e);
    return;
  }
  if (e.button === 0 && S.shapes.list.length) S.shapes = { key: "", list: [] };
  const sq = squareAt(e);
  if (!sq || !humanCanMove() || S.busy) return;
  e.preventDefault();
  clearError();
  S.promotion = null;
  const slots = arrivalSlots();
  if (S.arrivals.includes(sq)) {
    S.arrivals = S.arrivals.filter((a) => a !== sq); // taken back
    S.selected = null;
    S.callMode = false;
    render();
    return;
  }
  if (slots.length) {
    if (slots.includes(sq)) {
      S.arrivals.push(sq);
      render();
    }
    return;
  }
  if (S.callMode) {
    const c = callTargets().find((t) => t.to === sq);
    if (c) {
      play(c.uci);
      return;
    }
    S.callMode = false;
    render();
    return;
  }
  if (S.selected) {
    const ts = targetsOf(S.selected).filter((t) => t.to === sq);
    if (ts.length) {
      choose(ts);
      return;
    }
  }
  if (targetsOf(sq).length && sq !== S.selected) {
    S.selected = sq;
    render();
    startDrag(e, sq);
    return;
  }
  S.selected = null;
  render();
}

function startDrag(e, sq) {
  const el = $("board").querySelector(`#pieces [data-square="${sq}"]`);
  if (!el) return;
  S.drag = { sq, el, x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  try {
    $("board").setPointerCapture(e.pointerId);
  } catch (err) {
    /* a synthetic event has no capture */
  }
}

function onPointerMove(e) {
  const d = S.drag;
  if (!d) return;
  const dx = e.clientX - d.x;
  const dy = e.clientY - d.y;
  if (!d.moved && Math.hypot(dx, dy) < 5) return;
  d.moved = true;
  const svg = $("board");
  const scale = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
  d.el.setAttribute("transform", `translate(${dx * scale} ${dy * scale})`);
  d.el.classList.add("dragging");
}

function onPointerUp(e) {
  if (e.button === 2) {
    const from = S.shapeFrom;
    S.shapeFrom = null;
    const to = squareAt(e);
    // Green; with Shift red, with Alt blue, with both yellow (as lichess).
    const colour = e.shiftKey && e.altKey ? "yellow" : e.shiftKey ? "red" : e.altKey ? "blue" : "green";
    if (from && to) toggleShape(from, to, colour);
    return;
  }
  const d = S.drag;
  S.drag = null;
  if (!d || !d.moved) return;
  d.el.removeAttribute("transform");
  const sq = squareAt(e);
  const ts = sq ? targetsOf(d.sq).filter((t) => t.to === sq) : [];
  if (ts.length) choose(ts);
  else render();
}

function showError(e) {
  $("error").textContent = e && e.message ? e.message : String(e);
}

function clearError() {
  $("error").textContent = "";
}

function showTimeControl() {
  const kind = $("tc-kind").value;
  for (const el of document.querySelectorAll("[data-tc]")) el.hidden = el.dataset.tc !== kind;
}

function showStrength() {
  const kind = $("strength-kind").value;
  for (const el of document.querySelectorAll("[data-strength]")) el.hidden = el.dataset.strength !== kind;
  $("skill-value").textContent = $("skill").value;
}

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
  $("variant").addEventListener("change", () => newGame($("variant").value));
  $("new").addEventListener("click", () => newGame($("variant").value));
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
      setGame(await gameApi("POST", "/undo", { plies: n }));
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
    const text = $("move-input").value.trim();
    if (!text || !humanCanMove()) return;
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
  $("resign-game").addEventListener("click", resignGame);
  $("offer-draw").addEventListener("click", offerDraw);
  setInterval(tickClock, 200);
}

async function start() {
  wire();
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
        return;
      } catch (e) {
        history.replaceState(null, "", location.pathname);
        await startOwn(list, params);
        showError(`This invitation does not open a game: ${e.message}`);
        return;
      }
    }
    await startOwn(list, params);
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

start();
