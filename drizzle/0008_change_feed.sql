-- Change notices for the reads each process keeps (src/server/db/change-feed.ts, decision 0025).
-- A notice is sent when its transaction commits; identical notices of one transaction are sent once.
-- Topic "recruits": the open public inquiries (type BULK) or their prefectures changed.
CREATE FUNCTION "notify_recruits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD."type" = 'BULK') OR (TG_OP <> 'DELETE' AND NEW."type" = 'BULK') THEN
    PERFORM pg_notify('oem_changes', 'recruits');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inquiries_recruits_changed" AFTER INSERT OR UPDATE OR DELETE ON "inquiries"
  FOR EACH ROW EXECUTE FUNCTION "notify_recruits_changed"();
--> statement-breakpoint
-- A statement trigger's notice: its topic is the trigger's argument.
CREATE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('oem_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inquiry_prefectures_recruits_changed" AFTER INSERT OR UPDATE OR DELETE ON "inquiry_prefectures"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('recruits');
--> statement-breakpoint
-- Topic "capabilities": what a supplier's fit reads of it (supplier-fit.repository.ts) changed: its
-- OEM profile, its categories, its factories, or its company's type or head-office prefecture.
CREATE TRIGGER "supplier_profiles_capabilities_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('capabilities');
--> statement-breakpoint
CREATE TRIGGER "company_categories_capabilities_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('capabilities');
--> statement-breakpoint
CREATE TRIGGER "supplier_factories_capabilities_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_factories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('capabilities');
--> statement-breakpoint
CREATE TRIGGER "companies_capabilities_changed" AFTER UPDATE OF "type", "prefecture_id" OR DELETE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('capabilities');
