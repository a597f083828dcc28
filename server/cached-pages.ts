// Cached pages for visitors without cookies, sent before React Router with a fresh nonce (0031).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { requestUrl } from "./react-router-handler.ts";

interface PageAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array[];
}

type AnswerWithoutCookies = (url: URL, acceptEncoding: string | null) => Promise<PageAnswer | null>;

export function createCachedPages(build: ServerBuild) {
  const { answerWithoutCookies } = build.entry.module as { answerWithoutCookies?: AnswerWithoutCookies };
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    if (!answerWithoutCookies || request.method !== "GET" || request.headers.cookie !== undefined)
      return false;
    const answer = await answerWithoutCookies(
      requestUrl(request),
      request.headers["accept-encoding"] ?? null,
    );
    if (!answer) return false;
    response.writeHead(answer.status, answer.headers.flat());
    response.cork();
    for (const piece of answer.body) response.write(piece);
    response.end();
    return true;
  };
}
