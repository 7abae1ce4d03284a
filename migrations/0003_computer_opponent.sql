-- Games against the computer opponent, added to a database of version 2 in place. Portable SQL.

-- The computer's level (1-5); NULL in games between two players. The computer plays the side
-- whose player id is NULL.
ALTER TABLE games ADD COLUMN computer_level BIGINT;

-- Computer games still being played: where a sweep finds a computer move that was never made
-- (a crash between the player's move and the computer's answer).
CREATE INDEX games_active_computer ON games (updated_at) WHERE status = 'active' AND computer_level IS NOT NULL;
