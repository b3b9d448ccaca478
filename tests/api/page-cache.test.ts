import {
  createServer,
  get as httpGet,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/env";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";
import { acceptsGzip } from "@/server/http/kept-page-response";
import {
  doNotKeepThisPage,
  keptPage,
  keptPages,
  PAGE_TTL_MS,
  pageCacheKey,
  renderNonce,
} from "@/server/http/page-cache";
import { pageCacheFront } from "../support/page-cache-front";

// The page cache (decision 0027) in front of a stand-in for Next that writes its page in small
// chunks, cutting the nonce in two: the server.ts wiring, with the database's real change feed.

type Render = (req: IncomingMessage, res: ServerResponse) => void;
let render: Render;
let renders = 0;
let server: Server;
let base: string;

function page(nonce: string, text: string): string {
  return `<html><head><script nonce="${nonce}">self.a=1</script></head><body>${text}<script nonce="${nonce}">self.b=2</script></body></html>`;
}

/** Writes the page in 7-character chunks, as a streaming render does. */
const streamed =
  (text: string, extra?: (res: ServerResponse) => void): Render =>
  (req, res) => {
    const nonce = /'nonce-([^']+)'/.exec(String(req.headers["content-security-policy"]))![1]!;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    extra?.(res);
    const html = page(nonce, text);
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

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { status: res.status, cache: res.headers.get("x-page-cache"), body, nonce, headers: res.headers };
}

/** A kept copy: no nonce at all (decision 0041, tests/api/page-cache-cdn.test.ts), the text the page's. */
function expectKeptCopy(r: Awaited<ReturnType<typeof get>>, text: string) {
  expect(r.nonce).toBeUndefined();
  expect(r.body).toBe(page("", text).replaceAll(' nonce=""', ""));
}

/** Every nonce in the body is the response's own, and the text is the page's. */
function expectOwnNonce(r: Awaited<ReturnType<typeof get>>, text: string) {
  expect(r.nonce).toBeTruthy();
  expect(r.body).toBe(page(r.nonce!, text));
}

