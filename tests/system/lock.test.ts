import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { emailOutbox } from "@/server/db/schema";
import { buyerRegistration, PASSWORD } from "../support/accounts";
import {
  call,
  freshDataDir,
  launchServer,
  removeDir,
  type ServerProcess,
  spawnServer,
  stopAll,
} from "../support/server";

// Two processes on one PGlite data dir lose data silently: the second must refuse to start.

let dataDir: string | undefined;

afterAll(async () => {
  await stopAll();
  removeDir(dataDir);
});

it("refuses a second server on the same data dir (exit 75, naming the dir) while the first keeps serving", async () => {
  const dir = await freshDataDir();
  dataDir = dir;
  const a: ServerProcess = await launchServer({ dataDir: dir });
  expect(readFileSync(path.join(dir, "app.lock"), "utf8").trim()).toBe(String(a.pid));

  const b = await spawnServer({ dataDir: dir });
  const exit = await Promise.race([
    b.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`B did not exit:\n${b.output()}`)), 60_000),
    ),
  ]);
  expect(exit).toEqual({ code: 75, signal: null });
  expect(b.output()).toContain(
    `Cannot start: The data directory ${dir} is already in use by another process (pid ${a.pid})`,
  );
  expect(b.output()).not.toContain("server started");

  // A still owns the lock and serves reads and writes.
  expect(readFileSync(path.join(dir, "app.lock"), "utf8").trim()).toBe(String(a.pid));
  const body = buyerRegistration();
  const reg = await call(a, "POST", "/api/buyer/register", { body });
  expect(reg.status).toBe(201);
  const login = await call(a, "POST", "/api/auth/login", { body: { email: body.email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const me = await call(a, "GET", "/api/account/me", { token: login.body.token });
  expect(me.status).toBe(200);
  expect(me.body.user.email).toBe(body.email);
  expect((await call(a, "GET", "/api/prefectures")).status).toBe(200);

  // A graceful stop releases the lock.
  expect(await a.kill("SIGTERM")).toEqual({ code: 0, signal: null });
  expect(() => readFileSync(path.join(dir, "app.lock"))).toThrow();

  // Without SMTP_URL no relay ran: the verification email waits in the outbox.
  const database = await openDatabase({ dataDir: dir, migrate: false });
  try {
    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(rows.map((r) => [r.status, r.subject, r.attempts])).toEqual([
      ["PENDING", "【OEMマッチ】メールアドレスの確認をお願いします", 0],
    ]);
  } finally {
    await database.close();
  }
});
