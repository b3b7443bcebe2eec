CREATE TABLE "attempt_activity" (
	"order_id" uuid NOT NULL,
	"section" text NOT NULL,
	"kind" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attempt_activity_order_id_section_kind_minute_pk" PRIMARY KEY("order_id","section","kind","minute")
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"institution_id" uuid,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"answer_note" text,
	"answered_at" timestamp with time zone,
	"decision_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_status_valid" CHECK ("appeals"."status" in ('open','answered'))
);
--> statement-breakpoint
CREATE TABLE "attempt_reviews" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"institution_id" uuid,
	"disqualified" boolean NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"risk_score" integer NOT NULL,
	"risk_reasons" jsonb NOT NULL,
	"risk_version" integer NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"pending_decision_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_reviews_decision_valid" CHECK ("attempt_reviews"."decision" is null or "attempt_reviews"."decision" in ('valid','invalidated','disqualification_upheld','disqualification_overturned'))
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"institution_id" uuid,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"second_of" uuid,
	"reversed" boolean,
	"appeal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "review_settings" jsonb DEFAULT '{"risk_threshold":40,"appeal_hours":72,"four_eyes":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proctoring_events" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "attempt_activity" ADD CONSTRAINT "attempt_activity_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_reviews" ADD CONSTRAINT "attempt_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_reviews" ADD CONSTRAINT "attempt_reviews_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_order_uq" ON "appeals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "appeals_open_idx" ON "appeals" USING btree ("institution_id") WHERE "appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "attempt_reviews_queue_idx" ON "attempt_reviews" USING btree ("institution_id","risk_score");--> statement-breakpoint
CREATE INDEX "review_decisions_order_idx" ON "review_decisions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "review_decisions_second_idx" ON "review_decisions" USING btree ("institution_id") WHERE "review_decisions"."second_of" is not null;