import type { Limit } from "@/server/http/rate-limit";

// How fast one person may write and report in one thread (issue 33: 200 messages of 5,000
// characters went through in 6 s). Figures and reasons: docs/decisions/0036-deal-room-limits.md.

/** Messages one user may post in one thread per minute: a quick exchange, not a script. */
export const MESSAGES_PER_MINUTE = 10;
/** Messages one user may post in one thread per day. */
export const MESSAGES_PER_DAY = 100;
/** Reports one user may file in one thread per minute. */
export const REPORTS_PER_MINUTE = 5;
/** Reports one user may file in one thread per day. */
export const REPORTS_PER_DAY = 20;

const key = (what: string, window: "minute" | "day", userId: string, threadId: string) =>
  `deal-${what}:${window}:user:${userId}:thread:${threadId}`;

/** The windows a message counts in; past one the caller gets 429 with Retry-After. */
export function messageLimits(userId: string, threadId: string): Limit[] {
  const message = (wait: string) => `メッセージの送信が続いています。${wait}後にもう一度お送りください。`;
  return [
    { key: key("message", "minute", userId, threadId), max: MESSAGES_PER_MINUTE, windowSeconds: 60, message },
    { key: key("message", "day", userId, threadId), max: MESSAGES_PER_DAY, windowSeconds: 86_400, message },
  ];
}

/** The windows a report counts in. */
export function reportLimits(userId: string, threadId: string): Limit[] {
  const message = (wait: string) => `通報が続いています。${wait}後にもう一度お試しください。`;
  return [
    { key: key("report", "minute", userId, threadId), max: REPORTS_PER_MINUTE, windowSeconds: 60, message },
    { key: key("report", "day", userId, threadId), max: REPORTS_PER_DAY, windowSeconds: 86_400, message },
  ];
}
