-- The owner console's supplier and buyer lists, newest first: the page of 20 from the index instead
-- of a sort of every company of the type (10,001 suppliers in the bench).
CREATE INDEX "companies_type_created_idx" ON "companies" USING btree ("type","created_at","id");