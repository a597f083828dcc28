/**
 * Pages the app keeps for visitors without cookies, sent before React Router runs: such a request
 * is nobody's, so its answer is the cached page with a fresh nonce, already compressed
 * (app/lib/page-cache.server.ts `answerWithoutCookies`; docs/decisions/0031-compressed-page-cache.md).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { requestUrl } from "./react-router-handler.ts";

interface PageAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array[];
}

type AnswerWithoutCookies = (url: URL, acceptEncoding: string | null) => Promise<PageAnswer | null>;

/** Resolves true once it has sent a cached page, false when React Router is to answer. */
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
    // The pieces go out together (one writev), none of them copied.
    response.cork();
    for (const piece of answer.body) response.write(piece);
    response.end();
    return true;
  };
}
