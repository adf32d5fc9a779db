-- A person's changes within dates (the Activity screen's usual question), read in time order,
-- with the type and action beside each entry so the capped count of a person, type and action
-- in a month reads the index alone. With only (actor_id, id) and (at, id), that count
-- intersected two bitmaps of a few hundred thousand entries of a year's log and then visited
-- the table.
CREATE INDEX "change_log_actor_at_idx" ON "change_log" USING btree ("actor_id", "at", "id") INCLUDE ("entity_type", "action");
