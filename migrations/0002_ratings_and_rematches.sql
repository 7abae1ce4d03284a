-- Ratings (Glicko-2, per server and global) and rematch links, added to a database of version 1
-- in place. Portable SQL, as in 0001.

CREATE TABLE ratings (
    player_id   BIGINT NOT NULL REFERENCES players (id),
    scope       BIGINT NOT NULL,             -- a Discord server id, or 0 for the global list
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,             -- rated games counted; also the rating's version
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (player_id, scope)
);
-- A server's leaderboard: best first.
CREATE INDEX ratings_leaderboard ON ratings (scope, rating DESC);

-- The game this one is a rematch of. Unique: two players pressing "rematch" at once get one game.
ALTER TABLE games ADD COLUMN rematch_of BIGINT REFERENCES games (id);
CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of);

-- 1 once the result of a finished rated game has been counted in the ratings: rating updates run
-- exactly once per game, and a crash between the end and the update is caught up later.
ALTER TABLE games ADD COLUMN ratings_applied BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_ratings_pending ON games (finished_at) WHERE status = 'finished' AND rated = 1 AND ratings_applied = 0;
