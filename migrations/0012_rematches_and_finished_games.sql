-- One rematch per finished game (issue 23). A rematch between players is a challenge first:
-- it now remembers the game it is a rematch of, so the other player's `rematch` accepts it
-- rather than making a second one, and the game it becomes is linked (`games.rematch_of`,
-- unique since 0002). At most one open rematch challenge per game: two players asking at once
-- make one challenge, and the second is told of it. Portable SQL, as in 0001.
ALTER TABLE challenges ADD COLUMN rematch_of BIGINT REFERENCES games (id);
CREATE UNIQUE INDEX challenges_open_rematch ON challenges (rematch_of)
    WHERE status = 'open' AND rematch_of IS NOT NULL;

-- `rematch` and `analysis` without a number take the asker's latest finished game here, and
-- "which game?" lists their latest ones: a player's finished games, latest first.
CREATE INDEX games_finished_white ON games (white_id, finished_at) WHERE status = 'finished';
CREATE INDEX games_finished_black ON games (black_id, finished_at) WHERE status = 'finished';
