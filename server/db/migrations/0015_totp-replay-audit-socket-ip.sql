ALTER TABLE "audit_log" ADD COLUMN "socket_ip" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" integer;