ALTER TABLE "users" DROP CONSTRAINT "users_provider_known";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
DROP INDEX "users_admin_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("role") WHERE "users"."role" <> 'customer';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_provider_known" CHECK ("users"."provider" in ('password', 'google', 'perangkat'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'pemilik', 'admin', 'kasir', 'dapur'));--> statement-breakpoint
UPDATE users SET role='pemilik' WHERE role='admin';
