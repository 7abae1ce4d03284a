#!/usr/bin/env node
// Checks Jocly's Rollerball against the bot's rules before any match is played: every test
// position of tests/data/vectors.json (the legal moves and perft 1-3 that RULES.md's
// implementation must reproduce) and perft 1-5 from the start (RULES.md §10). Exits 1 and
// prints each difference if Jocly's moves differ anywhere.
//
//   node check-rules.js [--vectors PATH]

"use strict";

const fs = require("fs");
const path = require("path");
const { JoclyGame, coordinate } = require("./lib/jocly");

const START_PERFT = [7, 49, 476, 4652, 53771];

// Jocly's perft: legal moves counted by its own generator, `depth` plies deep.
function perft(game, board, depth) {
  board.mMoves = [];
  board.mFinished = false;
  board.GenerateMoves(game);
  if (depth === 1) return board.mMoves.length;
  let total = 0;
  for (const move of board.mMoves) {
    const next = new (game.GetBoardClass())(game);
    next.CopyFrom(board);
    next.ApplyMove(game, move);
    next.mWho = -board.mWho;
    total += perft(game, next, depth - 1);
  }
  return total;
}

function argument(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}

// Returns the differences found (empty when Jocly plays by RULES.md on every vector).
async function checkRules(vectorsPath) {
  const vectors = JSON.parse(fs.readFileSync(vectorsPath, "utf8"));
  const problems = [];
  const jocly = await JoclyGame.create();
  for (const v of vectors) {
    jocly.setPosition(v.fen);
    const got = jocly.moves().map(coordinate).sort();
    const want = [...v.legal_moves].sort();
    const missing = want.filter((m) => !got.includes(m));
    const extra = got.filter((m) => !want.includes(m));
    if (missing.length || extra.length) {
      problems.push(
        `${v.fen} (${v.note}): Jocly lacks [${missing.join(" ")}], adds [${extra.join(" ")}]`,
      );
      continue;
    }
    const counts = v.perft.map((_, i) => perft(jocly.game, jocly.game.mBoard, i + 1));
    if (counts.join() !== v.perft.join()) {
      problems.push(`${v.fen} (${v.note}): perft ${counts.join(", ")}, RULES.md ${v.perft.join(", ")}`);
    }
  }
  const start = await JoclyGame.create();
  const counts = START_PERFT.map((_, i) => perft(start.game, start.game.mBoard, i + 1));
  if (counts.join() !== START_PERFT.join()) {
    problems.push(`start: perft ${counts.join(", ")}, RULES.md ${START_PERFT.join(", ")}`);
  }
  return { problems, vectors: vectors.length };
}

module.exports = { checkRules };

if (require.main === module) {
  const vectorsPath = argument(
    "--vectors",
    path.join(__dirname, "..", "..", "tests", "data", "vectors.json"),
  );
  checkRules(vectorsPath).then(
    ({ problems, vectors }) => {
      if (problems.length) {
        console.log(`Jocly differs from RULES.md in ${problems.length} place(s):`);
        for (const p of problems) console.log(`  ${p}`);
        process.exit(1);
      }
      console.log(
        `Jocly ${require("jocly/package.json").version} plays by RULES.md: the legal moves and ` +
          `perft 1-3 of all ${vectors} test positions, and perft 1-5 from the start ` +
          `(${START_PERFT.join(", ")}), are the same.`,
      );
    },
    (e) => {
      console.error(e);
      process.exit(2);
    },
  );
}
