-- Languages (issue 8), added to a database of version 3 in place. Portable SQL.

-- A player's language becomes optional: NULL means "never chosen", so the language of their
-- client, then their server's, is used. English was the only language before, so nobody could
-- have chosen it: every existing 'en' becomes NULL. (SQLite cannot drop NOT NULL in place, so
-- the column is rebuilt: add, copy, drop, rename.)
ALTER TABLE players ADD COLUMN chosen_language TEXT;
UPDATE players SET chosen_language = language WHERE language <> 'en';
ALTER TABLE players DROP COLUMN language;
ALTER TABLE players RENAME COLUMN chosen_language TO language;

-- The preferred locale of each Discord server, as the last interaction or GUILD_CREATE told
-- the bot: the language of prefix commands and deadline notices when the player chose none.
CREATE TABLE servers (
    id         BIGINT PRIMARY KEY,           -- Discord guild id
    locale     TEXT NOT NULL,                -- such as en-US, fr, es-ES
    updated_at BIGINT NOT NULL
);
