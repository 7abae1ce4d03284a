-- A game's events, newest first (`Store::game_events`): what the move path reads back after a
-- commit whose outcome was lost, and what a watcher of one game reads to catch up. Without it
-- each read scans the log (30 days of every game's events). Portable SQL, as in 0001.
CREATE INDEX events_game ON events (game_id, id);
