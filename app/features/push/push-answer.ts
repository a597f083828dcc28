/** What /admin/notifikasi-push answers (its loader and action), read by the settings panel. */
export interface PushAnswer {
  ok: boolean;
  message: string;
  intent: string;
  fieldErrors?: Record<string, string>;
}

export interface PushOverview {
  publicKey: string;
  // `endpointHash`: the SHA-256 (hex) of the endpoint.
  devices: { device: string; since: string; endpointHash: string }[];
  repeats: number;
  // VAPID_SUBJECT unset (outside production): Apple's push service refuses this shop's pushes.
  subjectMissing: boolean;
}

export const PUSH_URL = "/admin/notifikasi-push";
