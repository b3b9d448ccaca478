import { afterAll, expect, it } from "vitest";
import { freshDataDir, launchServer, removeDir, stopAll } from "../support/server";

// Issue 34: log lines were buffered up to 4 kB, so on a quiet process a job's or a request's line
// appeared minutes late (and a SIGKILL lost them). Now they are written within a second. The
// request id of the line is the app's own when the client reached it directly (no trusted proxy).

const dirs: string[] = [];
afterAll(async () => {
  await stopAll();
  for (const d of dirs) removeDir(d);
});

it("a quiet process writes a request's log line within a second, with an id the client did not choose", async () => {
  const dataDir = await freshDataDir();
  dirs.push(dataDir);
  const server = await launchServer({ dataDir });
  await new Promise((r) => setTimeout(r, 1500)); // start-up lines out of the way
  const res = await fetch(`${server.url}/api/prefectures`, { headers: { "x-request-id": "client-picked" } });
  await res.arrayBuffer();
  const id = res.headers.get("x-request-id")!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await new Promise((r) => setTimeout(r, 1500));
  const line = server
    .output()
    .split("\n")
    .find((l) => l.includes(`"requestId":"${id}"`));
  expect(line, server.output().slice(-2000)).toBeDefined();
  expect(JSON.parse(line!)).toMatchObject({ path: "/api/prefectures", status: 200 });
  expect(server.output()).not.toContain("client-picked");
  expect(server.child.exitCode).toBeNull();
}, 180_000);
