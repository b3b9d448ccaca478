-- Written by hand (drizzle-kit does not manage functions): the keyword search's index expression.
-- The distinct characters and character pairs of each space-separated word of the stored search
-- text. A keyword's pairs must all be present (GIN, @>) before LIKE checks the keyword itself, so
-- a two-character Japanese word uses the index too. Core SQL only: the same on PGlite and PostgreSQL.
CREATE OR REPLACE FUNCTION search_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(w, i, n)), '{}')
    FROM unnest(string_to_array(t, ' ')) AS w,
      generate_series(1, char_length(w)) AS i,
      (VALUES (1), (2)) AS v(n)
    WHERE i + n - 1 <= char_length(w)
  $$;--> statement-breakpoint
CREATE INDEX "inquiries_recruits_idx" ON "inquiries" USING btree ("published_at","id","entry_deadline") WHERE "inquiries"."type" = 'BULK' and "inquiries"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "supplier_profiles_search_grams_idx" ON "supplier_profiles" USING gin (search_grams("search_text")) WITH (fastupdate=false);