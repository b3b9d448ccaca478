ALTER TYPE "public"."entry_status" ADD VALUE 'AWARDED';--> statement-breakpoint
ALTER TYPE "public"."entry_status" ADD VALUE 'WITHDRAWN';--> statement-breakpoint
ALTER TYPE "public"."inquiry_status" ADD VALUE 'AWARDED';--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "award_request_version" integer;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "award_requested_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD COLUMN "award_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deal_threads" ADD CONSTRAINT "deal_threads_award_requested_by_user_id_users_id_fk" FOREIGN KEY ("award_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;