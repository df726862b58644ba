-- Tools sharing a task with one: an alternatives page rendered on demand reads them (docs/decisions/015).
-- Without it, at 50,000 tools each such page read the whole posts table.
CREATE INDEX "posts_use_cases_idx" ON "posts" USING gin ("use_cases");
