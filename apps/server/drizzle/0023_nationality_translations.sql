-- The English names of migration 0021 move into the one place every translated text is kept (ADR 0177).
UPDATE "nationalities" SET "translations" = jsonb_build_object('en', jsonb_build_object('nationalityNm', "nationality_en")) WHERE "nationality_en" <> '';--> statement-breakpoint
ALTER TABLE "nationalities" DROP COLUMN "nationality_en";
