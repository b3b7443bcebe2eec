CREATE SEQUENCE "public"."certificate_status_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credential" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_index" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_index_uq" ON "certificates" USING btree ("status_index");--> statement-breakpoint
-- Backfill: every existing certificate gets its bit now; its credential is signed by the certificate catch-up job.
UPDATE "certificates" SET "status_index" = nextval('"public"."certificate_status_index_seq"') WHERE "status_index" IS NULL;
