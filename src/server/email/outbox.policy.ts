// The operator's move of an outbox email (pure: the console's rule and its 409 message in one place).
// The relay's own moves (claim → SENDING, SENT, FAILED, give back) are single SQL updates in outbox.repository.

export type OutboxStatus = "PENDING" | "SENDING" | "SENT" | "FAILED";

export const RESEND_WAITING = "送信待ち・送信中のメールは再送できません。";

/** Resend: a failed or sent email goes back to the queue as new; one waiting or being sent cannot. */
export function resendTransition(
  from: OutboxStatus,
): { ok: true; to: "PENDING" } | { ok: false; message: string } {
  return from === "FAILED" || from === "SENT"
    ? { ok: true, to: "PENDING" }
    : { ok: false, message: RESEND_WAITING };
}
