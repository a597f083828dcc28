/** What /admin/notifikasi-push answers (its loader and action), read by the settings panel. */
export interface PushAnswer {
  ok: boolean;
  message: string;
  intent: string;
  fieldErrors?: Record<string, string>;
}

export interface PushOverview {
  /** The shop's VAPID public key (base64url): browsers subscribe with it. */
  publicKey: string;
  /** The signed-in admin's devices; `endpointHash` is the SHA-256 (hex) of each endpoint. */
  devices: { device: string; since: string; endpointHash: string }[];
  /** The owner's limit on reminders for an order left in Baru. */
  repeats: number;
  /** VAPID_SUBJECT is not set (outside production): Apple's push service refuses this shop's pushes. */
  subjectMissing: boolean;
}

export const PUSH_URL = "/admin/notifikasi-push";
