// The JSON API client (docs/web.md, "API"): requests, the busy mark and the
// game's paths with a shared game's token.

import { S } from "./state.js";
import { restore } from "./record.js";

// asText: the answer is plain text (a PGN), not JSON.
export async function api(method, path, body, signal, asText) {
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
export function gamePath(suffix) {
  const path = `/api/games/${S.game.id}${suffix}`;
  if (!S.shared) return path;
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(S.shared.token)}`;
}

// gameApi calls the game's API; a game the server does not know (it was
// restarted) is first made again from the page's own record, but for a
// shared game, whose tokens went with the server.
export async function gameApi(method, suffix, body, signal, asText) {
  try {
    return await api(method, gamePath(suffix), body, signal, asText);
  } catch (e) {
    if (e.status !== 404 || S.shared) throw e;
    await restore();
    return await api(method, `/api/games/${S.game.id}${suffix}`, body, signal, asText);
  }
}
