import { describe, expect, it } from "vitest";
import { registerAccount, uniqueEmail } from "../factories/accounts";
import { api } from "../factories/http";

// Login and password reset answer alike for a known and an unknown email: the same status and
// body, and median times within 10 % over 200 tries each (about 80 s). The times come from the
// code path (the password hash, the reset's work), not from the database, so scripts/test-all.sh
// runs this file once: on PostgreSQL, production's database, when it is there.

/** Median of the times `call` takes, over `n` runs alternating with the other variant. */
async function medians(n: number, known: () => Promise<unknown>, unknown: () => Promise<unknown>) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    for (const [k, call] of [known, unknown].entries()) {
      const started = performance.now();
      await call();
      times[k as 0 | 1].push(performance.now() - started);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { known: median(times[0]), unknown: median(times[1]) };
}

describe("no account enumeration", () => {
  it("login answers the same status, body and time for a known and an unknown email", async () => {
    const a = await registerAccount("BUYER");
    const stranger = uniqueEmail("nobody");
    const wrong = { password: "Wrong-passw0rd" };
    const known = await api("POST", "/api/auth/login", { body: { email: a.email, ...wrong } });
    const unknown = await api("POST", "/api/auth/login", { body: { email: stranger, ...wrong } });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(known.body).toEqual(unknown.body);

    const t = await medians(
      200,
      () => api("POST", "/api/auth/login", { body: { email: a.email, ...wrong } }),
      () => api("POST", "/api/auth/login", { body: { email: stranger, ...wrong } }),
    );
    console.info(`login medians: known ${t.known.toFixed(1)} ms, unknown ${t.unknown.toFixed(1)} ms`);
    expect(Math.abs(t.known - t.unknown) / Math.max(t.known, t.unknown)).toBeLessThan(0.1);
  }, 300_000);

  it("password reset answers the same status, body and time for a known and an unknown email", async () => {
    const a = await registerAccount("SUPPLIER");
    const stranger = uniqueEmail("nobody");
    const known = await api("POST", "/api/password/email", { body: { email: a.email } });
    const unknown = await api("POST", "/api/password/email", { body: { email: stranger } });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);

    const t = await medians(
      200,
      () => api("POST", "/api/password/email", { body: { email: a.email } }),
      () => api("POST", "/api/password/email", { body: { email: stranger } }),
    );
    console.info(`reset medians: known ${t.known.toFixed(1)} ms, unknown ${t.unknown.toFixed(1)} ms`);
    expect(Math.abs(t.known - t.unknown) / Math.max(t.known, t.unknown)).toBeLessThan(0.1);
  }, 300_000);
});
