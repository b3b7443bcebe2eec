CREATE TABLE "test_session_members" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "test_session_members_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "test_session_proctors" (
	"session_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "test_session_proctors_session_id_staff_id_pk" PRIMARY KEY("session_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "test_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"last_start_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_sessions_window" CHECK ("test_sessions"."opens_at" <= "test_sessions"."last_start_at" and "test_sessions"."last_start_at" <= "test_sessions"."closes_at")
);
--> statement-breakpoint
ALTER TABLE "test_session_members" ADD CONSTRAINT "test_session_members_session_id_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_session_members" ADD CONSTRAINT "test_session_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_session_proctors" ADD CONSTRAINT "test_session_proctors_session_id_test_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."test_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_session_proctors" ADD CONSTRAINT "test_session_proctors_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sessions" ADD CONSTRAINT "test_sessions_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_session_members_user_idx" ON "test_session_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "test_sessions_institution_idx" ON "test_sessions" USING btree ("institution_id","opens_at");