CREATE TABLE "proctoring_heartbeats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"section" text NOT NULL,
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"camera_live" boolean NOT NULL,
	"detector_running" boolean NOT NULL,
	"detector_fps" real NOT NULL,
	"face_counts" jsonb NOT NULL,
	"tab_hidden_ms" integer NOT NULL,
	"tab_leaves" integer NOT NULL,
	"speech_monitoring" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "evidence_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Orders made before the heartbeat existed are never judged by rules they could not follow (hand-written).
UPDATE "orders" SET "evidence_required" = false;--> statement-breakpoint
ALTER TABLE "attempt_reviews" ADD COLUMN "evidence_incomplete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proctoring_heartbeats" ADD CONSTRAINT "proctoring_heartbeats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proctoring_heartbeats_run_seq_uq" ON "proctoring_heartbeats" USING btree ("order_id","run_id","seq");--> statement-breakpoint
CREATE INDEX "proctoring_heartbeats_order_idx" ON "proctoring_heartbeats" USING btree ("order_id","received_at");