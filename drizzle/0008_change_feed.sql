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
CREATE FUNCTION "notify_recruit_places_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('oem_changes', 'recruits');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inquiry_prefectures_recruits_changed" AFTER INSERT OR UPDATE OR DELETE ON "inquiry_prefectures"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_recruit_places_changed"();
