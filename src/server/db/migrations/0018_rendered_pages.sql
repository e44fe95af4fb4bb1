CREATE TABLE "rendered_pages" (
	"language" text NOT NULL,
	"address" text NOT NULL,
	"fingerprint" text NOT NULL,
	"checked_version" bigint NOT NULL,
	"status" smallint NOT NULL,
	"brotli" "bytea" NOT NULL,
	"gzip" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rendered_pages_language_address_pk" PRIMARY KEY("language","address")
);
--> statement-breakpoint
-- Compressed pages do not compress again: store them out of line as they are.
ALTER TABLE "rendered_pages" ALTER COLUMN "brotli" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "rendered_pages" ALTER COLUMN "gzip" SET STORAGE EXTERNAL;
