#!/usr/bin/env node
// A match between the bot's engine and Jocly's Rollerball AI. Every position is checked on both
// sides: the bot's legal moves and outcome (RULES.md is normative) against Jocly's; a game in
// which they differ is stopped, reported and left out of the score. See README.md.
//
//   node match.js --ours 5 --jocly strong@100000 --games 12 [--seed 1] [--opening-plies 4]
//                 [--max-plies 300] [--bin ../../target/release/rollerball] [--record FILE]

"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { performance } = require("perf_hooks");
const { Engine } = require("./lib/engine");
const { JoclyGame, coordinate, levelFor, seeded } = require("./lib/jocly");
const { checkRules } = require("./check-rules");

const USAGE = `usage: node match.js --ours LEVEL --jocly LEVEL [options]
  --ours LEVEL        the bot's engine: a level 1-5, or nodes:N, depth:N, movetime:MS
  --jocly LEVEL       Jocly's AI: easy, fast, medium, strong, or NAME@NODES (strong@100000)
  --games N           games, colours alternating; games 2k and 2k+1 share an opening (12)
  --seed N            seed of the openings and of both sides' choices (1)
  --opening-plies N   random half-moves before the players take over (4)
  --max-plies N       a game still running after N half-moves is a draw (300)
  --bin PATH          the rollerball binary (../../target/release/rollerball)
  --record FILE       append one JSON line per game (moves in coordinate form)
  --skip-check        do not check Jocly's rules against tests/data/vectors.json first
  --quiet             no line per game`;

function options(argv) {
  const o = {
    ours: null,
    jocly: null,
    games: 12,
    seed: 1,
    openingPlies: 4,
    maxPlies: 300,
    bin: path.join(__dirname, "..", "..", "target", "release", "rollerball"),
    record: null,
    check: true,
    quiet: false,
  };
  const value = (i) => {
    if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
    return argv[i + 1];
  };
  const int = (i) => {
    const n = Number(value(i));
    if (!Number.isInteger(n) || n < 0) throw new Error(`${argv[i]} needs a whole number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--ours": o.ours = value(i++); break;
      case "--jocly": o.jocly = value(i++); break;
      case "--games": o.games = int(i++); break;
      case "--seed": o.seed = int(i++); break;
      case "--opening-plies": o.openingPlies = int(i++); break;
      case "--max-plies": o.maxPlies = int(i++); break;
      case "--bin": o.bin = value(i++); break;
      case "--record": o.record = value(i++); break;
      case "--skip-check": o.check = false; break;
      case "--quiet": o.quiet = true; break;
      case "--help": console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  if (!o.ours || !o.jocly) throw new Error(USAGE);
  return o;
}

// The `go` command for `--ours`, and how the bot's side is named in the report.
function oursFor(spec) {
  if (/^[1-5]$/.test(spec)) return { label: `level ${spec}`, go: (seed) => `level ${spec} seed ${seed}` };
  const m = /^(nodes|depth|movetime):(\d+)$/.exec(spec);
  if (!m) throw new Error(`--ours: use a level 1-5, nodes:N, depth:N or movetime:MS, not ${spec}`);
  return { label: `${m[1]} ${m[2]}`, go: () => `${m[1]} ${m[2]}` };
}

// A 32-bit seed from several numbers.
function mixSeed(...parts) {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  }
  return h;
}

// Distinct random openings of `plies` half-moves, chosen among the bot's legal moves.
async function openings(engine, count, plies, seed) {
  const found = [];
  const seen = new Set();
  for (let attempt = 0; found.length < count; attempt++) {
    if (attempt > count * 50) throw new Error(`cannot find ${count} distinct openings of ${plies} plies`);
    const random = seeded(mixSeed(seed, attempt, 0x0be5));
    const moves = [];
    let over = false;
    for (let ply = 0; ply < plies; ply++) {
      await engine.position(moves);
      if (await engine.outcome()) { over = true; break; }
      const legal = await engine.legal();
      moves.push(legal[Math.floor(random() * legal.length)]);
    }
    await engine.position(moves);
    if (over || (await engine.outcome())) continue;
    const key = moves.join(" ");
    if (!seen.has(key)) {
      seen.add(key);
      found.push(moves);
    }
  }
  return found;
}

const WINNER = { "1-0": 1, "0-1": -1, "1/2-1/2": 2 };
const RESULT = { 1: "1-0", "-1": "0-1", 2: "1/2-1/2" };

// Plays one game; returns its record. `oursWhite` says which side the bot's engine has.
async function playGame(engine, ours, jocly, opening, oursWhite, o, gameSeed) {
  const board = await JoclyGame.create();
  const moves = [];
  const notes = [];
  const times = { ours: 0, oursMoves: 0, jocly: 0, joclyMoves: 0 };
  const record = (fields) => Object.assign(
    { opening: opening.join(" "), oursWhite, moves: moves.join(" "), plies: moves.length, notes, times },
    fields,
  );
  for (;;) {
    await engine.position(moves);
    const ruled = await engine.outcome();
    const theirs = board.finished();
    if (ruled) {
      if (!theirs.finished || theirs.winner !== WINNER[ruled.result]) {
        notes.push(
          `after ${moves.length} plies RULES.md ends the game (${ruled.result} ${ruled.termination}), ` +
            `Jocly ${theirs.finished ? "says " + RESULT[theirs.winner] : "plays on"}: ` +
            `${await engine.fen()}`,
        );
      }
      return record({ result: ruled.result, termination: ruled.termination });
    }
    if (theirs.finished) {
      const fen = await engine.fen();
      if (theirs.materialDraw) {
        notes.push(`Jocly's own rule (a lone king against no pawn and no rook) draws at ${fen}`);
        return record({ result: "1/2-1/2", termination: "jocly-material" });
      }
      return record({
        void: `Jocly ends the game (${RESULT[theirs.winner]}) where RULES.md plays on: ${fen}`,
      });
    }
    const legal = (await engine.legal()).sort();
    const theirsLegal = board.moves().map(coordinate).sort();
    if (legal.join(" ") !== theirsLegal.join(" ")) {
      const missing = legal.filter((m) => !theirsLegal.includes(m));
      const extra = theirsLegal.filter((m) => !legal.includes(m));
      return record({
        void: `the moves differ at ${await engine.fen()}: Jocly lacks [${missing.join(" ")}], adds [${extra.join(" ")}]`,
      });
    }
    if (moves.length >= o.maxPlies) return record({ result: "1/2-1/2", termination: "ply-limit" });
    let move;
    const whiteToMove = moves.length % 2 === 0;
    const moveSeed = mixSeed(gameSeed, moves.length);
    const started = performance.now();
    if (moves.length < opening.length) {
      move = opening[moves.length];
    } else if (whiteToMove === oursWhite) {
      move = (await engine.go(ours.go(moveSeed))).move;
      times.ours += performance.now() - started;
      times.oursMoves++;
    } else {
      move = await board.search(jocly, moveSeed);
      times.jocly += performance.now() - started;
      times.joclyMoves++;
    }
    if (!legal.includes(move)) {
      return record({ void: `${move} is not legal at ${await engine.fen()}` });
    }
    if (!board.play(move)) return record({ void: `Jocly cannot play ${move} at ${await engine.fen()}` });
    moves.push(move);
  }
}

