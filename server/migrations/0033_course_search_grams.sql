-- Decision 067: keywords the trigram index cannot narrow — one or two characters (most Chinese
-- words), or no three letters or digits in a row — are found through the characters and character
-- pairs of the search text's words. A keyword's own grams are a subset of the grams of every text
-- that contains it (its words lie inside the text's words), so `grams(text) @> grams(keyword)`
-- narrows the rows and the text itself confirms the match. Before, such a keyword walked the
-- newest rows until it found a page: at 100 000 items one nothing matched read them all (40–60 ms).
-- The function is the index's expression, also applied to the keyword: whitespace splits words the
-- same way on both sides.
-- It keeps PostgreSQL's default cost although it takes ~70 µs a text: priced at that, plans of common
-- keywords went parallel and slower (decision 067).
CREATE OR REPLACE FUNCTION "course_search_grams"("search_text" text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	word text;
	chars text[];
	grams text[] := '{}';
	i int;
BEGIN
	FOREACH word IN ARRAY regexp_split_to_array(search_text, '\s+') LOOP
		chars := string_to_array(word, NULL);
		FOR i IN 1 .. coalesce(array_length(chars, 1), 0) LOOP
			grams := grams || chars[i];
			IF i < array_length(chars, 1) THEN
				grams := grams || (chars[i] || chars[i + 1]);
			END IF;
		END LOOP;
	END LOOP;
	RETURN ARRAY(SELECT DISTINCT unnest(grams));
END
$$;
--> statement-breakpoint
-- Its pending list is kept small like the trigram index's (decision 065): every search reads all of it.
CREATE INDEX IF NOT EXISTS "course_search_gram_idx" ON "course" USING gin ("course_search_grams"("search_text")) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
-- What a keyword asks of the index: each word's character pairs, or a one-character word itself.
-- Every text holding the keyword has them (fewer keys to intersect than all its grams).
CREATE OR REPLACE FUNCTION "course_keyword_grams"("keyword" text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT ARRAY(
		SELECT DISTINCT CASE WHEN length(word) = 1 THEN word ELSE substr(word, i, 2) END
		FROM unnest(regexp_split_to_array(keyword, '\s+')) AS word, generate_series(1, greatest(length(word) - 1, 1)) AS i
		WHERE word <> ''
	)
$$;
