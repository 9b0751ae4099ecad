// The game's event stream: the server's states, search reports and review
// progress, and reconnecting when the stream dies.

import { S } from "./state.js";
import { showError } from "./dom.js";
import { api, gamePath } from "./api.js";
import { restore, save } from "./record.js";
import { forgetSearch } from "./game.js";
import { maybeAnalyse, onInfo, onSearch } from "./analysis.js";
import { evalAt, onReview } from "./review.js";
import { moveSound } from "./sound.js";
import { clockAfterChange, serverClock } from "./clock.js";
import { render } from "./render.js";
import { setConn } from "./conn.js";
import { followRematch } from "./share.js";
import { playPremove } from "./premove.js";

export function openEvents() {
  if (S.es) S.es.close();
  const es = new EventSource(gamePath("/events"));
  S.es = es;
  S.esHeard = Date.now();
  for (const name of ["state", "info", "search", "review", "heartbeat"]) {
    es.addEventListener(name, () => {
      if (S.es !== es) return;
      S.esHeard = Date.now();
      setConn("connected");
    });
  }
  es.addEventListener("heartbeat", (ev) => (S.esEvery = JSON.parse(ev.data).every));
  S.esReady = new Promise((resolve) => es.addEventListener("state", () => resolve(), { once: true }));
  es.addEventListener("state", (ev) => {
    const st = JSON.parse(ev.data);
    if (st.id !== S.game.id || st.version <= S.game.version) return;
    // Another page changed the game: follow it.
    const atEnd = S.view.ply === S.game.plies;
    if (st.epoch === S.game.epoch && st.plies === S.game.plies + 1) moveSound(st, st.plies);
    if (st.epoch !== S.game.epoch) forgetSearch();
    S.game = st;
    S.gameAt = Date.now();
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
    followRematch();
    playPremove(); // the opponent's move in a shared game: a premove's turn
  });
  es.addEventListener("info", (ev) => onInfo(JSON.parse(ev.data)));
  es.addEventListener("search", (ev) => onSearch(JSON.parse(ev.data)));
  es.addEventListener("review", (ev) => onReview(JSON.parse(ev.data)));
  es.onerror = () => {
    if (S.es !== es) return;
    setConn("reconnecting");
    if (es.readyState === EventSource.CLOSED) setTimeout(() => reconnect(es), 1500);
  };
}

// A connection that died without closing (a laptop asleep, another
// network) leaves EventSource waiting for ever, open or still opening.
// The server sends a heartbeat every S.esEvery ms: two missed, the page
// says it is reconnecting, gives the stream up and opens another.
export function silenceLimit() {
  return 2 * (S.esEvery || DEFAULT_HEARTBEAT) + 200;
}
const DEFAULT_HEARTBEAT = 2000;
setInterval(() => {
  const es = S.es;
  if (!es || es.readyState === EventSource.CLOSED || Date.now() - S.esHeard < silenceLimit()) return;
  setConn("reconnecting");
  es.close();
  reconnect(es);
}, 200);

// reconnect finds out why the stream closed: a restarted server does not
// know the game, so the page makes it again. The question itself may meet
// a dead network: it gives up after a while and asks again.
async function reconnect(es) {
  if (S.es !== es) return;
  try {
    await api("GET", gamePath(""), undefined, undefined, false, { timeout: 4000, tries: 1 });
    openEvents();
  } catch (e) {
    if (e.status === 404 && S.shared) {
      showError("This shared game is gone: the server was restarted.");
    } else if (e.status === 404) {
      await restore().catch(showError);
    } else {
      // A question that timed out went over a dead connection, which the
      // browser now drops: the next one may find a live one at once.
      setTimeout(() => reconnect(es), e.name === "TimeoutError" ? 100 : 1000);
    }
  }
}
