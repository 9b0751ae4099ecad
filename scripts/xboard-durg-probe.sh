#!/usr/bin/env bash
# A stand-in CECP engine that shows XBoard 4.9 one Durg turn, to see what
# the GUI makes of it (scripts/xboard_gui.py durg runs it). Senapati itself
# refuses `variant durg` under CECP; this script exists to record why.
#
#   zone     Black's Gaj takes a Sipahi in White's Durg zone: both leave
#            the board (RULES.md section 2).
#   arrival  Black's waiting Mantri arrives on d9 and a Sipahi moves, one turn,
#            written as Senapati writes it (B@d9,e8e7).
#   legs     the same turn as two legs, the way CECP sends multi-leg moves
#            (move B@d9, then move e8e7).
#   call     Black calls the Rani to d9 as its turn; XBoard needs a hand
#            (holdings) for the drop.
#
# The user (White) makes one move by a click; the reply is the scenario's.
set -u
scenario=${1:-zone}
holdings=0
case $scenario in
zone)    fen='1r2k4/9/9/9/9/1P7/1D7/9/4K4 w - - 0 1'; reply='b9b4' ;;
arrival) fen='4k4/4p4/9/9/9/9/9/9/4K4 w - - 0 1'; reply='B@d9,e8e7' ;;
legs)    fen='4k4/4p4/9/9/9/9/9/9/4K4 w - - 0 1'; reply='B@d9, e8e7' ;;
call)    fen='4k4/4p4/p8/9/9/9/9/9/R3K4[q] w - - 0 1'; reply='Q@d9'; holdings=5 ;;
*) echo "usage: $0 zone|arrival|legs|call" >&2; exit 2 ;;
esac
# XBoard's piece table: P N B R Q in its first five places, the Rath (H)
# as its Dragon (place 15), the Durg (D) as its Tower (place 26), King last.
white='PNBRQ.........H..........DK'
table="$white$(echo "$white" | tr 'A-Z' 'a-z')"
while IFS= read -r line; do
	case $line in
	protover*)
		echo 'feature myname="Durg probe" variants="durg" setboard=1 usermove=1 ping=1 colors=0 sigint=0 sigterm=0 done=1' ;;
	variant*)
		echo "setup ($table) 9x9+${holdings}_fairy $fen"
		echo 'piece P& fmWfcF'
		echo 'piece N& N'
		echo 'piece B& B'
		echo 'piece R& R'
		echo 'piece Q& Q'
		echo 'piece H& KB'
		echo 'piece K& K' ;;
	ping*) echo "pong ${line#ping }" ;;
	usermove*)
		for leg in $reply; do echo "move $leg"; done
		reply='' ;;
	quit) exit 0 ;;
	esac
done
