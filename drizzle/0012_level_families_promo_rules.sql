CREATE TABLE "order_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"promo_id" integer,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_discounts_amount_positive" CHECK ("order_discounts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "level_family" text;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "level" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal" bigint;--> statement-breakpoint
-- Orders recorded before promotions had no discount: what they cost is what their lines cost.
UPDATE "orders" SET "subtotal" = "total";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_order_id_idx" ON "order_discounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_discounts_promo_id_idx" ON "order_discounts" USING btree ("promo_id");--> statement-breakpoint
-- Level families (docs/decisions/0023-spice-level-families.md): an item that took a spice level
-- and is named `<dish> Level <n>` (n 0-5) becomes level n of <dish>; of two items claiming one
-- level the first by id keeps it. Other items that took a level have none now; past orders keep
-- the level they were ordered with (order_items.level is not touched).
UPDATE "menu_items" AS "m" SET "level_family" = "f"."family", "level" = "f"."level"
FROM (
  SELECT "id", "family", "level", row_number() OVER (PARTITION BY "family", "level" ORDER BY "id") AS "rank"
  FROM (
    SELECT "id",
      btrim(regexp_replace("nama", '\s*\mlevel\s*[0-5]\s*$', '', 'i')) AS "family",
      ((regexp_match("nama", '\mlevel\s*([0-5])\s*$', 'i'))[1])::integer AS "level"
    FROM "menu_items"
    WHERE "takes_level" AND "nama" ~* '\S\s*\mlevel\s*[0-5]\s*$'
  ) AS "named"
) AS "f"
WHERE "m"."id" = "f"."id" AND "f"."rank" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_level_family_level_key" ON "menu_items" USING btree ("level_family","level");--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_level_range" CHECK ("menu_items"."level" between 0 and 5);--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_level_family" CHECK (("menu_items"."level_family" is null) = ("menu_items"."level" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_within_subtotal" CHECK ("orders"."total" <= "orders"."subtotal");