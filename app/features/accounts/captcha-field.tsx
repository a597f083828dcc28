import { useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import type { MountedWidget } from "./captcha-widget.client.ts";
import { FormAlert } from "./auth-form-parts.tsx";
import {
  CAPTCHA_FIELD,
  PICTURE_ANSWER_FIELD,
  PICTURE_FIELD,
  type CaptchaWidget,
} from "~/features/accounts/auth-rules.ts";

export interface CaptchaHandle {
  reset(): void;
}

type Picture = { token: string; picture: string } | { unavailable: string };

// The widget's code is not in the page's first load (0029): it starts when the form is first touched.
function useOnFirstUse(ref: React.RefObject<Element | null>, start: () => void) {
  const startRef = useRef(start);
  useEffect(() => {
    const form = ref.current?.closest("form");
    // Already in use (someone typed before the page was interactive): start now.
    if (!form || form.contains(document.activeElement)) {
      startRef.current();
      return;
    }
    const events = ["focusin", "pointerdown"] as const;
    const once = () => {
      for (const type of events) form.removeEventListener(type, once);
      startRef.current();
    };
    for (const type of events) form.addEventListener(type, once);
    return () => {
      for (const type of events) form.removeEventListener(type, once);
    };
  }, [ref]);
}

export function CaptchaField({
  widget,
  picture,
  ref,
}: {
  widget: CaptchaWidget;
  picture: Picture;
  ref?: React.Ref<CaptchaHandle>;
}) {
  const labelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedWidget | null>(null);
  const [failed, setFailed] = useState(false);
  // reCAPTCHA's answer; ALTCHA's widget holds its own field.
  const [token, setToken] = useState("");

  useOnFirstUse(container, () => {
    import("./captcha-widget.client.ts")
      .then(({ mountWidget }) => mountWidget(container.current!, widget, setToken))
      .then(
        (handle) => (mounted.current = handle),
        () => setFailed(true),
      );
  });
  useImperativeHandle(ref, () => ({ reset: () => mounted.current?.reset() }));

  return (
    <div>
      <p className="field-label" id={labelId}>
        Verifikasi
      </p>
      {failed ? null : (
        <div
          ref={container}
          role="group"
          aria-labelledby={labelId}
          className={`js-only ${widget.kind === "altcha" ? "nyala-altcha min-h-12" : "min-h-[78px]"}`}
        />
      )}
      {widget.kind === "recaptcha" ? <input type="hidden" name={CAPTCHA_FIELD} value={token} /> : null}
      <WithoutScript picture={picture} failed={failed} />
    </div>
  );
}

function PictureChallenge({ picture }: { picture: Picture }) {
  const answerId = useId();
  if ("unavailable" in picture) return <FormAlert>{picture.unavailable}</FormAlert>;
  return (
    <div
      className="mt-1 space-y-2 rounded-2xl border border-stone-200 bg-white p-3"
      data-testid="captcha-picture"
    >
      <img
        src={picture.picture}
        width={200}
        height={64}
        alt="Lima angka untuk verifikasi"
        className="rounded-xl border border-stone-200"
      />
      <input type="hidden" name={PICTURE_FIELD} value={picture.token} />
      <label htmlFor={answerId} className="field-label">
        Ketik angka pada gambar
      </label>
      <input
        id={answerId}
        name={PICTURE_ANSWER_FIELD}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        className="field-input"
      />
      <p className="text-xs text-stone-600">
        Tanpa JavaScript, verifikasinya memakai gambar ini. Sulit dibaca? Muat ulang halaman untuk gambar
        baru, atau aktifkan JavaScript.
      </p>
    </div>
  );
}

function WithoutScript({ picture, failed }: { picture: Picture; failed: boolean }) {
  return failed ? (
    <PictureChallenge picture={picture} />
  ) : (
    <noscript>
      <PictureChallenge picture={picture} />
    </noscript>
  );
}
