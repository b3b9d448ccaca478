import pino from "pino";
import { env } from "@/env";

const holder = globalThis as unknown as { __oemLogger?: pino.Logger };

export function logger(): pino.Logger {
  holder.__oemLogger ??= pino({
    level: env().NODE_ENV === "test" ? "silent" : env().LOG_LEVEL,
    redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
  });
  return holder.__oemLogger;
}
