import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // server.ts owns the HTTP server; Next only renders pages.
  poweredByHeader: false,
  // System tests start their own dev servers beside a developer's; Next allows one per dist dir.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino", "nodemailer"],
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    qualities: [75],
  },
  typedRoutes: false,
  // npm test runs tsc --noEmit over the whole project first; the build need not check again.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
