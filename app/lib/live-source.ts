// A refused stream is reopened after a doubling wait, so a full server is not asked by all at once (0030).
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

export function keepEventSource(
  url: string,
  listeners: Record<string, (event: MessageEvent<string>) => void>,
  connected: (open: boolean) => void,
): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let wait = RETRY_FIRST_MS;
  let stopped = false;
  const connect = () => {
    if (stopped) return;
    const opened = new EventSource(url);
    source = opened;
    opened.addEventListener("open", () => {
      wait = RETRY_FIRST_MS;
      connected(true);
    });
    for (const [name, listener] of Object.entries(listeners)) opened.addEventListener(name, listener);
    opened.addEventListener("error", () => {
      connected(false);
      if (opened.readyState !== EventSource.CLOSED) return;
      opened.close();
      retry = setTimeout(connect, wait);
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    });
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
