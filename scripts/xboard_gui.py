#!/usr/bin/env python3
"""Plays Senapati in the real XBoard 4.9 under Xvfb, the user's moves made
by mouse clicks (xdotool), and takes the screenshots docs/xboard.md shows.

    scripts/xboard_gui.py chess          you (White, clicks) against the engine
    scripts/xboard_gui.py chaturanga
    scripts/xboard_gui.py twomachines    engine against engine (menu Mode > Two Machines), chaturanga and chess
    scripts/xboard_gui.py durg           what XBoard shows of Durg turns (scripts/xboard-durg-probe.sh)
    scripts/xboard_gui.py all

Needs the Debian packages xboard, xvfb, xdotool and imagemagick, and a
built ./senapati (go build). The user's moves are chosen by a second
Senapati at depth 1, so the engine (depth 4) wins in the end; each move is
two clicks on the board, and everything XBoard and the engine said is in
OUT/*.debug. Screenshots go to docs/, logs and PGN to OUT (default
/tmp/senapati-xboard). Not part of CI; `all` takes a few minutes.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "senapati")
PROBE = os.path.join(ROOT, "scripts", "xboard-durg-probe.sh")
DOCS = os.path.join(ROOT, "docs")

# What XBoard needs for each game. Chaturanga runs with XBoard's own
# legality test off: the engine is the legality authority (highlights,
# Illegal move), and XBoard's test would judge a chaturanga stalemate a
# draw and a bare Raja no win.
VARIANT_ARGS = {
    "chess": [],
    "chaturanga": ["-variant", "chaturanga", "-testLegality", "false"],
}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


class Display:
    """An Xvfb screen of its own."""

    def __init__(self, number):
        self.env = dict(os.environ, DISPLAY=f":{number}")
        self.proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        if self.proc.poll() is not None:
            sys.exit(f"Xvfb :{number} did not start (display in use? try -display N)")

    def close(self):
        self.proc.terminate()
        self.proc.wait()

    def xdotool(self, *args):
        return run(["xdotool", *map(str, args)], env=self.env)

    def click(self, x, y):
        self.xdotool("mousemove", x, y, "click", "1")
        time.sleep(0.35)

    def shot(self, path, geometry=None):
        cmd = ["import", "-window", "root"]
        if geometry:
            cmd += ["-crop", geometry]
        run(cmd + [path], env=self.env)


class XBoard:
    """One XBoard with its debug log, in a fresh HOME so no saved settings
    get in the way (Debian's /etc/xboard/xboard.conf still applies)."""

    def __init__(self, display, out, name, args):
        self.d = display
        self.log = os.path.join(out, name + ".debug")
        self.pgn = os.path.join(out, name + ".pgn")
        for f in (self.log, self.pgn):
            if os.path.exists(f):
                os.remove(f)
        self.home = tempfile.mkdtemp(prefix="xboard-home-")
        cmd = ["/usr/games/xboard", "-debug", "-nameOfDebugFile", self.log, "-saveGameFile", self.pgn,
               "-autoSaveGames", "true", "-popupExitMessage", "false", "-startupMessage", "", "-boardSize", "Medium", *args]
        self.command = cmd
        self.window = None
        for attempt in range(2):  # XBoard now and then fails to map its window
            self.proc = subprocess.Popen(cmd, env=dict(display.env, HOME=self.home), cwd=ROOT,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(60):
                time.sleep(0.5)
                try:
                    ids = display.xdotool("search", "--all", "--pid", self.proc.pid, "--name", "^xboard: ").split()
                except subprocess.CalledProcessError:
                    continue
                if ids:
                    self.window = ids[0]
                    break
            if self.window:
                break
            self.proc.kill()
            self.proc.wait()
        if not self.window:
            sys.exit("XBoard's window did not appear")
        time.sleep(2)
        self.measure()

    def measure(self):
        """The window's place and size (XBoard resizes it as it starts)."""
        g = self.d.xdotool("getwindowgeometry", self.window)
        self.w, self.h = map(int, re.search(r"Geometry: (\d+)x(\d+)", g).group(1, 2))
        self.x, self.y = map(int, re.search(r"Position: (-?\d+),(-?\d+)", g).group(1, 2))

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.home, ignore_errors=True)

    def text(self):
        with open(self.log, errors="replace") as f:
            return f.read()

    def shot(self, path):
        self.measure()
        self.d.shot(path, f"{self.w}x{self.h}+{self.x}+{self.y}")

    def find_board(self, files, ranks):
        """Finds the board's grid lines (black) in a screenshot."""
        path = os.path.join(tempfile.gettempdir(), "xboard-grid.png")
        self.shot(path)

        def black_runs(crop):
            txt = run(["convert", path, "-crop", crop, "-depth", "8", "txt:-"])
            pos = [int(m.group(1)) if "x1+" in crop else int(m.group(2))
                   for m in re.finditer(r"^(\d+),(\d+): \(0,0,0", txt, re.M)]
            runs = []
            for p in pos:
                if runs and p == runs[-1][-1] + 1:
                    runs[-1].append(p)
                else:
                    runs.append([p])
            # A line is a short run; a black gap (beside holdings) has a
            # line at each end.
            return sorted({r[0] for r in runs} | {r[-1] for r in runs})

        def progression(lines, n):
            """n squares: n+1 evenly spaced lines. Black text above the
            board can pose as one more line on top, so the lowest start
            wins (the board is the window's bottom part)."""
            best = None
            for i in range(len(lines)):
                for j in range(i + 1, len(lines)):
                    step = lines[j] - lines[i]
                    if step < 20:
                        continue
                    seq = [lines[i] + k * step for k in range(n + 1)]
                    if all(any(abs(l - s) <= 1 for l in lines) for s in seq):
                        best = max(best or (0, 0), (lines[i], step))
            return best

        # Scan a column for the rank lines (a few, in case one runs along
        # a file line), then a row through the middle of the top rank.
        for x in (self.w // 3, self.w // 3 + 9, self.w // 3 + 19):
            if found := progression(black_runs(f"1x{self.h}+{x}+0"), ranks):
                break
        else:
            sys.exit("board grid not found")
        top, sq = found
        # Holdings beside the board (a hand column and a black gap each
        # side) have grid lines too, but never the full set right of the
        # board's left edge, so the rightmost full set is the board.
        found = progression(black_runs(f"{self.w}x1+0+{top + sq // 2}"), files)
        if not found:
            sys.exit("board grid not found")
        left = found[0]
        self.files, self.ranks = files, ranks
        self.left, self.top, self.sq = left, top, sq

    def square(self, name):
        f, r = ord(name[0]) - ord("a"), int(name[1:]) - 1
        return (self.x + self.left + self.sq * f + self.sq // 2,
                self.y + self.top + self.sq * (self.ranks - 1 - r) + self.sq // 2)

    def click_move(self, move):
        """Two clicks: from-square, to-square (castling: the king's two steps)."""
        m = re.match(r"([a-z]\d+)([a-z]\d+)", move)
        for sq in m.groups():
            self.d.click(*self.square(sq))

    def events(self):
        """The game as the log tells it: moves in order, and the result."""
        moves, result = [], None
        pat = re.compile(r">(first|second) ?: usermove\s+(?:\d+ >\w+ ?: )?(\S+)|<(first|second) ?: move (\S+)"
                         r"|<(first|second) ?: Illegal move|>(first|second) ?: result (.*)")
        last_user = None
        for m in pat.finditer(self.text()):
            if m.group(2):
                if m.group(1) == "first":
                    moves.append(m.group(2))
                    last_user = len(moves) - 1
            elif m.group(4):
                if m.group(3) == "first" or not moves or moves[-1] != m.group(4):
                    moves.append(m.group(4))
            elif m.group(5):
                if last_user is not None and last_user == len(moves) - 1:
                    moves.pop()  # XBoard takes the refused move back
            elif m.group(7):
                result = m.group(7)
        return moves, result


class UserEngine:
    """The user's choice of move: Senapati over UCI at depth 1."""

    def __init__(self, variant):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.say("uci")
        self.wait("uciok")
        if variant != "chess":
            self.say(f"setoption name UCI_Variant value {variant}")

    def say(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("user engine ended")
            if line.startswith(prefix):
                return line

    def move(self, moves):
        self.say("position startpos moves " + " ".join(moves))
        self.say("go depth 1")
        return self.wait("bestmove").split()[1]

    def close(self):
        self.say("quit")
        self.p.wait()


# The screenshots docs/xboard.md shows; the others stay in OUT.
COMMITTED = {"xboard-chess.png", "xboard-chaturanga-start.png", "xboard-chaturanga.png",
             "xboard-twomachines-chaturanga.png", "xboard-durg-zone.png", "xboard-durg-arrival.png",
             "xboard-durg-call.png"}


def compact(src, name):
    """A small PNG for the repository (32 colours, about 100 KB)."""
    if name not in COMMITTED:
        print(f"  {src}")
        return
    dst = os.path.join(DOCS, name)
    run(["convert", src, "-colors", "32", "PNG8:" + dst])
    print(f"  {dst}: {os.path.getsize(dst) // 1024} KB")


def play_user_game(d, out, variant):
    print(f"{variant}: you (White, clicks) against Senapati (Black)")
    xb = XBoard(d, out, variant, ["-fcp", ENGINE, "-fd", ROOT, "-depth", "4", *VARIANT_ARGS[variant]])
    print("  " + " ".join(xb.command))
    try:
        xb.find_board(8, 8)
        user = UserEngine(variant)
        deadline = time.time() + 900
        clicks = 0
        while time.time() < deadline:
            moves, result = xb.events()
            if result:
                break
            if len(moves) % 2 == 1:  # the engine's turn
                time.sleep(0.3)
                continue
            move = user.move(moves)
            if variant == "chaturanga" and not moves:
                # First a look at the start: the Padati picked up on e2 is
                # offered e3 only, and the Rajas stand on e1 and d8.
                d.click(*xb.square("e2"))
                time.sleep(1)
                raw = os.path.join(out, "chaturanga-start.png")
                xb.shot(raw)
                compact(raw, "xboard-chaturanga-start.png")
                d.click(*xb.square("e3"))
                clicks += 2
                continue
            if move == "(none)":
                time.sleep(0.5)
                continue
            xb.click_move(move)
            clicks += 2
            # Wait until XBoard has sent it (or refused it).
            for _ in range(100):
                now, result = xb.events()
                if result or len(now) != len(moves) or "Illegal move" in xb.text()[-300:]:
                    break
                time.sleep(0.1)
        user.close()
        moves, result = xb.events()
        time.sleep(1.5)
        raw = os.path.join(out, variant + ".png")
        xb.shot(raw)
        print(f"  {len(moves)} plies, {clicks} clicks, result {result}")
        compact(raw, f"xboard-{variant}.png")
        return result
    finally:
        xb.close()


def two_machines(d, out, variant):
    print(f"{variant}: Senapati against Senapati (Mode > Two Machines)")
    xb = XBoard(d, out, "twomachines-" + variant, ["-fcp", ENGINE, "-fd", ROOT, "-scp", ENGINE, "-sd", ROOT,
                                          "-depth", "4", *VARIANT_ARGS[variant]])
    print("  " + " ".join(xb.command))
    try:
        # The Mode menu, then its Two Machines item (XBoard 4.9's GTK layout).
        d.click(xb.x + 157, xb.y + 12)
        time.sleep(0.8)
        d.click(xb.x + 205, xb.y + 81)
        deadline = time.time() + 900
        result = None
        while time.time() < deadline and not result:
            time.sleep(1)
            _, result = xb.events()
        time.sleep(1.5)
        moves = re.findall(r"<(?:first|second) ?: move (\S+)", xb.text())
        raw = os.path.join(out, f"twomachines-{variant}.png")
        xb.shot(raw)
        print(f"  {len(moves)} engine moves, result {result}")
        compact(raw, f"xboard-twomachines-{variant}.png")
        return result
    finally:
        xb.close()


# The user's one move in each Durg scenario of scripts/xboard-durg-probe.sh.
DURG_USER_MOVE = {"zone": "e1d1", "arrival": "e1d1", "legs": "e1d1", "call": "a1a7"}


def durg(d, out):
    print("durg: what XBoard 4.9 shows of Durg turns (engine: scripts/xboard-durg-probe.sh)")
    for scenario, user_move in DURG_USER_MOVE.items():
        xb = XBoard(d, out, "durg-" + scenario, ["-fcp", f"{PROBE} {scenario}", "-fd", ROOT, "-variant", "durg",
                                                  "-testLegality", "false"])
        try:
            xb.find_board(9, 9)
            xb.click_move(user_move)
            time.sleep(3)
            raw = os.path.join(out, f"durg-{scenario}.png")
            xb.shot(raw)
            log = xb.text()
            said = re.findall(r"<first : (move .*)", log) + re.findall(r"(Illegal move.*|Impossible move.*|Forfeit.*)", log)
            print(f"  {scenario}: engine said {said}")
            compact(raw, f"xboard-durg-{scenario}.png")
        finally:
            xb.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["chess", "chaturanga", "twomachines", "durg", "all"])
    ap.add_argument("-display", type=int, default=93)
    ap.add_argument("-out", default="/tmp/senapati-xboard")
    a = ap.parse_args()
    if not os.path.exists(ENGINE):
        sys.exit("build the engine first: go build")
    os.makedirs(a.out, exist_ok=True)
    os.makedirs(DOCS, exist_ok=True)
    d = Display(a.display)
    begin = time.time()
    try:
        todo = ["chess", "chaturanga", "twomachines", "durg"] if a.what == "all" else [a.what]
        for w in todo:
            if w in VARIANT_ARGS:
                play_user_game(d, a.out, w)
            elif w == "twomachines":
                two_machines(d, a.out, "chaturanga")
                two_machines(d, a.out, "chess")
            else:
                durg(d, a.out)
    finally:
        d.close()
    print(f"done in {time.time() - begin:.0f} s; logs and PGN in {a.out}")


if __name__ == "__main__":
    main()
