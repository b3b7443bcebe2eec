ALTER TABLE "order_sections" ADD COLUMN "submission_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "listening_score" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "structure_score" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reading_score" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_score" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cefr" text;