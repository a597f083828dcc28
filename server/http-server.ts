// /healthz, the connection budget, cached pages, static files, then React Router (0015); drains on stop.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { bodyLimitFor } from "../app/lib/body-limit.ts";
import {
  budgetSettings,
  createConnectionBudget,
  isEventStream,
  type BudgetSettings,
} from "./connection-budget.ts";
import { createCachedPages } from "./cached-pages.ts";
import { answerHealth, HEALTH_PATH, type HealthSource } from "./health.ts";
import { createReactRouterHandler } from "./react-router-handler.ts";
import { SERVER_ANSWERS, sendServerAnswer } from "./server-answers.ts";
import { staticFiles } from "./static-files.ts";
import { limitParserPool } from "./stream-connections.ts";

const PARSER_POOL = 64;

export interface AppServer {
  server: http.Server;
  drain(graceMs: number): Promise<void>;
}

function staticApp(build: ServerBuild, reactRouter: ReturnType<typeof createReactRouterHandler>) {
  const app = express();
  app.disable("x-powered-by");
  // Only pages drawn per request get here; gzip level 4 is the CPU trade of decision 0045.
  app.use(compression({ level: 4 }));
  app.use(staticFiles(path.resolve(build.assetsBuildDirectory)));
  app.all("/{*splat}", (request, response, next) => {
    reactRouter(request, response).catch(next);
  });
  return app;
}

// No query string: it can carry secrets (an order's `?kunci=`, Google's `code`) that logs must not keep.
export function answerLogLine(request: IncomingMessage, response: ServerResponse, started: number): string {
  const size = response.getHeader("content-length") ?? "-";
  const ms = (performance.now() - started).toFixed(1);
  const path = (request.url ?? "/").split("?")[0];
  return `${request.method} ${path} ${response.statusCode} ${size} - ${ms} ms`;
}

export function createAppServer(
  build: ServerBuild,
  health: HealthSource,
  budget: BudgetSettings = budgetSettings(),
): AppServer {
  limitParserPool(PARSER_POOL);
  const reactRouter = createReactRouterHandler(build);
  const app = staticApp(build, reactRouter);
  const cachedPages = createCachedPages(build);
  const connections = createConnectionBudget(budget);
  let inFlight = 0;
  let stopping = false;
  let drained: (() => void) | null = null;

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    inFlight += 1;
    response.once("close", () => {
      inFlight -= 1;
      if (stopping && inFlight === 0) drained?.();
    });
    response.once("finish", () => console.log(answerLogLine(request, response, started)));
    const pathname = (request.url ?? "/").split("?")[0];
    if (pathname === HEALTH_PATH) return void answerHealth(request, response, health);
    if (stopping) return sendServerAnswer(request, response, SERVER_ANSWERS.stopping);
    connections.admit(request, response, () => {
      // An event stream stays open for hours: no static files, no compression wrapped around it.
      if (!isEventStream(request)) {
        return void cachedPages(request, response).then(
          (sent) => sent || app(request, response),
          () => app(request, response),
        );
      }
      reactRouter(request, response).catch((error: unknown) => {
        console.error(error);
        if (response.headersSent) response.destroy();
        else response.writeHead(500).end();
      });
    });
  };

  const server = http.createServer(listener);
  // A client asking first (Expect: 100-continue) and announcing more than the limit gets its 413 unsent.
  server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    const declared = Number(request.headers["content-length"]);
    if (declared > bodyLimitFor((request.url ?? "/").split("?")[0]!)) {
      response.setHeader("Connection", "close");
    } else {
      response.writeContinue();
    }
    listener(request, response);
  });

  return {
    server,
    drain(graceMs) {
      stopping = true;
      connections.stop();
      server.close();
      server.closeIdleConnections();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(deadline);
          server.closeAllConnections();
          connections.endStreams();
          resolve();
        };
        const deadline = setTimeout(done, graceMs);
        if (inFlight === 0) done();
        else drained = done;
      });
    },
  };
}
