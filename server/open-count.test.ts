import { describe, expect, it } from "vitest";
import { OpenCount } from "./open-count.ts";

describe("the connection budget's bookkeeping", () => {
  it("refuses past the per-address limit, and past the total for everyone", () => {
    const open = new OpenCount<string>({ perAddress: 2, total: 3 });
    expect(open.admit("198.51.100.1", "a1")).toBeNull();
    expect(open.admit("198.51.100.1", "a2")).toBeNull();
    expect(open.admit("198.51.100.1", "a3")).toBe("address");
    expect(open.admit("198.51.100.2", "b1")).toBeNull();
    expect(open.admit("198.51.100.3", "c1")).toBe("total");
    expect(open.size).toBe(3);
    expect(open.countFor("198.51.100.1")).toBe(2);
  });

  it("gives a place back on release, once however often it is released", () => {
    const open = new OpenCount<string>({ perAddress: 1, total: 2 });
    expect(open.admit("198.51.100.1", "a1")).toBeNull();
    expect(open.admit("198.51.100.2", "b1")).toBeNull();
    open.release("a1");
    open.release("a1");
    expect(open.size).toBe(1);
    expect(open.countFor("198.51.100.1")).toBe(0);
    expect(open.admit("198.51.100.1", "a2")).toBeNull();
    expect(open.admit("198.51.100.3", "c1")).toBe("total");
    open.release("never-admitted");
    expect(open.size).toBe(2);
  });

  it("drops entries that finished without telling when a limit is reached", () => {
    const finished = new Set<string>();
    const open = new OpenCount<string>({ perAddress: 2, total: 3 }, (entry) => !finished.has(entry));
    open.admit("198.51.100.1", "a1");
    open.admit("198.51.100.1", "a2");
    open.admit("198.51.100.2", "b1");
    finished.add("a1");
    // The address's own finished entry frees its place…
    expect(open.admit("198.51.100.1", "a3")).toBeNull();
    expect(open.countFor("198.51.100.1")).toBe(2);
    // …and another's finished entry frees the total's.
    finished.add("b1");
    expect(open.admit("198.51.100.3", "c1")).toBeNull();
    expect([...open.entries()].sort()).toEqual(["a2", "a3", "c1"]);
  });

  it("weighs entries: past the total weight (a body's bytes) it refuses for everyone", () => {
    const open = new OpenCount<string>({ perAddress: 8, total: 128, totalWeight: 2_000_000 });
    expect(open.admit("198.51.100.1", "photo", 1_500_000)).toBeNull();
    expect(open.admit("198.51.100.2", "form", 400)).toBeNull();
    expect(open.admit("198.51.100.3", "another photo", 1_000_000)).toBe("total");
    expect(open.totalWeight).toBe(1_500_400);
    open.release("photo");
    expect(open.admit("198.51.100.3", "another photo", 1_000_000)).toBeNull();
    expect(open.totalWeight).toBe(1_000_400);
  });

  it("counts every address apart: many addresses each under their limit meet the total", () => {
    const open = new OpenCount<number>({ perAddress: 8, total: 128 });
    const answers = Array.from({ length: 50 * 60 }, (_, index) => open.admit(`127.0.1.${index % 50}`, index));
    expect(answers.filter((answer) => answer === null)).toHaveLength(128);
    expect(open.size).toBe(128);
    for (let address = 0; address < 50; address++)
      expect(open.countFor(`127.0.1.${address}`)).toBeLessThanOrEqual(8);
  });
});
