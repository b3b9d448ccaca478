import type { DbOrTx } from "@/server/db/client";
import type { ThreadFacts } from "./deal-events";

// The buyer's track record, kept incrementally (issue 19; docs/trust.md). PLACEHOLDER SIGNATURES
// for the helper that builds it: deal-events calls these in the transaction of the change.

/** The buyer wrote or decided in a thread: the first time, its first reply is recorded. */
export async function recordBuyerReply(_db: DbOrTx, _thread: ThreadFacts, _at: Date): Promise<void> {}

/** A thread got a decision or a 辞退: a closed inquiry's outcome may now be "decided". */
export async function recordThreadSettled(_db: DbOrTx, _thread: ThreadFacts): Promise<void> {}
