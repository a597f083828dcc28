/** The root's cart writer (cart-writer.tsx): one fetcher per write, fetched at the page's first use. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useSubmit } from "react-router";
import { FETCH_MODE, type FormAnswer } from "~/lib/form-answer.ts";
import { updateCartCount, type CartDone } from "./cart-count.ts";
import { NEW_CART_FIELD } from "./cart-form.ts";
import { startCartWrites, type CartAnswer, type CartWrite } from "./cart-writer.ts";

let pageCart: string | undefined;

export default function CartWriter() {
  const submit = useSubmit();
  const [sent, setSent] = useState<CartWrite[]>([]);
  useLayoutEffect(() => {
    startCartWrites((write) => {
      setSent((list) => [...list, write]);
      pageCart ??= Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) =>
        byte.toString(16).padStart(2, "0"),
      ).join("");
      void submit(
        { ...write.values, [NEW_CART_FIELD]: pageCart, [FETCH_MODE.name]: FETCH_MODE.value },
        { method: "post", action: write.action, navigate: false, fetcherKey: write.key },
      ).finally(() =>
        setSent((list) => list.map((entry) => (entry === write ? { ...write, settled: true } : entry))),
      );
    });
  }, [submit]);
  const finish = (write: CartWrite, answer: CartAnswer) => {
    setSent((list) => list.filter((entry) => entry.key !== write.key));
    if (answer?.status === "success") updateCartCount(answer.cart);
    write.done(answer);
  };
  return sent.map((write) => <WriteAnswer key={write.key} write={write} onAnswer={finish} />);
}

// A fetcher nobody reads forgets its data: this one holds it until the answer is in.
function WriteAnswer({
  write,
  onAnswer,
}: {
  write: CartWrite;
  onAnswer(write: CartWrite, answer: CartAnswer): void;
}) {
  const fetcher = useFetcher<FormAnswer<CartDone>>({ key: write.key });
  const answered = useRef(false);
  useEffect(() => {
    if (answered.current || fetcher.state !== "idle" || (fetcher.data === undefined && !write.settled))
      return;
    answered.current = true;
    onAnswer(write, fetcher.data ?? null);
  });
  return null;
}
