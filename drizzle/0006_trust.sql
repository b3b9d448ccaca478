CREATE TYPE "public"."ticket_refund_kind" AS ENUM('NO_REPLY', 'OPERATOR');--> statement-breakpoint
CREATE TABLE "buyer_inquiry_outcomes" (
	"inquiry_id" uuid PRIMARY KEY NOT NULL,
	"buyer_company_id" uuid NOT NULL,
	"decided" boolean NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_track_records" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"opportunities" integer DEFAULT 0 NOT NULL,
	"replied_in_time" integer DEFAULT 0 NOT NULL,
	"first_reply_minutes" integer[] DEFAULT '{}'::int[] NOT NULL,
	"closed_inquiries" integer DEFAULT 0 NOT NULL,
	"decided_inquiries" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"rater_side" "deal_side" NOT NULL,
	"rater_company_id" uuid NOT NULL,
	"ratee_company_id" uuid NOT NULL,
	"communication" smallint NOT NULL,
	"accuracy" smallint NOT NULL,
	"speed" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_track_records" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"nominations" integer DEFAULT 0 NOT NULL,
	"nominations_answered" integer DEFAULT 0 NOT NULL,
	"median_first_quote_minutes" integer,
	"quotes_sent" integer DEFAULT 0 NOT NULL,
	"awards_won" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usage_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" "ticket_refund_kind" NOT NULL,
	"reason" text,
	"refunded_by_owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_refunds_usage_id_unique" UNIQUE("usage_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "corporate_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nominations_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nominations_suspended_reason" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nominations_suspended_by_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "reply_window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "buyer_first_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "reply_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_usages" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_usages" ADD COLUMN "buyer_engaged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_inquiry_outcomes" ADD CONSTRAINT "buyer_inquiry_outcomes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_inquiry_outcomes" ADD CONSTRAINT "buyer_inquiry_outcomes_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_track_records" ADD CONSTRAINT "buyer_track_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_ratings" ADD CONSTRAINT "deal_ratings_thread_id_deal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."deal_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_ratings" ADD CONSTRAINT "deal_ratings_rater_company_id_companies_id_fk" FOREIGN KEY ("rater_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_ratings" ADD CONSTRAINT "deal_ratings_ratee_company_id_companies_id_fk" FOREIGN KEY ("ratee_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_track_records" ADD CONSTRAINT "supplier_track_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_refunds" ADD CONSTRAINT "ticket_refunds_usage_id_ticket_usages_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."ticket_usages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_refunds" ADD CONSTRAINT "ticket_refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_refunds" ADD CONSTRAINT "ticket_refunds_refunded_by_owner_id_owners_id_fk" FOREIGN KEY ("refunded_by_owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_inquiry_outcomes_buyer_idx" ON "buyer_inquiry_outcomes" USING btree ("buyer_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_ratings_thread_side_uq" ON "deal_ratings" USING btree ("thread_id","rater_side");--> statement-breakpoint
CREATE INDEX "deal_ratings_ratee_idx" ON "deal_ratings" USING btree ("ratee_company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_refunds_company_idx" ON "ticket_refunds" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_nominations_suspended_by_owner_id_owners_id_fk" FOREIGN KEY ("nominations_suspended_by_owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_threads_reply_window_idx" ON "deal_threads" USING btree ("reply_window_ends_at") WHERE "deal_threads"."reply_counted_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_usages_refund_due_idx" ON "ticket_usages" USING btree ("refund_due_at") WHERE "ticket_usages"."refunded_at" is null and "ticket_usages"."refund_due_at" is not null;--> statement-breakpoint
-- The operator's refunds so far become rows of the refund ledger too.
INSERT INTO "ticket_refunds" ("usage_id", "company_id", "kind", "refunded_by_owner_id", "created_at")
SELECT "id", "company_id", 'OPERATOR', "refunded_by_owner_id", "refunded_at" FROM "ticket_usages" WHERE "refunded_at" IS NOT NULL;
