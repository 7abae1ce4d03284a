-- Each player's private-link version (issue 41): a link carries the version it was made under,
-- and `web revoke` bumps it, so that every link the player was given before stops working while
-- other players' links go on. Links made before this migration carry none and read as 0, the
-- version every player starts with. Portable SQL, as in 0001.
ALTER TABLE players ADD COLUMN link_version BIGINT NOT NULL DEFAULT 0;
