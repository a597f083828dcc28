// The captcha widget, mounted by captcha-field.tsx at the form's first use (0029).
import { CAPTCHA_FIELD, type CaptchaWidget } from "./auth-rules.ts";

export interface MountedWidget {
  reset(): void;
}

const ALTCHA_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: false, minDuration: 300 });

async function mountAltcha(container: HTMLElement, challengeUrl: string): Promise<MountedWidget> {
  await import("./altcha.client.ts");
  const widget = document.createElement("altcha-widget");
  for (const [name, value] of Object.entries({
    challenge: challengeUrl,
    name: CAPTCHA_FIELD,
    language: "id",
    type: "checkbox",
    configuration: ALTCHA_CONFIGURATION,
  })) {
    widget.setAttribute(name, value);
  }
  container.append(widget);
  return {
    reset() {
      // A solution is accepted once: start over and solve a new challenge in the background.
      widget.reset();
      void widget.verify().catch(() => undefined);
    },
  };
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: { sitekey: string; callback(token: string): void; "expired-callback"(): void },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const RECAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js?render=explicit&hl=id";

function mountRecaptcha(
  container: HTMLElement,
  siteKey: string,
  onToken: (token: string) => void,
): Promise<MountedWidget> {
  return new Promise((resolve, reject) => {
    const render = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) return reject(new Error("reCAPTCHA did not load"));
      grecaptcha.ready(() => {
        const id = grecaptcha.render(container, {
          sitekey: siteKey,
          callback: onToken,
          "expired-callback": () => onToken(""),
        });
        resolve({
          reset() {
            grecaptcha.reset(id);
            onToken("");
          },
        });
      });
    };
    if (window.grecaptcha) return render();
    const script = document.createElement("script");
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.addEventListener("load", render);
    script.addEventListener("error", () => reject(new Error("reCAPTCHA did not load")));
    document.head.append(script);
  });
}

export const mountWidget = (
  container: HTMLElement,
  widget: CaptchaWidget,
  onToken: (token: string) => void,
) =>
  widget.kind === "altcha"
    ? mountAltcha(container, widget.challengeUrl)
    : mountRecaptcha(container, widget.siteKey, onToken);
