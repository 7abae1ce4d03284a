-- One player must not be able to slow down or hide what others use (issue 23): the look-ups of
-- a player's own games and tournaments read only that player's rows, however many others a
-- channel or a server holds. Added to the schema in place. Portable SQL, as in 0001.

-- "My game here": a player's active games in a channel, or in a thread, one index per colour and
-- kind of place. Their leading column serves "all my active games" (and the count of them that
-- caps the games a player may have in progress) as the two indexes they replace did.
CREATE INDEX games_active_white_channel ON games (white_id, channel_id) WHERE status = 'active';
CREATE INDEX games_active_black_channel ON games (black_id, channel_id) WHERE status = 'active';
CREATE INDEX games_active_white_thread ON games (white_id, thread_id) WHERE status = 'active';
CREATE INDEX games_active_black_thread ON games (black_id, thread_id) WHERE status = 'active';
DROP INDEX games_active_white;
DROP INDEX games_active_black;

-- A server's tournaments by status (the open ones to join, the running ones to show, the names
-- in use), however many finished ones it has.
CREATE INDEX tournaments_server_status ON tournaments (server_id, status, id);
-- The tournaments a player organises (the cap on unstarted ones, "my tournament here").
CREATE INDEX tournaments_organiser ON tournaments (organiser_id, status, id);
