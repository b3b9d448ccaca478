import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicCacheControl, scriptHash, withoutNonce } from "./kept-page-response";

const T = "0123456789abcdef0123456789abcdef";
const b64 = (s: string) => createHash("sha256").update(s, "utf8").digest("base64");

describe("a kept page without its nonce (decision 0041)", () => {
  it("hashes each executable inline script once, and no data script", () => {
    const html =
      `<script nonce="${T}">a()</script><SCRIPT nonce="${T}" type="module">b()</SCRIPT>` +
      `<script nonce="${T}">a()</script><script type="application/ld+json">{"x":1}</script>` +
      `<script type="text/javascript" nonce="${T}">日本語()</script>`;
    const r = withoutNonce(html, T)!;
    expect(r.hashes).toEqual([
      `'sha256-${b64("a()")}'`,
      `'sha256-${b64("b()")}'`,
      `'sha256-${b64("日本語()")}'`,
    ]);
    expect(r.html).not.toContain(T);
    expect(r.html).not.toContain("nonce");
  });

  it("hashes what the browser hashes: line breaks as LF", () => {
    expect(scriptHash("a()\r\nb()\rc()")).toBe(b64("a()\nb()\nc()"));
  });

  it("removes the template wherever Next wrote it, and refuses a parser-inserted external script", () => {
    const flight = `self.__next_f.push([1,"{\\"nonce\\":\\"${T}\\"}"])`;
    const r = withoutNonce(
      `<link rel="stylesheet" href="/a.css" nonce="${T}"/><script>${flight}</script>`,
      T,
    )!;
    expect(r.html).toBe(`<link rel="stylesheet" href="/a.css"/><script>${flight.replace(T, "")}</script>`);
    expect(withoutNonce(`<script src="/p.js" noModule="" nonce="${T}"></script>`, T)?.hashes).toEqual([]);
    expect(withoutNonce(`<script src="/x.js" nonce="${T}"></script>`, T)).toBeUndefined();
  });

  it("is public for shared caches only while the copy is valid here", () => {
    expect(publicCacheControl(42)).toBe(
      "public, max-age=0, s-maxage=42, stale-while-revalidate=60, stale-if-error=300",
    );
    expect(publicCacheControl(0)).toBe("public, max-age=0, must-revalidate");
  });
});
