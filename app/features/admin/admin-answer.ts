/**
 * What the catalog and store admin pages' actions answer, typed once for the action that writes
 * it (admin-answer.server.ts) and the page that reads it.
 */
import type { SubmissionResult } from "@conform-to/react";

export interface AdminAnswer {
  status: "success" | "error";
  /** Which of the page's forms answered (`create`, `update`, `delete`, `habis`, `save`, …). */
  intent: string;
  /** The line under that form: what was saved, or why not (Indonesian). */
  message: string;
  /**
   * Conform's reply to a form with fields: each field's messages, and the values to show again
   * in a page rendered without JavaScript. None for a row's button (delete, sold out).
   */
  result?: SubmissionResult<string[]>;
}

/** The answer `answer` holds for the form `intent`, if any. */
export const answerFor = (answer: AdminAnswer | undefined, intent: string) =>
  answer?.intent === intent ? answer : undefined;
