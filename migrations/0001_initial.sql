-- The first schema: players, challenges, games and their moves.
--
-- Portable SQL: this file runs unchanged on SQLite and PostgreSQL.
-- * Every integer column is BIGINT (SQLite: INTEGER affinity; PostgreSQL: int8), so the store reads
--   all of them as i64 on both databases.
-- * Discord ids (u64) are stored bit-cast to i64: lossless, and only ever compared for equality.
-- * Times are BIGINT Unix milliseconds (UTC): one representation that both databases index and
--   compare the same way.
-- * Flags are BIGINT 0/1, because SQLite has no boolean type.
-- * Ids of challenges and games come from `id_counters` (see the store's module docs): SQLite's
--   rowid alias and PostgreSQL's identity columns are not written the same way, and a counter row
--   bumped inside the creating transaction also gives gapless, user-friendly game numbers.

CREATE TABLE id_counters (
    name    TEXT PRIMARY KEY,
    next_id BIGINT NOT NULL
);
INSERT INTO id_counters (name, next_id) VALUES ('challenge', 1);
INSERT INTO id_counters (name, next_id) VALUES ('game', 1);

CREATE TABLE players (
    id         BIGINT PRIMARY KEY,           -- Discord user id
    name       TEXT NOT NULL,                -- last display name seen, for records and leaderboards
    language   TEXT NOT NULL DEFAULT 'en',   -- locale of replies
    ping       BIGINT NOT NULL DEFAULT 1,    -- 1: mention the player on their turn and in reminders
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE games (
    id              BIGINT PRIMARY KEY,
    server_id       BIGINT,                  -- NULL outside a server (direct messages, console)
    channel_id      BIGINT NOT NULL,
    thread_id       BIGINT,                  -- the game's own thread, when it has one
    white_id        BIGINT REFERENCES players (id),   -- NULL: the computer plays White
    black_id        BIGINT REFERENCES players (id),   -- NULL: the computer plays Black
    status          TEXT NOT NULL,           -- 'active' | 'finished'
    result          TEXT,                    -- '1-0' | '0-1' | '1/2-1/2' | '*' once finished
    termination     TEXT,                    -- checkmate | throne | stalemate | repetition |
                                             -- resignation | agreement | time | abort
    start_fen       TEXT NOT NULL,
    fen             TEXT NOT NULL,           -- the current position
    to_move         TEXT NOT NULL,           -- 'white' | 'black': who loses when the deadline passes
    ply             BIGINT NOT NULL,         -- moves played so far
    version         BIGINT NOT NULL,         -- bumped by every state change: the optimistic lock
    days_per_move   BIGINT NOT NULL,
    rated           BIGINT NOT NULL,
    deadline_at     BIGINT,                  -- the side to move loses on time after this; NULL once over
    remind_at       BIGINT,                  -- the next reminder is due at; NULL: none left
    final_remind_at BIGINT,                  -- the reminder after that one
    reminder_stage  BIGINT NOT NULL DEFAULT 0, -- reminders sent for the current move
    offer_kind      TEXT,                    -- pending offer: 'draw' | 'takeback'
    offer_by        TEXT,                    -- 'white' | 'black': who made it
    challenge_id    BIGINT,                  -- the challenge this game came from
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    finished_at     BIGINT
);

-- The hot queries, each with its own index. The partial ones stay small: finished games, which
-- pile up forever, are not in them.
CREATE INDEX games_active_white ON games (white_id) WHERE status = 'active';
CREATE INDEX games_active_black ON games (black_id) WHERE status = 'active';
CREATE INDEX games_active_channel ON games (channel_id) WHERE status = 'active';
CREATE INDEX games_active_thread ON games (thread_id) WHERE status = 'active';
CREATE INDEX games_active_deadline ON games (deadline_at) WHERE status = 'active';
CREATE INDEX games_active_remind ON games (remind_at) WHERE status = 'active';

CREATE TABLE moves (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    ply        BIGINT NOT NULL,              -- 1 for White's first move
    san        TEXT NOT NULL,
    coord      TEXT NOT NULL,                -- coordinate form, e.g. c2-b3
    fen_after  TEXT NOT NULL,
    color      TEXT NOT NULL,                -- 'white' | 'black': the side that moved
    player_id  BIGINT REFERENCES players (id), -- NULL: the computer
    played_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)               -- one move per ply: the record has no gaps or doubles
);

CREATE TABLE challenges (
    id            BIGINT PRIMARY KEY,
    challenger_id BIGINT NOT NULL REFERENCES players (id),
    challenged_id BIGINT REFERENCES players (id),   -- NULL: an open challenge anyone here may take
    server_id     BIGINT,
    channel_id    BIGINT NOT NULL,
    colour        TEXT NOT NULL,             -- the challenger's wish: 'white' | 'black' | 'random'
    days_per_move BIGINT NOT NULL,
    rated         BIGINT NOT NULL,
    status        TEXT NOT NULL,             -- 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired'
    accepted_by   BIGINT REFERENCES players (id),
    game_id       BIGINT REFERENCES games (id),
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    closed_at     BIGINT
);

CREATE INDEX challenges_open_expiry ON challenges (expires_at) WHERE status = 'open';
CREATE INDEX challenges_open_channel ON challenges (channel_id) WHERE status = 'open';
CREATE INDEX challenges_open_challenged ON challenges (challenged_id) WHERE status = 'open';
CREATE INDEX challenges_open_challenger ON challenges (challenger_id) WHERE status = 'open';
