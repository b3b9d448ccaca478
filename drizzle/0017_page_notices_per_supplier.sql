-- The page cache drops only what changed (decision 0040). Migration 0013 sent the topic "pages" for
-- every statement on a company's tables, so a buyer editing its own profile dropped every kept page
-- on every process. Here a row names its supplier instead: `pages:supplier:<company id>` drops that
-- supplier's page, and `pages:list` drops the pages that list suppliers (/, /lp, /oem/search). A
-- company no public page shows (a buyer, a supplier not listed: no profile, or `listed` false
-- before and after) sends nothing. The master lists and the news keep the topic "pages" (every
-- page). PostgreSQL sends equal payloads once per transaction. The topics "suppliers" and
-- "capabilities" (the kept reads, decision 0025) are untouched.
CREATE FUNCTION "notify_supplier_pages"(company uuid, was_listed boolean) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF company IS NULL THEN RETURN; END IF;
  IF was_listed OR EXISTS (
      SELECT 1 FROM "supplier_profiles" p WHERE p."company_id" = company AND p."listed") THEN
    PERFORM pg_notify('oem_changes', 'pages:supplier:' || company::text);
    PERFORM pg_notify('oem_changes', 'pages:list');
  END IF;
END $$;
--> statement-breakpoint
-- A row trigger whose argument names the row's company column.
CREATE FUNCTION "notify_company_row_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "notify_supplier_pages"((to_jsonb(OLD) ->> TG_ARGV[0])::uuid, false); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "notify_supplier_pages"((to_jsonb(NEW) ->> TG_ARGV[0])::uuid, false); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The profile carries the listing itself (migration 0011): a supplier listed before or after.
CREATE FUNCTION "notify_supplier_profile_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "notify_supplier_pages"(OLD."company_id", OLD."listed"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "notify_supplier_pages"(NEW."company_id", NEW."listed"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A case's image: its case's company.
CREATE FUNCTION "notify_case_study_image_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_supplier_pages"(s."company_id", false) FROM "case_studies" s
    WHERE s."id" IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD."case_study_id" END,
                     CASE WHEN TG_OP <> 'DELETE' THEN NEW."case_study_id" END);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A file (its caption shows in a gallery or a case): its own company and whoever shows it.
CREATE FUNCTION "notify_file_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_supplier_pages"(OLD."company_id", false);
  IF TG_OP = 'UPDATE' THEN PERFORM "notify_supplier_pages"(NEW."company_id", false); END IF;
  PERFORM "notify_supplier_pages"(i."company_id", false) FROM "company_images" i WHERE i."file_id" = OLD."id";
  PERFORM "notify_supplier_pages"(s."company_id", false)
    FROM "case_study_images" i JOIN "case_studies" s ON s."id" = i."case_study_id" WHERE i."file_id" = OLD."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "companies_pages_changed" ON "companies";
--> statement-breakpoint
DROP TRIGGER "company_images_pages_changed" ON "company_images";
--> statement-breakpoint
DROP TRIGGER "files_pages_changed" ON "files";
--> statement-breakpoint
DROP TRIGGER "case_study_images_pages_changed" ON "case_study_images";
--> statement-breakpoint
DROP TRIGGER "supplier_certifications_pages_changed" ON "supplier_certifications";
--> statement-breakpoint
DROP TRIGGER "deal_ratings_pages_changed" ON "deal_ratings";
--> statement-breakpoint
DROP TRIGGER "supplier_track_records_pages_changed" ON "supplier_track_records";
--> statement-breakpoint
CREATE TRIGGER "supplier_profiles_pages_rows" AFTER INSERT OR DELETE ON "supplier_profiles"
  FOR EACH ROW EXECUTE FUNCTION "notify_supplier_profile_pages"();
--> statement-breakpoint
CREATE TRIGGER "supplier_profiles_pages_rows_updated" AFTER UPDATE ON "supplier_profiles"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_supplier_profile_pages"();
--> statement-breakpoint
CREATE TRIGGER "companies_pages_rows" AFTER INSERT OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('id');
--> statement-breakpoint
CREATE TRIGGER "companies_pages_rows_updated" AFTER UPDATE ON "companies"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_company_row_pages"('id');
--> statement-breakpoint
CREATE TRIGGER "company_categories_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "company_categories"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "company_features_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "company_features"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "supplier_factories_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "supplier_factories"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "case_studies_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "case_studies"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "company_images_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "company_images"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "supplier_certifications_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "supplier_certifications"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "deal_ratings_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "deal_ratings"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('ratee_company_id');
--> statement-breakpoint
CREATE TRIGGER "supplier_track_records_pages_rows" AFTER INSERT OR DELETE ON "supplier_track_records"
  FOR EACH ROW EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "supplier_track_records_pages_rows_updated" AFTER UPDATE ON "supplier_track_records"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_company_row_pages"('company_id');
--> statement-breakpoint
CREATE TRIGGER "case_study_images_pages_rows" AFTER INSERT OR UPDATE OR DELETE ON "case_study_images"
  FOR EACH ROW EXECUTE FUNCTION "notify_case_study_image_pages"();
--> statement-breakpoint
CREATE TRIGGER "files_pages_rows" AFTER UPDATE OR DELETE ON "files"
  FOR EACH ROW EXECUTE FUNCTION "notify_file_pages"();
