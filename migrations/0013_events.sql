-- The event log (issue 25): every committed change someone must hear of is a row here, written
-- in the same transaction as the change, with typed data (JSON) rather than rendered text. On
-- SQLite each id follows the newest one; on PostgreSQL ids come from the sequence `event_ids`,
-- which the store creates itself (SQLite has no sequences; see the store's `events` module).
-- Portable SQL, as in 0001.
CREATE TABLE events (
    id          BIGINT PRIMARY KEY,
    at          BIGINT NOT NULL,                 -- Unix milliseconds
    kind        TEXT NOT NULL,                   -- 'moved', 'ended', 'took_back', 'offered', 'offer_cleared'
    game_id     BIGINT REFERENCES games (id),
    server_id   BIGINT,                          -- the place's server (its shard); NULL in DMs
    channel_id  BIGINT NOT NULL,                 -- where it belongs: the game's thread, else its channel
    answered_by BIGINT,                          -- the process whose answer to a request made there tells it
    data        TEXT NOT NULL                    -- the kind's fields, as a JSON object
);
CREATE INDEX events_at ON events (at);

-- How far each consumer of the log got: the Discord poster of a range of shards, say.
CREATE TABLE event_readers (
    name       TEXT PRIMARY KEY,
    position   BIGINT NOT NULL,                  -- the last event it is done with
    updated_at BIGINT NOT NULL
);
