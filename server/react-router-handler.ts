// Node to React Router and back: past the body limit a 413 whatever the route did, an outage a 503 (0015).
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import { BODY_TOO_LARGE_MESSAGES, bodyLimitFor, bodyLimitKind } from "../app/lib/body-limit.ts";
import { guardBody } from "./request-body.ts";
import { SERVER_ANSWERS, serverAnswer, type ServerAnswer } from "./server-answers.ts";
import { releaseParser } from "./stream-connections.ts";

interface AppOutages {
  requestOutage?(request: Request): "database" | "disk" | null;
}

const EVENT_STREAM_ATTACH = Symbol.for("nyala.eventStream.attach");
type EventStreamAnswer = Response & { [EVENT_STREAM_ATTACH]?: (sink: ServerResponse) => void };

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

function ownAnswer(request: IncomingMessage, answer: ServerAnswer): Response {
  const { headers, body } = serverAnswer(request, answer);
  return new Response(body, { status: answer.status, headers });
}

async function send(response: ServerResponse, answer: Response): Promise<boolean> {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return false;
  }
  response.statusCode = answer.status;
  if (answer.statusText) response.statusMessage = answer.statusText;
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie") continue;
    response.setHeader(name, value);
  }
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader("set-cookie", cookies);
  const attach = (answer as EventStreamAnswer)[EVENT_STREAM_ATTACH];
  if (attach) {
    response.flushHeaders();
    attach(response);
    return true;
  }
  if (!answer.body) {
    response.end();
    return false;
  }
  try {
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
  return false;
}

export function createReactRouterHandler(build: ServerBuild) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  const app = build.entry.module as AppOutages;
  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = requestUrl(request);
    const body = guardBody(request, bodyLimitFor(url.pathname));
    response.once("finish", body.discardRest);
    const controller = new AbortController();
    const abort = () => {
      if (!response.writableFinished) controller.abort();
    };
    response.once("close", abort);
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: requestHeaders(request),
      signal: controller.signal,
    };
    if (body.stream) {
      init.body = body.stream;
      init.duplex = "half";
    }
    const webRequest = new Request(url, init);
    let answer = await handle(webRequest);
    const outage = answer.status >= 500 ? app.requestOutage?.(webRequest) : null;
    if (body.exceeded && answer.status !== 413) {
      await answer.body?.cancel();
      const message = BODY_TOO_LARGE_MESSAGES[bodyLimitKind(url.pathname)];
      answer = ownAnswer(request, { status: 413, title: "Terlalu besar", message });
    } else if (outage) {
      await answer.body?.cancel();
      answer = ownAnswer(request, SERVER_ANSWERS[outage]);
    }
    if (await send(response, answer)) {
      // A stream's watcher is its registration in the fan-out: nothing of the request stays.
      response.off("close", abort);
      response.off("finish", body.discardRest);
      releaseParser(request);
    }
  };
}
