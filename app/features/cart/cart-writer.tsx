import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FETCH_MODE, type FormAnswer } from "~/lib/form-answer.ts";
import { updateCartCount, type CartDone } from "./cart-count.ts";

interface Job {
  values: Record<string, string>;
  action: string;
  done(answer: FormAnswer<CartDone> | null): void;
}

const jobs: Job[] = [];
let wake: (() => void) | null = null;

/**
 * Sends a cart write from any page ("Tambah", a stored cart moved to the server) and resolves to
 * the server's answer. The writes go one after the other through the one fetcher of CartWriter:
 * the first "Tambah" of a visitor without a cart makes the cart and its cookie, and a second tap
 * sent before that answer would make a second cart (the browser keeps one cookie). And the
 * answer updates the header's count even when the page that asked is gone.
 */
export function writeCart(
  values: Record<string, string>,
  action = "/keranjang",
): Promise<FormAnswer<CartDone> | null> {
  return new Promise((done) => {
    jobs.push({ values, action, done });
    wake?.();
  });
}

/** The job under way: its submission settles, and the fetcher then shows its answer. */
interface Sending {
  job: Job;
  settled: boolean;
  seenBusy: boolean;
  dataBefore: unknown;
}

/**
 * Rendered once, by the root: carries out `writeCart`'s queue. A job is done only once its own
 * submission has settled: a render that predates the fetcher's "submitting" state (router updates
 * are transitions) must not take the job for answered, or the next submit would abort it.
 */
export function CartWriter() {
  const fetcher = useFetcher<FormAnswer<CartDone>>({ key: "keranjang-tulis" });
  const current = useRef<Sending | null>(null);
  const [queued, setQueued] = useState(0);

  useEffect(() => {
    wake = () => setQueued((count) => count + 1);
    wake();
    return () => {
      wake = null;
    };
  }, []);

  useEffect(() => {
    const sending = current.current;
    if (sending) {
      if (fetcher.state !== "idle") sending.seenBusy = true;
      const answered = sending.seenBusy || fetcher.data !== sending.dataBefore;
      if (!sending.settled || fetcher.state !== "idle" || !answered) return;
      current.current = null;
      const answer = fetcher.data ?? null;
      if (answer?.status === "success") updateCartCount(answer.cart);
      sending.job.done(answer);
    }
    const next = jobs.shift();
    if (!next) return;
    const entry: Sending = { job: next, settled: false, seenBusy: false, dataBefore: fetcher.data };
    current.current = entry;
    void fetcher
      .submit(
        { ...next.values, [FETCH_MODE.name]: FETCH_MODE.value },
        { method: "post", action: next.action },
      )
      .finally(() => {
        entry.settled = true;
        wake?.();
      });
  }, [fetcher, fetcher.state, fetcher.data, queued]);

  return null;
}
