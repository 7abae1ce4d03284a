-- Players' records (the `stats` and `leaderboard` commands), added to a database of version 4 in
-- place. Portable SQL.

-- A player's rated results, as White and as Black, in one server or everywhere, newest last:
-- counted by result and way of ending, and read newest first for the current streak. Partial,
-- like the indexes of active games: only finished rated games are in them.
CREATE INDEX games_rated_white ON games (white_id, server_id, finished_at) WHERE status = 'finished' AND rated = 1;
CREATE INDEX games_rated_black ON games (black_id, server_id, finished_at) WHERE status = 'finished' AND rated = 1;

-- The leaderboard's whole order (rating, then more games, then the older Discord account), so
-- that ties come out of the index in a fixed order without a sort.
DROP INDEX ratings_leaderboard;
CREATE INDEX ratings_leaderboard ON ratings (scope, rating DESC, games DESC, player_id);
