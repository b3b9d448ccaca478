// The external pages of spec §2 "Shared" (hosted in a notes tool). Their base URL is
// configuration (EXTERNAL_LINKS_BASE); server components read it and pass the URLs to
// client components as props.
import { env } from "@/env";

export interface SiteLinks {
  guide: string;
  faq: string;
  privacy: string;
  terms: string;
  company: string;
  sitemap: string;
}

export type SiteLinkKey = keyof SiteLinks;

const PATHS: Record<SiteLinkKey, string> = {
  guide: "guide",
  faq: "faq",
  privacy: "privacy-policy",
  terms: "terms",
  company: "company",
  sitemap: "sitemap",
};

/** Footer order and the Japanese label of each external page. */
export const SITE_LINK_LABELS: ReadonlyArray<readonly [SiteLinkKey, string]> = [
  ["guide", "ご利用ガイド"],
  ["faq", "よくある質問"],
  ["privacy", "プライバシーポリシー"],
  ["terms", "利用規約"],
  ["company", "運営会社"],
  ["sitemap", "サイトマップ"],
];

export function siteLinksFrom(base: string): SiteLinks {
  const root = base.replace(/\/+$/, "");
  const entries = Object.entries(PATHS).map(([key, path]) => [key, `${root}/${path}`]);
  return Object.fromEntries(entries) as unknown as SiteLinks;
}

/** The configured external links (server side only: reads the environment). */
export function siteLinks(): SiteLinks {
  return siteLinksFrom(env().EXTERNAL_LINKS_BASE);
}
