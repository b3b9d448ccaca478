-- Topic "suppliers" of the change feed (decisions 0025, 0026): what the public search ranks and
-- filters on changed: a supplier's profile (its text, capabilities, completeness and the listing
-- the triggers of migration 0011 keep there), categories, features, factories, published cases
-- (the "cases" order), or its company's head-office prefecture. The company's other changes that
-- rank (plan, status, update time) reach the profile's listing columns first.
CREATE TRIGGER "supplier_profiles_suppliers_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('suppliers');
--> statement-breakpoint
CREATE TRIGGER "company_categories_suppliers_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('suppliers');
--> statement-breakpoint
CREATE TRIGGER "company_features_suppliers_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_features"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('suppliers');
--> statement-breakpoint
CREATE TRIGGER "supplier_factories_suppliers_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_factories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('suppliers');
--> statement-breakpoint
CREATE TRIGGER "case_studies_suppliers_changed" AFTER INSERT OR UPDATE OR DELETE ON "case_studies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('suppliers');
--> statement-breakpoint
CREATE TRIGGER "companies_suppliers_changed" AFTER UPDATE OF "prefecture_id" ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('suppliers');
