// The JSON API client (docs/web.md, "API"): requests with their timeout
// and retry, the busy mark and the game's paths with a shared game's token.

import { S } from "./state.js";
import { restore } from "./record.js";
import { setConn } from "./conn.js";

// A request the server does not answer within this long went over a dead
// connection (a network that died without closing): it is given up, and
// one that is safe to send again is sent again.
export const REQUEST_TIMEOUT = 8000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// api sends a request. asText: the answer is plain text (a PGN), not JSON.
// opts.timeout: ms to wait for the answer (0: no bound, for an engine's
// move, which the signal stops); opts.tries: how many times a request
// that met no answer is sent (GETs 3, others 1: only a request that
// cannot do its work twice, such as a move with its ply, is sent again).
export async function api(method, path, body, signal, asText, opts = {}) {
  const timeout = opts.timeout ?? REQUEST_TIMEOUT;
  const tries = opts.tries ?? (method === "GET" ? 3 : 1);
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(method, path, body, signal, asText, timeout);
    } catch (e) {
      if (!e.network || attempt >= tries || (signal && signal.aborted)) throw e;
      await sleep(Math.min(4000, 500 * attempt));
    }
  }
}

async function once(method, path, body, signal, asText, timeout) {
  const signals = [signal, timeout > 0 ? AbortSignal.timeout(timeout) : null].filter(Boolean);
  const opts = { method, headers: {}, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  busy(+1);
  try {
    let r, text;
    try {
      r = await fetch(path, opts);
      text = await r.text();
    } catch (e) {
      if (signal && signal.aborted) throw e;
      // No answer: the network, not the server, said no.
      const err = new Error(e.name === "TimeoutError" ? `the server did not answer within ${timeout / 1000} s` : "the server cannot be reached");
      err.network = true;
      err.name = e.name;
      setConn("reconnecting");
      throw err;
    }
    setConn("connected");
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
export function gamePath(suffix) {
  const path = `/api/games/${S.game.id}${suffix}`;
  if (!S.shared) return path;
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(S.shared.token)}`;
}

// gameApi calls the game's API; a game the server does not know (it was
// restarted) is first made again from the page's own record, but for a
// shared game, whose tokens went with the server.
export async function gameApi(method, suffix, body, signal, asText, opts) {
  try {
    return await api(method, gamePath(suffix), body, signal, asText, opts);
  } catch (e) {
    if (e.status !== 404 || S.shared) throw e;
    await restore();
    return await api(method, `/api/games/${S.game.id}${suffix}`, body, signal, asText, opts);
  }
}
