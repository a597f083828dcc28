import type { MetaDescriptor } from "react-router";

interface PageMetaInput {
  title: string;
  description: string;
  path: string;
  /** For pages of one visitor or one order, never for search results. */
  robots?: "noindex" | "noindex, nofollow";
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

function rootInfo(matches: readonly MetaMatch[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { origin?: string; store?: { brand?: string } } | undefined;
  return { origin: root?.origin ?? "", brand: root?.store?.brand ?? "Mie Nyala" };
}

export function pageMeta(
  matches: readonly MetaMatch[],
  { title, description, path, robots }: PageMetaInput,
): MetaDescriptor[] {
  const { origin, brand } = rootInfo(matches);
  const fullTitle = title ? `${title} | ${brand}` : brand;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "id_ID" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${path}` },
    { property: "og:image", content: `${origin}/og-image.jpg` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: `${origin}${path}` },
    ...(robots ? [{ name: "robots", content: robots }] : []),
  ];
}

export function adminMeta(matches: readonly MetaMatch[], title: string): MetaDescriptor[] {
  const { brand } = rootInfo(matches);
  return [{ title: `${title} | Admin ${brand}` }, { name: "robots", content: "noindex, nofollow" }];
}
