/**
 * Registers the ALTCHA web component (browser only, loaded on demand by the login page).
 * The "external" build ships its CSS as a file and no inline workers, so it runs under our CSP
 * (no inline styles, no blob: workers); the PBKDF2 worker is bundled by Vite as its own file.
 */
import "altcha/external";
import "altcha/altcha.css";
import "./altcha-theme.css";
import "altcha/i18n/id";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
