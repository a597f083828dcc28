import { useForm, type DefaultValue } from "@conform-to/react";
import type { z } from "zod";
import { validateForm } from "~/lib/form-schema.ts";
import { answerFor, type AdminAnswer } from "./admin-answer.ts";

/**
 * Conform for one admin form: the page checks the form with the schema the action uses (errors
 * beside each field, no round trip), and the action's answer for this form's `intent` shows its
 * messages and, in a page rendered without JavaScript, the values that were sent.
 */
export function useAdminForm<T extends z.ZodObject>({
  id,
  schema,
  intent,
  answer,
  defaultValue,
}: {
  id: string;
  schema: T;
  intent: string;
  answer: AdminAnswer | undefined;
  defaultValue?: DefaultValue<z.output<T>>;
}) {
  return useForm<z.output<T>>({
    id,
    lastResult: answerFor(answer, intent)?.result,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateForm(formData, schema),
  });
}
