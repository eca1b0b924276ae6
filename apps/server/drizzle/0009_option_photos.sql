ALTER TABLE "option_images" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "option_images" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "option_images" ADD COLUMN "media" text;--> statement-breakpoint
ALTER TABLE "option_images" ADD COLUMN "widths" integer[];--> statement-breakpoint
ALTER TABLE "option_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "option_images" ADD COLUMN "height" integer;--> statement-breakpoint
CREATE INDEX "option_images_media_idx" ON "option_images" USING btree ("media");--> statement-breakpoint
ALTER TABLE "option_images" ADD CONSTRAINT "option_images_id_unique" UNIQUE("id");