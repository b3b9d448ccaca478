import { randomBytes, randomUUID } from "node:crypto";
import { createApp } from "@/api/app";
import { changesSeen } from "@/server/db/change-feed";
import { db } from "@/server/db/client";

let app: ReturnType<typeof createApp> | undefined;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the Hono app in-process, as a client on its own IP (rate limits are per client). */
export async function api<T = any>(
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  app ??= createApp();
  const headers: Record<string, string> = { "x-test-client-ip": opts.ip ?? randomIp(), ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await app.request(path, { method, headers, body });
  const text = await res.text();
  // A write's change notices reach this process's kept reads a moment after its commit (decision
  // 0025): a test's next read must see them, as a user's next page would.
  if (method !== "GET" && method !== "HEAD") await changesSeen(db());
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A fresh Idempotency-Key header, as the pages send once per form submission. */
export function idem(key: string = randomUUID()): Record<string, string> {
  return { "idempotency-key": key };
}
