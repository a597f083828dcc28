// When a promo applies: its weekdays and time window in the store's zone, inside its date range; pure.
import type { PromoRule } from "../../../database/types.ts";

export interface StoreMoment {
  day: number;
  minute: number;
}

export interface PromoWindow {
  rule: Pick<PromoRule, "days" | "time_from" | "time_until">;
  /** Instants (ms); null = open-ended. */
  active_from: number | null;
  active_until: number | null;
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function inWeeklyWindow(rule: PromoWindow["rule"], moment: StoreMoment): boolean {
  const today = rule.days.includes(moment.day);
  if (rule.time_from === null || rule.time_until === null) return today;
  const from = minutesOf(rule.time_from);
  const until = minutesOf(rule.time_until);
  if (from < until) return today && moment.minute >= from && moment.minute < until;
  // Past midnight (22.00–02.00): the early hours belong to the day the window started.
  const yesterday = rule.days.includes((moment.day + 6) % 7);
  return (today && moment.minute >= from) || (yesterday && moment.minute < until);
}

export function appliesAt(window: PromoWindow, now: number, moment: StoreMoment): boolean {
  if (window.active_from !== null && now < window.active_from) return false;
  if (window.active_until !== null && now >= window.active_until) return false;
  return inWeeklyWindow(window.rule, moment);
}
