// The bot's engine as a child process: `rollerball engine --uci`, one command a line on its
// standard input, its answers on its standard output (see docs/players.md, "The computer").
// The driver asks it for the legal moves and the outcome of every position too, so the bot's
// rules, not a copy of them in JavaScript, judge the game.

"use strict";

const { spawn } = require("child_process");
const readline = require("readline");

class Engine {
  constructor(binary) {
    this.child = spawn(binary, ["engine", "--uci"], { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = [];
    this.waiting = null;
    this.exited = null;
    readline.createInterface({ input: this.child.stdout }).on("line", (line) => {
      this.lines.push(line);
      this.wake();
    });
    this.child.on("exit", (code, signal) => {
      this.exited = `the engine exited (${signal || code})`;
      this.wake();
    });
    this.child.on("error", (e) => {
      this.exited = `cannot run ${binary}: ${e.message}`;
      this.wake();
    });
  }

  wake() {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w();
    }
  }

  async line() {
    while (this.lines.length === 0) {
      if (this.exited) throw new Error(this.exited);
      await new Promise((resolve) => (this.waiting = resolve));
    }
    return this.lines.shift();
  }

  // Sends `command` and returns its one-line answer (its words after `expect`).
  async ask(command, expect) {
    this.child.stdin.write(command + "\n");
    const answer = await this.line();
    if (answer.startsWith("error ")) throw new Error(`${command}: ${answer}`);
    if (!answer.startsWith(expect)) throw new Error(`${command}: unexpected answer ${answer}`);
    return answer.slice(expect.length).trim();
  }

  async position(moves) {
    const tail = moves.length ? " moves " + moves.join(" ") : "";
    await this.ask("position startpos" + tail, "ok");
  }

  // The legal moves of the current position, in coordinate form.
  async legal() {
    const rest = await this.ask("legal", "legal");
    return rest ? rest.split(" ") : [];
  }

  // The outcome under RULES.md: null while the game goes on, else { result, termination }.
  async outcome() {
    const rest = await this.ask("outcome", "outcome");
    if (rest === "none") return null;
    const [result, termination] = rest.split(" ");
    return { result, termination };
  }

  async fen() {
    return this.ask("fen", "fen");
  }

  // The engine's move (`go ARGS`), with what it said about it.
  async go(args) {
    this.child.stdin.write(`go ${args}\n`);
    let info = "";
    for (;;) {
      const line = await this.line();
      if (line.startsWith("error ")) throw new Error(`go ${args}: ${line}`);
      if (line.startsWith("info ")) info = line.slice(5);
      if (line.startsWith("bestmove ")) return { move: line.slice(9).trim(), info };
    }
  }

  quit() {
    this.child.stdin.end("quit\n");
  }
}

module.exports = { Engine };
