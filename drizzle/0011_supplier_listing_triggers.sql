-- The public listing kept on supplier_profiles (decision 0026): whether the supplier is public and
-- its company's ranking columns, copied by triggers on every write that changes them, whichever
-- path makes it (the API, the operator, a job, a script). The search then filters and ranks on one
-- table and walks its indexes (supplier_profiles_recommended_idx, supplier_profiles_newest_idx).
-- Public: a supplier company, active, with a member who has verified an email address.
CREATE FUNCTION "supplier_listing_of"(company uuid, OUT "listed" boolean, OUT "paid" boolean,
    OUT "created_at" timestamptz, OUT "updated_at" timestamptz)
  LANGUAGE sql STABLE AS $$
  SELECT c."type" = 'SUPPLIER' AND c."status" = 'ACTIVE' AND EXISTS (
      SELECT 1 FROM "memberships" m JOIN "users" u ON u."id" = m."user_id"
      WHERE m."company_id" = c."id" AND u."email_verified_at" IS NOT NULL),
    c."payment_status" IS NOT DISTINCT FROM 'OEM_PAID', c."created_at", c."updated_at"
  FROM "companies" c WHERE c."id" = company;
$$;
--> statement-breakpoint
-- Copies the listing where it changed. A company being deleted has none left (its profile goes too).
CREATE FUNCTION "refresh_supplier_listing"(company uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "supplier_profiles" p SET
    "listed" = l."listed", "paid" = l."paid",
    "company_created_at" = l."created_at", "company_updated_at" = l."updated_at"
  FROM "supplier_listing_of"(company) l
  WHERE p."company_id" = company AND l."listed" IS NOT NULL
    AND (p."listed", p."paid", p."company_created_at", p."company_updated_at")
      IS DISTINCT FROM (l."listed", l."paid", l."created_at", l."updated_at");
$$;
--> statement-breakpoint
-- A new profile starts from its company's state.
CREATE FUNCTION "supplier_profiles_listing_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(l."listed", false), coalesce(l."paid", false),
    coalesce(l."created_at", now()), coalesce(l."updated_at", now())
  INTO NEW."listed", NEW."paid", NEW."company_created_at", NEW."company_updated_at"
  FROM "supplier_listing_of"(NEW."company_id") l;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "supplier_profiles_listing_on_insert" BEFORE INSERT ON "supplier_profiles"
  FOR EACH ROW EXECUTE FUNCTION "supplier_profiles_listing_on_insert"();
--> statement-breakpoint
CREATE FUNCTION "companies_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_supplier_listing"(NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_listing_changed"
  AFTER UPDATE OF "type", "status", "payment_status", "created_at", "updated_at" ON "companies"
  FOR EACH ROW
  WHEN ((OLD."type" = 'SUPPLIER' OR NEW."type" = 'SUPPLIER')
    AND (OLD."type", OLD."status", OLD."payment_status", OLD."created_at", OLD."updated_at")
    IS DISTINCT FROM (NEW."type", NEW."status", NEW."payment_status", NEW."created_at", NEW."updated_at"))
  EXECUTE FUNCTION "companies_listing_changed"();
--> statement-breakpoint
-- A member joins or leaves (also when a user is deleted: the cascade deletes the membership).
CREATE FUNCTION "memberships_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "refresh_supplier_listing"(OLD."company_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "refresh_supplier_listing"(NEW."company_id"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "memberships_listing_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "company_id", "user_id" ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "memberships_listing_changed"();
--> statement-breakpoint
-- A member verifies an email address (or it is taken back).
CREATE FUNCTION "users_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_supplier_listing"(m."company_id") FROM "memberships" m WHERE m."user_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_listing_changed" AFTER UPDATE OF "email_verified_at" ON "users"
  FOR EACH ROW
  WHEN ((OLD."email_verified_at" IS NULL) IS DISTINCT FROM (NEW."email_verified_at" IS NULL))
  EXECUTE FUNCTION "users_listing_changed"();
--> statement-breakpoint
-- The profiles there are: filled in once.
SELECT "refresh_supplier_listing"("company_id") FROM "supplier_profiles";
--> statement-breakpoint
-- The capabilities' notice (migration 0008) only for the columns the fit reads: the listing's
-- copies above, the search text and the completeness change no capability.
DROP TRIGGER "supplier_profiles_capabilities_changed" ON "supplier_profiles";
--> statement-breakpoint
CREATE TRIGGER "supplier_profiles_capabilities_changed"
  AFTER INSERT OR DELETE OR UPDATE OF "company_id", "quantity_unit", "moq_min", "monthly_capacity",
    "small_lot_accepted", "small_lot_min", "sample_available", "sample_days", "process_ids",
    "material_ids", "verified_certification_ids" ON "supplier_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('capabilities');
