import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // server.ts owns the HTTP server; Next only renders pages.
  poweredByHeader: false,
  // server.ts compresses pages itself, after it has deferred their scripts (src/server/http/defer-scripts.ts).
  compress: false,
  // System tests start their own dev servers beside a developer's; Next allows one per dist dir.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino", "nodemailer"],
  // The spec's image loader: device widths 640 to 3840, quality 75. Uploaded images are
  // optimised from /api/image/{id} (see src/app/api/image/[imageId]/route.ts for how Next reads them).
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ["image/webp"],
    localPatterns: [{ pathname: "/api/image/**", search: "" }],
    // Resized copies live an hour (the source's max-age), so a deactivated company's images go with it.
    minimumCacheTTL: 3600,
  },
  typedRoutes: false,
  // forbidden(): the 403 screen answers HTTP 403 with its own title, like notFound() for 404.
  experimental: { authInterrupts: true },
  // npm test runs tsc --noEmit over the whole project first; the build need not check again.
  // System tests point their dev servers at tsconfig.next-system.json (it extends tsconfig.json):
  // Next rewrites the tsconfig it reads to add each dist dir's types, and tsx reads tsconfig.json.
  typescript: { ignoreBuildErrors: true, tsconfigPath: process.env.NEXT_TSCONFIG_PATH || "tsconfig.json" },
};

export default nextConfig;
