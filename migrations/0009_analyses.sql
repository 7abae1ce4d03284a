-- The engine's look at finished games (issue 16): computed once per game and kept, so asking
-- again (or `export`) costs no search. Portable SQL, as in 0001.

-- One row per analysed game; its primary key is the guard that lets only one process store a
-- game's analysis (the others find it there and use it).
CREATE TABLE analyses (
    game_id    BIGINT NOT NULL PRIMARY KEY REFERENCES games (id),
    nodes      BIGINT NOT NULL,              -- the search budget of each position
    created_at BIGINT NOT NULL
);

-- One row per position of an analysed game, the start position at ply 0: its evaluation from
-- White's side (centipawns, or a forced win: who wins and in how many of their moves) and the
-- engine's move there (NULL when the game was over in it).
CREATE TABLE analysis_positions (
    game_id    BIGINT NOT NULL REFERENCES analyses (game_id),
    ply        BIGINT NOT NULL,
    centipawns BIGINT,                       -- NULL when a side forces a win
    mate_for   TEXT,                         -- 'white' or 'black', with mate_in
    mate_in    BIGINT,
    best       TEXT,                         -- coordinate form (`c2-b3`)
    PRIMARY KEY (game_id, ply)
);
