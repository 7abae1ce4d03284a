-- Round-robin tournaments (issue 17), added to the schema in place. Portable SQL, as in 0001.

INSERT INTO id_counters (name, next_id) VALUES ('tournament', 1);

CREATE TABLE tournaments (
    id            BIGINT PRIMARY KEY,
    name          TEXT NOT NULL,
    server_id     BIGINT NOT NULL,           -- tournaments live in a server
    channel_id    BIGINT NOT NULL,           -- its home: sign-up, the games' threads, the results
    organiser_id  BIGINT NOT NULL REFERENCES players (id),
    status        TEXT NOT NULL,             -- 'open' | 'running' | 'finished' | 'cancelled'
    double_round  BIGINT NOT NULL,           -- 1: every pair plays twice, colours swapped
    rated         BIGINT NOT NULL,
    days_per_move BIGINT NOT NULL,
    max_players   BIGINT NOT NULL,           -- the most players it takes
    entrants      BIGINT NOT NULL,           -- players signed up: the seat counter joins guard
    version       BIGINT NOT NULL,           -- bumped by every sign-up change: start is guarded by it
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    started_at    BIGINT,
    finished_at   BIGINT,
    announced_at  BIGINT                     -- when the final standings were claimed for posting
);
CREATE INDEX tournaments_server ON tournaments (server_id, id);
-- Finished tournaments whose final standings are still to be posted (the sweep's claim).
CREATE INDEX tournaments_unannounced ON tournaments (finished_at) WHERE status = 'finished' AND announced_at IS NULL;

CREATE TABLE tournament_entrants (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    player_id     BIGINT NOT NULL REFERENCES players (id),
    seat          BIGINT,                    -- the Berger number drawn at the start
    joined_at     BIGINT NOT NULL,
    withdrawn_at  BIGINT,                    -- withdrawn by the organiser after the start
    PRIMARY KEY (tournament_id, player_id)   -- one sign-up per player
);
CREATE INDEX tournament_entrants_player ON tournament_entrants (player_id);

-- The games of a started tournament: one row per pairing, so that a second start (another
-- process, a double click) cannot create a second set of games.
CREATE TABLE tournament_games (
    game_id       BIGINT PRIMARY KEY REFERENCES games (id),
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,           -- the Berger round (a double round-robin's second cycle follows the first)
    board         BIGINT NOT NULL,           -- the pairing's place in its round
    forfeit       BIGINT NOT NULL DEFAULT 0, -- 1: ended by a withdrawal, not played out
    UNIQUE (tournament_id, round, board)
);
CREATE INDEX tournament_games_tournament ON tournament_games (tournament_id);
-- Running tournaments: the sweep looks among them for one whose last game ended.
CREATE INDEX tournaments_running ON tournaments (id) WHERE status = 'running';
