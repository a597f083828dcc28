import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/perangkat";
import { homeOf } from "~/features/accounts/access.ts";
import { AuthHeading } from "~/features/accounts/auth-form-parts.tsx";
import { redeemPairingCode } from "~/features/accounts/devices.server.ts";
import { signInCookies } from "~/features/accounts/sign-in.server.ts";
import {
  DEVICE_MESSAGES,
  DEVICE_SESSION_DAYS,
  PAIRING_CODE_LENGTH,
  PairingCodeSchema,
} from "~/features/accounts/staff-rules.ts";
import { actionHeaders } from "~/lib/action-headers.ts";
import { getClientAddress } from "~/lib/client-address.server.ts";
import { getDb } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { validateForm } from "~/lib/form-check.ts";
import { firstMessage } from "~/lib/form-errors.ts";
import { readForm } from "~/lib/form.server.ts";
import { pageMeta } from "~/lib/meta.ts";
import { hitOwnThenShared, tooManyAttemptsMessage } from "~/lib/rate-limit.server.ts";
import { TextField } from "~/ui/form-fields.tsx";

const PAIRING_WINDOW_MS = 15 * 60 * 1000;

export const headers = actionHeaders;

export function loader({ url }: Route.LoaderArgs) {
  const kode = (url.searchParams.get("kode") ?? "").replace(/\D/g, "").slice(0, PAIRING_CODE_LENGTH);
  return { kode };
}

// Every well-formed try counts, per address and for all addresses together (0058): a million codes
// against at most RATE_LIMIT_PAIRING_TOTAL tries per quarter hour.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = validateForm(form, PairingCodeSchema);
  if (submission.status !== "success") {
    return data({ problem: firstMessage(submission.error) ?? DEVICE_MESSAGES.codeFormat }, { status: 400 });
  }
  const db = await getDb();
  const env = getEnv();
  const limits = await hitOwnThenShared(
    db,
    [
      {
        key: `pairing:address:${getClientAddress(request)}`,
        limit: env.RATE_LIMIT_PAIRING_ADDRESS,
        windowMs: PAIRING_WINDOW_MS,
      },
    ],
    [{ key: "pairing:all", limit: env.RATE_LIMIT_PAIRING_TOTAL, windowMs: PAIRING_WINDOW_MS }],
  );
  const blocked = [...limits.own, ...limits.shared].find((state) => state?.blocked);
  if (blocked) {
    const seconds = Math.max(1, Math.ceil((blocked.resetAt.getTime() - Date.now()) / 1000));
    return data(
      { problem: tooManyAttemptsMessage(blocked.resetAt) },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }
  const paired = await redeemPairingCode(db, submission.value.kode);
  if (!paired.ok) return data({ problem: DEVICE_MESSAGES.wrongCode }, { status: 400 });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of await signInCookies(db, request, context, paired.device, DEVICE_SESSION_DAYS)) {
    headers.append("Set-Cookie", cookie);
  }
  throw redirect(homeOf(paired.device.role), { headers });
}

export default function Perangkat({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <AuthHeading
        title="Pasang perangkat"
        subtitle="Ketik kode 6 angka dari layar pemilik toko (menu Perangkat). Perangkat ini lalu tetap masuk sampai pemilik mencabutnya."
      />
      <Form method="post" className="space-y-4">
        <TextField
          label="Kode pasang"
          name="kode"
          defaultValue={loaderData.kode}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          placeholder="123456"
          required
          maxLength={PAIRING_CODE_LENGTH}
          errors={answer?.problem ? [answer.problem] : undefined}
        />
        <button type="submit" className="btn-primary w-full text-base" disabled={pending}>
          {pending ? "Memeriksa…" : "Pasang perangkat ini"}
        </button>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Pasang perangkat",
    description: "Pasangkan tablet dapur atau komputer kasir dengan kode dari pemilik toko.",
    path: "/perangkat",
    robots: "noindex, nofollow",
  }),
];
