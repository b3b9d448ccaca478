import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

// PGlite has no lock of its own: two processes on one data dir lose data silently.
// One owner at a time, by an O_EXCL lock file holding the owner's pid.

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is already in use by another process (pid ${pid}). ` +
        "Stop that process first, or set DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      // Stale lock left by a killed process: take it over.
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it first; retry
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
