#!/bin/bash
# Makes the pictures of the README and docs/players.md with the project's own commands.
# Run from the repository's root after `cargo build`; needs Debian's `chromium` for the page.
# board.png:      `rollerball render` (below)
# targets.png:    `rollerball render --targets e2` (below)
# eval-graph.png: the console's `analysis` of a game (the first 40 moves of the sixty-move game)
# crosstable.png: the console's `tournament table` of a three-player round-robin (the seats
#                 are drawn by lot, so who wins differs from run to run)
# game-page.png:  headless Chromium's screenshot of the console's web page of that game
set -euo pipefail
bin=target/debug/rollerball
out=docs/images
work=$(mktemp -d)
moves=( $(cat crates/rules/tests/data/sixty-moves.txt) )

"$bin" render --moves "${moves[*]:0:16}" --game 12 --white alice --black bob --size 400 \
    -o "$out/board.png"
"$bin" render --moves "c2-b3 e6-f5" --targets e2 --game 12 --white alice --black bob --size 400 \
    -o "$out/targets.png"

{
echo "alice: challenge @bob white days 3"
echo "bob: accept"
for i in $(seq 0 39); do
  if (( i % 2 == 0 )); then echo "alice: ${moves[$i]}"; else echo "bob: ${moves[$i]}"; fi
done
echo "bob: resign confirm"
echo "alice: analysis #1"
echo "alice: tournament create Spring"
for p in alice bob carol; do echo "$p: tournament join"; done
echo "alice: tournament start"
for p in alice bob carol; do echo "$p: resign #2 confirm"; done      # whoever plays #2 resigns
for p in alice bob carol; do echo "$p: draw #3"; done                # #3 is drawn
for p in alice bob carol; do echo "$p: draw #3 accept"; done
for p in carol bob alice; do echo "$p: resign #4 confirm"; done
echo "alice: tournament table"
sleep 5
chromium --headless=new --no-sandbox --disable-gpu --screenshot="$out/game-page.png" \
    --window-size=1280,860 http://127.0.0.1:8091/games/1 >&2
} | WEB_ADDR=127.0.0.1:8091 DATABASE_URL="sqlite://$work/docs.db" \
    "$bin" console --boards "$work/boards" --lang en > "$work/console.txt"

cp "$work/boards/rollerball-1-analysis.png" "$out/eval-graph.png"
cp "$work/boards/tournament-1.png" "$out/crosstable.png"
rm -r "$work"
