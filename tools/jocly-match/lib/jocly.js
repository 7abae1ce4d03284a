// Jocly's Rollerball ("rollerball-chess") and its AI, driven from node: positions set from a FEN
// of RULES.md, moves in the bot's coordinate form, and searches that replay exactly.
//
// Jocly (AGPL) is installed by `npm install` from the registry; nothing of it is copied here.

"use strict";

const Jocly = require("jocly");

const GAME = "rollerball-chess";

// Jocly's piece types in this game (rollerball-chess-model.js): a king that has crossed its
// d/c (White) or d/e (Black) line is the "king-out", type 9, which is how Jocly keeps the
// crossed flag of RULES.md §6.
const PAWN = 0;
const BISHOP = 5;
const ROOK = 6;
const KING = 8;
const KING_OUT = 9;

// Jocly numbers squares rank * 7 + file from a1 = 0, as the bot's rules do.
function squareName(index) {
  return String.fromCharCode(97 + (index % 7)) + (Math.floor(index / 7) + 1);
}

// A Jocly move in the bot's coordinate form (`c2-b3`, `d2xb2`, `d7-e6=R`). A king's change of
// type on crossing is Jocly's bookkeeping, not a promotion, so it is not written.
function coordinate(move) {
  let text = squareName(move.f) + (move.c == null ? "-" : "x") + squareName(move.t);
  if (move.pr === ROOK) text += "=R";
  else if (move.pr === BISHOP) text += "=B";
  return text;
}

// The pieces and side to move of a FEN of RULES.md §7, as Jocly's initial position.
function initialFromFen(fen) {
  const [placement, side, crossed] = fen.trim().split(/\s+/);
  const kinds = { p: PAWN, b: BISHOP, r: ROOK, k: KING };
  const pieces = [];
  placement.split("/").forEach((row, i) => {
    const rank = 6 - i;
    let file = 0;
    for (const ch of row) {
      if (/[1-7]/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const s = ch === ch.toUpperCase() ? 1 : -1;
      let t = kinds[ch.toLowerCase()];
      if (t === undefined) throw new Error(`unknown piece ${ch} in ${fen}`);
      if (t === KING && crossed.includes(s === 1 ? "K" : "k")) t = KING_OUT;
      pieces.push({ s, t, p: rank * 7 + file });
      file++;
    }
  });
  return { pieces, turn: side === "w" ? 1 : -1 };
}

// A small seeded generator (mulberry32): Jocly's UCT breaks ties with Math.random, and with
// this in its place a search is a pure function of the position and the seed.
function seeded(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Runs `search` (which returns a promise) with Math.random seeded and, when `stepped`, with a
// clock that jumps a second at every reading, so that Jocly's UCT loop, which otherwise runs
// steps for 100 ms between two looks at its node budget, looks after every step: the search
// then stops at the same node on a busy machine as on an idle one. The clock is Jocly's only:
// the driver times moves with performance.now().
async function deterministic(seed, stepped, search) {
  const random = Math.random;
  const now = Date.now;
  const timeout = global.setTimeout;
  Math.random = seeded(seed);
  if (stepped) {
    let fake = now();
    Date.now = () => (fake += 1000);
    // Between two steps Jocly waits `setTimeout(…, 0)`, at least a millisecond in node: with
    // one step per wait that would be most of the search's time.
    global.setTimeout = (fn, ms, ...args) => setImmediate(fn, ...args);
  }
  try {
    return await search();
  } finally {
    Math.random = random;
    Date.now = now;
    global.setTimeout = timeout;
  }
}

// Jocly's levels for Rollerball (its config's `levels`), by name, and "NAME@NODES" for the same
// level with another node budget. A level with a node budget is searched by nodes alone (its
// time cap, 10 or 15 s, dropped) and replays exactly; "fast" has only a time budget (1 s), so
// it keeps the real clock and varies with the machine's load.
function levelFor(config, spec) {
  const [name, nodes] = spec.split("@");
  const base = config.model.levels.find((l) => l.name === name);
  if (!base) {
    const names = config.model.levels.map((l) => l.name).join(", ");
    throw new Error(`Jocly has no level ${name} for Rollerball (it has ${names})`);
  }
  const level = Object.assign({}, base);
  if (nodes !== undefined) {
    const n = Number(nodes);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`bad node budget in ${spec}`);
    level.maxNodes = n;
  }
  const stepped = level.maxNodes > 0;
  if (stepped) level.maxDuration = 0;
  return { level, stepped, label: spec };
}

// One game on Jocly's side.
class JoclyGame {
  static async create(fen) {
    const match = await Jocly.createMatch(GAME);
    const game = new JoclyGame(match);
    if (fen) game.setPosition(fen);
    return game;
  }

  constructor(match) {
    this.match = match;
    this.game = match.game;
  }

  config() {
    return this.game.config;
  }

  // Starts the game from `fen` instead of the standard start (for the rules check).
  setPosition(fen) {
    const g = this.game;
    g.mInitial = initialFromFen(fen);
    g.mWho = g.mInitial.turn;
    g.mBoard = new (g.GetBoardClass())(g);
    g.mBoard.InitialPosition(g);
    g.mBoard.mWho = g.mWho;
    g.mBoard.mMoves = [];
    g.mVisitedBoards = {};
    g.mPlayedMoves = [];
  }

  // Jocly's legal moves here, as Jocly move objects.
  moves() {
    const board = this.game.mBoard;
    if (!board.mMoves || board.mMoves.length === 0) board.GenerateMoves(this.game);
    return board.mMoves;
  }

  // Whether Jocly calls the game over: { finished, winner: 1 (White), -1 (Black), 2 (draw) }
  // and, for a draw, whether it is Jocly's own "no material to win" rule (RULES.md has none).
  finished() {
    const winner = this.game.GetFinished();
    this.game.mBoard.mMoves = [];
    return { finished: !!winner, winner, materialDraw: winner === 2 && this.materialRule() };
  }

  // Jocly's rule: a side with a lone king against no pawn and no rook is a draw.
  materialRule() {
    const count = { 1: {}, "-1": {} };
    for (const p of this.game.mBoard.pieces) {
      if (p.p >= 0) count[p.s][p.t] = (count[p.s][p.t] || 0) + 1;
    }
    const bare = (s) => !count[s][PAWN] && !count[s][BISHOP] && !count[s][ROOK];
    const weak = (s) => !count[s][PAWN] && !count[s][ROOK];
    return (bare(1) && weak(-1)) || (bare(-1) && weak(1));
  }

  // Plays the move written `text` in coordinate form; false if Jocly has no such move.
  play(text) {
    const move = this.moves().find((m) => coordinate(m) === text);
    if (!move) return false;
    this.game.ApplyMove(move);
    this.game.InvertWho();
    // Jocly also draws after 100 plies without a capture, a rule RULES.md does not have; its
    // search never looks 100 plies ahead, so clearing the count plays by RULES.md without
    // changing how Jocly plays. (The driver's own ply limit ends endless games.)
    this.game.mBoard.noCaptCount = 0;
    this.game.mBoard.mMoves = [];
    return true;
  }

  // Jocly's AI chooses a move at `level` (from levelFor) with `seed`: its coordinate form.
  async search(level, seed) {
    const result = await deterministic(seed, level.stepped, () =>
      this.match.machineSearch({ level: level.level }),
    );
    this.game.mBoard.mMoves = [];
    return coordinate(result.move);
  }
}

module.exports = { JoclyGame, levelFor, coordinate, initialFromFen, seeded, squareName };
