CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"user_id" uuid NOT NULL,
	"institution_id" uuid,
	"staff_id" uuid,
	"note" text,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"receipt" text,
	"receipt_to" text,
	"receipt_sent_at" timestamp with time zone,
	"receipt_sends" integer DEFAULT 0 NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "privacy_requests_kind_known" CHECK ("privacy_requests"."kind" in ('export', 'deletion')),
	CONSTRAINT "privacy_requests_channel_known" CHECK ("privacy_requests"."channel" in ('account', 'staff')),
	CONSTRAINT "privacy_requests_staff_note" CHECK ("privacy_requests"."channel" <> 'staff' or "privacy_requests"."note" is not null)
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "cloud_speech" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "kind" text DEFAULT 'terms' NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_institution_idx" ON "privacy_requests" USING btree ("institution_id","requested_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_requested_idx" ON "privacy_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "consents_user_kind_idx" ON "consents" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" in ('terms', 'biometric', 'cloud_speech'));