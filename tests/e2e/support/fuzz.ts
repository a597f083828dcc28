import { expect } from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/**
 * The security suite's shared tools (security-*.spec.ts): a seeded input generator (a failure can
 * be replayed with FUZZ_SEED), the sender that checks every answer, what an answer must never
 * contain, and sign-in without a browser (the ALTCHA proof of work solved here, like the widget
 * does; Google through the local OpenID provider).
 */

/** At least 500 inputs per action and intent; FUZZ_INPUTS may raise it, never lower it. */
export const MIN_INPUTS = 500;
export const INPUTS_PER_ACTION = Math.max(MIN_INPUTS, Math.floor(Number(process.env.FUZZ_INPUTS) || 0));

/**
 * A stack frame, a module path or a file of this machine: an internal error leaked. Every
 * repetition is bounded, so a 200 KB answer echoing a generated input is checked in linear time
 * (an unbounded `[\w-]+\.server` took minutes on a line of 200,000 letters).
 */
export const STACK_TRACE =
  /\bat [^\n()]{0,300}\((?:file:\/\/|\/)[^)\n]{0,300}:\d+:\d+\)|\n\s{1,20}at \S[^\n]{0,300}:\d+:\d+|node_modules[/\\]|file:\/\/\/|(?:^|[\s"'(=])\/(?:work|home|root|tmp|usr|opt|srv|var\/lib)\/[\w.-]+\/|\w\.server\.tsx?\b|\.tsx?:\d+:\d+/;
export const BCRYPT = /\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/;
export const SESSION_COOKIE = "__Host-nyala_session";
export const PASSWORD = "rahasia123";

/** Numbers that break a careless parser or an int4 column, for every id and number field. */
export const NUMBERS = [
  "0",
  "-1",
  "-0",
  "1.5",
  "1.0",
  " 1",
  "1e3",
  "0x10",
  "1e309",
  "Infinity",
  "NaN",
  "2147483647",
  "2147483648",
  "3000000000",
  "-2147483649",
  "9007199254740993",
  "99999999999999999999999",
];

/** mulberry32: small, seedable, good enough to pick inputs. */
export function random(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PAYLOADS = [
  "",
  " ",
  "   \t  ",
  "a",
  "on",
  "off",
  "true",
  ...NUMBERS,
  "null",
  "undefined",
  "[]",
  "{}",
  '{"__proto__":{"admin":true}}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "1 OR 1=1",
  "%' OR 1=1 --",
  "\\",
  "%_%",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "//penyerang.example",
  "https://penyerang.example/",
  "/\\penyerang.example",
  "../../../../etc/passwd",
  "\u0000",
  "a\u0000b",
  "\u0007\u0008\u001b[31m",
  "\r\n\r\nSet-Cookie: x=y",
  "🌶️🔥🍜",
  "𝕄𝕚𝕖 ℕ𝕪𝕒𝕝𝕒",
  "مرحبا",
  "e\u0301\u0301\u0301",
  "\ud800",
  "\ufeff",
  "Budi Santoso",
  "rahasia123",
  "admin@nyala.test",
  "ADMIN@NYALA.TEST",
  "bukan-email",
  "a@b",
  "create",
  "update",
  "delete",
  "read",
  "read-all",
  "save",
  "fetch",
];

export type Body =
  | { kind: "form"; pairs: [string, string][] }
  | { kind: "json"; value: unknown }
  | { kind: "multipart"; fields: Record<string, string | FilePart> }
  | { kind: "text"; value: string };

export interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface Outcome {
  body: Body;
  status: number;
  /** The URL it was sent to: the page (a form post without JavaScript) or its `.data` (a fetcher). */
  url: string;
  location: string | undefined;
  /** The session cookie's value this answer set ("" when it cleared it), if it touched it. */
  session: string | undefined;
}

export interface FuzzOptions {
  /** Fields that name a row: given a real id, a number from NUMBERS, or junk. */
  idFields?: readonly string[];
  ids?: readonly string[];
  extraStrings?: readonly string[];
  file?: () => FilePart;
}

export type Fuzzer = ReturnType<typeof createFuzzer>;

/**
 * A generator of hostile inputs. `tag` marks the e-mail addresses it makes, so a test can find
 * what got through. `extraStrings` are values that mean something to the action under test,
 * and `ids` its real ids, mixed in so that some inputs reach past the first check.
 */
export function createFuzzer(seed: number, tag: string) {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

  function fuzzString(extraStrings: readonly string[] = []): string {
    const kind = rand();
    if (extraStrings.length > 0 && kind < 0.2) return pick(extraStrings);
    if (kind < 0.55) return pick(PAYLOADS);
    if (kind < 0.65)
      return pick(PAYLOADS)
        .repeat(1 + Math.floor(rand() * 2000))
        .slice(0, 100_000);
    if (kind < 0.75) return "x".repeat(pick([49, 50, 51, 99, 100, 101, 255, 256, 1000, 10_000, 200_000]));
    if (kind < 0.85) return `${tag}.${Math.floor(rand() * 1e6)}@contoh.test`;
    if (kind < 0.93) {
      let text = "";
      const length = Math.floor(rand() * 40);
      for (let i = 0; i < length; i++) text += String.fromCodePoint(Math.floor(rand() * 0x2ffff));
      return text;
    }
    return String(Math.floor(rand() * 2 ** 31) * (rand() < 0.5 ? -1 : 1));
  }

  /** A value for a field that names a row: mostly a real id or a number past int4. */
  function fuzzId(ids: readonly string[] = []): string {
    const kind = rand();
    if (ids.length > 0 && kind < 0.45) return pick(ids);
    if (kind < 0.8) return pick(NUMBERS);
    return fuzzString();
  }

  function value(name: string, options: FuzzOptions): string {
    if ((options.idFields ?? ["id", "userId"]).includes(name) && rand() < 0.7) return fuzzId(options.ids);
    return fuzzString(options.extraStrings);
  }

  /** One generated request body for an action with the given field names. */
  function fuzzBody(fields: readonly string[], options: FuzzOptions = {}): Body {
    const shape = rand();
    const chosen = fields.filter(() => rand() < 0.8);
    if (rand() < 0.15) chosen.push(pick(["mode", "intent", "__proto__", "constructor", "x".repeat(300), ""]));
    if (shape < 0.6) {
      const pairs: [string, string][] = chosen.map((name) => [name, value(name, options)]);
      if (rand() < 0.2 && pairs.length > 0) pairs.push([pick(pairs)[0], fuzzString(options.extraStrings)]); // duplicated field
      return { kind: "form", pairs };
    }
    if (shape < 0.7) {
      const json: Record<string, unknown> = {};
      for (const name of chosen)
        json[name] = pick([value(name, options), 42, 3e9, true, null, [fuzzString()], { a: 1 }]);
      return { kind: "json", value: rand() < 0.2 ? pick([[], "teks", 123, null]) : json };
    }
    if (shape < 0.9) {
      const entries: [string, string | FilePart][] = chosen.map((name) => [name, value(name, options)]);
      if (options.file && rand() < 0.7) entries.push(["foto", options.file()]);
      return { kind: "multipart", fields: Object.fromEntries(entries) };
    }
    return { kind: "text", value: fuzzString(options.extraStrings) };
  }

  /**
   * A generated body that names `intent` (the first `intent` field, in every encoding), the
   * other fields fuzzed: each intent of an action gets inputs of its own.
   */
  function intentBody(intent: string, fields: readonly string[], options: FuzzOptions = {}): Body {
    const body = fuzzBody(
      fields.filter((name) => name !== "intent"),
      options,
    );
    switch (body.kind) {
      case "form":
        return { kind: "form", pairs: [["intent", intent], ...body.pairs] };
      case "multipart":
        // First in the body and not overwritten by a generated `intent` field.
        return { kind: "multipart", fields: Object.assign({ intent }, body.fields, { intent }) };
      case "json":
        return {
          kind: "json",
          value:
            body.value && typeof body.value === "object" && !Array.isArray(body.value)
              ? Object.assign({ intent }, body.value, { intent })
              : { intent, data: body.value },
        };
      case "text":
        return { kind: "text", value: `intent=${intent}&${body.value}` };
    }
  }

  return { rand, pick, fuzzString, fuzzId, fuzzBody, intentBody };
}

/** The `.data` URL React Router's fetchers and client navigations use for a page. */
export function dataUrl(path: string): string {
  const [pathname = "/", search] = path.split(/\?(.*)/s);
  const data =
    pathname === "/" ? "/_.data" : pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`;
  return search === undefined ? data : `${data}?${search}`;
}

/** An answer as the suite reads it: status, headers (lower-case names, in order) and body. */
export interface Answer {
  status: number;
  headers: [string, string][];
  text: string;
  /** The first value of a header. */
  header(name: string): string | undefined;
}

function requestInit(body: Body): { body: BodyInit; headers: Record<string, string> } {
  switch (body.kind) {
    case "form":
      return {
        body: new URLSearchParams(body.pairs).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    case "json":
      return { body: JSON.stringify(body.value), headers: { "content-type": "application/json" } };
    case "text":
      return { body: body.value, headers: { "content-type": "text/plain" } };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.fields)) {
        if (typeof value === "string") form.append(name, value);
        else
          form.append(name, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
      }
      return { body: form, headers: {} };
    }
  }
}

/**
 * A visitor without a browser: Node's fetch, redirects not followed, and a cookie jar just big
 * enough for this site's cookies (it keeps what Set-Cookie gives and drops what it clears).
 * Faster than Playwright's request context, which sends every request through its driver.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  readonly baseURL: string;

  constructor(baseURL: string) {
    this.baseURL = baseURL;
  }

  /** The session cookie's value, if signed in. */
  get session(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  async request(
    method: string,
    path: string,
    {
      body,
      headers = {},
      timeout = 30_000,
    }: { body?: Body; headers?: Record<string, string>; timeout?: number } = {},
  ): Promise<Answer> {
    const init = body ? requestInit(body) : undefined;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(new URL(path, this.baseURL), {
      method,
      body: init?.body,
      headers: { ...(cookie ? { cookie } : {}), ...init?.headers, ...headers },
      redirect: "manual",
      signal: AbortSignal.timeout(timeout),
    });
    const text = method === "HEAD" ? "" : await response.text();
    const answerHeaders: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") answerHeaders.push([name, value]);
    });
    for (const value of response.headers.getSetCookie()) {
      answerHeaders.push(["set-cookie", value]);
      // Only cookies of this host's own path ("/") reach here; that is all this site sets.
      const [pair = "", ...attributes] = value.split(";");
      const [name = "", ...rest] = pair.split("=");
      const cleared = rest.join("=") === "" || attributes.some((item) => /^\s*max-age=0\s*$/i.test(item));
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), rest.join("="));
    }
    return {
      status: response.status,
      headers: answerHeaders,
      text,
      header: (name) => answerHeaders.find(([key]) => key === name.toLowerCase())?.[1],
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, { headers });
  }

  post(path: string, body: Body, headers?: Record<string, string>) {
    return this.request("POST", path, { body, headers });
  }

  /** A form as the page's own form would send it. */
  form(path: string, fields: Record<string, string>, headers?: Record<string, string>) {
    return this.post(path, { kind: "form", pairs: Object.entries(fields) }, headers);
  }
}

/** The value a body gives a field first (what the server's `form.get` reads), if any. */
export function firstValue(body: Body, name: string): string | undefined {
  if (body.kind === "form") return body.pairs.find(([field]) => field === name)?.[1];
  if (body.kind === "multipart") {
    const value = body.fields[name];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}

/** The intent a body names in any encoding (for counting each intent's inputs). */
export function namedIntent(body: Body): string | undefined {
  if (body.kind === "json")
    return body.value && typeof body.value === "object" && "intent" in body.value
      ? String((body.value as { intent: unknown }).intent)
      : undefined;
  if (body.kind === "text") return /^intent=([^&]*)/.exec(body.value)?.[1];
  return firstValue(body, "intent");
}

/** The session cookie an answer sets: its value, "" when it clears it, undefined when untouched. */
export function sessionSet(answer: Answer): string | undefined {
  for (const [name, value] of answer.headers) {
    if (name !== "set-cookie") continue;
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(value);
    if (match) return match[1] ?? "";
  }
  return undefined;
}

export const describe = (body: Body) =>
  JSON.stringify(body, (key, value: unknown) => (key === "buffer" ? "<file>" : value)).slice(0, 300);

/**
 * Checks one answer: below 500, and no stack trace, file path or password hash in its body or
 * headers. Returns the body text.
 */
export function expectNoLeak(answer: Answer, label: string): string {
  const headers = JSON.stringify(answer.headers.filter(([name]) => name !== "set-cookie"));
  expect(answer.status, label).toBeLessThan(500);
  for (const [part, content] of [
    ["body", answer.text],
    ["headers", headers],
  ] as const) {
    expect(content, `${label}: ${part} with a stack trace or file path`).not.toMatch(STACK_TRACE);
    expect(content, `${label}: ${part} with a password hash`).not.toMatch(BCRYPT);
  }
  return answer.text;
}

/**
 * Sends generated bodies to `path` — `count` of them from `makeBody`, or the given list — a share
 * (`data`, default 0.8) to its `.data` URL as the page's fetchers do, the rest as a form post
 * without JavaScript, with up to `concurrency` in flight (1 when the order matters). Every answer
 * goes through `expectNoLeak`.
 */
export async function fuzz(
  client: Client,
  path: string,
  seed: number,
  bodies: (() => Body) | Body[],
  { count = INPUTS_PER_ACTION, concurrency = 2, data = 0.8 } = {},
): Promise<Outcome[]> {
  if (typeof bodies === "function") {
    expect(count, "inputs per action").toBeGreaterThanOrEqual(MIN_INPUTS);
    bodies = Array.from({ length: count }, bodies);
  }
  const pickUrl = random(seed ^ path.length);
  const planned = bodies.map((body) => ({ body, url: pickUrl() < data ? dataUrl(path) : path }));
  const outcomes: Outcome[] = new Array(planned.length);
  let next = 0;
  const worker = async () => {
    while (next < planned.length) {
      const index = next++;
      const { body, url } = planned[index]!;
      const label = `seed ${seed}, input ${index} to ${url}: ${describe(body)}`;
      const answer = await client.post(url, body).catch((error: unknown) => {
        throw new Error(
          `${label}: ${error instanceof Error ? `${error.message} (${String((error as { cause?: unknown }).cause)})` : String(error)}`,
        );
      });
      expectNoLeak(answer, label);
      outcomes[index] = {
        body,
        url,
        status: answer.status,
        location: answer.header("location"),
        session: sessionSet(answer),
      };
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Object.assign(outcomes, { elapsedMs: Date.now() - started });
}

/** How a run was answered, in the report: `path (seed): 200×12 400×300 …`. */
export function summary(label: string, seed: number, outcomes: Outcome[] & { elapsedMs?: number }): string {
  const byStatus = new Map<number, number>();
  for (const { status } of outcomes) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const counts = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  const time = outcomes.elapsedMs === undefined ? "" : `, ${(outcomes.elapsedMs / 1000).toFixed(1)} s`;
  return `${label} (seed ${seed}): ${counts}${time}`;
}

// ------------------------------------------------------------------ signing in without a browser

/** A fresh ALTCHA challenge from the server, solved here: the token the login form would send. */
export async function solvedCaptcha(client: Client): Promise<string> {
  const answer = await client.get("/captcha/altcha");
  expect(answer.status, "ALTCHA challenge").toBe(200);
  const challenge = JSON.parse(answer.text);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the ALTCHA challenge");
  const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/**
 * Registers an account by the form's own request (setup, not under test) on `client`'s server,
 * from a client of its own: registering signs in, and `client` stays as it was.
 */
export async function register(client: Client, email: string, nama: string) {
  const answer = await new Client(client.baseURL).form("/daftar", {
    nama,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    mode: "fetch",
  });
  expect(answer.status, `register ${email}: ${answer.text.slice(0, 200)}`).toBe(200);
}

/** Signs `client` in through /masuk as the login form does; returns the session cookie's value. */
export async function signIn(client: Client, email: string, password = PASSWORD): Promise<string> {
  const captcha = await solvedCaptcha(client);
  const answer = await client.form("/masuk", {
    email,
    password,
    captcha,
    mode: "fetch",
    redirectTo: "/beranda",
  });
  expect(answer.status, `sign in ${email}`).toBe(200);
  expect(client.session, `session cookie for ${email}`).toMatch(/^[\w-]+\.[\w-]+$/);
  return client.session!;
}

/**
 * Signs `client` in with "Google" (the local OpenID provider's default identity, a customer),
 * following the three redirects by hand; returns the session cookie's value.
 */
export async function googleSignIn(client: Client): Promise<string> {
  const start = await client.get("/auth/google");
  expect(start.status, "/auth/google").toBe(302);
  const provider = await fetch(start.header("location")!, { redirect: "manual" });
  expect(provider.status, "provider /authorize").toBe(302);
  const callback = await client.get(provider.headers.get("location")!);
  expect(callback.status, "/auth/google/callback").toBe(302);
  expect(callback.header("location")).toMatch(/^\/masuk\?google=ok/);
  expect(client.session, "session cookie after Google").toMatch(/^[\w-]+\.[\w-]+$/);
  return client.session!;
}

// ------------------------------------------------------------------ reading `.data` answers

const SPECIAL: Record<number, unknown> = {
  [-7]: undefined,
  [-5]: null,
  [-2]: Number.NaN,
  [-6]: Number.POSITIVE_INFINITY,
  [-3]: Number.NEGATIVE_INFINITY,
  [-4]: -0,
};

/**
 * Decodes the first line of a `.data` answer (React Router's turbo-stream: one flat array of
 * values, objects as `{"_<key index>": <value index>}`), enough for loader data of plain values.
 */
export function decodeData(text: string): unknown {
  const values = JSON.parse(text.split("\n")[0]!) as unknown[];
  const decoded = new Map<number, unknown>();
  const hydrate = (index: number): unknown => {
    if (index < 0) {
      if (!(index in SPECIAL)) throw new Error(`unknown turbo-stream constant ${index}`);
      return SPECIAL[index];
    }
    if (decoded.has(index)) return decoded.get(index);
    const raw = values[index];
    let result: unknown = raw;
    if (Array.isArray(raw)) {
      if (typeof raw[0] === "string") {
        if (raw[0] !== "D") throw new Error(`unsupported turbo-stream type ${raw[0]}`);
        result = new Date(raw[1] as number);
      } else {
        const list: unknown[] = [];
        decoded.set(index, list);
        for (const item of raw as number[]) list.push(hydrate(item));
        result = list;
      }
    } else if (raw && typeof raw === "object") {
      const object: Record<string, unknown> = {};
      decoded.set(index, object);
      for (const [key, valueIndex] of Object.entries(raw as Record<string, number>))
        object[String(values[Number(key.slice(1))])] = hydrate(valueIndex);
      result = object;
    }
    decoded.set(index, result);
    return result;
  };
  return hydrate(0);
}
