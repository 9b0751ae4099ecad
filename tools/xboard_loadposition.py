#!/usr/bin/env python3
"""Loads chaturanga positions into the real XBoard 4.9 under Xvfb, with the
menus driven by xdotool, and takes the screenshots docs/xboard.md shows;
then a refused move and a Fischer Random game of Two Machines.

    tools/xboard_loadposition.py [-display N] [-out DIR] [load lpf illegal fischerandom]

Needs the Debian packages xboard, xvfb, xdotool, imagemagick and xclip, and
a built ./senapati. Uses the Display and XBoard classes of
scripts/xboard_gui.py. Each step prints what XBoard's debug log says;
screenshots go to docs/ (the committed ones) and OUT (load and lpf write
their .fen files there). About three minutes on an idle machine. The menu
and dialog steps wait fixed times: on a machine loaded far beyond its
cores a step can miss (the report then shows no setboard; OUT/dialog.png
is the file chooser as typed), so run it when the machine is quiet.
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
import xboard_gui as xg  # noqa: E402

CHATURANGA = ["-fcp", xg.ENGINE, "-fd", xg.ROOT, "-depth", "2", "-variant", "chaturanga", "-testLegality", "false"]

# Positions to load: White to move after 1. e4 Nc6 (the engine's FEN
# keeps its move number), an earlier one, and Black to move.
WHITE = "r1bkqbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w Kk - 0 2"
EARLIER = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"
BLACK = "rnbkqbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b Kk - 0 1"

COMMITTED = {"xboard-load-white.png", "xboard-load-black-newgame.png", "xboard-paste-black.png",
             "xboard-load-black-fails.png", "xboard-illegal-reason.png", "xboard-fischerandom.png"}


def compact(src, name):
    if name in COMMITTED:
        dst = os.path.join(xg.DOCS, name)
        xg.run(["convert", src, "-colors", "32", "PNG8:" + dst])
        print(f"  screenshot {dst}")
    else:
        print(f"  screenshot {src}")


class Session(xg.XBoard):
    """XBoard with the menu steps this script needs (XBoard 4.9's GTK
    layout: menu bar items at fixed places)."""

    def menu(self, x, item_y):
        self.d.click(self.x + x, self.y + 12)
        time.sleep(0.8)
        self.d.click(self.x + x + 50, self.y + item_y)
        time.sleep(1)

    def load_position(self, path):
        """File > Load Position, the path typed into GTK's file chooser."""
        self.menu(20, 131)
        dialog = None
        for _ in range(20):
            try:
                dialog = self.d.xdotool("search", "--onlyvisible", "--name", "Load position").split()[0]
                break
            except subprocess.CalledProcessError:
                time.sleep(0.3)
        if not dialog:
            sys.exit("the Load Position dialog did not appear")
        # A click into the file list gives the dialog the keyboard; a slash
        # there opens the location field.
        time.sleep(0.8)
        self.d.click(450, 300)
        self.d.xdotool("key", "slash")
        time.sleep(1)
        # Typed twice, slowly: the chooser's completion eats the first
        # letters typed into a fresh location field.
        for _ in range(2):
            self.d.xdotool("key", "ctrl+a")
            self.d.xdotool("type", "--delay", "120", path)
            time.sleep(0.8)
        self.d.shot(os.path.join(os.path.dirname(self.log), "dialog.png"))  # as typed, when a load fails
        self.d.xdotool("key", "Return")
        time.sleep(2.5)

    def new_game(self):
        self.d.xdotool("key", "--window", self.window, "ctrl+n")
        time.sleep(2)

    def paste_position(self, fen):
        """Edit > Paste Position with fen on the clipboard."""
        subprocess.run(["xclip", "-selection", "clipboard"], input=fen, text=True, env=self.d.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.3)
        self.d.xdotool("key", "--window", self.window, "ctrl+shift+v")
        time.sleep(2.5)

    def since(self, mark):
        return self.text()[mark:]

    def shot_to(self, out, name):
        raw = os.path.join(out, name)
        self.d.shot(raw, f"{self.w}x{self.h + 40}+{self.x}+{self.y}")  # the window and a popup below it
        compact(raw, name)

    def lift(self, square):
        """Picks up the piece on square and waits for the engine's
        highlight to be drawn (slow on a loaded machine)."""
        mark = len(self.text())
        self.d.click(*self.square(square))
        end = time.time() + 15
        while time.time() < end and "<first : highlight" not in self.since(mark):
            time.sleep(0.2)
        time.sleep(0.7)

    def wait_for(self, pattern, seconds=15):
        end = time.time() + seconds
        while time.time() < end:
            if re.search(pattern, self.text()):
                return True
            time.sleep(0.3)
        return False


def report(log, what):
    """The engine's setup and the popups XBoard raised, from the debug log."""
    setup = re.findall(r"<first : setup \S+ \S+ (.*)", log)
    setboard = re.findall(r">first : setboard (.*)", log)
    print(f"  {what}: sent setboard {setboard}, engine setup {setup}")
    if "Engine did not send setup" in log or "GameEnds(29" in log:
        print("  XBoard: 'Engine did not send setup for non-standard variant' (game ended, variant back to normal)")


