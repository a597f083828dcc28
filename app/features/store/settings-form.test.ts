import { describe, expect, it } from "vitest";
import { validateForm } from "~/lib/form-check.ts";
import { OutletSchema } from "./settings-form.ts";

const hours = Object.fromEntries(
  [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
    [`buka_${day}`, "10:00"],
    [`tutup_${day}`, "22:00"],
  ]),
);
const values = {
  brand: "Mie Nyala",
  address: "Jl. Contoh No. 123",
  instagram_url: "",
  facebook_url: "https://facebook.com/nyala",
  tiktok_url: "",
  timezone: "Asia/Makassar",
  libur_6: "on",
  ...hours,
};

describe("the store settings form", () => {
  it.each(["0812-3456-7890", "+62 812 3456 7890", "(0401) 312-345"])(
    "reads %j in the page as on the server, and its stored number passes the check again",
    (whatsapp) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...values, whatsapp })) data.set(name, value);
      const submission = validateForm(data, OutletSchema);
      const once = OutletSchema.parse({ ...values, whatsapp });
      expect(submission.status === "success" && submission.value).toEqual(once);
      expect(OutletSchema.parse(once)).toEqual(once);
    },
  );
});
