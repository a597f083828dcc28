import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { validateForm } from "~/lib/form-check.ts";
import { MenuItemSchema } from "./menu-item-schema.ts";
import { RankingSchema } from "./ranking-schema.ts";
import { SlideSchema } from "./slide-schema.ts";

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const one of [value].flat()) data.append(name, one);
  }
  return data;
}

const cases: [string, z.ZodObject, Record<string, string | string[]>][] = [
  [
    "menu item",
    MenuItemSchema,
    { nama: " Mie Keju ", kategori: "Makanan", deskripsi: "", harga: "Rp 12.500", tersedia: "on" },
  ],
  ["slide", SlideSchema, { title: "Pedas", text: " ", menu_item_id: "es-nyala", urutan: "3", aktif: "on" }],
  ["menu placement", RankingSchema, { featured: ["es-nyala", ""], produk: "pangsit-goreng" }],
];

describe("the catalog forms' rules, in the page and on the server", () => {
  it.each(cases)(
    "a %s form reads the same in the page (Conform) as on the server",
    (_name, schema, values) => {
      const submission = validateForm(form(values), schema);
      expect(submission.status).toBe("success");
      expect(submission.status === "success" && submission.value).toEqual(schema.parse(values));
    },
  );

  // The action checks the form, then hands the values it got to the write, which checks again.
  it.each(cases)("a %s form's checked values pass the check again unchanged", (_name, schema, values) => {
    const once = schema.parse(values);
    expect(schema.parse(once)).toEqual(once);
  });
});
