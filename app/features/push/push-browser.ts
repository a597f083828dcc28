// This browser's side of Web Push (0036); loaded by the settings panel, never by the board.
import { registerAdminWorker } from "./use-admin-app.ts";

// `pasang-dulu`: an iPhone or iPad in a browser tab, where pushes reach only the home-screen app.
export type DeviceState = "memeriksa" | "tidak-didukung" | "pasang-dulu" | "diblokir" | "nyala" | "mati";

export function isAppleMobile(): boolean {
  const agent = navigator.userAgent;
  // iPadOS presents itself as a Mac; its touch screen tells it apart.
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

export function isInstalledApp(): boolean {
  return (
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function canPush(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await registerAdminWorker();
  return navigator.serviceWorker.ready;
}

export interface DeviceReading {
  state: DeviceState;
  endpoint: string | null;
  endpointHash: string | null;
}

export async function readDeviceState(publicKey: string, knownEndpoints: string[]): Promise<DeviceReading> {
  const off = (state: DeviceState): DeviceReading => ({ state, endpoint: null, endpointHash: null });
  if (!canPush()) return off(isAppleMobile() && !isInstalledApp() ? "pasang-dulu" : "tidak-didukung");
  if (Notification.permission === "denied") return off("diblokir");
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription || Notification.permission !== "granted" || !sameKey(subscription, publicKey))
    return off("mati");
  const hash = await sha256Hex(subscription.endpoint);
  return knownEndpoints.includes(hash)
    ? { state: "nyala", endpoint: subscription.endpoint, endpointHash: hash }
    : off("mati");
}

export class PermissionRefused extends Error {}

export async function subscribeDevice(
  publicKey: string,
): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  if ((await Notification.requestPermission()) !== "granted") throw new PermissionRefused();
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? "", p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" };
}

export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
