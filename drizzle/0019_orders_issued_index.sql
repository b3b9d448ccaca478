-- migrate: no-transaction
-- The console's list of every company's orders, newest first (issue 35, decision 0050): without it
-- each page sorted the whole table (310 ms over 100,000 orders in the bench data).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_issued_idx" ON "orders" USING btree ("issued_at","id");
