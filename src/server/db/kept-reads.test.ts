import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_CHANNEL, changesSeen, feedLive, generation, startChangeFeed } from "./change-feed";
import { type Database, openDatabase } from "./client";
import { keptReads } from "./kept-reads";

// The reads a process keeps until a change notice of their topic (decision 0025), on an embedded
// database: notices go through PostgreSQL's NOTIFY, as the triggers send them.

let database: Database;
let stop: () => Promise<void>;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory", migrate: false });
  stop = await startChangeFeed(database);
});

afterAll(async () => {
  await stop?.();
  await database?.close();
});

const notify = async (payload: string) => {
  await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
  await changesSeen(database.db);
};

/** A computation that counts its calls and answers their number. */
function counter() {
  const c = { calls: 0, compute: async () => ++c.calls };
  return c;
}

describe("kept reads", () => {
  it("keeps a value until a notice of its topic, then computes it again", async () => {
    expect(feedLive()).toBe(true);
    const reads = keptReads<number>("recruits", 10);
    const c = counter();
    expect(await reads.get("a", c.compute)).toBe(1);
    expect(await reads.get("a", c.compute)).toBe(1);
    const before = generation("recruits");
    await notify("recruits");
    expect(generation("recruits")).toBe(before + 1);
    expect(await reads.get("a", c.compute)).toBe(2);
    expect(await reads.get("a", c.compute)).toBe(2);
    // changesSeen's own notices change nothing
    await changesSeen(database.db);
    expect(await reads.get("a", c.compute)).toBe(2);
  });

  it("gives concurrent callers of a key one computation", async () => {
    const reads = keptReads<number>("recruits", 10);
    const c = counter();
    expect(await Promise.all([reads.get("k", c.compute), reads.get("k", c.compute)])).toEqual([1, 1]);
    expect(c.calls).toBe(1);
  });

  it("does not keep a value whose topic changed while it was computed", async () => {
    const reads = keptReads<string>("recruits", 10);
    let calls = 0;
    const compute = async () => {
      calls += 1;
      if (calls === 1) await notify("recruits"); // a write committed during the computation
      return `v${calls}`;
    };
    expect(await reads.get("x", compute)).toBe("v1");
    expect(await reads.get("x", compute)).toBe("v2");
    expect(await reads.get("x", compute)).toBe("v2");
    expect(reads.size()).toBe(1);
  });

  it("drops the least recently used key past its maximum", async () => {
    const reads = keptReads<number>("recruits", 2);
    const c = counter();
    await reads.get("1", c.compute);
    await reads.get("2", c.compute);
    await reads.get("1", c.compute); // "1" used last: "2" goes first
    await reads.get("3", c.compute);
    expect(reads.size()).toBe(2);
    expect(c.calls).toBe(3);
    await reads.get("1", c.compute);
    expect(c.calls).toBe(3);
    await reads.get("2", c.compute);
    expect(c.calls).toBe(4);
  });

  it("keeps nothing that failed, and nothing while the feed does not listen", async () => {
    const reads = keptReads<number>("recruits", 10);
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error("down");
      return 7;
    };
    await expect(reads.get("f", compute)).rejects.toThrow("down");
    fail = false;
    expect(await reads.get("f", compute)).toBe(7);

    await stop();
    expect(feedLive()).toBe(false);
    const c = counter();
    await reads.get("off", c.compute);
    await reads.get("off", c.compute);
    expect(c.calls).toBe(2);
    stop = await startChangeFeed(database);
    expect(feedLive()).toBe(true);
  });
});
