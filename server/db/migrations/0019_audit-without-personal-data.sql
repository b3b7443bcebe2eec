-- Issue 29 item 4: audit entries written before member.create / member.import held ids only kept the
-- member's e-mail, name and phone (and the imported e-mails); the audit log outlives an erasure, so
-- they are rewritten to the shape the server writes now (what was set, member ids), once. The
-- append-only trigger (0018) is lifted for this one statement pair only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";
--> statement-breakpoint
UPDATE "audit_log" SET "after" = jsonb_build_object(
    'member_id', "target_id",
    'set', (SELECT coalesce(jsonb_agg(k), '[]'::jsonb) FROM jsonb_object_keys("after") AS k WHERE k IN ('email', 'fullname', 'phone_number') AND coalesce("after"->>k, '') <> ''))
  WHERE "action" = 'member.create' AND "after" ? 'email';
--> statement-breakpoint
UPDATE "audit_log" SET "after" = jsonb_build_object(
    'rows', "after"->'rows',
    'member_ids', (SELECT coalesce(jsonb_agg(u."id"), '[]'::jsonb) FROM jsonb_array_elements_text("after"->'emails') AS e JOIN "users" u ON u."email" = e))
  WHERE "action" = 'member.import' AND "after" ? 'emails';
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
