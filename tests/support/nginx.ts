import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { tempDir } from "./server";

// nginx in front of app processes, as deploy/nginx.local.conf runs it: Debian's package,
// unprivileged, on a loopback port (scripts/ensure-nginx.sh installs it for npm test).

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

export interface Nginx {
  url: string;
  port: number;
  /** Points the upstream at these app ports and reloads (nginx re-reads it without dropping requests). */
  setUpstreams(ports: number[]): void;
  stop(): void;
}

/** Starts nginx and resolves once it accepts connections. */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<Nginx> {
  if (!NGINX) throw new Error("nginx is not installed (apt-get install nginx)");
  const dir = tempDir("oem-nginx-");
  mkdirSync(path.join(dir, "logs"));
  mkdirSync(path.join(dir, "tmp"));
  const conf = path.join(dir, "nginx.conf");
  const write = (ports: number[]) =>
    writeFileSync(
      conf,
      `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  upstream app {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join("\n")}
    keepalive 16;
    # below the app's keepAliveTimeout (5 s): nginx, never the app, drops an idle connection
    keepalive_timeout 4s;
  }
  client_max_body_size 25m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_read_timeout 60s;
    }
  }
}
`,
    );
  write(upstreamPorts);
  const args = ["-c", conf, "-p", dir];
  execFileSync(NGINX, ["-t", "-q", ...args], { stdio: "pipe" });
  const child = spawn(NGINX, [...args, "-g", "daemon off;"], { stdio: "ignore" });
  process.once("exit", () => child.kill("SIGKILL"));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setUpstreams(ports) {
      write(ports);
      execFileSync(NGINX!, [...args, "-s", "reload"], { stdio: "pipe" });
    },
    stop() {
      child.kill("SIGQUIT");
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/**
 * One HTTP request from a chosen loopback address (127.x.y.z), so that nginx sees a different
 * client for each: the whole 127.0.0.0/8 range is this machine.
 */
export function request(
  url: string,
  opts: {
    method?: string;
    body?: unknown;
    raw?: Buffer;
    headers?: Record<string, string>;
    from?: string;
    timeoutMs?: number;
  } = {},
): Promise<HttpReply> {
  const u = new URL(url);
  const payload = opts.raw ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (payload) headers["content-length"] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: opts.method ?? "GET",
        headers,
        localAddress: opts.from,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${opts.method ?? "GET"} ${url}`)));
    req.on("error", reject);
    req.end(payload);
  });
}
