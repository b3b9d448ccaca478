import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A PostgreSQL server of the test's own (initdb into a temp dir, its own port), so a test may
// stop and start it without touching the shared server on 5432 that other tests use.
// Debian's binaries; as root the server runs as the `postgres` user (initdb refuses root).

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  /** `fast`: what `systemctl stop postgresql` does (sessions are ended, then the server exits). */
  stop(mode?: "fast" | "immediate"): void;
  destroy(): void;
}

function binDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(path.join(root, v, "bin", "pg_ctl"))) return path.join(root, v, "bin");
  return undefined;
}

/** Why a private server cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!binDir()) return "PostgreSQL server binaries are not installed (/usr/lib/postgresql/*/bin)";
  if (process.getuid?.() === 0) {
    try {
      execFileSync("id", ["postgres"], { stdio: "ignore" });
    } catch {
      return "running as root without a postgres user";
    }
  }
  return undefined;
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const bin = binDir()!;
  const dir = mkdtempSync(path.join(tmpdir(), "oem-pg-"));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    execFileSync(file as string, argv as string[], { stdio: "pipe", timeout: 60_000 });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]),
    stop: (mode = "fast") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]),
    destroy: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
