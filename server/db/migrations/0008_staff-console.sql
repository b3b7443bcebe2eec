CREATE TABLE "license_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "license_batches" ADD CONSTRAINT "license_batches_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_batches" ADD CONSTRAINT "license_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_batches_institution_idx" ON "license_batches" USING btree ("institution_id","created_at");--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_batch_id_license_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."license_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licenses_batch_idx" ON "licenses" USING btree ("batch_id");