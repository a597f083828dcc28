// The checkout's details checked in the browser with the server's schema, loaded on first use (0022).
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
    const first = Object.keys(result.errors)[0];
    if (first) requestAnimationFrame(() => document.getElementById(`f-${first}`)?.focus());
    return false;
  };

  return {
    errors,
    message,
    preload: () => void load(),
    // Should the schema fail to load, the server's check (the same schema) answers instead.
    check: (form: HTMLFormElement): boolean | Promise<boolean> => {
      if (schema) return verdict(form);
      return load().then(
        () => verdict(form),
        () => true,
      );
    },
  };
}

// A page may hold it, so it works before the fields' code.
export type DetailsChecker = ReturnType<typeof useDetailsCheck>;
