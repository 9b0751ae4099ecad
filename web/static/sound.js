// Move and capture sounds.

import { $ } from "./dom.js";

// A short tap for a move and a knock for a capture, made with the Web
// Audio API (no sound files). The Sound switch turns them off; the browser
// remembers it. Each sound played to its end is counted on the page
// (body's data-sound-move, data-sound-capture and data-sound-last).
export const SOUND_KEY = "senapati.sound";

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
export function wakeAudio() {
  if (!$("sound").checked) return;
  const c = audio();
  if (c && c.state === "suspended") c.resume().catch(() => {});
}

// moveSound sounds the move after ply k of a state's active line, once
// (a move arrives both in the answer to its request and on the event
// stream): a capture's knock or a move's tap.
export function moveSound(st, k) {
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
