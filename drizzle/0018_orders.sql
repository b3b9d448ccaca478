-- Orders (issue 35, decision 0048): orders, their versions, the 7条 record and price consultations.
-- New tables only; the triggers at the end keep issued documents and the record as written.
CREATE TYPE "public"."order_status" AS ENUM('ISSUED', 'ACCEPTED', 'RETURNED');--> statement-breakpoint
CREATE TYPE "public"."order_version_kind" AS ENUM('ORIGINAL', 'CHANGE', 'SUPPLEMENT');--> statement-breakpoint
CREATE TYPE "public"."order_version_state" AS ENUM('PROPOSED', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."price_consultation_status" AS ENUM('OPEN', 'ACCEPTED', 'COUNTERED', 'EXPLAINED');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"side" text,
	"actor_user_id" uuid,
	"version" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "order_versions" (
	"order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" "order_version_kind" NOT NULL,
	"terms" jsonb NOT NULL,
	"reason" text,
	"reason_party" text,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" "order_version_state" DEFAULT 'ACCEPTED' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"answer_reason" text,
	CONSTRAINT "order_versions_order_id_version_pk" PRIMARY KEY("order_id","version")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"buyer_company_id" uuid NOT NULL,
	"supplier_company_id" uuid NOT NULL,
	"source_order_id" uuid,
	"status" "order_status" DEFAULT 'ISSUED' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"pending_version" integer,
	"title" text NOT NULL,
	"total_yen" bigint NOT NULL,
	"toriteki" text NOT NULL,
	"open_terms" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" uuid,
	"first_opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by_user_id" uuid,
	"acceptance_pdf" "bytea",
	"acceptance_sha256" text,
	"last_reminder_at" timestamp with time zone,
	"overdue_alerted_at" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "price_consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "price_consultation_status" DEFAULT 'OPEN' NOT NULL,
	"drivers" jsonb NOT NULL,
	"requested_unit_price_yen" integer,
	"message" text NOT NULL,
	"evidence_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"due_on" date NOT NULL,
	"requested_by_user_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"counter_unit_price_yen" integer,
	"answered_by_user_id" uuid,
	"answered_at" timestamp with time zone,
	"overdue_alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_versions" ADD CONSTRAINT "order_versions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_versions" ADD CONSTRAINT "order_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_versions" ADD CONSTRAINT "order_versions_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_thread_id_deal_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."deal_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_company_id_companies_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_consultations" ADD CONSTRAINT "price_consultations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_consultations" ADD CONSTRAINT "price_consultations_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_consultations" ADD CONSTRAINT "price_consultations_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_company_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "orders_supplier_idx" ON "orders" USING btree ("supplier_company_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "orders_thread_idx" ON "orders" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "orders_unanswered_idx" ON "orders" USING btree ("issued_at") WHERE "orders"."status" = 'ISSUED';--> statement-breakpoint
CREATE INDEX "price_consultations_order_idx" ON "price_consultations" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "price_consultations_open_idx" ON "price_consultations" USING btree ("due_on") WHERE "price_consultations"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "price_consultations_one_open_uq" ON "price_consultations" USING btree ("order_id") WHERE "price_consultations"."status" = 'OPEN';--> statement-breakpoint
-- The 7条 record is kept as written: no UPDATE, no DELETE, whoever asks (the app, the console, SQL).
CREATE FUNCTION "refuse_order_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order records are kept as written (取適法7条): % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_append_only" BEFORE UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_order_record_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_never_deleted" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "refuse_order_record_change"();
--> statement-breakpoint
CREATE TRIGGER "order_versions_never_deleted" BEFORE DELETE ON "order_versions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_order_record_change"();
--> statement-breakpoint
-- An issued version's document never changes; only a proposed change's answer is written, once.
CREATE FUNCTION "refuse_order_version_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."terms" IS DISTINCT FROM OLD."terms" OR NEW."pdf" IS DISTINCT FROM OLD."pdf"
     OR NEW."pdf_sha256" IS DISTINCT FROM OLD."pdf_sha256" OR NEW."kind" IS DISTINCT FROM OLD."kind"
     OR NEW."reason" IS DISTINCT FROM OLD."reason" OR NEW."version" IS DISTINCT FROM OLD."version"
     OR NEW."order_id" IS DISTINCT FROM OLD."order_id" OR NEW."created_at" IS DISTINCT FROM OLD."created_at"
     OR (OLD."state" <> 'PROPOSED' AND NEW."state" IS DISTINCT FROM OLD."state") THEN
    RAISE EXCEPTION 'an issued order version is kept as issued: write a new version'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_versions_as_issued" BEFORE UPDATE ON "order_versions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_order_version_edit"();
--> statement-breakpoint
-- The order's number and the supplier's 注文請書, once issued, never change either.
CREATE FUNCTION "refuse_order_document_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."number" IS DISTINCT FROM OLD."number"
     OR (OLD."acceptance_pdf" IS NOT NULL AND NEW."acceptance_pdf" IS DISTINCT FROM OLD."acceptance_pdf")
     OR (OLD."acceptance_sha256" IS NOT NULL AND NEW."acceptance_sha256" IS DISTINCT FROM OLD."acceptance_sha256") THEN
    RAISE EXCEPTION 'an issued order document is kept as issued' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_documents_as_issued" BEFORE UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "refuse_order_document_edit"();
