ALTER TABLE "outbox" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
-- Mails purged before the column existed (ADR 0162) are marked so, with their sending time.
UPDATE "outbox" SET "purged_at" = "sent_at" WHERE "body" = '（保存期間を過ぎたため本文は削除されました）' AND "html" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_purge_due_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."status" = 'sent' and "outbox"."purged_at" is null;