// A ticket's print view (0037): one `@page` as long as the ticket, since roll printers cut at a page's end.
import { renderToStaticMarkup } from "react-dom/server";
import { contentSecurityPolicy, createNonce } from "~/lib/security-headers.server.ts";
import { layoutTicket, type Paper, type TicketBlock } from "~/lib/tickets/ticket-layout.ts";
import { PAPERS, TICKET_LABELS, adminOrderPath, ticketViewPath, type TicketKind } from "./print-api.ts";

const PRINTED_MM: Record<Paper, number> = { 58: 48, 80: 72 };
/** 0.6 em wide in every listed monospace font: 32 columns fill 47 of 48 mm. */
const FONT_MM = 2.45;
const LINE_MM = FONT_MM * 1.2;
const TOP_MM = 4;
const BOTTOM_MM = 8;

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0}
body{background:#e7e5e4;color:#000;font-family:system-ui,sans-serif}
.bar{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:center;padding:.75rem}
.bar a,.bar button{font:600 1rem system-ui,sans-serif;min-height:44px;padding:.5rem 1rem;border-radius:999px;border:1px solid #a8a29e;background:#fff;color:#1c1917;text-decoration:none;display:inline-flex;align-items:center;cursor:pointer}
.bar button{background:#b91c1c;border-color:#b91c1c;color:#fff}
.bar [aria-current]{background:#1c1917;color:#fff}
.bar [hidden]{display:none}
.paper{margin:0 auto 2rem;background:#fff;padding:${TOP_MM}mm 0 ${BOTTOM_MM}mm;box-shadow:0 1px 4px #0003;font:${FONT_MM}mm/${LINE_MM}mm "DejaVu Sans Mono","Liberation Mono","Courier New",monospace;-webkit-print-color-adjust:exact;print-color-adjust:exact}
${PAPERS.map((paper) => `.paper-${paper}{width:${paper}mm;padding-inline:${(paper - PRINTED_MM[paper]) / 2}mm}`).join("\n")}
.l{height:${LINE_MM}mm;white-space:pre;overflow:hidden}
.l>span{display:inline-block}
.b{font-weight:700}
.t,.g{height:${LINE_MM * 2}mm}
.t>span{transform:scaleY(2);transform-origin:0 0}
.g>span{transform:scale(2);transform-origin:0 0}
.i>span{background:#000;color:#fff}
@media print{body{background:#fff}.bar{display:none}.paper{margin:0;box-shadow:none}}
`;

const SIZE_CLASS = { normal: "", tall: " t", large: " g" } as const;

function TicketPaper({ blocks, paper, label }: { blocks: TicketBlock[]; paper: Paper; label: string }) {
  const lines = layoutTicket(blocks, paper).flatMap((line) => (line.kind === "line" ? [line] : []));
  return (
    <main className={`paper paper-${paper}`} aria-label={label} data-testid="ticket-paper">
      {lines.map((line, index) => (
        <div
          key={index}
          className={`l${line.bold ? " b" : ""}${line.invert ? " i" : ""}${SIZE_CLASS[line.size]}`}
          data-testid="ticket-line"
        >
          <span>{line.text || " "}</span>
        </div>
      ))}
    </main>
  );
}

function pageHeightMm(blocks: TicketBlock[], paper: Paper): number {
  const rows = layoutTicket(blocks, paper).reduce(
    (sum, line) => sum + (line.kind === "cut" ? 0 : line.size === "normal" ? 1 : 2),
    0,
  );
  return Math.ceil(TOP_MM + rows * LINE_MM + BOTTOM_MM);
}

interface TicketView {
  code: string;
  kind: TicketKind;
  paper: Paper;
  blocks: TicketBlock[];
}

export function ticketDocument({ code, kind, paper, blocks }: TicketView): { html: string; csp: string } {
  const nonce = createNonce();
  const label = `${TICKET_LABELS[kind]} ${code}`;
  const page = `@page{size:${paper}mm ${pageHeightMm(blocks, paper)}mm;margin:0}`;
  const body = renderToStaticMarkup(
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${label} · ${paper} mm`}</title>
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: page + STYLE }} />
      </head>
      <body>
        <nav className="bar" aria-label="Tampilan cetak">
          <a href={adminOrderPath(code)}>Kembali ke pesanan</a>
          {PAPERS.map((width) => (
            <a
              key={width}
              href={ticketViewPath(code, kind, width)}
              aria-current={width === paper ? "page" : undefined}
            >
              {width} mm
            </a>
          ))}
          <button type="button" id="cetak" hidden>
            Cetak
          </button>
        </nav>
        <TicketPaper blocks={blocks} paper={paper} label={label} />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `const b=document.getElementById("cetak");b.hidden=false;b.addEventListener("click",()=>print());`,
          }}
        />
      </body>
    </html>,
  );
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "production");
  return { html: `<!doctype html>${body}`, csp };
}
