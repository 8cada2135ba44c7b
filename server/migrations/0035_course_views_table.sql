-- Decision 070: an item's detail views live apart from its row. The view counter adds each
-- flush's counts to them; written into `course`, every flush wrote each viewed item's row again
-- with all seventeen of its indexes (the trigram and gram indexes among them), some 1–3 ms per
-- item at 100 000 items. A narrow row with one key costs a twentieth of that. `course.views` stays
-- for now: instances of the previous release read and write it until they are replaced (a rolling
-- upgrade, docs/deployment.md §9); a later release drops it.
CREATE TABLE IF NOT EXISTS "course_views" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "course_views" ("course_id", "views") SELECT "id", "views" FROM "course" WHERE "views" > 0 ON CONFLICT DO NOTHING;
