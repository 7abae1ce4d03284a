-- Playing where the bot is no member (issue 15: the app installed on a player's own account,
-- used in a DM or group DM between friends or a server that did not add the bot), added to the
-- schema in place. Portable SQL, as in 0001.

-- Whether the bot only answers the commands made in the game's or challenge's place (1) or may
-- post there on its own (0, every place before this migration): the sweep tells the players of
-- such a game by direct message what it would otherwise post there.
ALTER TABLE games ADD COLUMN answers_only BIGINT NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN answers_only BIGINT NOT NULL DEFAULT 0;

-- Notices that could not reach their player by direct message (Discord refused it: the player
-- does not accept DMs from the bot), kept until they are shown with the player's next command.
INSERT INTO id_counters (name, next_id) VALUES ('held_notice', 1);

CREATE TABLE held_notices (
    id        BIGINT PRIMARY KEY,
    player_id BIGINT NOT NULL,
    text      TEXT NOT NULL,
    held_at   BIGINT NOT NULL
);
CREATE INDEX held_notices_player ON held_notices (player_id, id);
