/**
 * The checkout's details checked in the browser with the schema the server uses
 * (checkout-details.ts). The schema is loaded when the customer starts on the form, not with the
 * page: the storefront's first-load JavaScript has its budget (docs/decisions/0022).
 */
import { useState } from "react";
import type * as Schema from "./checkout-details.ts";
import type { DetailErrors } from "./checkout-details.ts";

let schema: typeof Schema | null = null;
const load = () => import("./checkout-details.ts").then((module) => (schema = module));

export function useDetailsCheck(slots: readonly { value: string }[]) {
  const [errors, setErrors] = useState<DetailErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const verdict = (form: HTMLFormElement) => {
    const result = schema!.parseCheckoutDetails(
      Object.fromEntries(new FormData(form)),
      slots.map((slot) => slot.value),
    );
    if (result.ok) {
      setErrors({});
      setMessage(null);
      return true;
    }
    setErrors(result.errors);
    setMessage(result.message);
    // The first field with a message is where the customer continues.
    const first = Object.keys(result.errors)[0];
    if (first) requestAnimationFrame(() => document.getElementById(`f-${first}`)?.focus());
    return false;
  };

  return {
    /** Each field's message from the last check in this page ({} once they hold). */
    errors,
    /** The first of them, for the line above the form. */
    message,
    preload: () => void load(),
    /**
     * Whether the details hold: at once when the schema is here, else once it has loaded. Should
     * it fail to load, the server's check (the same schema) answers instead.
     */
    check: (form: HTMLFormElement): boolean | Promise<boolean> => {
      if (schema) return verdict(form);
      return load().then(
        () => verdict(form),
        () => true,
      );
    },
  };
}

/** The details' check with what it said: a page may hold it, so it works before the fields' code. */
export type DetailsChecker = ReturnType<typeof useDetailsCheck>;
