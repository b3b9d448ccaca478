import pino from "pino";
import { env } from "@/env";

const holder = globalThis as unknown as { __oemLogger?: pino.Logger };

export function logger(): pino.Logger {
  // Asynchronous writes keep logging off the request path; buffered lines are flushed at exit.
  holder.__oemLogger ??= pino(
    {
      level: env().NODE_ENV === "test" ? "silent" : env().LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
    },
    pino.destination({ sync: false, minLength: 4096 }),
  );
  return holder.__oemLogger;
}
