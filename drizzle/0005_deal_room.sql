CREATE TYPE "public"."deal_message_kind" AS ENUM('MESSAGE', 'QUOTE', 'NO_QUOTE', 'AWARD', 'DECLINE');--> statement-breakpoint
CREATE TYPE "public"."deal_side" AS ENUM('BUYER', 'SUPPLIER');--> statement-breakpoint
CREATE TYPE "public"."deal_status" AS ENUM('NEW', 'QUOTED', 'AWARDED', 'DECLINED', 'WITHDRAWN');--> statement-breakpoint
CREATE TABLE "deal_message_files" (
	"message_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_message_files_message_id_file_id_pk" PRIMARY KEY("message_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "deal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"side" "deal_side" NOT NULL,
	"kind" "deal_message_kind" DEFAULT 'MESSAGE' NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"quote_version" integer,
	"reported_at" timestamp with time zone,
	"reported_by_user_id" uuid,
	"report_reason" text,
	"report_resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_quote_versions" (
	"thread_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"sample_cost_yen" integer,
	"sample_lead_days" integer,
	"tooling_cost_yen" integer,
	"moq" integer,
	"lead_time_days" integer NOT NULL,
	"payment_terms" text NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"submitted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_quote_versions_thread_id_version_pk" PRIMARY KEY("thread_id","version")
);
--> statement-breakpoint
CREATE TABLE "deal_reminders" (
	"inquiry_id" uuid NOT NULL,
	"stage" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_reminders_inquiry_id_stage_pk" PRIMARY KEY("inquiry_id","stage")
);
--> statement-breakpoint
CREATE TABLE "deal_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"buyer_company_id" uuid NOT NULL,
	"supplier_company_id" uuid NOT NULL,
	"status" "deal_status" DEFAULT 'NEW' NOT NULL,
	"quote_version" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"buyer_read_at" timestamp with time zone,
	"supplier_read_at" timestamp with time zone,
	"buyer_unread" integer DEFAULT 0 NOT NULL,
	"supplier_unread" integer DEFAULT 0 NOT NULL,
	"buyer_mail_due_at" timestamp with time zone,
	"supplier_mail_due_at" timestamp with time zone,
	"reason_code" text,
	"reason_note" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"awarded_version" integer,
	"po_number" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_threads_po_number_unique" UNIQUE("po_number")
);
--> statement-breakpoint
ALTER TABLE "deal_message_files" ADD CONSTRAINT "deal_message_files_message_id_deal_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."deal_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_message_files" ADD CONSTRAINT "deal_message_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_thread_id_deal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."deal_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_reported_by_user_id_users_id_fk" FOREIGN KEY ("reported_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_quote_versions" ADD CONSTRAINT "deal_quote_versions_thread_id_deal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."deal_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_quote_versions" ADD CONSTRAINT "deal_quote_versions_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_reminders" ADD CONSTRAINT "deal_reminders_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_message_files_file_idx" ON "deal_message_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "deal_messages_thread_idx" ON "deal_messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deal_messages_reported_idx" ON "deal_messages" USING btree ("reported_at") WHERE "deal_messages"."reported_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_threads_inquiry_supplier_uq" ON "deal_threads" USING btree ("inquiry_id","supplier_company_id");--> statement-breakpoint
CREATE INDEX "deal_threads_buyer_idx" ON "deal_threads" USING btree ("buyer_company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "deal_threads_supplier_idx" ON "deal_threads" USING btree ("supplier_company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "deal_threads_mail_due_idx" ON "deal_threads" USING btree ("buyer_mail_due_at","supplier_mail_due_at") WHERE "deal_threads"."buyer_mail_due_at" is not null or "deal_threads"."supplier_mail_due_at" is not null;