CREATE TABLE "answer_keys" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"correct_index" integer NOT NULL,
	CONSTRAINT "answer_keys_index_ck" CHECK ("answer_keys"."correct_index" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "exam_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"section" text NOT NULL,
	"part" text NOT NULL,
	"position" integer NOT NULL,
	"direction_text" text NOT NULL,
	"direction_media_id" uuid,
	"close_text" text,
	"close_media_id" uuid,
	CONSTRAINT "exam_parts_exam_section_part_uq" UNIQUE("exam_id","section","part"),
	CONSTRAINT "exam_parts_section_ck" CHECK ("exam_parts"."section" in ('listening', 'structure', 'reading')),
	CONSTRAINT "exam_parts_part_ck" CHECK ("exam_parts"."part" in ('A', 'B', 'C'))
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_company_title_version_uq" UNIQUE("company_id","title","version"),
	CONSTRAINT "exams_status_ck" CHECK ("exams"."status" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"mime" text NOT NULL,
	"storage_key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"duration_ms" integer,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "question_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"is_group" boolean NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"transcript" text,
	"media_id" uuid,
	CONSTRAINT "question_groups_part_position_uq" UNIQUE("part_id","position")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"number" integer NOT NULL,
	"type" text DEFAULT 'single_choice' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image_media_id" uuid,
	"audio_media_id" uuid,
	"options" jsonb NOT NULL,
	CONSTRAINT "questions_group_position_uq" UNIQUE("group_id","position")
);
--> statement-breakpoint
ALTER TABLE "answer_keys" ADD CONSTRAINT "answer_keys_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_parts" ADD CONSTRAINT "exam_parts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_parts" ADD CONSTRAINT "exam_parts_direction_media_id_media_id_fk" FOREIGN KEY ("direction_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_parts" ADD CONSTRAINT "exam_parts_close_media_id_media_id_fk" FOREIGN KEY ("close_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_part_id_exam_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."exam_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_group_id_question_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."question_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_media_id_media_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_audio_media_id_media_id_fk" FOREIGN KEY ("audio_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exams_one_active_uq" ON "exams" USING btree ("company_id","title") WHERE "exams"."status" = 'active';--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_user_id");