CREATE TABLE "daily_portions" (
	"menu_item_id" text NOT NULL,
	"day" date NOT NULL,
	"sisa" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_portions_menu_item_id_day_pk" PRIMARY KEY("menu_item_id","day"),
	CONSTRAINT "daily_portions_sisa" CHECK ("daily_portions"."sisa" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_portions" (
	"order_id" integer NOT NULL,
	"menu_item_id" text NOT NULL,
	"day" date NOT NULL,
	"jumlah" integer NOT NULL,
	CONSTRAINT "order_portions_order_id_menu_item_id_pk" PRIMARY KEY("order_id","menu_item_id"),
	CONSTRAINT "order_portions_jumlah" CHECK ("order_portions"."jumlah" > 0)
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "porsi_harian" integer;--> statement-breakpoint
ALTER TABLE "daily_portions" ADD CONSTRAINT "daily_portions_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_portions" ADD CONSTRAINT "order_portions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_portions" ADD CONSTRAINT "order_portions_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_porsi_harian_range" CHECK ("menu_items"."porsi_harian" between 0 and 10000);