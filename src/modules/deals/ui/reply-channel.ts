// Where a supplier answers an inquiry (issue 33, item 4; decision 0033): one reply box at a time.
// Before its first reply, the entry form (the entry opens the thread and becomes its first
// message); after it, or once the thread has messages, the thread; before a ticket, neither.

export type ReplyChannel = "ENTRY_FORM" | "THREAD" | "NONE";

export interface ReplyFacts {
  type: "BULK" | "NOMINATION";
  canEnter: boolean;
  needsTicket: boolean;
  hasLiveEntry: boolean;
  /** The supplier's thread on the inquiry, if one is open. */
  thread: { messageCount: number } | null;
}

export function replyChannel(f: ReplyFacts): ReplyChannel {
  if (f.hasLiveEntry || (f.thread && f.thread.messageCount > 0)) return "THREAD";
  if (f.canEnter) return "ENTRY_FORM";
  if (f.needsTicket || f.type === "BULK") return "NONE";
  // A nomination the supplier may answer without an entry (paid plan, ticket, closed to entries).
  return "THREAD";
}
