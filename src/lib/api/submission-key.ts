// The Idempotency-Key of a form: one per submission attempt, kept while the same content is
// resent after a lost answer (network failure), renewed once the server has answered or the
// content changed, so a double click or a retry never creates a second purchase or inquiry.
import { ApiError } from "./client";

/** A random UUID v4 (crypto.randomUUID is missing outside secure contexts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface SubmissionKey {
  /** The key for sending `body`: the pending attempt's while the body is the same. */
  keyFor(body: unknown): string;
  /** After an answer: success or a refusal ends the attempt; a lost answer keeps it for the retry. */
  settle(error?: unknown): void;
}

export function submissionKey(): SubmissionKey {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body ?? null);
      if (!pending || pending.body !== text) pending = { body: text, key: newIdempotencyKey() };
      return pending.key;
    },
    settle(error) {
      if (error instanceof ApiError && error.status === 0) return;
      pending = null;
    },
  };
}
