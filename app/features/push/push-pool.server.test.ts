import { afterEach, describe, expect, it, vi } from "vitest";
import { PushPool, POOL_LIMITS, type JobResult } from "./push-pool.server.ts";
import type { PushOutcome } from "./send-push.server.ts";

// The push pool (0047) with pushes whose answers the test gives.
const LIMITS = {
  ...POOL_LIMITS,
  size: 6,
  perHost: 4,
  queue: 8,
  ahead: 2,
  firstPauseMs: 200,
  longestPauseMs: 800,
};

interface Handle {
  origin: string;
  answer(outcome: PushOutcome): void;
  result: Promise<JobResult>;
}

function jobsOn(pool: PushPool) {
  const running: Handle[] = [];
  const submit = (origin: string): Handle => {
    let answer!: (outcome: PushOutcome) => void;
    let done!: (result: JobResult) => void;
    const handle: Handle = {
      origin,
      answer: (outcome) => answer(outcome),
      result: new Promise<JobResult>((resolve) => (done = resolve)),
    };
    pool.submit({
      origin,
      run: () =>
        new Promise<PushOutcome>((resolve) => {
          running.push(handle);
          answer = resolve;
        }),
      done,
    });
    return handle;
  };
  return { submit, running };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const timeout: PushOutcome = { kind: "retry", error: "timeout" };
const A = "https://a.push.example";
const B = "https://b.push.example";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the push pool", () => {
  it("runs at most 4 pushes per host and 6 in all; its room is its free places and 2 more", async () => {
    const pool = new PushPool(LIMITS);
    const { submit, running } = jobsOn(pool);
    expect(pool.room()).toBe(8);
    for (let index = 0; index < 6; index++) submit(A);
    for (let index = 0; index < 3; index++) submit(B);
    await tick();
    expect(running.filter((job) => job.origin === A)).toHaveLength(4);
    expect(running.filter((job) => job.origin === B)).toHaveLength(2);
    expect(pool.room()).toBe(0);
    running.find((job) => job.origin === B)!.answer({ kind: "sent" });
    await tick();
    // The place goes to the first waiting push whose host is below its share: not an A one.
    expect(running.filter((job) => job.origin === B)).toHaveLength(3);
    expect(running.filter((job) => job.origin === A)).toHaveLength(4);
  });

  it("pauses a host after 3 failures in a row, puts off its waiting pushes, then tries one at a time", async () => {
    const paused: string[] = [];
    const pool = new PushPool(LIMITS, { onPause: (origin) => paused.push(origin) });
    const { submit, running } = jobsOn(pool);
    const jobs = Array.from({ length: 10 }, () => submit(A));
    const other = submit(B);
    await tick();
    for (const job of running.slice(0, 3)) job.answer(timeout);
    await tick();
    expect(paused).toEqual([A]);
    for (const job of jobs.slice(7)) expect(await job.result).toMatchObject({ kind: "deferred" });
    expect(pool.paused().map((host) => host.origin)).toEqual([A]);
    expect(await submit(A).result).toMatchObject({ kind: "deferred" });
    other.answer({ kind: "sent" });
    expect(await other.result).toEqual({ kind: "done", outcome: { kind: "sent" } });

    // Those in flight when the pause began fail too: no second pause for them.
    for (const job of running.filter((job) => job.origin === A).slice(3)) job.answer(timeout);
    await tick();
    expect(paused).toEqual([A]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const before = running.length;
    submit(A);
    submit(A);
    await tick();
    expect(running.length - before).toBe(1); // probing: one at a time
    running.at(-1)!.answer(timeout);
    await tick();
    // A failed probe pauses it again, twice as long.
    expect(paused).toEqual([A, A]);
    expect(pool.paused()[0]!.seconds).toBeGreaterThan(0.3);
  });

  it("pauses a host at once for as long as its 429 asks", async () => {
    const pool = new PushPool(LIMITS);
    const { submit, running } = jobsOn(pool);
    submit(A);
    await tick();
    running[0]!.answer({ kind: "retry", error: "429 pelan-pelan", retryAfterS: 30 });
    await tick();
    const [host] = pool.paused();
    expect(host!.origin).toBe(A);
    expect(host!.seconds).toBeGreaterThan(29);
  });

  it("lets the oldest waiting push go past the queue's ceiling, and says so once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const pool = new PushPool({ ...LIMITS, size: 1, perHost: 1, queue: 3 });
    const { submit } = jobsOn(pool);
    const jobs = Array.from({ length: 10 }, () => submit(A));
    // One in flight, three waiting: the six oldest of the waiting ones were let go.
    for (const job of jobs.slice(1, 7)) expect(await job.result).toEqual({ kind: "released" });
    expect(warn.mock.calls.filter(([line]) => String(line).startsWith("Antrean push penuh"))).toHaveLength(1);
  });

  it("logs failures as one summary line however many pushes failed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const pool = new PushPool({ ...LIMITS, size: 50, perHost: 50, queue: 1000, failuresToPause: 1000 });
    const { submit, running } = jobsOn(pool);
    for (let index = 0; index < 500; index++) submit(A);
    await tick();
    for (const job of running) job.answer(index(job) % 2 ? timeout : { kind: "retry", error: "503 sibuk" });
    for (let round = 0; round < 20; round++) {
      await tick();
      for (const job of running.slice(50 * (round + 1))) job.answer(timeout);
    }
    await pool.close(0);
    expect(warn.mock.calls).toHaveLength(1);
    expect(warn.mock.calls[0]![0]).toMatch(
      /^Push sejak ringkasan terakhir: 0 terkirim, 500 gagal \(a\.push\.example: timeout ×\d+; a\.push\.example: 503 ×\d+\)\.$/,
    );
    function index(job: Handle) {
      return running.indexOf(job);
    }
  });
});
