import { useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import type {} from "altcha/types/react";
import {
  CAPTCHA_FIELD,
  PICTURE_ANSWER_FIELD,
  PICTURE_FIELD,
  type CaptchaWidget,
} from "~/features/accounts/auth-rules.ts";

/** Lets the form ask for a fresh captcha after the server used up the last answer. */
export interface CaptchaHandle {
  reset(): void;
}

/** The picture challenge for a browser without JavaScript (captcha-picture.server.ts). */
interface Picture {
  token: string;
  picture: string;
}

/**
 * Runs `start` once, when the form around `ref` is first touched (focus or pointer): the widget's
 * code is not part of the page's first load (docs/decisions/0029-one-form-pattern.md).
 */
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

/**
 * The login captcha: the ALTCHA widget by default, Google reCAPTCHA v2 when configured. Either
 * way the answer travels in the form field `captcha` and the server verifies it. Without
 * JavaScript, or when the widget cannot load, a picture of digits to type takes its place.
 */
export function CaptchaField({
  widget,
  picture,
  ref,
}: {
  widget: CaptchaWidget;
  picture: Picture;
  ref?: React.Ref<CaptchaHandle>;
}) {
  return widget.kind === "altcha" ? (
    <AltchaField challengeUrl={widget.challengeUrl} picture={picture} ref={ref} />
  ) : (
    <RecaptchaField siteKey={widget.siteKey} picture={picture} ref={ref} />
  );
}

/** Five digits to type from a picture: the captcha that needs no script. */
function PictureChallenge({ picture }: { picture: Picture }) {
  const answerId = useId();
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

/** The picture where no script runs, and also where the widget's script could not load. */
function WithoutScript({ picture, failed }: { picture: Picture; failed: boolean }) {
  return failed ? (
    <PictureChallenge picture={picture} />
  ) : (
    <noscript>
      <PictureChallenge picture={picture} />
    </noscript>
  );
}

const altchaConfiguration = JSON.stringify({ hideFooter: true, hideLogo: false, minDuration: 300 });

function AltchaField({
  challengeUrl,
  picture,
  ref,
}: {
  challengeUrl: string;
  picture: Picture;
  ref?: React.Ref<CaptchaHandle>;
}) {
  const element = useRef<HTMLElementTagNameMap["altcha-widget"]>(null);
  const labelId = useId();
  const [failed, setFailed] = useState(false);
  const group = useRef<HTMLDivElement>(null);

  useOnFirstUse(group, () => {
    import("./altcha.client.ts").catch(() => setFailed(true));
  });

  useImperativeHandle(ref, () => ({
    reset() {
      const widget = element.current;
      if (!widget || typeof widget.reset !== "function") return;
      // A solution is accepted once: start over and solve a new challenge in the background.
      widget.reset();
      void widget.verify().catch(() => undefined);
    },
  }));

  return (
    <div ref={group}>
      <p className="field-label" id={labelId}>
        Verifikasi
      </p>
      {failed ? null : (
        <div role="group" className="nyala-altcha js-only min-h-12" aria-labelledby={labelId}>
          <altcha-widget
            ref={element}
            challenge={challengeUrl}
            name={CAPTCHA_FIELD}
            language="id"
            type="checkbox"
            configuration={altchaConfiguration}
          />
        </div>
      )}
      <WithoutScript picture={picture} failed={failed} />
    </div>
  );
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: { sitekey: string; callback(token: string): void; "expired-callback"(): void; hl?: string },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const RECAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js?render=explicit&hl=id";

function RecaptchaField({
  siteKey,
  picture,
  ref,
}: {
  siteKey: string;
  picture: Picture;
  ref?: React.Ref<CaptchaHandle>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const [token, setToken] = useState("");
  const [started, setStarted] = useState(false);
  useOnFirstUse(container, () => setStarted(true));

  useEffect(() => {
    if (!started) return;
    let cancelled = false;
    const render = () => {
      const grecaptcha = window.grecaptcha;
      if (cancelled || !grecaptcha || !container.current || widgetId.current !== null) return;
      grecaptcha.ready(() => {
        if (cancelled || !container.current || widgetId.current !== null) return;
        widgetId.current = grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: setToken,
          "expired-callback": () => setToken(""),
        });
      });
    };
    if (window.grecaptcha) {
      render();
    } else {
      let script = document.querySelector<HTMLScriptElement>(`script[src="${RECAPTCHA_SCRIPT}"]`);
      if (!script) {
        script = document.createElement("script");
        script.src = RECAPTCHA_SCRIPT;
        script.async = true;
        document.head.append(script);
      }
      script.addEventListener("load", render);
    }
    return () => {
      cancelled = true;
    };
  }, [siteKey, started]);

  useImperativeHandle(ref, () => ({
    reset() {
      if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
      setToken("");
    },
  }));

  return (
    <div>
      <p className="field-label">Verifikasi</p>
      <div ref={container} className="js-only min-h-[78px]" />
      <input type="hidden" name={CAPTCHA_FIELD} value={token} />
      <WithoutScript picture={picture} failed={false} />
    </div>
  );
}
