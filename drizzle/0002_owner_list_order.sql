-- The owner console's inquiry and entry lists are newest first over every company: without these
-- the page sorted every row (2.6 s for 20 entries out of 1,000,000 on PostgreSQL, see docs/benchmarks.md).
CREATE INDEX "entries_created_idx" ON "entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("created_at","id");