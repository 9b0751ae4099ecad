// Piece pictures: one SVG symbol per kind, drawn in a 100x100 box. Body
// parts take --pf (fill) and --ps (outline), details --ps, so one symbol
// serves both colours. The Indian games name their pieces (an elephant
// for Gaj and Gaja, a chariot for Rath and Ratha); the names pick the
// picture, the server says which name each letter has.
const PIECE_SYMBOLS = (() => {
  const base = '<path class="b" d="M22 90 H78 L74 80 H26 Z"/>';
  const eye = (x, y) => `<circle class="d" cx="${x}" cy="${y}" r="2.6"/>`;
  const horse =
    '<path class="b" d="M30 80 C30 62 38 54 46 47 C41 44 35 45 30 49 L24 41 C31 29 43 19 57 20 C72 22 79 40 76 80 Z"/>' +
    '<path class="l" d="M57 22 C66 30 70 46 70 62"/>' + eye(44, 31) + base;
  return {
    pawn: '<circle class="b" cx="50" cy="30" r="12"/><path class="b" d="M37 80 Q39 56 46 44 H54 Q61 56 63 80 Z"/>' + base,
    knight: horse,
    horse: horse +
      '<path class="l" d="M40 62 H66"/>',
    bishop: '<circle class="b" cx="50" cy="14" r="5"/>' +
      '<path class="b" d="M36 80 Q33 62 42 52 Q33 40 50 20 Q67 40 58 52 Q67 62 64 80 Z"/>' +
      '<path class="l" d="M50 32 L57 42"/><path class="l" d="M40 56 H60"/>' + base,
    rook: '<path class="b" d="M32 80 L35 42 H65 L68 80 Z"/>' +
      '<path class="b" d="M27 42 V22 H36 V29 H45 V22 H55 V29 H64 V22 H73 V42 Z"/>' +
      '<path class="l" d="M35 50 H65"/>' + base,
    queen: '<path class="b" d="M28 80 L21 36 L36 58 L42 28 L50 55 L58 28 L64 58 L79 36 L72 80 Z"/>' +
      '<circle class="b" cx="21" cy="32" r="5"/><circle class="b" cx="42" cy="24" r="5"/>' +
      '<circle class="b" cx="58" cy="24" r="5"/><circle class="b" cx="79" cy="32" r="5"/>' +
      '<path class="l" d="M30 70 H70"/>' + base,
    king: '<path class="b" d="M30 80 Q27 56 38 47 Q50 40 62 47 Q73 56 70 80 Z"/>' +
      '<path class="w" d="M50 10 V38 M41 20 H59"/><path class="l" d="M32 68 H68"/>' + base,
    // Raja: a royal umbrella (chhatra) over a robed figure.
    raja: '<path class="b" d="M30 80 Q28 58 38 50 Q50 44 62 50 Q72 58 70 80 Z"/>' +
      '<path class="b" d="M24 36 Q50 4 76 36 Z"/><path class="w" d="M50 36 V48"/>' +
      '<circle class="b" cx="50" cy="10" r="4"/><path class="l" d="M34 68 H66"/>' + base,
    // Rani: a tiara with a jewel.
    rani: '<path class="b" d="M32 80 Q30 58 40 50 Q50 46 60 50 Q70 58 68 80 Z"/>' +
      '<path class="b" d="M34 48 L37 26 L45 38 L50 18 L55 38 L63 26 L66 48 Z"/>' +
      '<circle class="d" cx="50" cy="40" r="4"/><path class="l" d="M36 66 Q50 74 64 66"/>' + base,
    // Mantri: a minister in a turban.
    mantri: '<path class="b" d="M33 80 Q31 60 42 52 H58 Q69 60 67 80 Z"/>' +
      '<circle class="b" cx="50" cy="42" r="10"/>' +
      '<path class="b" d="M36 38 Q38 20 50 18 Q62 20 64 38 Q50 30 36 38 Z"/>' +
      '<path class="l" d="M50 19 Q55 9 63 10"/><path class="l" d="M50 58 V78"/>' + base,
    elephant: '<ellipse class="b" cx="44" cy="54" rx="24" ry="16"/>' +
      '<rect class="b" x="26" y="60" width="9" height="20" rx="2"/><rect class="b" x="50" y="60" width="9" height="20" rx="2"/>' +
      '<circle class="b" cx="68" cy="44" r="13"/>' +
      '<path class="t" d="M78 50 Q88 64 80 78"/><path class="ti" d="M78 50 Q88 64 80 78"/>' +
      '<path class="b" d="M60 34 Q50 46 60 58 Q66 48 60 34 Z"/>' +
      '<path class="w" d="M72 56 L84 60"/>' + eye(72, 40) + base,
    // Ratha and Rath: a chariot with a wheel and a pennant.
    chariot: '<path class="b" d="M24 56 H76 L70 34 H30 Z"/>' +
      '<path class="l" d="M50 34 V14"/><path class="b" d="M50 14 L64 18 L50 23 Z"/>' +
      '<circle class="b" cx="50" cy="66" r="15"/><circle class="d" cx="50" cy="66" r="3.5"/>' +
      '<path class="l" d="M50 51 V81 M35 66 H65 M39 55 L61 77 M61 55 L39 77"/>' + base,
    // Padati and Sipahi: a foot soldier with a spear.
    soldier: '<circle class="b" cx="46" cy="28" r="10"/><path class="b" d="M33 80 Q34 54 46 42 Q58 54 59 80 Z"/>' +
      '<path class="l" d="M70 14 V82"/><path class="b" d="M65 24 L70 8 L75 24 Z"/>' +
      '<ellipse class="b" cx="44" cy="62" rx="9" ry="11"/>' + base,
    // Durg: a fortress wall with its gate.
    fort: '<path class="b" d="M14 84 V46 H22 V38 H31 V46 H40 V30 H60 V46 H69 V38 H78 V46 H86 V84 Z"/>' +
      '<path class="d" d="M41 84 V66 Q50 54 59 66 V84 Z"/>' +
      '<path class="l" d="M50 30 V12"/><path class="b" d="M50 12 L63 16 L50 20 Z"/>' +
      '<path class="l" d="M14 58 H40 M60 58 H86"/>',
  };
})();

// pieceDefs is the <defs> content that defines every symbol as #icon-NAME.
export function pieceDefs() {
  return Object.entries(PIECE_SYMBOLS)
    .map(([name, body]) => `<symbol id="icon-${name}" viewBox="0 0 100 100">${body}</symbol>`)
    .join("");
}
