import pino from "pino";
import { env } from "@/env";

const holder = globalThis as unknown as { __oemLogger?: pino.Logger };

/** At most this long between a line and its write: a quiet process's lines are not held back. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

export function logger(): pino.Logger {
  if (holder.__oemLogger) return holder.__oemLogger;
  // Asynchronous writes in batches keep logging off the request path. A batch is written once it
  // holds 4 kB or a second has passed, and at exit: with the size alone, a quiet process held a
  // job's line for minutes (issue 34) and a SIGKILL lost it.
  const destination = pino.destination({ sync: false, minLength: 4096 });
  const flush = () => {
    try {
      destination.flush();
    } catch {
      // not ready yet (the file descriptor opens asynchronously) or already closed
    }
  };
  setInterval(flush, LOG_FLUSH_INTERVAL_MS).unref();
  process.once("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // nothing buffered, or stdout is gone
    }
  });
  holder.__oemLogger = pino(
    {
      level: env().NODE_ENV === "test" ? "silent" : env().LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
    },
    destination,
  );
  return holder.__oemLogger;
}
