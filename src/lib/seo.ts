// Share metadata (Open Graph, Twitter card) that every public page fills the same way.
import type { Metadata } from "next";

export const SITE_NAME = "OEMマッチ";
export const SITE_TITLE = "OEMマッチ | OEMメーカーと発注者をつなぐマッチングサービス";
export const SITE_DESCRIPTION =
  "化粧品・健康食品・アパレル・機械部品など、OEM・受託製造の委託先探しを無料でサポート。一括問い合わせで複数のOEMメーカーから提案が届きます。";

/** The site's share card, drawn by src/app/opengraph-image.tsx (relative: resolved against metadataBase). */
export const SITE_IMAGE = {
  url: "/opengraph-image",
  width: 1200,
  height: 630,
  alt: SITE_TITLE,
} as const;

interface ShareInput {
  title: string;
  description: string;
  /** The page's absolute canonical URL. */
  url: string;
  /** A picture of the page's own (absolute URL); the site card when left out. */
  image?: { url: string; alt: string };
}

/**
 * openGraph and twitter for a page. A page's openGraph replaces the layout's as a whole in
 * Next's metadata merge, so the image and site fields are set here every time.
 */
export function shareMetadata({
  title,
  description,
  url,
  image,
}: ShareInput): Pick<Metadata, "openGraph" | "twitter"> {
  const images = [image ?? SITE_IMAGE];
  return {
    openGraph: { type: "website", siteName: SITE_NAME, locale: "ja_JP", title, description, url, images },
    twitter: { card: "summary_large_image", title, description, images },
  };
}

/** JSON for a <script type="application/ld+json">; "<" is escaped so no text can close the element. */
export function jsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