function percent(s) {
  const games = s.wins + s.draws + s.losses;
  return games ? (100 * (s.wins + s.draws / 2)) / games : 0;
}

async function main() {
  const o = options(process.argv.slice(2));
  const ours = oursFor(o.ours);
  const joclyConfig = (await JoclyGame.create()).config();
  const jocly = levelFor(joclyConfig, o.jocly);
  if (o.check) {
    const { problems } = await checkRules(path.join(__dirname, "..", "..", "tests", "data", "vectors.json"));
    if (problems.length) {
      console.log("Jocly's rules differ from RULES.md; no match is played:");
      for (const p of problems) console.log(`  ${p}`);
      process.exit(1);
    }
  }
  if (!fs.existsSync(o.bin)) throw new Error(`no binary at ${o.bin}: build it with cargo build --release`);
  const engine = new Engine(o.bin);
  const started = performance.now();
  const load = [os.loadavg()[0]];
  const pairs = await openings(engine, Math.ceil(o.games / 2), o.openingPlies, o.seed);
  const score = { wins: 0, draws: 0, losses: 0 };
  const voids = [];
  const ends = {};
  const times = { ours: 0, oursMoves: 0, jocly: 0, joclyMoves: 0 };
  let plies = 0;
  for (let i = 0; i < o.games; i++) {
    const opening = pairs[Math.floor(i / 2)];
    const oursWhite = i % 2 === 0;
    const game = await playGame(engine, ours, jocly, opening, oursWhite, o, mixSeed(o.seed, i, 0x9a3e));
    load.push(os.loadavg()[0]);
    game.game = i + 1;
    game.ours = ours.label;
    game.jocly = jocly.label;
    if (o.record) fs.appendFileSync(o.record, JSON.stringify(game) + "\n");
    for (const k of Object.keys(times)) times[k] += game.times[k];
    const colour = oursWhite ? "white" : "black";
    if (game.void) {
      voids.push(`game ${i + 1}: ${game.void}`);
      console.log(`game ${i + 1}: VOID (not scored): ${game.void}`);
      continue;
    }
    const winner = WINNER[game.result];
    if (winner === 2) score.draws++;
    else if ((winner === 1) === oursWhite) score.wins++;
    else score.losses++;
    ends[game.termination] = (ends[game.termination] || 0) + 1;
    plies += game.plies;
    if (!o.quiet) {
      const notes = game.notes.length ? `; NOTE: ${game.notes.join("; ")}` : "";
      console.log(
        `game ${i + 1}: ${ours.label} (${colour}) v Jocly ${jocly.label}: ${game.result} ${game.termination} ` +
          `in ${game.plies} plies; opening ${game.opening}; moves ${game.moves}${notes}`,
      );
    }
  }
  engine.quit();
  const played = score.wins + score.draws + score.losses;
  const each = (ms, n) => (n ? (ms / n / 1000).toFixed(2) : "-");
  const endings = Object.entries(ends).map(([k, v]) => `${v} ${k}`).join(", ");
  console.log(
    `${ours.label} v Jocly ${jocly.label}: ${played} games, ${ours.label} scores ` +
      `+${score.wins} =${score.draws} -${score.losses} (${percent(score).toFixed(1)}%); ` +
      `endings: ${endings || "none"}; ${(plies / Math.max(played, 1)).toFixed(1)} plies a game; ` +
      `seconds a move: ours ${each(times.ours, times.oursMoves)}, Jocly ${each(times.jocly, times.joclyMoves)}; ` +
      `${((performance.now() - started) / 60000).toFixed(1)} min; ` +
      `load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
  );
  if (voids.length) {
    console.log(`${voids.length} game(s) void because the rules differ:`);
    for (const v of voids) console.log(`  ${v}`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(2);
});
