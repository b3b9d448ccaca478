import { describe, expect, it } from "vitest";
import {
  INVITATION_STATUSES,
  INVITATION_TRANSITIONS,
  type InvitationEvent,
  invitationOutcome,
  invitationStatesAllowing,
} from "./invitation.policy";

const EVENTS: InvitationEvent[] = ["SEND", "ACCEPT", "CANCEL"];

// Every state × every event: the expected next status, or undefined where the move is refused.
const EXPECTED: Record<string, Record<InvitationEvent, string | undefined>> = {
  NEW: { SEND: "PENDING", ACCEPT: undefined, CANCEL: undefined },
  PENDING: { SEND: undefined, ACCEPT: "ACCEPTED", CANCEL: "CANCELLED" },
  ACCEPTED: { SEND: undefined, ACCEPT: undefined, CANCEL: undefined },
  CANCELLED: { SEND: undefined, ACCEPT: undefined, CANCEL: undefined },
};

describe("invitation transitions", () => {
  for (const from of ["NEW", ...INVITATION_STATUSES] as const) {
    for (const event of EVENTS) {
      it(`${from} --${event}--> ${EXPECTED[from]![event] ?? "refused"}`, () => {
        expect(INVITATION_TRANSITIONS[from][event]).toBe(EXPECTED[from]![event]);
      });
    }
  }
  it("an accepted or cancelled invitation is final; only a pending one moves", () => {
    expect(invitationStatesAllowing("ACCEPT")).toEqual(["PENDING"]);
    expect(invitationStatesAllowing("CANCEL")).toEqual(["PENDING"]);
    expect(invitationOutcome("SEND")).toBe("PENDING");
    expect(invitationOutcome("CANCEL")).toBe("CANCELLED");
  });
});
