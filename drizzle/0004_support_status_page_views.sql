CREATE TYPE "public"."support_status" AS ENUM('NEW', 'IN_PROGRESS', 'DONE');--> statement-breakpoint
CREATE TABLE "page_view_visitors" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "page_view_visitors_company_id_day_visitor_hash_pk" PRIMARY KEY("company_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "status" "support_status" DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_view_visitors" ADD CONSTRAINT "page_view_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_view_visitors_day_idx" ON "page_view_visitors" USING btree ("day");