CREATE TABLE "sso_link_uses" (
	"sig_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_linked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sso_link_uses_expires_idx" ON "sso_link_uses" USING btree ("expires_at");