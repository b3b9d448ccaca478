import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/**
 * Hono's TrieRouter, keeping the match of each request path that is a route declared without
 * parameters (GET /api/prefectures): such a path matches the same handlers every time, and the
 * trie walk over the API's ~200 routes and its /api/* middleware cost about 1 µs per request.
 * Hono's default SmartRouter tries RegExpRouter first, which keeps static matches itself, but it
 * refuses these routes (/api/oem/:companyId beside /api/oem/company/…) and falls back to the trie.
 * Hono treats a match result as read-only (RegExpRouter shares its static ones between requests).
 */
export class StaticMatchRouter<T> implements Router<T> {
  readonly name = "StaticMatchRouter";
  readonly #trie = new TrieRouter<T>();
  /** The paths of routes declared without a parameter or wildcard: the only paths whose match is kept. */
  readonly #staticPaths = new Set<string>();
  /** method → path → match; bounded by the static paths times the methods Node's parser accepts. */
  readonly #kept = new Map<string, Map<string, Result<T>>>();

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (!/[:*?{]/.test(path)) this.#staticPaths.add(path);
    // A route added after requests were matched may change what a kept path matches.
    this.#kept.clear();
  }

  match(method: string, path: string): Result<T> {
    let byPath = this.#kept.get(method);
    const kept = byPath?.get(path);
    if (kept) return kept;
    const result = this.#trie.match(method, path);
    if (this.#staticPaths.has(path)) {
      if (!byPath) {
        byPath = new Map();
        this.#kept.set(method, byPath);
      }
      byPath.set(path, result);
    }
    return result;
  }
}
