import { randomBytes } from "node:crypto";
import { registrationBody } from "../factories/accounts";
import { request } from "./nginx";

// A mixed load through a proxy, every request recorded with its start and end: what the system
// tests of a database blip and of a killed process compare with the moments of the blow.

export type LoadKind = "post" | "api" | "page";

export interface LoadRecord {
  kind: LoadKind;
  url: string;
  started: number;
  ended: number;
  /** 0 when the connection failed (the error is in `error`). */
  status: number;
  retryAfter?: string;
  /** The start of the body (error answers). */
  text?: string;
  error?: string;
}

/** When something happened to the system: from just before it was done to just after. */
export interface Blow {
  from: number;
  to: number;
}

/**
 * Runs `clients` loops until `until()` says stop. Each loop turns between a registration (POST
 * that writes), a public supplier search of the API and the search page (reads: a fresh keyword
 * each time, so every one reaches the database instead of a kept ranking).
 */
export async function mixedLoad(
  baseUrl: string,
  { clients, until, pages = true }: { clients: number; until: () => boolean; pages?: boolean },
): Promise<LoadRecord[]> {
  const records: LoadRecord[] = [];
  const kinds: LoadKind[] = pages ? ["post", "api", "page"] : ["post", "api"];
  const client = async (k: number) => {
    for (let i = 0; !until(); i++) {
      const kind = kinds[(i + k) % kinds.length]!;
      const keyword = `load${randomBytes(4).toString("hex")}`;
      const url =
        kind === "post"
          ? `${baseUrl}/api/buyer/register`
          : kind === "api"
            ? `${baseUrl}/api/oem?keyword=${keyword}&perPage=5`
            : `${baseUrl}/oem/search?keyword=${keyword}`;
      const started = Date.now();
      try {
        const r = await request(
          url,
          kind === "post"
            ? { method: "POST", body: registrationBody(), timeoutMs: 60_000 }
            : { timeoutMs: 60_000 },
        );
        const ok = r.status === (kind === "post" ? 201 : 200);
        records.push({
          kind,
          url,
          started,
          ended: Date.now(),
          status: r.status,
          retryAfter: r.headers["retry-after"] as string | undefined,
          ...(ok ? {} : { text: r.text.slice(0, 300) }),
        });
      } catch (e) {
        records.push({ kind, url, started, ended: Date.now(), status: 0, error: (e as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
  return records;
}

/** The requests that had started before the blow was over and ended after it began. */
export function inFlightAt(records: LoadRecord[], blow: Blow): LoadRecord[] {
  return records.filter((r) => r.started < blow.to && r.ended > blow.from);
}

/** Counts of answers per kind and status, for the log line and failure messages. */
export function tally(records: LoadRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of records) {
    const key = `${r.kind} ${r.status || "error"}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
