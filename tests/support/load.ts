import { expect } from "vitest";
import { buyerRegistration, uniqueEmail } from "./accounts";
import type { ServerProcess } from "./server";

// A write load cut by SIGKILL: what the server acknowledged before it died.

export interface LoadResult {
  acknowledged: string[];
  /** Requests cut off by the kill, or answered with something else than 201. */
  other: number;
  statuses: Record<string, number>;
}

/**
 * Registers buyers from `loops` concurrent clients, and SIGKILLs the server after `loadMs`
 * once at least `atLeast` registrations were acknowledged (a loaded machine may need longer).
 */
export async function registerUntilKilled(
  server: ServerProcess,
  { loadMs, loops: LOOPS, atLeast = 3 }: { loadMs: number; loops: number; atLeast?: number },
): Promise<LoadResult> {
  const result: LoadResult = { acknowledged: [], other: 0, statuses: {} };
  let killed = false;
  const loop = async () => {
    while (!killed) {
      const email = uniqueEmail("durable");
      let status = "cut off";
      try {
        const res = await fetch(`${server.url}/api/buyer/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(buyerRegistration(email)),
          signal: AbortSignal.timeout(20_000),
        });
        status = String(res.status);
        await res.arrayBuffer();
      } catch {
        // the connection died with the server
      }
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status === "201") result.acknowledged.push(email);
      else result.other++;
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  await new Promise((r) => setTimeout(r, loadMs));
  const giveUpAt = Date.now() + 60_000;
  while (result.acknowledged.length < atLeast && Date.now() < giveUpAt) {
    await new Promise((r) => setTimeout(r, 100));
  }
  killed = true; // no new requests; the ones in flight are cut off by the kill
  const exit = await server.kill("SIGKILL");
  await Promise.all(loops);
  expect(exit.signal).toBe("SIGKILL");
  return result;
}
