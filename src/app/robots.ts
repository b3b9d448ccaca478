import type { MetadataRoute } from "next";
import { env } from "@/env";

// Reads APP_URL at request time (the same build serves several hosts).
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const base = env().APP_URL.replace(/\/+$/, "");
  return {
    rules: {
      userAgent: "*",
      // Supplier photos and the brochure live under /api but are public content.
      allow: ["/", "/api/image/", "/api/document-download/brochure.pdf"],
      disallow: ["/account", "/owner", "/api"],
    },
    sitemap: `${base}/sitemap.xml`,
  };
}
