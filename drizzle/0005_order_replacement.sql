ALTER TABLE "orders" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaced_by" text;