import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // server.ts owns the HTTP server; Next only renders pages.
  poweredByHeader: false,
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino", "nodemailer"],
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    qualities: [75],
  },
  typedRoutes: false,
};

export default nextConfig;
