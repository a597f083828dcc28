// The ALTCHA "external" build: its CSS as a file and no inline workers, so it runs under the CSP.
import "altcha/external";
import "altcha/altcha.css";
import "./altcha-theme.css";
import "altcha/i18n/id";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