def load_positions(d, out):
    xb = Session(d, out, "loadposition", CHATURANGA)
    print("  " + " ".join(xb.command))
    try:
        xb.find_board(8, 8)
        # A move of the user and the engine's answer: the game has begun.
        xb.click_move("e2e3")
        xb.wait_for(r"<first : move ")
        time.sleep(1)

        mark = len(xb.text())
        xb.load_position(os.path.join(out, "white.fen"))
        report(xb.since(mark), "Load Position after a move, White to move")
        xb.lift("e4")  # the Padati on e4: the engine offers e5
        xb.shot_to(out, "xboard-load-white.png")
        d.click(*xb.square("e5"))
        time.sleep(1.5)

        mark = len(xb.text())
        xb.d.xdotool("key", "--window", xb.window, "shift+Next")  # File > Next Position: the earlier one
        time.sleep(2.5)
        report(xb.since(mark), "Next Position (the start) after a move")
        xb.lift("e2")
        xb.shot_to(out, "load-earlier.png")
        d.click(*xb.square("e3"))
        time.sleep(2)

        mark = len(xb.text())
        xb.new_game()
        xb.load_position(os.path.join(out, "black.fen"))
        report(xb.since(mark), "New Game, then Load Position, Black to move")
        xb.lift("e7")
        xb.shot_to(out, "xboard-load-black-newgame.png")
        d.click(*xb.square("e6"))
        time.sleep(1.5)

        mark = len(xb.text())
        xb.paste_position(BLACK)
        report(xb.since(mark), "Edit > Paste Position after a move, Black to move")
        xb.lift("c7")
        xb.shot_to(out, "xboard-paste-black.png")
        d.click(*xb.square("c6"))
        time.sleep(1.5)

        mark = len(xb.text())
        xb.load_position(os.path.join(out, "black.fen"))
        report(xb.since(mark), "Load Position after a move, Black to move")
        time.sleep(1)
        xb.shot_to(out, "xboard-load-black-fails.png")
    finally:
        xb.close()


def load_at_startup(d, out):
    """-lpf FILE: the position loaded as XBoard starts."""
    for name in ("white.fen", "black.fen"):
        xb = Session(d, out, "lpf-" + name[:5], CHATURANGA + ["-lpf", os.path.join(out, name)])
        try:
            time.sleep(2)
            report(xb.text(), "-lpf " + name)
            xb.shot_to(out, "lpf-" + name[:5] + ".png")
        finally:
            xb.close()


def illegal_reason(d, out):
    """Target squares off, so XBoard sends a move the engine refuses."""
    xb = Session(d, out, "illegal", CHATURANGA + ["-showTargetSquares", "false"])
    try:
        xb.find_board(8, 8)
        xb.click_move("e2e4")  # no double step in chaturanga
        xb.wait_for(r"<first : telluser")
        time.sleep(1.5)
        log = xb.text()
        print("  engine said:", re.findall(r"<first : ((?:Illegal move|telluser).*)", log))
        xb.shot_to(out, "xboard-illegal-reason.png")
    finally:
        xb.close()


def fischerandom(d, out):
    """Two Machines in fischerandom with XBoard's legality test on: XBoard
    checks every engine move, castling included."""
    xb = Session(d, out, "fischerandom", ["-fcp", xg.ENGINE, "-fd", xg.ROOT, "-scp", xg.ENGINE, "-sd", xg.ROOT,
                                          "-depth", "3", "-variant", "fischerandom"])
    print("  " + " ".join(xb.command))
    try:
        xb.menu(157, 81)  # Mode > Two Machines
        end = time.time() + 240
        while time.time() < end and not re.search(r">first : result", xb.text()):
            time.sleep(1)
        time.sleep(1.5)
        log = xb.text()
        moves = re.findall(r"<(?:first|second) ?: move (\S+)", log)
        castles = [m for m in moves if m.startswith("O-O")]
        result = re.findall(r">first : result (.*)", log)
        bad = re.findall(r"(Illegal move.*|Forfeit.*|False illegal.*)", log)
        print(f"  {len(moves)} engine moves, castling {castles}, result {result}, complaints {bad}")
        print("  setboard:", re.findall(r">first : setboard (.*)", log)[:1])
        xb.shot_to(out, "xboard-fischerandom.png")
    finally:
        xb.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-display", type=int, default=94)
    ap.add_argument("-out", default="/tmp/senapati-xboard")
    ap.add_argument("what", nargs="*", default=["load", "lpf", "illegal", "fischerandom"])
    a = ap.parse_args()
    if not os.path.exists(xg.ENGINE):
        sys.exit("build the engine first: go build")
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "white.fen"), "w") as f:
        f.write(WHITE + "\n" + EARLIER + "\n")
    with open(os.path.join(a.out, "black.fen"), "w") as f:
        f.write(BLACK + "\n")
    d = xg.Display(a.display)
    try:
        for w in a.what:
            print(w)
            steps = {"load": load_positions, "lpf": load_at_startup, "illegal": illegal_reason, "fischerandom": fischerandom}
            steps[w](d, a.out)
    finally:
        d.close()


if __name__ == "__main__":
    main()
