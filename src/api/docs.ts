import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";

// The API reference page, served from the swagger-ui-dist package: no CDN, works offline.
const require = createRequire(import.meta.url);
const distDir = () => path.dirname(require.resolve("swagger-ui-dist/package.json"));
const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "docs-init.js": "text/javascript; charset=utf-8",
};

const page = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>OEMマッチ API リファレンス</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/docs-init.js"></script></body></html>`;

const init = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, docExpansion: "list" });`;

const csp =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

export function docsRoutes() {
  const app = new Hono();
  app.get("/docs", (c) => {
    c.header("Content-Security-Policy", csp);
    return c.html(page);
  });
  app.get("/docs/:asset", async (c) => {
    const name = c.req.param("asset");
    const type = assets[name];
    if (!type) return c.notFound();
    c.header("Content-Security-Policy", csp);
    c.header("Content-Type", type);
    c.header("Cache-Control", "public, max-age=86400");
    if (name === "docs-init.js") return c.body(init);
    return c.body(await readFile(path.join(distDir(), name)));
  });
  return app;
}
