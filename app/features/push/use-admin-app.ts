// Every admin page registers the service worker (/admin/sw.js, scope /admin/; 0036); a tapped
// notification moves an open admin window to its order without a reload.
import { useEffect } from "react";
import { useNavigate } from "react-router";

export const SERVICE_WORKER_URL = "/admin/sw.js";
export const SERVICE_WORKER_SCOPE = "/admin/";

export const registerAdminWorker = () =>
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });

export function useAdminApp() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    registerAdminWorker().catch((error: Error) =>
      console.warn("Service worker admin tidak terpasang:", error.message),
    );
    const onMessage = (event: MessageEvent<{ type?: string; url?: string }>) => {
      const url = event.data?.url;
      if (event.data?.type === "buka-pesanan" && typeof url === "string" && url.startsWith("/admin/"))
        void navigate(url);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [navigate]);
}
