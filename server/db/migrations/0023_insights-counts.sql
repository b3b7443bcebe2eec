CREATE TABLE "insight_attempts" (
	"order_section_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"section" text NOT NULL,
	"total" integer,
	"choices" smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_counts" (
	"exam_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"chosen" smallint NOT NULL,
	"total" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "insight_counts_exam_id_question_id_chosen_total_pk" PRIMARY KEY("exam_id","question_id","chosen","total")
);
--> statement-breakpoint
CREATE TABLE "insight_dirty" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insight_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_attempts_rank_idx" ON "insight_attempts" USING btree ("exam_id","section","total","order_id");--> statement-breakpoint
CREATE INDEX "insight_attempts_order_idx" ON "insight_attempts" USING btree ("order_id");--> statement-breakpoint
-- Issue 31: every change that may alter which section attempts the item analysis counts, or their
-- answers and scores, notes its order for the next fold (services/insights/item-counts.ts).
-- Inserts and deletes per statement (bulk imports, retention sweeps); updates per row, filtered by
-- WHEN so that autosaves (draft columns) and heartbeats do not fire at all.
CREATE FUNCTION epot_insight_mark_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_dirty (order_id) VALUES (NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION epot_insight_mark_section() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_dirty (order_id) VALUES (NEW.order_id);
  IF OLD.order_id IS DISTINCT FROM NEW.order_id THEN
    INSERT INTO insight_dirty (order_id) VALUES (OLD.order_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION epot_insight_mark_inserted_sections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_dirty (order_id)
    SELECT DISTINCT order_id FROM inserted_sections WHERE closed_by IN ('submitted', 'swept');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION epot_insight_mark_deleted_sections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_dirty (order_id) SELECT DISTINCT order_id FROM deleted_sections;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_insight_mark AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.disqualified_at IS DISTINCT FROM NEW.disqualified_at)
  EXECUTE FUNCTION epot_insight_mark_order();
--> statement-breakpoint
CREATE TRIGGER order_sections_insight_mark AFTER UPDATE ON "order_sections" FOR EACH ROW
  WHEN (OLD.closed_by IS DISTINCT FROM NEW.closed_by OR OLD.raw_correct IS DISTINCT FROM NEW.raw_correct
    OR OLD.exam_id IS DISTINCT FROM NEW.exam_id OR OLD.order_id IS DISTINCT FROM NEW.order_id
    OR OLD.section IS DISTINCT FROM NEW.section OR OLD.answer IS DISTINCT FROM NEW.answer)
  EXECUTE FUNCTION epot_insight_mark_section();
--> statement-breakpoint
CREATE TRIGGER order_sections_insight_mark_insert AFTER INSERT ON "order_sections"
  REFERENCING NEW TABLE AS inserted_sections FOR EACH STATEMENT EXECUTE FUNCTION epot_insight_mark_inserted_sections();
--> statement-breakpoint
CREATE TRIGGER order_sections_insight_mark_delete AFTER DELETE ON "order_sections"
  REFERENCING OLD TABLE AS deleted_sections FOR EACH STATEMENT EXECUTE FUNCTION epot_insight_mark_deleted_sections();
--> statement-breakpoint
-- Existing attempts: folded by the first item analysis read (or `admin insights rebuild`).
INSERT INTO insight_dirty (order_id)
  SELECT DISTINCT order_id FROM order_sections WHERE closed_by IN ('submitted', 'swept');
