CREATE TABLE "membership_history" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"first_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_history_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "records_excluded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "membership_history_company_idx" ON "membership_history" USING btree ("company_id","user_id");--> statement-breakpoint
-- Issue 33 (decision 0035): every membership ever held, whichever path inserts it (registration,
-- an invitation, the operator, a seed or a script). Never deleted, so a member who leaves one of two
-- companies still links them.
CREATE FUNCTION "membership_history_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "membership_history" ("user_id", "company_id", "first_joined_at")
  VALUES (NEW."user_id", NEW."company_id", NEW."created_at")
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_history" AFTER INSERT ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "membership_history_on_insert"();
--> statement-breakpoint
-- The history starts with today's memberships.
INSERT INTO "membership_history" ("user_id", "company_id", "first_joined_at")
SELECT "user_id", "company_id", "created_at" FROM "memberships"
ON CONFLICT DO NOTHING;
