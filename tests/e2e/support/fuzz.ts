import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";

/**
 * The security suite's input generator (security-fuzz*.spec.ts): seeded, so a failure can be
 * replayed with FUZZ_SEED; FUZZ_INPUTS sets the inputs per action (500 by default).
 */
export const INPUTS_PER_ACTION = Number(process.env.FUZZ_INPUTS || 500);
export const STACK_TRACE = /\bat [^\n]*\((?:file:\/\/|\/)[^)]*:\d+:\d+\)|node_modules\/|\/work\//;

/** mulberry32: small, seedable, good enough to pick inputs. */
function random(seedValue: number) {
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
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"__proto__":{"admin":true}}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "%' OR 1=1 --",
  "\\",
  "%_%",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
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
  "delete",
  "read",
  "read-all",
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
}

export type Fuzzer = ReturnType<typeof createFuzzer>;

/**
 * A generator of hostile inputs. `tag` marks the e-mail addresses it makes, so a test can find
 * what got through. `extraStrings` are values that mean something to the action under test (real
 * ids, intents), mixed in so that some inputs reach past the first check.
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

  /** One generated request body for an action with the given field names. */
  function fuzzBody(
    fields: readonly string[],
    options: { extraStrings?: readonly string[]; file?: () => FilePart } = {},
  ): Body {
    const extra = options.extraStrings ?? [];
    const shape = rand();
    const chosen = fields.filter(() => rand() < 0.8);
    if (rand() < 0.15) chosen.push(pick(["mode", "intent", "__proto__", "constructor", "x".repeat(300), ""]));
    if (shape < 0.6) {
      const pairs: [string, string][] = chosen.map((name) => [name, fuzzString(extra)]);
      if (rand() < 0.2 && pairs.length > 0) pairs.push([pick(pairs)[0], fuzzString(extra)]); // duplicated field
      return { kind: "form", pairs };
    }
    if (shape < 0.7) {
      const value: Record<string, unknown> = {};
      for (const name of chosen)
        value[name] = pick([fuzzString(extra), 42, true, null, [fuzzString()], { a: 1 }]);
      return { kind: "json", value: rand() < 0.2 ? pick([[], "teks", 123, null]) : value };
    }
    if (shape < 0.9) {
      const entries: [string, string | FilePart][] = chosen.map((name) => [name, fuzzString(extra)]);
      if (options.file && rand() < 0.7) entries.push(["foto", options.file()]);
      return { kind: "multipart", fields: Object.fromEntries(entries) };
    }
    return { kind: "text", value: fuzzString(extra) };
  }

  return { rand, pick, fuzzString, fuzzBody };
}

export function send(client: APIRequestContext, path: string, body: Body): Promise<APIResponse> {
  const options = { maxRedirects: 0, timeout: 30_000 };
  switch (body.kind) {
    case "form":
      return client.post(path, {
        ...options,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: new URLSearchParams(body.pairs).toString(),
      });
    case "json":
      return client.post(path, {
        ...options,
        data: JSON.stringify(body.value),
        headers: { "content-type": "application/json" },
      });
    case "multipart":
      return client.post(path, { ...options, multipart: body.fields });
    case "text":
      return client.post(path, { ...options, data: body.value, headers: { "content-type": "text/plain" } });
  }
}

/** The value a form-like body gives a field first (what the server's `form.get` reads), if any. */
export function firstValue(body: Body, name: string): string | undefined {
  if (body.kind === "form") return body.pairs.find(([field]) => field === name)?.[1];
  if (body.kind === "multipart") {
    const value = body.fields[name];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}

/**
 * Sends `INPUTS_PER_ACTION` generated bodies to `path`: every answer must be below 500 and free of
 * stack traces. `makeBody` defaults to the generator's `fuzzBody(fields)`.
 */
export async function fuzz(
  client: APIRequestContext,
  path: string,
  seed: number,
  makeBody: () => Body,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < INPUTS_PER_ACTION; i++) {
    const body = makeBody();
    const response = await send(client, path, body);
    const status = response.status();
    const text = await response.text();
    const label = `seed ${seed}, input ${i} to ${path}: ${JSON.stringify(body, (key, value: unknown) =>
      key === "buffer" ? "<file>" : value,
    ).slice(0, 300)}`;
    expect(status, label).toBeLessThan(500);
    expect(text, label).not.toMatch(STACK_TRACE);
    outcomes.push({ body, status });
  }
  return outcomes;
}
