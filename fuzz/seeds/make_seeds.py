#!/usr/bin/env python3
"""Writes the hand-made seeds of the four fuzz targets into fuzz/seeds/TARGET/.

Run from the repository root after `cargo build` (it asks the `rollerball` binary for the legal
moves of each reference position): `python3 fuzz/seeds/make_seeds.py`.
"""
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "fuzz", "seeds")
BIN = os.path.join(ROOT, "target", "debug", "rollerball")

# The positions of fuzz/src/lib.rs FENS, in the same order: a move seed's first byte picks one.
LIB = open(os.path.join(ROOT, "fuzz", "src", "lib.rs"), encoding="utf-8").read()
block = LIB[LIB.index("pub const FENS"):LIB.index("];", LIB.index("pub const FENS"))]
FENS = ["2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1"] + re.findall(r'"([^"]+)"', block)

ODD = [
    "", " ", "\t", "\u200b", "\u202eRb7", "R\u200bb7", "Rb7\u200f", "\u2066Rb7\u2069", "\ufeffb3",
    "Ｒb7", "ℝb7", "RB7", "rb7", "bb3", "B3", "b", "33", "z9", "a0", "d4", "d4-d5", "c2c2",
    "@everyone", "@here", "<@102>", "<@&999>", "<#50>", "'; DROP TABLE moves; --",
    "Robert'); DROP TABLE games;--", "1=1 OR 1=1", "e6=Q", "e6=K", "e6()", "e6=", "c2-b3=R",
    "0-0", "O-O-O", "Kd1xd1", "b3!!", "b3??", "b3+#", "c2xb3", "c2:b3", "c2 b3", "c2--b3",
    "x" * 300, "é", "😀", "\x00", "\\", "`", "```", "#1", "-", "=R", "(R)",
]


def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def legal(fen):
    out = subprocess.run([BIN, "moves", "--fen", fen], capture_output=True, text=True, check=True)
    return out.stdout.split()


