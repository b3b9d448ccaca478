DROP INDEX "inquiries_nominated_idx";--> statement-breakpoint
CREATE INDEX "inquiries_nominated_idx" ON "inquiries" USING btree ("nominated_company_id","type","created_at","id");