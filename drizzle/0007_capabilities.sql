CREATE TYPE "public"."certificate_status" AS ENUM('PENDING', 'VERIFIED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."certification_kind" AS ENUM('CERTIFICATION', 'LICENSE');--> statement-breakpoint
CREATE TABLE "certification_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" "certification_kind" NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "certification_types_slug_unique" UNIQUE("slug"),
	CONSTRAINT "certification_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "materials_slug_unique" UNIQUE("slug"),
	CONSTRAINT "materials_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "processes_slug_unique" UNIQUE("slug"),
	CONSTRAINT "processes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "supplier_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"certification_type_id" integer NOT NULL,
	"number" text NOT NULL,
	"issuer" text NOT NULL,
	"expires_on" date,
	"document_file_id" uuid NOT NULL,
	"status" "certificate_status" DEFAULT 'PENDING' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_owner_id" uuid,
	"rejection_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "lot_quantity" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "monthly_quantity" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "quantity_unit" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "required_certification_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "process_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "material_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "sample_wanted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "quantity_unit" text;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "moq_min" integer;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "moq_max" integer;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "monthly_capacity" integer;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "small_lot_accepted" boolean;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "small_lot_min" integer;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "sample_available" boolean;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "sample_days" smallint;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "process_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "material_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD COLUMN "verified_certification_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_certifications" ADD CONSTRAINT "supplier_certifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_certifications" ADD CONSTRAINT "supplier_certifications_certification_type_id_certification_types_id_fk" FOREIGN KEY ("certification_type_id") REFERENCES "public"."certification_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_certifications" ADD CONSTRAINT "supplier_certifications_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_certifications" ADD CONSTRAINT "supplier_certifications_reviewed_by_owner_id_owners_id_fk" FOREIGN KEY ("reviewed_by_owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_certifications_company_idx" ON "supplier_certifications" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_certifications_pending_idx" ON "supplier_certifications" USING btree ("created_at","id") WHERE "supplier_certifications"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "supplier_certifications_expiry_idx" ON "supplier_certifications" USING btree ("expires_on") WHERE "supplier_certifications"."status" = 'VERIFIED' and "supplier_certifications"."expired_at" is null and "supplier_certifications"."expires_on" is not null;--> statement-breakpoint
CREATE INDEX "supplier_profiles_verified_certs_idx" ON "supplier_profiles" USING gin ("verified_certification_ids");--> statement-breakpoint
CREATE INDEX "supplier_profiles_process_ids_idx" ON "supplier_profiles" USING gin ("process_ids");--> statement-breakpoint
CREATE INDEX "supplier_profiles_moq_idx" ON "supplier_profiles" USING btree ("moq_min");--> statement-breakpoint
CREATE INDEX "supplier_profiles_capacity_idx" ON "supplier_profiles" USING btree ("monthly_capacity");