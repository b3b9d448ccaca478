import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { StaticMatchRouter } from "./static-match-router";

const routes: Array<[string, string]> = [
  ["ALL", "/api/*"],
  ["ALL", "/api/owner/*"],
  ["GET", "/api/prefectures"],
  ["GET", "/api/oem/:companyId"],
  ["GET", "/api/oem/company/:companyId"],
  ["GET", "/api/oem/search"],
  ["POST", "/api/oem/search"],
  ["GET", "/api/owner/contact/entry"],
  ["GET", "/api/owner/contact/:contactId"],
  ["GET", "/api/docs/*"],
];
const requests: Array<[string, string]> = [
  ["GET", "/api/prefectures"],
  ["HEAD", "/api/prefectures"],
  ["POST", "/api/prefectures"],
  ["GET", "/api/oem/search"],
  ["POST", "/api/oem/search"],
  ["GET", "/api/oem/0b7c1e4e"],
  ["GET", "/api/oem/company/0b7c1e4e"],
  ["GET", "/api/owner/contact/entry"],
  ["GET", "/api/owner/contact/42"],
  ["GET", "/api/docs/docs-init.js"],
  ["GET", "/api/no-such-route"],
  ["GET", "/api/prefectures/"],
];

function both() {
  const trie = new TrieRouter<string>();
  const kept = new StaticMatchRouter<string>();
  for (const [method, path] of routes) {
    trie.add(method, path, `${method} ${path}`);
    kept.add(method, path, `${method} ${path}`);
  }
  return { trie, kept };
}

describe("StaticMatchRouter", () => {
  it("matches what TrieRouter matches, the first time and when a static path's match is kept", () => {
    const { trie, kept } = both();
    for (let round = 0; round < 3; round++)
      for (const [method, path] of requests)
        expect(kept.match(method, path)).toEqual(trie.match(method, path));
    // Kept: the same result object again for a route path without parameters.
    expect(kept.match("GET", "/api/prefectures")).toBe(kept.match("GET", "/api/prefectures"));
    expect(kept.match("GET", "/api/oem/0b7c1e4e")).not.toBe(kept.match("GET", "/api/oem/0b7c1e4e"));
  });

  it("forgets kept matches when a route is added", () => {
    const { trie, kept } = both();
    kept.match("GET", "/api/prefectures");
    trie.add("ALL", "/api/prefectures", "late");
    kept.add("ALL", "/api/prefectures", "late");
    expect(kept.match("GET", "/api/prefectures")).toEqual(trie.match("GET", "/api/prefectures"));
    expect(kept.match("GET", "/api/prefectures")[0].map(([h]) => h)).toContain("late");
  });
});
