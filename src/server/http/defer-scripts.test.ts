import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterEach, describe, expect, it } from "vitest";
import { deferPageScripts, scriptDeferrer } from "./defer-scripts";

// The head and the end of a page as Next renders them (attributes in Next's own order).
const PAGE = [
  '<!DOCTYPE html><html lang="ja"><head>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="N1" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" nonce="N1" href="/_next/static/chunks/boot.js"/>',
  '<script src="/_next/static/chunks/one.js" async="" nonce="N1"></script>',
  '<script src="/_next/static/chunks/two.js" async="" nonce="N1"></script>',
  '<link rel="icon" href="/icon.svg"/>',
  '<script src="/_next/static/chunks/poly.js" noModule="" nonce="N1"></script>',
  "</head><body><h1>日本語の見出し</h1>",
  '<script nonce="N1">self.__next_f.push([1,"<script src=\\"x.js\\" async=\\"\\"></script>"])</script>',
  '<script src="/_next/static/chunks/boot.js" nonce="N1" async=""></script>',
  '<script src="https://example.com/other.js" async="" nonce="N1"></script>',
  "</body></html>",
].join("");

function rewriteInChunks(html: string, cuts: number[]): string {
  const deferrer = scriptDeferrer();
  let out = "";
  let from = 0;
  for (const cut of [...cuts, html.length]) {
    out += deferrer.push(html.slice(from, cut));
    from = cut;
  }
  return out + deferrer.end();
}

describe("scriptDeferrer", () => {
  const whole = rewriteInChunks(PAGE, []);

  it("queues Next's async chunks in document order, with the loader once, and drops the script preload", () => {
    const queued = [...whole.matchAll(/self\.__nextDefer\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(queued).toEqual([
      "/_next/static/chunks/one.js",
      "/_next/static/chunks/two.js",
      "/_next/static/chunks/boot.js",
    ]);
    expect(whole.match(/self\.__nextDefer\|\|/g)).toHaveLength(1);
    expect(whole).not.toContain('<script src="/_next/static/chunks/one.js"');
    expect(whole).not.toContain('rel="preload" as="script"');
    // Every script that remains carries the response's nonce.
    for (const tag of whole.match(/<script\b[^>\\]*>/g) ?? []) expect(tag).toMatch(/nonce="N1"/);
  });

  it("leaves everything else as it was: styles, icons, inline scripts, noModule, foreign scripts, text", () => {
    expect(whole).toContain(
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="N1" data-precedence="next"/>',
    );
    expect(whole).toContain('<link rel="icon" href="/icon.svg"/>');
    expect(whole).toContain('<script src="/_next/static/chunks/poly.js" noModule="" nonce="N1"></script>');
    expect(whole).toContain('self.__next_f.push([1,"<script src=\\"x.js\\" async=\\"\\"></script>"])');
    expect(whole).toContain('<script src="https://example.com/other.js" async="" nonce="N1"></script>');
    expect(whole).toContain("<h1>日本語の見出し</h1>");
  });

  it("gives the same page however the HTML is split into chunks", () => {
    for (let a = 1; a < PAGE.length; a += 1) {
      expect(rewriteInChunks(PAGE, [a])).toBe(whole);
      const b = Math.min(PAGE.length - 1, a + 37);
      if (b > a) expect(rewriteInChunks(PAGE, [a, b])).toBe(whole);
    }
  });
});

describe("deferPageScripts on a response", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function serve(type: string, chunks: Array<string | Uint8Array>): Promise<Response> {
    const compress = compression({ threshold: 0 });
    server = createServer((req, res) => {
      compress(req as never, res as never, () => {
        deferPageScripts(res);
        res.setHeader("content-type", type);
        for (const c of chunks) res.write(c);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return fetch(`http://127.0.0.1:${port}/`, { headers: { "accept-encoding": "gzip" } });
  }

  it("rewrites a streamed page split inside a multibyte character and a tag, then gzips it", async () => {
    const bytes = new TextEncoder().encode(PAGE);
    const splitInCharacter = new TextEncoder().encode(PAGE.slice(0, PAGE.indexOf("日本") + 1)).length - 1;
    const res = await serve("text/html; charset=utf-8", [
      bytes.slice(0, 120),
      bytes.slice(120, splitInCharacter),
      bytes.slice(splitInCharacter),
    ]);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(rewriteInChunks(PAGE, []));
  });

  it("passes other content through untouched", async () => {
    const res = await serve("text/x-component", [PAGE]);
    expect(await res.text()).toBe(PAGE);
  });
});
