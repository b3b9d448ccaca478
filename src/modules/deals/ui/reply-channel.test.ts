import { describe, expect, it } from "vitest";
import { replyChannel } from "./reply-channel";

// One reply box per supplier and inquiry (issue 33, item 4): the entry form before the first reply
// (it becomes the thread's first message), the thread after it; never both.

const base = {
  type: "NOMINATION" as const,
  canEnter: true,
  needsTicket: false,
  hasLiveEntry: false,
  thread: null,
};

describe("replyChannel", () => {
  it("a free supplier after its ticket answers with the entry form only, even though the ticket opened the thread", () => {
    expect(replyChannel({ ...base, thread: { messageCount: 0 } })).toBe("ENTRY_FORM");
  });

  it("after the entry (or once the thread has messages) the thread is the only reply box", () => {
    expect(replyChannel({ ...base, canEnter: false, hasLiveEntry: true, thread: { messageCount: 1 } })).toBe(
      "THREAD",
    );
    expect(replyChannel({ ...base, thread: { messageCount: 2 } })).toBe("THREAD");
  });

  it("before the ticket neither box: the ticket is the way in", () => {
    expect(replyChannel({ ...base, canEnter: false, needsTicket: true })).toBe("NONE");
  });

  it("a public inquiry without a live entry opens no thread (the entry form or the plan prompt shows)", () => {
    expect(replyChannel({ ...base, type: "BULK", canEnter: false })).toBe("NONE");
    expect(replyChannel({ ...base, type: "BULK" })).toBe("ENTRY_FORM");
  });

  it("a nomination the supplier may answer but not enter (closed, paid plan) still has its thread", () => {
    expect(replyChannel({ ...base, canEnter: false })).toBe("THREAD");
  });
});
