import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import "./globals.css";
import { env } from "@/env";
import { SITE_DESCRIPTION, SITE_IMAGE, SITE_NAME, SITE_TITLE } from "@/lib/seo";
import { initialBrowserSession } from "@/server/auth/page-session";
import { Providers } from "./providers";

// Relative metadata URLs (the share card) resolve against APP_URL, read when the page renders.
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(env().APP_URL),
    title: { default: SITE_TITLE, template: `%s | ${SITE_NAME}` },
    description: SITE_DESCRIPTION,
    openGraph: { type: "website", siteName: SITE_NAME, locale: "ja_JP", images: [SITE_IMAGE] },
    twitter: { card: "summary_large_image", images: [SITE_IMAGE] },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page renders per request: its scripts carry the nonce of the response's
// Content-Security-Policy (src/server/http/page-headers.ts), and a prerendered page would
// carry none and not run.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const session = await initialBrowserSession();
  return (
    <html lang="ja">
      <body className="flex min-h-screen flex-col bg-white text-slate-800 antialiased">
        <Providers session={session}>{children}</Providers>
      </body>
    </html>
  );
}
