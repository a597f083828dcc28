import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { noteOutage, outageOf, outageSeenWithin, outageWords, requestOutage } from "./outage.server.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: Error) => new DrizzleQueryError("insert into orders …", [1], cause);

describe("outages", () => {
  it("knows the database gone by its codes and the driver's words, wrapped in a failed query or not", () => {
    expect(
      outageOf(failedQuery(withCode("terminating connection due to administrator command", "57P01"))),
    ).toBe("database");
    expect(outageOf(withCode("the database system is starting up", "57P03"))).toBe("database");
    expect(outageOf(withCode("connection failure", "08006"))).toBe("database");
    expect(outageOf(failedQuery(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")))).toBe(
      "database",
    );
    // pool.connect() in a transaction throws the network error as it is, or several at once.
    expect(outageOf(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe("database");
    expect(outageOf(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]))).toBe(
      "database",
    );
    expect(outageOf(failedQuery(new Error("Connection terminated unexpectedly")))).toBe("database");
  });

  it("knows a full disk, from the database (53100) or from a file", () => {
    expect(
      outageOf(
        failedQuery(withCode('could not extend file "base/5/16867": No space left on device', "53100")),
      ),
    ).toBe("disk");
    expect(outageOf(withCode("ENOSPC: no space left on device, write", "ENOSPC"))).toBe("disk");
  });

  it("leaves everything else alone: bugs, bad data, another service's network", () => {
    expect(outageOf(new Error("boom"))).toBeNull();
    expect(
      outageOf(failedQuery(withCode("duplicate key value violates unique constraint", "23505"))),
    ).toBeNull();
    const fetchFailed = new TypeError("fetch failed", {
      cause: withCode("connect ECONNREFUSED 142.250.4.1:443", "ECONNREFUSED"),
    });
    expect(outageOf(fetchFailed)).toBeNull();
    expect(outageOf("not an error")).toBeNull();
    expect(outageOf(null)).toBeNull();
  });

  it("notes an outage for its request and for /healthz, and says it in the driver's words", () => {
    const request = new Request("http://localhost/pesanan", { method: "POST" });
    const full = failedQuery(withCode('could not extend file "base/5/1": No space left on device', "53100"));
    expect(noteOutage(new Request("http://localhost/produk"), new Error("boom"))).toBe(false);
    expect(noteOutage(request, full)).toBe(true);
    expect(requestOutage(request)).toBe("disk");
    expect(requestOutage(new Request("http://localhost/pesanan"))).toBeNull();
    expect(outageSeenWithin("disk", 1_000)).toBe(true);
    expect(outageWords(full)).toBe('could not extend file "base/5/1": No space left on device');
  });
});
