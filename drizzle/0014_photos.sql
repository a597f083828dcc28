CREATE TABLE "photos" (
	"name" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_name" CHECK ("photos"."name" ~ '^[a-z]+/[a-f0-9]{64}(-[0-9]+)?\.webp$')
);
--> statement-breakpoint
-- WebP is compressed already: stored as it is, a slice is read without reading the whole value.
ALTER TABLE "photos" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
