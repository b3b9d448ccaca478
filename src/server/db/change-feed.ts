import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { env } from "@/env";
import { logger } from "@/server/http/logger";
import type { Database, DbOrTx } from "./client";

// Change notices across processes, for the reads a process keeps (decision 0025). Triggers on the
// tables a kept read depends on call pg_notify('oem_changes', topic) (drizzle/0008_change_feed.sql):
// PostgreSQL delivers a notice when its transaction commits, to every process listening, so a
// change made through any process or path reaches all of them. Each process listens on a
// connection of its own (PGlite: on its embedded instance) and counts a generation per topic.
//
// A kept read is valid while its topic's generation is the one it was computed under, and only
// while the feed listens: when the connection drops, notices may be missed, so nothing is kept
// until it listens again, and every generation moves on (what was kept before is dropped).

export const CHANGE_CHANNEL = "oem_changes";

/**
 * What a notice says changed: `recruits` = open public inquiries (their rows or prefectures);
 * `capabilities` = what a supplier's fit reads of it (profile, categories, factories, prefecture);
 * `suppliers` = what the public search ranks and filters on (drizzle/0012_suppliers_change_feed.sql);
 * `pages` = what every cached public page shows: the master lists and the news (drizzle/0013);
 * `pages:list` = what the pages that list suppliers show of a listed supplier (drizzle/0017); a
 * supplier's own page moves on with `pages:supplier:<company id>` (supplierGeneration).
 */
export type ChangeTopic = "recruits" | "capabilities" | "suppliers" | "pages" | "pages:list";
const TOPICS: readonly ChangeTopic[] = ["recruits", "capabilities", "suppliers", "pages", "pages:list"];

interface FeedState {
  live: boolean;
  generations: Map<ChangeTopic, number>;
  /** Moves on only with notices (not when the feed starts or stops): what really changed. */
  noticed: Map<ChangeTopic, number>;
  /** Per supplier: `pages:supplier:<company id>` notices (drizzle/0017), decision 0040. */
  suppliers: Map<string, number>;
  /** Moves on whenever the feed starts or stops: notices may have been missed in between. */
  epoch: number;
  /** changesSeen's own notices, waited for. */
  marks: Map<string, () => void>;
}
// On globalThis, so that Next's bundled copy of this module shares the process's feed.
const holder = globalThis as unknown as { __oemChangeFeed?: FeedState };
holder.__oemChangeFeed ??= {
  live: false,
  generations: new Map(),
  noticed: new Map(),
  suppliers: new Map(),
  epoch: 0,
  marks: new Map(),
};
const state: FeedState = holder.__oemChangeFeed;
const MARK = "seen:";
const SUPPLIER = "pages:supplier:";
/** Past this many suppliers noted, the notes start over and every page moves on ("pages"). */
const MAX_SUPPLIERS_NOTED = 100_000;

/** The topic's generation: it moves on with every notice of the topic and whenever the feed (re)starts or stops. */
export function generation(topic: ChangeTopic): number {
  return state.generations.get(topic) ?? 0;
}

/** Whether notices arrive: a read may be kept only then. */
export function feedLive(): boolean {
  return state.live;
}

/** The topic's count of notices alone (the feed's restarts left out: see feedEpoch). */
export function noticedGeneration(topic: ChangeTopic): number {
  return state.noticed.get(topic) ?? 0;
}

/** The count of `pages:supplier:<id>` notices for this supplier (0 when none was noted). */
export function supplierGeneration(companyId: string): number {
  return state.suppliers.get(companyId.toLowerCase()) ?? 0;
}

/** Moves on whenever the feed starts or stops listening. */
export function feedEpoch(): number {
  return state.epoch;
}

const bump = (t: ChangeTopic) => {
  state.generations.set(t, generation(t) + 1);
  state.noticed.set(t, noticedGeneration(t) + 1);
};

function noticed(payload: string): void {
  if (payload.startsWith(MARK)) return void state.marks.get(payload)?.();
  if (payload.startsWith(SUPPLIER)) {
    const id = payload.slice(SUPPLIER.length).toLowerCase();
    if (state.suppliers.size >= MAX_SUPPLIERS_NOTED && !state.suppliers.has(id)) {
      state.suppliers.clear();
      bump("pages");
    }
    state.suppliers.set(id, supplierGeneration(id) + 1);
    return;
  }
  const topic = TOPICS.find((t) => t === payload);
  // An unknown topic (a newer process's) may concern anything: everything moves on.
  for (const t of topic ? [topic] : TOPICS) bump(t);
}

function setLive(live: boolean): void {
  state.live = live;
  state.epoch += 1;
  for (const t of TOPICS) state.generations.set(t, generation(t) + 1);
}

/**
 * Resolves once this process has received every notice committed before the call (PostgreSQL
 * delivers notices in commit order): a test that writes, then reads what a process keeps.
 */
export async function changesSeen(db: DbOrTx, timeoutMs = 5000): Promise<void> {
  if (!state.live) return;
  const mark = `${MARK}${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  const seen = new Promise<void>((resolve, reject) => {
    state.marks.set(mark, resolve);
    timer = setTimeout(() => reject(new Error(`change feed: no notice within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${mark})`);
    await seen;
  } finally {
    clearTimeout(timer);
    state.marks.delete(mark);
  }
}

const RETRY_MS = [250, 1000, 5000];

/**
 * Listens for change notices on the database; returns the function that stops it. PostgreSQL:
 * a dedicated connection (not the pool's), reconnected after a loss; PGlite: its own listener.
 */
export async function startChangeFeed(database: Database): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    const unlisten = await database.pglite!.listen(CHANGE_CHANNEL, noticed);
    setLive(true);
    return async () => {
      setLive(false);
      await unlisten().catch(() => undefined);
    };
  }
  const listenUrl = env().DATABASE_LISTEN_URL;
  const options = listenUrl ? { connectionString: listenUrl } : database.pool!.options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...options, application_name: "oem-change-feed" } as pg.ClientConfig);
    c.on("notification", (n) => noticed(n.payload ?? ""));
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${CHANGE_CHANNEL}`);
      if (stopped || client !== c) return void c.end().catch(() => undefined);
      failures = 0;
      setLive(true);
    } catch (err) {
      if (failures === 0)
        logger().warn({ err }, "change feed: cannot listen; kept reads are off until it can");
      lost(c);
    }
  };
  const lost = (c: pg.Client): void => {
    if (client !== c) return;
    client = undefined;
    setLive(false);
    c.end().catch(() => undefined);
    if (stopped) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    setLive(false);
    await c?.end().catch(() => undefined);
  };
}
