// The moves of an invitation (pure): sent as PENDING, then used once (ACCEPTED) or withdrawn by an
// ADMIN (CANCELLED). Both ends are final: a used or withdrawn link never works again.

export type InvitationStatus = "PENDING" | "ACCEPTED" | "CANCELLED";
export type InvitationEvent = "SEND" | "ACCEPT" | "CANCEL";

export const INVITATION_STATUSES: readonly InvitationStatus[] = ["PENDING", "ACCEPTED", "CANCELLED"];

export const INVITATION_TRANSITIONS: Record<
  InvitationStatus | "NEW",
  Partial<Record<InvitationEvent, InvitationStatus>>
> = {
  NEW: { SEND: "PENDING" },
  PENDING: { ACCEPT: "ACCEPTED", CANCEL: "CANCELLED" },
  ACCEPTED: {},
  CANCELLED: {},
};

/** Where an event leads (each leads to one status); the repository guards the move with statesAllowing. */
export function invitationOutcome(event: InvitationEvent): InvitationStatus {
  for (const from of ["NEW", ...INVITATION_STATUSES] as const) {
    const to = INVITATION_TRANSITIONS[from][event];
    if (to) return to;
  }
  throw new Error(`invitation event ${event} leads nowhere`);
}

/** The statuses an event may start from (the `where status in …` of the update). */
export function invitationStatesAllowing(event: InvitationEvent): InvitationStatus[] {
  return INVITATION_STATUSES.filter((s) => INVITATION_TRANSITIONS[s][event] !== undefined);
}
