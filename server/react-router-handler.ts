/**
 * Node's request → React Router → Node's response, as @react-router/express does, with the
 * request body held to its URL's limit while it streams in (request-body.ts). When the limit
 * was passed, the client gets 413 and the limit's message whatever the route made of it: a route
 * that reads the body its own way and fails still answers 413, never 500.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import { BODY_TOO_LARGE_MESSAGES, bodyLimitFor, bodyLimitKind } from "../app/lib/body-limit.ts";
import { guardBody } from "./request-body.ts";

export function requestUrl(request: IncomingMessage): URL {
  // The Host header as @react-router/express reads it: up to any character that ends a host.
  const host = (request.headers.host ?? "").split(/[\\/?#@]/)[0] || "localhost";
  const target = request.url?.startsWith("/") ? request.url : "/";
  try {
    return new URL(`http://${host}${target}`);
  } catch {
    return new URL(`http://localhost${target}`);
  }
}

function requestHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The answer past the body limit when the route did not give one itself. */
function tooLargeAnswer(message: string): Response {
  const page = `<!doctype html><html lang="id"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Terlalu besar</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>Terlalu besar</h1><p>${message}</p><p><a href="/beranda">Kembali ke beranda</a></p></body></html>`;
  return new Response(page, {
    status: 413,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

async function send(response: ServerResponse, answer: Response) {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.statusCode = answer.status;
  if (answer.statusText) response.statusMessage = answer.statusText;
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie") continue;
    response.setHeader(name, value);
  }
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader("set-cookie", cookies);
  if (!answer.body) {
    response.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}

export function createReactRouterHandler(build: ServerBuild) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = requestUrl(request);
    const body = guardBody(request, bodyLimitFor(url.pathname));
    response.once("finish", body.discardRest);
    const controller = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) controller.abort();
    });
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: requestHeaders(request),
      signal: controller.signal,
    };
    if (body.stream) {
      init.body = body.stream;
      init.duplex = "half";
    }
    let answer = await handle(new Request(url, init));
    if (body.exceeded && answer.status !== 413) {
      await answer.body?.cancel();
      answer = tooLargeAnswer(BODY_TOO_LARGE_MESSAGES[bodyLimitKind(url.pathname)]);
    }
    await send(response, answer);
  };
}
