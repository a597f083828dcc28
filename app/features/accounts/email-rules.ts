// E-mail addresses as they are compared, stored and refused (0050); kept out of the pages' first load.

const EMAIL_MAX = 254;

const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** The scripts whose letters pass for each other (a Cyrillic "а" for a Latin "a"). */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const NON_ASCII = /[^\x20-\x7e]/;

// A domain mixing look-alike scripts, or not a valid IDNA name, stays as typed (and is refused).
function asciiDomain(domain: string): string {
  if (!NON_ASCII.test(domain) || /[\s/?#@:%[\]\\]/.test(domain)) return domain;
  if (LOOK_ALIKE_SCRIPTS.filter((script) => script.test(domain)).length > 1) return domain;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain;
  }
}

// Two spellings that look the same become one address, or one is refused.
export function normalizeEmail(email: string): string {
  const text = email.normalize("NFKC").replace(HIDDEN, "").trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 0) return text;
  return `${text.slice(0, at)}@${asciiDomain(text.slice(at + 1).replace(/\.+$/, ""))}`;
}

/** How e-mails were stored before normalizeEmail: an account made then still logs in with it. */
export const legacyEmail = (email: string) => email.trim().toLowerCase();

/** Staff logins without a mailbox (0058): `<slug>@staf.internal`. No one registers or links one. */
export const STAFF_EMAIL_DOMAIN = "staf.internal";

export function isReservedEmail(email: string): boolean {
  const domain = normalizeEmail(email).split("@").pop() ?? "";
  return domain === "internal" || domain.endsWith(".internal");
}

export const hasLookAlike = (email: string) => NON_ASCII.test(email);

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export function isEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  return (
    email.length <= EMAIL_MAX &&
    at > 0 &&
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LABEL.test(labels.at(-1)!)
  );
}