describe("the page cache", () => {
  it("renders a public page once: its first answer with a nonce of its own, the kept copies with none", async () => {
    render = streamed("最初の描画");
    renders = 0;
    const first = await get("/lp?from=test1");
    expect(first.cache).toBe("MISS");
    expectOwnNonce(first, "最初の描画");
    render = streamed("二回目の描画");
    const second = await get("/lp?from=test1");
    const third = await get("/lp?from=test1");
    expect([second.cache, third.cache]).toEqual(["HIT", "HIT"]);
    expectKeptCopy(second, "最初の描画");
    expectKeptCopy(third, "最初の描画");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(renders).toBe(1);
  });

  it("sends a kept page gzip'd to a client that takes it, a valid stream", async () => {
    render = streamed("圧縮".repeat(5000));
    await get("/lp?from=gzip");
    const raw = await new Promise<{ headers: IncomingMessage["headers"]; body: Buffer }>(
      (resolve, reject) => {
        httpGet(`${base}/lp?from=gzip`, { headers: { "accept-encoding": "br;q=1, gzip;q=0.8" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      },
    );
    expect(raw.headers["x-page-cache"]).toBe("HIT");
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(String(raw.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
    // gunzip checks the stream, its CRC-32 and its length.
    const html = gunzipSync(raw.body).toString("utf8");
    expect(html).toBe(page("", "圧縮".repeat(5000)).replaceAll(' nonce=""', ""));
    expect(raw.body.length).toBeLessThan(html.length / 20);
    expect([
      acceptsGzip("gzip;q=0, br"),
      acceptsGzip("*"),
      acceptsGzip(undefined),
      acceptsGzip("GZIP"),
    ]).toEqual([false, true, false, true]);
  });

  it("renders again after a change notice of the pages' topics, from any table they show", async () => {
    render = streamed("変更前");
    await get("/?from=test2");
    expect((await get("/?from=test2")).cache).toBe("HIT");
    // A statement on a table of topic "pages" (news), committed: the notice drops what was kept.
    await db().execute(sql`update news set title = title where false`);
    await changesSeen(db());
    render = streamed("変更後");
    const after = await get("/?from=test2");
    expect(after.cache).toBe("MISS");
    expectOwnNonce(after, "変更後");
    // And a listed supplier's change (drizzle/0017 sends "pages:list"; tests/api/page-cache-writes
    // drives it through the triggers). Topic "suppliers" alone (a statement that changed no row)
    // drops nothing since decision 0040.
    expect((await get("/?from=test2")).cache).toBe("HIT");
    await db().execute(sql`update supplier_profiles set catchphrase = catchphrase where false`);
    await changesSeen(db());
    expect((await get("/?from=test2")).cache).toBe("HIT");
    await db().execute(sql`select pg_notify('oem_changes', 'pages:list')`);
    await changesSeen(db());
    expect((await get("/?from=test2")).cache).toBe("MISS");
  });

  it("keeps a page at most PAGE_TTL_MS, for what changes with the clock alone", async () => {
    render = streamed("時刻");
    await get("/oem/search?from=test3");
    expect(keptPage("/oem/search?from=test3")).toBeDefined();
    expect(keptPage("/oem/search?from=test3", Date.now() + PAGE_TTL_MS)).toBeUndefined();
    expect((await get("/oem/search?from=test3")).cache).toBe("MISS");
  });

  it("keeps at most PAGE_CACHE_MAX_PAGES pages and PAGE_CACHE_MAX_MB, the least recently used going first", async () => {
    render = streamed("容量");
    try {
      setEnvForTests({ PAGE_CACHE_MAX_PAGES: 2 });
      for (const p of ["/lp?from=lru1", "/lp?from=lru2"]) expect((await get(p)).cache).toBe("MISS");
      expect((await get("/lp?from=lru1")).cache).toBe("HIT"); // lru2 is now the least recently used
      expect((await get("/lp?from=lru3")).cache).toBe("MISS");
      expect(keptPages().pages).toBe(2);
      expect((await get("/lp?from=lru1")).cache).toBe("HIT");
      expect((await get("/lp?from=lru3")).cache).toBe("HIT");
      expect((await get("/lp?from=lru2")).cache).toBe("MISS");
      // 0 MB: nothing fits, every page goes at once.
      setEnvForTests({ PAGE_CACHE_MAX_MB: 0 });
      expect((await get("/lp?from=lru4")).cache).toBe("MISS");
      expect((await get("/lp?from=lru4")).cache).toBe("MISS");
      expect(keptPages()).toEqual({ pages: 0, bytes: 0 });
    } finally {
      resetEnvForTests();
    }
  });

  it("does not keep a page whose section failed, an error, a 404, or an answer that sets a cookie", async () => {
    const cases: Array<[string, Render]> = [
      ["/lp?from=failed", streamed("一部欠落", () => doNotKeepThisPage())],
      [
        "/lp?from=error",
        (req, res) => {
          res.statusCode = 500;
          streamed("エラー")(req, res);
        },
      ],
      [
        "/oem/company/00000000-0000-4000-8000-000000000000",
        (req, res) => {
          res.statusCode = 404;
          streamed("見つかりません")(req, res);
        },
      ],
      ["/lp?from=cookie", streamed("クッキー", (res) => res.setHeader("Set-Cookie", "a=1"))],
    ];
    for (const [path, r] of cases) {
      render = r;
      await get(path);
      const again = await get(path);
      expect(again.cache, path).toBe("MISS");
      expect(again.body, path).not.toContain(renderNonce());
    }
  });

  it("renders per request for signed-in visitors, router requests, other pages and other methods", async () => {
    render = streamed("毎回");
    const cases: Array<[string, Record<string, string>]> = [
      ["/lp?from=test5", { cookie: "theme=dark; oem_session=abc" }],
      ["/lp?from=test5", { rsc: "1" }],
      ["/lp?from=test5", { "next-router-prefetch": "1" }],
      ["/lp?from=test5&_rsc=x1", {}],
      ["/buyer/dashboard", {}],
      ["/oem/company/not-a-uuid", {}],
    ];
    for (const [path, headers] of cases) {
      renders = 0;
      const a = await get(path, headers);
      const b = await get(path, headers);
      expect([a.cache, b.cache], `${path} ${JSON.stringify(headers)}`).toEqual([null, null]);
      expect(renders).toBe(2);
      expectOwnNonce(b, "毎回");
    }
    expect(pageCacheKey({ method: "POST", url: "/lp", headers: {} } as IncomingMessage)).toBeUndefined();
    // A cookie of another name is no session: the page is kept.
    expect(
      pageCacheKey({ method: "GET", url: "/lp", headers: { cookie: "oem_csrf=x" } } as IncomingMessage),
    ).toBe("/lp");
  });
});
