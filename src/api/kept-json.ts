import type { Context, TypedResponse } from "hono";
import type { JSONParsed, JSONValue } from "hono/utils/types";

type KeptJsonResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/**
 * The 200 JSON answer of a value a service keeps per process (the master lists): the bytes of
 * `c.json(wrap(kept), 200)`, serialised and encoded once per kept value instead of per request.
 * Keyed by the kept value itself, so a reloaded list (a new array) gets new bytes: the answer is
 * never older than what the service hands out. The kept value must not be mutated in place
 * (the services' caches already share it between callers).
 */
export function keptJsonAnswer<K extends object, T extends JSONValue | object>(wrap: (kept: K) => T) {
  const answers = new WeakMap<K, Uint8Array<ArrayBuffer>>();
  const encoder = new TextEncoder();
  return (c: Context, kept: K): KeptJsonResponse<T> => {
    let bytes = answers.get(kept);
    if (!bytes) {
      bytes = encoder.encode(JSON.stringify(wrap(kept)));
      answers.set(kept, bytes);
    }
    // The headers c.json() gives; node-server sets Content-Length from the byte length. The body is
    // that JSON, so the answer is typed as c.json()'s (the OpenAPI route checks it against its schema).
    return c.body(bytes, 200, { "Content-Type": "application/json" }) as unknown as KeptJsonResponse<T>;
  };
}
