-- Who wrote each event: the player whose command it answered, who saw it there (a computer's
-- reply to their move, say), or NULL for the sweep's and the tools' writes. The consumer of
-- direct messages tells the player to move by DM unless they saw the move under their own
-- command. Portable SQL, as in 0001.
ALTER TABLE events ADD COLUMN actor_id BIGINT;
