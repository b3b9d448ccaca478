import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import {
  createServer,
  get as httpGet,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderNonce } from "@/server/http/page-cache";
import { pageCsp } from "@/server/http/page-headers";
import { NGINX, request } from "../support/nginx";
import { pageCacheFront } from "../support/page-cache-front";
import { ROOT, tempDir } from "../support/server";

// Decision 0041: a kept public page goes out the same bytes to every signed-out visitor, with a
// policy of script hashes instead of a nonce, public for shared caches (s-maxage) and with a
// strong ETag; what is not kept goes out as before (private, no-store, a nonce of its own). The
// server.ts wiring in front of a stand-in for Next that streams its page in small chunks.

const NEXT_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";
const INLINE = "self.a=1";
/** What Next's flight data looks like where it names the nonce (the stylesheets it hoists). */
const flight = (nonce: string) => `self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])`;

function page(nonce: string, text: string, external = false): string {
  return (
    `<html><head><link rel="stylesheet" href="/a.css" nonce="${nonce}"/><script nonce="${nonce}">${INLINE}</script></head>` +
    `<body>${text}<script nonce="${nonce}">${flight(nonce)}</script>` +
    `<script src="/polyfills.js" noModule="" nonce="${nonce}"></script>` +
    `<script type="application/ld+json">{"@type":"Organization"}</script>` +
    (external ? `<script src="/x.js" nonce="${nonce}"></script>` : "") +
    "</body></html>"
  );
}

type Render = (req: IncomingMessage, res: ServerResponse) => void;
let render: Render;
let renders = 0;
let server: Server;
let base: string;

/** Writes the page in 7-character chunks with Next's headers, as a streaming render does. */
const streamed =
  (text: string, opts: { external?: boolean; extra?: (res: ServerResponse) => void } = {}): Render =>
  (req, res) => {
    const nonce = /'nonce-([^']+)'/.exec(String(req.headers["content-security-policy"]))![1]!;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", NEXT_CACHE_CONTROL);
    res.setHeader("Vary", "rsc, next-router-state-tree, next-router-prefetch");
    opts.extra?.(res);
    const html = page(nonce, text, opts.external);
    for (let i = 0; i < html.length; i += 7) res.write(html.slice(i, i + 7));
    res.end();
  };

