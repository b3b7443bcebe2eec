CREATE TABLE "session_live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid,
	"user_id" uuid,
	"order_id" uuid,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_live_events" ADD CONSTRAINT "session_live_events_session_id_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_live_events" ADD CONSTRAINT "session_live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_live_events_user_idx" ON "session_live_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "session_live_events_session_idx" ON "session_live_events" USING btree ("session_id","id");