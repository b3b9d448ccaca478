ALTER TABLE "supplier_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "company_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "company_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_profiles_recommended_idx" ON "supplier_profiles" USING btree ("paid" DESC NULLS FIRST,"profile_completeness" DESC NULLS FIRST,"company_updated_at" DESC NULLS FIRST,"company_id") WHERE "supplier_profiles"."listed";--> statement-breakpoint
CREATE INDEX "supplier_profiles_newest_idx" ON "supplier_profiles" USING btree ("company_created_at" DESC NULLS FIRST,"company_id") WHERE "supplier_profiles"."listed";