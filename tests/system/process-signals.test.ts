import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { afterAll, describe, expect, it } from "vitest";
import { registrationBody } from "../factories/accounts";
import { request } from "../support/nginx";
import { freshDataDir, launchServer, ROOT, removeDir, type ServerProcess, stopAll } from "../support/server";

// Who receives SIGTERM, and what the server does with it.
// 1. The process a supervisor starts (npm start, the image's CMD, the deploy guide) must be the
//    server itself: the tsx launcher relays SIGTERM and SIGKILLs its child when the child does not
//    acknowledge within ~60 ms, so under load a graceful stop became a kill (issue 34).
// 2. Drain: on SIGTERM readiness answers 503 at once while the server keeps accepting and serving
//    for SHUTDOWN_DRAIN_SECONDS (a balancer polling readiness takes it out meanwhile); only then it
//    stops accepting, lets the requests in progress finish, and exits 0.

const dirs: string[] = [];
afterAll(async () => {
  await stopAll();
  for (const d of dirs) removeDir(d);
});

/** The image's CMD (exec form), as the container runtime starts it. */
function imageCommand(): string[] {
  const file = DockerfileParser.parse(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  const cmd = file
    .getInstructions()
    .filter((i) => i.getKeyword() === "CMD")
    .at(-1);
  return JSON.parse(cmd!.getArgumentsContent()!) as string[];
}

/** The pid written in the server's own "server started" log line (pino adds it to every line). */
function serverPid(output: string): number | undefined {
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; pid?: number };
      if (entry.msg === "server started") return entry.pid;
    } catch {
      // not a log line
    }
  }
  return undefined;
}

/** A POST that sends half its body now and the rest on finish(): a request in progress. */
function slowPost(server: ServerProcess, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const req = httpRequest(`${server.url}/api/buyer/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": payload.length },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.once("response", (res) => {
      res.resume();
      res.once("end", () => resolve(res.statusCode ?? 0));
    });
    req.once("error", reject);
  });
  answered.catch(() => {});
  req.write(payload.subarray(0, payload.length >> 1));
  return () => {
    req.end(payload.subarray(payload.length >> 1));
    return answered;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the started process is the server", () => {
  it("npm start, the image's CMD and the deploy guide run node itself, not the tsx launcher", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    // environment assignments, then node with tsx as a loader: one process, the server
    expect(pkg.scripts.start).toMatch(/^(\w+=\S+ )*node --import tsx server\.ts$/);
    expect(imageCommand()).toEqual(["node", "--import", "tsx", "server.ts"]);
    const guide = readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8");
    expect(guide).not.toMatch(/\.bin\/tsx server\.ts|^\s*tsx server\.ts/m);
    expect(guide).toMatch(/node --import tsx server\.ts/);
  });

  it("the image's CMD started as a container would: the signalled pid is the server's, and SIGTERM ends in exit 0", async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const command = imageCommand();
    const server = await launchServer({
      dataDir,
      command: command[0] === "node" ? [process.execPath, ...command.slice(1)] : command,
    });
    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    expect(serverPid(server.output()), server.output()).toBe(server.pid);
  }, 180_000);
});

describe("drain on SIGTERM", () => {
  it("readiness is 503 at once, requests are still accepted and served for SHUTDOWN_DRAIN_SECONDS, then new connections are refused, the request in progress finishes and the exit is 0", async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const server = await launchServer({
      dataDir,
      env: { SHUTDOWN_DRAIN_SECONDS: "4", SHUTDOWN_TIMEOUT_SECONDS: "20" },
    });
    const finishSlow = slowPost(server, registrationBody());
    await sleep(300); // the server has the headers and half the body
    const started = Date.now();
    server.child.kill("SIGTERM");
    await sleep(200);

    // the balancer's probe: out at once (new connections, as a balancer's probe opens them)
    const ready = await request(`${server.url}/api/health/ready`, { timeoutMs: 3000 });
    expect(ready.status).toBe(503);
    expect(ready.headers["retry-after"]).toBeDefined();
    // …while the traffic still sent to it is served, writes included
    const during = await request(`${server.url}/api/buyer/register`, {
      method: "POST",
      body: registrationBody(),
      timeoutMs: 10_000,
    });
    expect(during.status, during.text).toBe(201);
    expect((await request(`${server.url}/api/health/live`, { timeoutMs: 3000 })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3500);

    // after the drain period: no new connections, the request in progress still runs
    await sleep(Math.max(0, 4000 + 1500 - (Date.now() - started)));
    await expect(request(`${server.url}/api/health/live`, { timeoutMs: 2000 })).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();
    expect(await finishSlow()).toBe(201);
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
  }, 180_000);
});
