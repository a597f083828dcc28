import { describe, expect, it } from "vitest";
import { describeChanges, describeEdit, diff } from "./audit-changes.ts";

describe("how the audit log words an edit", () => {
  it("lists the fields that differ, before → after, leaving out those not given", () => {
    expect(diff({ title: "A", urutan: 1, aktif: true }, { title: "B", urutan: 1 })).toEqual({
      title: ["A", "B"],
    });
  });

  it("names each change by its wording, an empty value as 'kosong', else by its key", () => {
    const wording = { title: "judul", aktif: (_: unknown, after: unknown) => (after ? "aktif" : "nonaktif") };
    expect(describeChanges({ title: ["", "Baru"], aktif: [true, false], urutan: [1, 2] }, wording)).toBe(
      "judul kosong → Baru, nonaktif, urutan 1 → 2",
    );
    expect(describeChanges({}, wording)).toBe("tanpa perubahan");
  });

  it("gives the audit entry's summary and its changes", () => {
    expect(
      describeEdit("Promo Senin", { title: "Senin", label: "" }, { title: "Senin", label: "x" }, {}),
    ).toEqual({
      summary: "Promo Senin: label kosong → x",
      details: { changes: { label: ["", "x"] } },
    });
  });
});
