import { describe, expect, it } from "vitest";
import { type OutboxStatus, RESEND_WAITING, resendTransition } from "./outbox.policy";

describe("the operator's resend of an outbox email", () => {
  it.each<[OutboxStatus, ReturnType<typeof resendTransition>]>([
    ["PENDING", { ok: false, message: RESEND_WAITING }],
    ["SENDING", { ok: false, message: RESEND_WAITING }],
    ["SENT", { ok: true, to: "PENDING" }],
    ["FAILED", { ok: true, to: "PENDING" }],
  ])("from %s", (from, expected) => {
    expect(resendTransition(from)).toEqual(expected);
  });
});