def main():
    vectors = json.load(open(os.path.join(ROOT, "tests", "data", "vectors.json")))
    fens = sorted({v["fen"] for v in vectors} | set(FENS))
    for i, fen in enumerate(fens):
        write("fen", f"vector-{i:02}", fen)
    broken = [
        "", "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2", "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 0",
        "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 x - 1", "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w Q 1",
        "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1 extra", "8/7/7/7/7/7/7 w - 1", "k6/7/7/3P3/7/7/6K w - 1",
        "kk5/7/7/7/7/7/6K w - 1", "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2  w - 1",
        "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 99999999999999999999", "k6/7/7/7/7/7/1R4K b - 1",
        "2rbq2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1", "3P3/6k/7/7/7/K6/7 w - 1", "7/7/7/7/7/7/7/7 w - 1",
        "2rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1\n", "２rbp2/2rkp2/7/7/7/2PKR2/2PBR2 w - 1",
    ]
    for i, fen in enumerate(broken):
        write("fen", f"broken-{i:02}", fen)

    for i, fen in enumerate(FENS):
        moves = legal(fen)
        for j, mv in enumerate(moves[:: max(1, len(moves) // 5)][:5]):
            write("move_reader", f"pos{i:02}-coord-{j:02}", bytes([i]) + mv.encode())
            write("move_reader", f"pos{i:02}-bare-{j:02}", bytes([i]) + mv.replace("-", "").replace("x", "").encode())
    sans = ["b3", "f5", "Rf2", "cxb2", "e6=R", "e6R", "e6(R)", "d7e6r", "Rb1#", "Rb1", "Kd1", "Bxc6",
            "Rxg2#", "Ba4", "c1b2", "Rb7", "Ke6", "dxe7=B", "Rbb7", "R1b2", "Rab1"]
    for i in range(4):
        for j, san in enumerate(sans):
            write("move_reader", f"pos{i:02}-san-{j:02}", bytes([i]) + san.encode())
    for j, odd in enumerate(ODD):
        write("move_reader", f"odd-{j:02}", bytes([j % len(FENS)]) + odd.encode("utf-8"))

    commands = []
    help_src = open(os.path.join(ROOT, "src", "game", "command.rs"), encoding="utf-8").read()
    for usage, example in re.findall(r'usage: "([^"]*)",\s*summary: "[^"]*",\s*example: "([^"]*)"', help_src):
        commands += [usage, example, "help " + example.split()[0]]
    commands += [
        "challenge <@102> white days 2", "challenge <@!102> casual 7d random", "challenge computer level 5 black",
        "challenge bot", "challenge open", "challenge @everyone", "challenge @here", "challenge <@&999>",
        "challenge <@102> <@103>", "challenge days 15", "challenge level 2", "move #12 c2-b3", "m c2 b3",
        "moves e1 #3", "moves z9", "draw decline", "draw accept #3", "takeback yes", "resign #4 confirm",
        "game 12", "game #x", "moretime 2", "moretime 99", "settings pings off", "settings language FR",
        "settings language en'; DROP TABLE players;--", "chalenge @bob", "mo\u200bve Rb7", "move \u202e7bR",
        "Rb7", "c2-b3", "e6=R+", "cxb2", "d7e6r", "Kd6", "hello", "gg", "lol 2", "http://x.y/1", "?",
        "commands", "forfeit", "undo", "pgn", "gif", "offer", "more-time 1", "   ", "",
        "move " + "a" * 400, "a" * 4000, "move @everyone", "move <@&999>",
        "rb:accept:1", "rb:decline:1", "rb:cancel:1", "rb:draw:1", "rb:draw-accept:1", "rb:draw-decline:1",
        "rb:takeback-accept:1", "rb:takeback-decline:1", "rb:resign:1", "rb:resign-confirm:1", "rb:moves:1",
        "rb:rematch:1", "rb:draw", "rb:draw:-1", "rb:draw:0", "rb:nuke:1", "rb:draw:1:2",
        "rb:draw:99999999999999999999", "xx:draw:1", "rb:draw:+1", "rb:draw:01",
    ]
    for j, odd in enumerate(ODD):
        commands += [odd, "move " + odd, "challenge " + odd]
    seen = set()
    n = 0
    for c in commands:
        if c in seen:
            continue
        seen.add(c)
        write("command", f"line-{n:03}", c)
        n += 1

    scripts = {
        "alice-moves": "at move b3\nbt draw",
        "alice-bare": "am b3\nbm b3",
        "bob-thread": "ch draw accept\nbh draw decline",
        "carol-moves-in-thread": "cn c6-b5\nch move c6b5\nch f5",
        "forged-buttons": "dp rb:draw-accept:2\ndb rb:resign-confirm:1\ndb rb:accept:2\nab rb:accept:4\nab rb:accept:5",
        "own-buttons": "ab rb:resign:1\nab rb:resign-confirm:1\nab rb:rematch:1\nbb rb:accept:7",
        "broken-buttons": "ab rb:draw:1:2\nab rb:nuke:1\nab xx:draw:1\nab rb:draw:0",
        "dm": "ad challenge <@102>\nad board #1\nad move #1 b3\ndd accept #4\nad challenge computer level 1",
        "mentions": "at challenge @everyone\nat challenge @here\nat challenge <@&999>\nat move @everyone\nat move <@102>",
        "sql": "at move '; DROP TABLE moves; --\nat settings language en';DROP\nbt challenge <@102>'); DROP TABLE games;--",
        "long": "at move " + "b3 " * 200,
        "invisible": "at mo\u200bve b3\nat move \u202e3b\nat \u2066move b3\u2069",
        "flood": "\n".join(["at board"] * 12),
        "flood-bare": "\n".join(["am b3", "am b3"] * 6),
        "sweep": "aw \x30\nbw \x30\ncw \xff",
        "takeback": "at b3\nbt f5\nat takeback\nbt takeback accept",
        "computer": "at challenge computer level 2 black\nat history\nat export",
        "settings": "at settings\nat settings pings off\nat settings language fr\nat settings language en",
        "lookers": "dt board #1\ndt game 2\ndt moves #1\ndt history #2\ndt export #3\ndt games",
        "accept-open": "dt accept\ndt accept #3\nat cancel #4\ndt decline #4",
        "abort": "ch abort\nbh abort\nat abort\nbt abort",
        "moretime": "bt moretime 3\nbt moretime 30\nat moretime 1",
        "help": "at help\nat help move\nat help nothing\nat rules",
    }
    for name, script in scripts.items():
        write("service_line", name, script)


main()
