CREATE TABLE "order_breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"after_section" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "order_breaks_after_valid" CHECK ("order_breaks"."after_section" in ('listening','structure'))
);
--> statement-breakpoint
ALTER TABLE "order_breaks" ADD CONSTRAINT "order_breaks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_breaks_order_after_uq" ON "order_breaks" USING btree ("order_id","after_section");