-- The engine's line from each analysed position (issue 42): the principal variation that shows
-- why a marked move was one (what refutes it, what the better move wins). Space-separated
-- moves in coordinate form (`c6-b6 c2-b3`), the first being `best`. Analyses stored before
-- this migration have none: they show the better move alone. Portable SQL, as in 0001.
ALTER TABLE analysis_positions ADD COLUMN pv TEXT;
