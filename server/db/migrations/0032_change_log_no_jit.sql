-- The change log's statement triggers join a statement's old and new rows by id. Transition
-- tables have no statistics, so the planner costs that join as if every old row met every new
-- one (fifty million rows for an edit of a hundred thousand products): past jit_above_cost, the
-- insert of the entries was compiled with JIT, inlined and optimized, which cost a quarter of a
-- second before its first row, and the sorts of the merge join spilled to disk. The triggers'
-- work is one pass over rows already in memory: no JIT, and room for an in-memory hash join.
ALTER FUNCTION stockroom_log_rows() SET jit = off;--> statement-breakpoint
ALTER FUNCTION stockroom_log_rows() SET work_mem = '64MB';--> statement-breakpoint
ALTER FUNCTION stockroom_log_children() SET jit = off;--> statement-breakpoint
ALTER FUNCTION stockroom_log_children() SET work_mem = '64MB';--> statement-breakpoint
ALTER FUNCTION stockroom_log_contents() SET jit = off;--> statement-breakpoint
ALTER FUNCTION stockroom_log_contents() SET work_mem = '64MB';
