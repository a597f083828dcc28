CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"urutan" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_nama_unique" UNIQUE("nama")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" text PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"category_id" text NOT NULL,
	"deskripsi" text DEFAULT '' NOT NULL,
	"harga" integer NOT NULL,
	"gambar" text NOT NULL,
	"tersedia" boolean DEFAULT true NOT NULL,
	"featured_rank" integer,
	"best_seller_rank" integer,
	"produk_rank" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_harga_range" CHECK ("menu_items"."harga" between 1 and 100000000),
	CONSTRAINT "menu_items_featured_rank_range" CHECK ("menu_items"."featured_rank" between 1 and 3),
	CONSTRAINT "menu_items_best_seller_rank_range" CHECK ("menu_items"."best_seller_rank" between 1 and 6),
	CONSTRAINT "menu_items_produk_rank_range" CHECK ("menu_items"."produk_rank" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"urutan" integer DEFAULT 0 NOT NULL,
	"aktif" boolean DEFAULT true NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"menu_item_id" text,
	"urutan" integer DEFAULT 0 NOT NULL,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_featured_rank_key" ON "menu_items" USING btree ("featured_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_best_seller_rank_key" ON "menu_items" USING btree ("best_seller_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_produk_rank_key" ON "menu_items" USING btree ("produk_rank");