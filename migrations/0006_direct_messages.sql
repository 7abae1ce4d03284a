-- Turn notices by direct message (issue 15), added to a database in place. Portable SQL.

-- Whether the bot sends the player a direct message each time it becomes their move and with
-- each reminder: 0 (the default) sends none, 1 sends them.
ALTER TABLE players ADD COLUMN dm BIGINT NOT NULL DEFAULT 0;
