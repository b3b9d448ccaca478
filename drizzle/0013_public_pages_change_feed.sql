-- Topic "pages" of the change feed (decision 0027): what the cached public pages (the top page,
-- /lp, the search page and the supplier pages; src/server/http/page-cache.ts) show besides what
-- the topic "suppliers" covers: a company's own columns (name, logo, address, description…),
-- its gallery and the captions of its images, its cases' images, certificates, ratings and the
-- nightly track records, the news, and the master lists the pages name things from. A cached
-- page is dropped when either topic moves on. Statement triggers: one notice per statement, and
-- PostgreSQL sends one per transaction for equal payloads.
CREATE TRIGGER "companies_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "company_images_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "files_pages_changed" AFTER UPDATE OR DELETE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "case_study_images_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "case_study_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "supplier_certifications_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_certifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "deal_ratings_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "deal_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "supplier_track_records_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_track_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "news_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "news"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "categories_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "features_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "features"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "prefectures_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "prefectures"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "processes_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "processes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "materials_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "materials"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
--> statement-breakpoint
CREATE TRIGGER "certification_types_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "certification_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('pages');