beforeAll(async () => {
  server = createServer(
    pageCacheFront((req, res) => {
      renders += 1;
      render(req, res);
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  const r = await request(url.startsWith("http") ? url : `${base}${url}`, { headers, method });
  const h = (name: string) => r.headers[name]?.toString();
  const csp = h("content-security-policy") ?? "";
  return {
    status: r.status,
    body: r.text,
    cache: h("x-page-cache"),
    cacheControl: h("cache-control") ?? "",
    etag: h("etag"),
    vary: h("vary") ?? "",
    csp,
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    scriptSrc: csp.split("; ").find((d) => d.startsWith("script-src")) ?? "",
    h,
  };
}

const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

describe("a kept public page, for shared caches", () => {
  it("goes out public with s-maxage, a hash policy, no nonce, and the same bytes on every copy", async () => {
    render = streamed("公開ページ");
    renders = 0;
    const first = await get("/lp?from=cdn1");
    // The answer of the render itself: a nonce of its own, not for shared caches.
    expect(first.cache).toBe("MISS");
    expect(first.cacheControl).toBe(NEXT_CACHE_CONTROL);
    expect(first.body).toBe(page(first.nonce!, "公開ページ"));
    const [a, b] = [await get("/lp?from=cdn1"), await get("/lp?from=cdn1")];
    expect([a.cache, b.cache, renders]).toEqual(["HIT", "HIT", 1]);
    const maxAge = Number(
      /^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=60, stale-if-error=300$/.exec(
        a.cacheControl,
      )?.[1],
    );
    expect(maxAge, a.cacheControl).toBeGreaterThanOrEqual(55);
    expect(maxAge).toBeLessThanOrEqual(60);
    // No nonce in the header nor anywhere in the page, the template's included.
    expect(a.nonce).toBeUndefined();
    expect(a.body).not.toMatch(/nonce=/);
    expect(a.body).not.toContain(renderNonce());
    expect(a.body).toBe(page("", "公開ページ").replaceAll(' nonce=""', ""));
    expect(b.body).toBe(a.body);
    expect(b.csp).toBe(a.csp);
    // The inline scripts by their hashes (as the browser computes them), the JSON-LD left out,
    // 'strict-dynamic' kept; every other directive as in the nonce policy.
    expect(a.scriptSrc).toBe(`script-src 'self' ${sha256(INLINE)} ${sha256(flight(""))} 'strict-dynamic'`);
    expect(a.csp.replace(a.scriptSrc, "")).toBe(pageCsp("x").replace(/script-src [^;]*/, ""));
    expect(a.vary).toBe("rsc, next-router-state-tree, next-router-prefetch, Cookie, Accept-Encoding");
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(b.etag).toBe(a.etag);
    expect(a.h("x-frame-options")).toBe("DENY");
  });

  it("sends the same gzip member to every client that takes gzip, with a tag of its own", async () => {
    render = streamed("圧縮".repeat(5000));
    await get("/lp?from=cdn-gzip");
    const copies = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<{ headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
            httpGet(`${base}/lp?from=cdn-gzip`, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            }).on("error", reject);
          }),
      ),
    );
    const [g1, g2] = copies as [(typeof copies)[0], (typeof copies)[0]];
    expect(g1.headers["content-encoding"]).toBe("gzip");
    expect(g1.body.equals(g2.body)).toBe(true);
    expect(Number(g1.headers["content-length"])).toBe(g1.body.length);
    const identity = await get("/lp?from=cdn-gzip");
    expect(gunzipSync(g1.body).toString("utf8")).toBe(identity.body);
    expect(g1.headers.etag).toBe(`${identity.etag!.slice(0, -1)}-gzip"`);
  });

  it("answers If-None-Match with 304 and no body, for the representation it would send", async () => {
    render = streamed("条件付き");
    await get("/oem/search?from=cdn-304");
    const full = await get("/oem/search?from=cdn-304");
    expect(full.cache).toBe("HIT");
    const tag = full.etag!;
    for (const inm of [tag, `W/${tag}`, `"other", ${tag}`, "*"]) {
      const r = await get("/oem/search?from=cdn-304", { "if-none-match": inm });
      expect([r.status, r.body, r.etag], inm).toEqual([304, "", tag]);
      expect(r.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
    }
    expect((await get("/oem/search?from=cdn-304", { "if-none-match": '"other"' })).status).toBe(200);
    // The identity copy's tag does not stand for the gzip'd bytes.
    const gz = await get("/oem/search?from=cdn-304", { "if-none-match": tag, "accept-encoding": "gzip" });
    expect(gz.status).toBe(200);
    expect(gz.etag).not.toBe(tag);
    const head = await get("/oem/search?from=cdn-304", {}, "HEAD");
    expect([head.status, head.etag, head.body]).toEqual([200, tag, ""]);
  });

  it("stays private, no-store, with a nonce of its own, for a signed-in visitor, the router and a cookie", async () => {
    render = streamed("毎回");
    await get("/lp?from=cdn-private");
    expect((await get("/lp?from=cdn-private")).cache).toBe("HIT");
    const cases: Array<[string, Record<string, string>]> = [
      ["/lp?from=cdn-private", { cookie: "oem_session=abc" }],
      ["/lp?from=cdn-private", { rsc: "1" }],
      ["/lp?from=cdn-private", { "next-router-prefetch": "1" }],
      ["/lp?from=cdn-private&_rsc=x1", {}],
      ["/buyer/dashboard", {}],
    ];
    for (const [url, headers] of cases) {
      const r = await get(url, headers);
      const label = `${url} ${JSON.stringify(headers)}`;
      expect([r.cache, r.cacheControl, r.etag], label).toEqual([undefined, NEXT_CACHE_CONTROL, undefined]);
      expect(r.body, label).toBe(page(r.nonce!, "毎回"));
    }
    // An answer that sets a cookie is never kept, so never public.
    render = streamed("クッキー", { extra: (res) => res.setHeader("Set-Cookie", "a=1") });
    for (let i = 0; i < 2; i++) {
      const r = await get("/lp?from=cdn-cookie");
      expect([r.cache, r.cacheControl]).toEqual(["MISS", NEXT_CACHE_CONTROL]);
      expect(r.body).toBe(page(r.nonce!, "クッキー"));
    }
  });

  it("does not keep a page whose external script a hash policy would refuse", async () => {
    render = streamed("外部スクリプト", { external: true });
    await get("/lp?from=cdn-external");
    const again = await get("/lp?from=cdn-external");
    expect(again.cache).toBe("MISS");
    expect(again.body).toBe(page(again.nonce!, "外部スクリプト", true));
  });
});

describe.skipIf(!NGINX)("deploy/nginx.cdn.conf in front of the page cache", () => {
  let nginx: ReturnType<typeof spawn>;
  let front: string;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir("oem-cdn-");
    // Run as root (CI), nginx's workers are `nobody`: they must reach the cache under the folder.
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, "logs"));
    mkdirSync(path.join(dir, "tmp"));
    // As docs/deploy.md §10 runs it: the file copied, its upstreams beside it, its own port.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const conf = path.join(dir, "nginx.cdn.conf");
    copyFileSync(path.join(ROOT, "deploy/nginx.cdn.conf"), conf);
    const text = readFileSync(conf, "utf8");
    writeFileSync(conf, text.replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${port};`));
    writeFileSync(path.join(dir, "upstreams.local.conf"), `server ${new URL(base).host};\n`);
    execFileSync(NGINX!, ["-t", "-q", "-c", conf, "-p", dir], { stdio: "pipe" });
    nginx = spawn(NGINX!, ["-c", conf, "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
    front = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      const up = await request(`${front}/metrics`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(() => {
    nginx?.kill("SIGQUIT");
  });

  it("keeps the public copy, answers signed-out visitors from it, and passes the rest through", async () => {
    render = streamed("CDN");
    renders = 0;
    const url = `${front}/oem/company/11111111-2222-4333-8444-555555555555`;
    // The render's answer is private: nginx does not store it; the kept copy it does.
    const first = await get(url);
    const second = await get(url);
    expect([first.cache, first.h("x-cache-status")]).toEqual(["MISS", "MISS"]);
    expect([second.cache, second.h("x-cache-status")]).toEqual(["HIT", "MISS"]);
    let third = await get(url);
    for (let i = 0; i < 20 && third.h("x-cache-status") !== "HIT"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      third = await get(url);
    }
    expect(third.h("x-cache-status")).toBe("HIT");
    expect(third.body).toBe(second.body);
    expect(third.etag).toBe(second.etag);
    // A browser's revalidation is answered by nginx itself.
    const revalidated = await get(url, { "if-none-match": second.etag! });
    expect([revalidated.status, revalidated.h("x-cache-status")]).toEqual([304, "HIT"]);
    expect(renders).toBe(1);
    // A signed-in visitor and the router go to the app, and what it answers them is not stored.
    for (const headers of [{ cookie: "oem_session=abc" }, { rsc: "1" }] as Record<string, string>[]) {
      const r = await get(url, headers);
      expect([r.h("x-cache-status"), r.cacheControl], JSON.stringify(headers)).toEqual([
        "BYPASS",
        NEXT_CACHE_CONTROL,
      ]);
      expect(r.body).toBe(page(r.nonce!, "CDN"));
    }
    expect(renders).toBe(3);
    const after = await get(url);
    expect([after.h("x-cache-status"), after.body]).toEqual(["HIT", second.body]);
    // Another page is never stored.
    const other = `${front}/buyer/dashboard`;
    await get(other);
    expect((await get(other)).h("x-cache-status")).toBe("MISS");
  });
});
