import { useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import type {} from "altcha/types/react";
import { CAPTCHA_FIELD, type CaptchaWidget } from "~/features/accounts/auth-schemas.ts";

/** Lets the form ask for a fresh captcha after the server used up the last answer. */
export interface CaptchaHandle {
  reset(): void;
}

/**
 * The login captcha: the ALTCHA widget by default, Google reCAPTCHA v2 when configured. Either
 * way the answer travels in the form field `captcha` and the server verifies it.
 */
export function CaptchaField({ widget, ref }: { widget: CaptchaWidget; ref?: React.Ref<CaptchaHandle> }) {
  return widget.kind === "altcha" ? (
    <AltchaField challengeUrl={widget.challengeUrl} ref={ref} />
  ) : (
    <RecaptchaField siteKey={widget.siteKey} ref={ref} />
  );
}

const altchaConfiguration = JSON.stringify({ hideFooter: true, hideLogo: false, minDuration: 300 });

function AltchaField({ challengeUrl, ref }: { challengeUrl: string; ref?: React.Ref<CaptchaHandle> }) {
  const element = useRef<HTMLElementTagNameMap["altcha-widget"]>(null);
  const labelId = useId();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    import("./altcha.client.ts").catch(() => setFailed(true));
  }, []);

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
    <div>
      <p className="field-label" id={labelId}>
        Verifikasi
      </p>
      <div role="group" className="nyala-altcha min-h-12" aria-labelledby={labelId}>
        <altcha-widget
          ref={element}
          challenge={challengeUrl}
          name={CAPTCHA_FIELD}
          language="id"
          type="checkbox"
          configuration={altchaConfiguration}
        />
      </div>
      {failed ? (
        <p className="mt-2 text-sm text-chili-700">Verifikasi tidak dapat dimuat. Muat ulang halaman ini.</p>
      ) : null}
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

function RecaptchaField({ siteKey, ref }: { siteKey: string; ref?: React.Ref<CaptchaHandle> }) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const [token, setToken] = useState("");

  useEffect(() => {
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
  }, [siteKey]);

  useImperativeHandle(ref, () => ({
    reset() {
      if (widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
      setToken("");
    },
  }));

  return (
    <div>
      <p className="field-label">Verifikasi</p>
      <div ref={container} className="min-h-[78px]" />
      <input type="hidden" name={CAPTCHA_FIELD} value={token} />
    </div>
  );
}
