// Hydration after the first paint: the module script waits for the paint and the main picture (0008, 0010).
import { Transform } from "node:stream";

const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">/;
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const INERT_ID = "nyala-module";
const ENTRY_HINT = /\/assets\/(?:entry\.client|rolldown-runtime|framework)-[^/]+\.js$/;
const PICTURES_MARK = "document.documentElement.dataset.pictures";
const MAX_WAIT_MS = 2500;
const REPLAY_WAIT_MS = 10_000;

// Minified: hints one per task, then the module script, once painted (or at a touch, or MAX_WAIT_MS); the
// last tap on a type="button" is replayed once React claims it.
function starter(first: string[], rest: string[]): string {
  // JSON in a script: `<` escaped so no string can close the element.
  const json = (list: string[]) => JSON.stringify(list).replace(/</g, "\\u003c");
  return (
    `(()=>{const m=document.getElementById("${INERT_ID}");let s=false;` +
    `const hint=(h)=>{const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)};` +
    `const start=()=>{if(s)return;s=true;delete ${PICTURES_MARK};const steps=[...${json(first)}.map((h)=>()=>hint(h)),` +
    `()=>{const e=document.createElement("script");e.type="module";e.nonce=m.nonce;e.textContent=m.textContent;document.head.append(e)},` +
    `...${json(rest)}.map((h)=>()=>hint(h))];const next=()=>{steps.shift()();if(steps.length)setTimeout(next)};next()};` +
    `const frame=(go)=>requestAnimationFrame(()=>setTimeout(go));` +
    `const afterPaint=(go)=>{try{if(!PerformanceObserver.supportedEntryTypes.includes("paint"))throw 0;` +
    `const o=new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}});o.observe({type:"paint",buffered:true})}catch{frame(go)}};` +
    `const p=document.querySelector('img[fetchpriority="high"]');` +
    `if(p&&!p.complete){p.addEventListener("load",()=>frame(()=>afterPaint(start)),{once:true});p.addEventListener("error",start,{once:true})}else afterPaint(start);` +
    `setTimeout(start,${MAX_WAIT_MS});` +
    `for(const t of["pointerdown","keydown","touchstart"])addEventListener(t,start,{once:true,passive:true,capture:true});` +
    `const has=(o,p)=>Object.keys(o).some((k)=>k.startsWith(p));let w=null;` +
    `addEventListener("click",(e)=>{if(has(document,"_reactListening"))return;` +
    `const b=e.target instanceof Element?e.target.closest('button[type="button"]'):null;if(!b)return;start();w=b;const t0=Date.now();` +
    `const tick=()=>{if(w!==b)return;if(has(b,"__reactProps")&&has(document,"_reactListening")){w=null;if(b.isConnected)b.click()}` +
    `else if(Date.now()-t0<${REPLAY_WAIT_MS})setTimeout(tick,25);else w=null};setTimeout(tick,25)},{capture:true})})();`
  );
}

const markTag = (nonce: string) => `<script nonce="${nonce}">${PICTURES_MARK}="later"</script>`;

// Cut after the last ">": no pattern holds one before its end (React escapes it), so none straddles a cut.
class HydrationDeferral {
  private pending = "";
  private phase: "before" | "module" | "done" = "before";
  private headMarked = false;
  private readonly first: string[] = [];
  private readonly rest: string[] = [];

  private readonly nonce: string;

  constructor(nonce: string) {
    this.nonce = nonce;
  }

  get done() {
    return this.phase === "done";
  }

  push(text: string): string {
    if (this.phase === "done") return text;
    const cut = text.lastIndexOf(">");
    if (cut === -1) {
      this.pending += text;
      return "";
    }
    const ready = this.pending + text.slice(0, cut + 1);
    this.pending = text.slice(cut + 1);
    return this.phase === "before" ? this.before(ready) : this.module(ready);
  }

  end(): string {
    const rest = this.pending;
    this.pending = "";
    if (this.phase === "done" || !this.headMarked) return rest;
    return `${rest}<script nonce="${this.nonce}">delete ${PICTURES_MARK}</script>`;
  }

  private before(text: string): string {
    const script = MODULE_SCRIPT.exec(text);
    const head = (script ? text.slice(0, script.index) : text).replace(
      MODULEPRELOAD,
      (_tag, href: string) => {
        (ENTRY_HINT.test(href) ? this.first : this.rest).push(href);
        return "";
      },
    );
    const marked = this.headMarked ? head : this.markHead(head);
    if (!script) return marked;
    this.phase = "module";
    const inertOpen = `<script${script[1]} type="text/x-nyala-module" id="${INERT_ID}">`;
    return marked + inertOpen + this.module(text.slice(script.index + script[0].length));
  }

  private markHead(text: string): string {
    const end = text.indexOf("</head>");
    if (end === -1) return text;
    this.headMarked = true;
    return text.slice(0, end) + markTag(this.nonce) + text.slice(end);
  }

  private module(text: string): string {
    const end = text.indexOf("</script>");
    if (end === -1) return text;
    this.phase = "done";
    const after = end + "</script>".length;
    const starterTag = `<script nonce="${this.nonce}">${starter(this.first, this.rest)}</script>`;
    const rest = text.slice(after) + this.pending;
    this.pending = "";
    return text.slice(0, after) + starterTag + rest;
  }
}

export function deferHydration(html: string, nonce: string): string | null {
  const deferral = new HydrationDeferral(nonce);
  const out = deferral.push(html);
  return deferral.done ? out + deferral.end() : null;
}

const IMPORT = /\bimport\s*(?:[^"'();]*?\bfrom\s*|\(\s*)?"(\/assets\/[^"]+\.js)"/g;

export function scriptsOfPage(html: string): string[] {
  const scripts = new Set<string>();
  const inert = new RegExp(`<script[^>]* id="${INERT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? "";
  for (const match of inert.matchAll(IMPORT)) scripts.add(match[1]!);
  const start = html.indexOf(`(()=>{const m=document.getElementById("${INERT_ID}")`);
  const starter = start === -1 ? "" : html.slice(start, html.indexOf("</script>", start));
  for (const list of starter.matchAll(/\[(?:"\/assets\/[^"]+",?)*\]/g)) {
    for (const href of JSON.parse(list[0]) as string[]) scripts.add(href);
  }
  return [...scripts];
}

// Latin1, so a UTF-8 character split between chunks survives; a chunk per turn: each costs a flush.
export function createDeferredHydrationStream(nonce: string): Transform {
  const deferral = new HydrationDeferral(nonce);
  let ready: Buffer[] = [];
  let scheduled = false;
  const send = () => {
    scheduled = false;
    if (ready.length > 0) stream.push(Buffer.concat(ready));
    ready = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out = deferral.done ? chunk : Buffer.from(deferral.push(chunk.toString("latin1")), "latin1");
      if (out.length > 0) ready.push(out);
      if (!scheduled && ready.length > 0) {
        scheduled = true;
        setImmediate(send);
      }
      callback();
    },
    flush(callback) {
      ready.push(Buffer.from(deferral.end(), "latin1"));
      send();
      callback();
    },
  });
  return stream;
}
