-- Correspondence play (issue 16): conditional moves (forecasts) and vacations, added to the
-- schema in place. Portable SQL, as in 0001.

-- A player's conditional lines in a game: each line alternates the opponent's expected move and
-- the owner's answer, starting with the opponent's. A line stays whole while it is followed;
-- `from_ply` says where in the game's record its first move belongs, so the record since then
-- tells whether the line still matches (the ply guard: a line is only ever played at the ply
-- it names, and the move itself is committed through the game's version guard).
CREATE TABLE forecasts (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    player_id  BIGINT NOT NULL REFERENCES players (id),
    line_no    BIGINT NOT NULL,              -- the order the lines were given in
    from_ply   BIGINT NOT NULL,              -- the ply of the line's first move
    moves      TEXT NOT NULL,                -- coordinate moves, separated by spaces
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_id, line_no)
);

-- A player on vacation: since when, and until when at the latest (the allowance or the days
-- they asked for). Both NULL when they are not away.
ALTER TABLE players ADD COLUMN vacation_started_at BIGINT;
ALTER TABLE players ADD COLUMN vacation_until BIGINT;
-- The sweep's claim of the vacations that ran out.
CREATE INDEX players_on_vacation ON players (vacation_until) WHERE vacation_until IS NOT NULL;

-- The vacation days each player used in each calendar year (UTC), charged when a vacation ends.
CREATE TABLE vacation_days (
    player_id BIGINT NOT NULL REFERENCES players (id),
    year      BIGINT NOT NULL,
    days      BIGINT NOT NULL,
    PRIMARY KEY (player_id, year)
);
