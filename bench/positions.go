package bench

import "senapati/board"

// The bench positions were taken from games Senapati played against itself
// at 40-60 ms a move (a few random opening moves each, then engine moves),
// at plies from the opening to the late endgame. Changing, adding or
// reordering one changes the bench signature.
var (
	chessPositions = []string{
		// openings
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/p1p2pp1/4p3/1N1p3p/1p2P3/3P1NP1/PPP2P1P/R1BQKB1R b KQkq - 1 6",
		"r1bqkb1r/pp3p1p/2n2np1/3p4/3PP3/2N3P1/PPPB2BP/R2QK1NR b KQkq - 0 9",
		"r1bqkb1r/p1p1pp2/1p3n1p/3Pp3/2P1P2P/2N2P2/PP6/R1BQKB1R b KQkq - 0 11",
		// middlegames
		"1r1q1rk1/2pn1ppp/p1n1p3/3pP3/5Q2/1PN2B1P/P1P2PP1/R3R1K1 b - - 2 16",
		"r3r1k1/1ppqn2p/p4ppb/3p1n2/3P4/2N3BP/PPP2PBP/R2QR1K1 w - - 11 16",
		"r3k2r/pp3p1p/2B1b1p1/2q5/8/2PQ2P1/P1P4P/R3K1NR b KQkq - 0 16", // in check, castling rights
		"4rk1r/p1p2p2/1p1b1n2/3q3p/4P1QP/1P6/P2BB3/2RK1R2 w - - 0 26",
		"2r1k2r/qpp5/p1n1bN2/3N3p/P6B/4P3/1PP2PP1/R2Q1K2 b k - 6 26", // in check
		"4rrk1/1pp4p/p5pP/8/2q1nP2/4B1P1/PPP3K1/R2Q2N1 b - - 3 23",
		// endgames
		"2k5/2p1r3/6Pp/p3R2P/Pb2pP2/2p1K3/2R5/8 b - - 1 41",
		"8/1p3p1k/2b3p1/p7/6P1/2P4P/2P2r2/2K1N2R w - - 5 41",
		"8/1p3k2/p1p5/8/P1PB4/4P3/2P3r1/2K5 b - - 1 41",
		"8/6R1/7p/4K3/4P1P1/3k4/8/1r6 b - - 0 40",
		"8/2p2k2/8/3P4/Kp1b4/8/4B3/8 b - - 0 61",
		"8/8/2bkp1p1/4p1Pp/4P2P/3P1P1B/3K4/8 b - - 14 86",
	}

	chaturangaPositions = []string{
		// openings: both Rajas still have the leap
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1",
		"rnbkqb1r/pppp1ppp/3np3/8/8/N1PP1N1B/PP2PPPP/R1BQK2R b Kk - 2 5",
		"r1bkq2r/pp1npppp/2pb4/2Bpn3/8/P1NP1P1B/1PP1P1PP/R2Q1KNR w Kk - 1 9",
		"r1bkqb1r/pp1p1ppp/2p1pn2/8/2P2n1N/PP1BBP2/3PP1PP/RN1Q1K1R b Kk - 0 12",
		// middlegames
		"rk2r3/pppq1p2/b2b1npp/8/3P4/PP2BN1P/2P1QPP1/R4K1R b Kk - 0 17",
		"3kq2r/3pp3/prpbbppp/2B5/RP6/2PP3B/4PPPP/3Q1K1R w Kk - 0 21",
		"r1k1r3/p2ppq2/2p2pp1/2P5/2nNN3/P1PBn3/3bP1PP/3R2KR w Kk - 1 25",
		"r7/2kq1p2/1npbbn2/1p1p1N1p/3Pp3/PPP1PP2/4QK1P/R4BN1 b k - 7 32",
		"4q1kr/p4p1p/p3n1pb/8/2R1P3/PQ1BPNP1/4PK1P/8 b - - 1 36",
		// endgames: Padatis racing to promote, Rajas close to bare
		"8/7p/p4ppb/2pP4/k5P1/5P2/1P5P/4K3 w K - 0 41", // White has only Raja and Padatis
		"4q3/8/2p1p3/1kBpP3/2bP1KP1/3Q3B/8/8 b - - 6 49",
		"8/R6P/5k2/1p1p4/5K2/5PPr/8/8 w - - 3 53",
		"8/8/2R1pp2/2p2k2/4n3/K7/3r2p1/8 b - - 1 69", // g2-g1 promotes to an Ashva
		"8/8/7p/6p1/4K1P1/5P2/pk6/8 b - - 1 53",      // both sides Raja and Padatis only: a race
		"8/6kP/1R4P1/8/2K5/rp3P2/8/8 b - - 4 64",
		"8/8/8/1k6/3K4/2pQ4/4p3/2B2B2 w - - 0 96", // Black one capture from a bare Raja
	}

	durgPositions = []string{
		// openings: all four Durgs, Mantris waiting after early Rath trades
		"rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0",
		"r3k3r/pppp1pppp/1dn1phnd1/9/3P5/6P1P/1DN4D1/PPP2PHP1/R1H2K1NR[b] b kq - 0 9 0/1",
		"r1h2rk2/pppp1pp1p/1dn1p2d1/6np1/9/1PNh5/1D3PND1/PHPPP1PPP/2KR4R[B] w - - 0 9 1/0",
		// middlegames: dissolved zones, waiting Mantris, the call available
		"r7r/pppk1p1pp/1d2h1nd1/6p2/3p5/3P5/1DN3h2/PPP2PPPP/1K2R1H1R[B] w - - 0 14 2/1",
		"r1k5r/pp3p1pp/1d3bnd1/2p3p2/3NRh3/3P5/1D4P2/PPP3PPP/1K6R[BQ] w - - 0 21 4/2",
		"r4rk2/pp1p1ppp1/1d4np1/3p5/5h3/5BP1P/1bNP3D1/PPP1PP1P1/R3K3R[Q] w Q - 1 17 4/2",
		"r3k3r/pppp1ppbp/1d2p4/9/9/6P1P/1D5nR/PPP2P1P1/R1B2K1N1[Qq] b q - 0 17 4/4",
		"r3kq3/p6pr/1d1p3pp/2p1pB3/3P5/1P3P3/1D2P4/P1BP3P1/R4K2R[Q] w - - 1 24 4/6",
		"r1h2k3/1pp2r3/1pn1hp3/9/9/2P1B4/1D2P2p1/PP1P1P1P1/R4RK2[BQ] w - - 0 23 4/1",
		"2q2k3/3r1php1/pd2p2p1/1p1p5/2p6/4P3P/1P2B1N2/1PP2P1P1/R3R1K2[B] w - - 0 23 3/5",
		"r3k1b2/1pp6/1pn2p3/8r/9/2P2P1Q1/1D2P2p1/PP1P1K1P1/1RB2R3[b] b - - 0 30 5/3",
		"1k1r4r/ppp4R1/1d4pR1/4pp2p/3p5/2P2PP2/1D3P3/PP3K3/9[] b - - 1 38 6/6",
		// endgames
		"4R4/ppk4pp/1d4nd1/2p1b4/6p2/4h2P1/6P2/1P4P2/K8[] w - - 4 51 7/4",
		"9/p4R3/1dk2n1d1/1pp5p/5b3/1P7/7p1/K8/9[b] b - - 0 68 7/5",
		"9/4RP3/kd7/1p3N1r1/2p6/2P5P/1P4KP1/1P7/9[] w - - 15 76 6/7",
		"9/9/9/2p1b3R/2P6/1K1nk4/5p3/9/9[] w - - 8 101 7/6", // no Durg left
	}
)

// Positions lists the bench FENs of a variant in bench order.
func Positions(v *board.Variant) []string {
	switch v {
	case board.Chess():
		return chessPositions
	case board.Chaturanga():
		return chaturangaPositions
	case board.DurgGame():
		return durgPositions
	}
	return nil
}
