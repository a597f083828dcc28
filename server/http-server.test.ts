import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { answerLogLine } from "./http-server.ts";

describe("the access log", () => {
  it("keeps the path and leaves out the query string, where secrets travel", () => {
    const request = { method: "GET", url: "/pesanan/NY-7K3Q?kunci=rahasia-sekali" } as IncomingMessage;
    const response = { statusCode: 303, getHeader: () => undefined } as unknown as ServerResponse;
    const line = answerLogLine(request, response, performance.now());
    expect(line).toMatch(/^GET \/pesanan\/NY-7K3Q 303 - - \d+\.\d ms$/);
    expect(line).not.toContain("rahasia");
  });
});
