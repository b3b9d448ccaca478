import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client";
import { env } from "@/env";
import { safeEqual } from "@/server/auth/tokens";
import { feedLive } from "@/server/db/change-feed";
import { getDatabase } from "@/server/db/client";
import { MAX_ATTEMPTS } from "@/server/email/relay";
import { keptPages, pageCacheCounts } from "@/server/http/page-cache";

// Prometheus metrics of this process (GET /metrics, server.ts): requests by route pattern, the
// database pool, the page cache and the change feed, and, read from the database at each scrape,
// the outbox backlog and the jobs. deploy/prometheus-rules.yml alerts on them (docs/runbook.md).

interface Metrics {
  registry: Registry;
  requests: RequestTable;
}

export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method and route pattern: its duration histogram and its count per status. */
interface RouteSeries {
  labels: { method: string; route: string };
  /** Observations per bucket (not cumulative), as DURATION_BUCKETS; slower ones only count in +Inf. */
  buckets: number[];
  sum: number;
  count: number;
  byStatus: Map<number, StatusSeries>;
}

interface StatusSeries {
  labels: { method: string; route: string; status: string };
  value: number;
}

/**
 * The request counter and histogram, kept as plain numbers per route and method (found by two Map
 * lookups) and exported at each scrape as prom-client's own Counter and Histogram would export them:
 * prom-client's inc() and observe() built and hashed a labels object twice per request.
 */
export class RequestTable {
  readonly byRoute = new Map<string, Map<string, RouteSeries>>();
  /** In order of first appearance, the order prom-client exports its series in. */
  readonly series: RouteSeries[] = [];
  readonly statuses: StatusSeries[] = [];

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let s = byMethod.get(method);
    if (!s) {
      s = {
        labels: { method, route },
        buckets: DURATION_BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
        byStatus: new Map(),
      };
      byMethod.set(method, s);
      this.series.push(s);
    }
    let st = s.byStatus.get(status);
    if (!st) {
      st = { labels: { method, route, status: String(status) }, value: 0 };
      s.byStatus.set(status, st);
      this.statuses.push(st);
    }
    st.value++;
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]!) {
        s.buckets[i]!++;
        break;
      }
    }
    s.sum += seconds;
    s.count++;
  }
}

const DURATION_NAME = "http_request_duration_seconds";
const DURATION_HELP = "Time to answer HTTP requests, by method and route pattern";

/**
 * The histogram as a registry metric: get() answers what prom-client's Histogram.get() answers
 * for the same observations (pinned by metrics.test.ts), so /metrics is unchanged.
 */
function durationMetric(table: RequestTable) {
  const bucketName = `${DURATION_NAME}_bucket`;
  return {
    name: DURATION_NAME,
    help: DURATION_HELP,
    type: "histogram",
    aggregator: "sum",
    labelNames: ["method", "route"],
    reset() {
      table.byRoute.clear();
      table.series.length = 0;
      table.statuses.length = 0;
    },
    async get() {
      const values: Array<{ value: number; metricName: string; exemplar?: null; labels: object }> = [];
      for (const s of table.series) {
        let acc = 0;
        for (let i = 0; i < DURATION_BUCKETS.length; i++) {
          acc += s.buckets[i]!;
          values.push({
            value: acc,
            metricName: bucketName,
            exemplar: null,
            labels: { le: DURATION_BUCKETS[i], ...s.labels },
          });
        }
        values.push({
          value: s.count,
          metricName: bucketName,
          exemplar: null,
          labels: { le: "+Inf", ...s.labels },
        });
        values.push({
          value: s.sum,
          metricName: `${DURATION_NAME}_sum`,
          exemplar: undefined,
          labels: { ...s.labels },
        });
        values.push({
          value: s.count,
          metricName: `${DURATION_NAME}_count`,
          exemplar: undefined,
          labels: { ...s.labels },
        });
      }
      return { name: DURATION_NAME, help: DURATION_HELP, type: "histogram", values, aggregator: "sum" };
    },
  };
}

/** http_requests_total and http_request_duration_seconds on `registry`, counted into the table returned. */
export function registerRequestMetrics(registry: Registry): RequestTable {
  const requests = new RequestTable();
  new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
    // The counts are kept in the table; the counter takes them over at each scrape.
    collect() {
      this.reset();
      for (const st of requests.statuses) this.inc(st.labels, st.value);
    },
  });
  registry.registerMetric(durationMetric(requests) as unknown as Metric);
  return requests;
}

// On globalThis: Next's bundled copy of this module must count into the same registry.
const holder = globalThis as unknown as { __oemMetrics?: Metrics };

function metrics(): Metrics {
  if (holder.__oemMetrics) return holder.__oemMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = registerRequestMetrics(registry);
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections of this process, by state (total, idle, waiting requests)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = getDatabaseSafe()?.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // The page cache (page-cache.ts) counts in plain numbers; they are read here at each scrape.
  new Counter({
    name: "page_cache_requests_total",
    help: "Public page requests looked up in the page cache, by result (hit, miss, stale: rendered again, stale_served: a kept copy served while the database was down)",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      const counts = pageCacheCounts();
      this.reset();
      this.inc({ result: "hit" }, counts.hit);
      this.inc({ result: "miss" }, counts.miss);
      this.inc({ result: "stale" }, counts.stale);
      this.inc({ result: "stale_served" }, counts.staleServed);
    },
  });
  new Gauge({
    name: "page_cache_entries",
    help: "Pages the page cache of this process keeps",
    registers: [registry],
    collect() {
      this.set(keptPages().pages);
    },
  });
  new Gauge({
    name: "page_cache_bytes",
    help: "Memory the pages kept by the page cache take (bytes, HTML and its deflated copy)",
    registers: [registry],
    collect() {
      this.set(keptPages().bytes);
    },
  });
  new Gauge({
    name: "change_feed_connected",
    help: "1 while this process listens for change notices (kept reads and pages are on), else 0",
    registers: [registry],
    collect() {
      this.set(feedLive() ? 1 : 0);
    },
  });
  // The figures read from the database: one read per scrape, given up after DB_READ_DEADLINE_MS.
  // While the database does not answer they are NaN or absent (never 0, nor the last value seen) and
  // database_reachable says 0; the process's own figures are still served (issue 34: /metrics
  // answered 503 during an outage, just when its request and error counts matter most).
  new Gauge({
    name: "database_reachable",
    help: "1 when this scrape's database read answered within 1 s, else 0",
    registers: [registry],
    async collect() {
      this.set((await databaseFigures())?.outbox ? 1 : 0);
    },
  });
  new Gauge({
    name: "email_outbox_backlog",
    help: "Emails not sent yet (pending, sending, or failed with attempts left)",
    registers: [registry],
    async collect() {
      const row = (await databaseFigures())?.outbox;
      if (row) this.set(Number(row.backlog));
      else this.set(Number.NaN); // unknown now: not 0, not the last value seen
    },
  });
  new Gauge({
    name: "email_outbox_oldest_due_seconds",
    help: "How long the oldest unsent email is past its sending time (0 when none)",
    registers: [registry],
    async collect() {
      const row = (await databaseFigures())?.outbox;
      if (row) this.set(Number(row.oldest ?? 0));
      else this.set(Number.NaN); // unknown now: not 0, not the last value seen
    },
  });
  new Gauge({
    name: "job_last_run_timestamp_seconds",
    help: "When each scheduled job last ran (any process)",
    labelNames: ["job"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await databaseFigures())?.jobs ?? [])
        if (r.last_run) this.set({ job: r.name }, Number(r.last_run));
    },
  });
  new Gauge({
    name: "job_last_run_failed",
    help: "1 when a scheduled job's last run failed",
    labelNames: ["job"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of (await databaseFigures())?.jobs ?? []) this.set({ job: r.name }, r.failed ? 1 : 0);
    },
  });
  holder.__oemMetrics = { registry, requests };
  return holder.__oemMetrics;
}

function getDatabaseSafe() {
  try {
    return getDatabase();
  } catch {
    return undefined; // not open yet
  }
}

const DB_READ_DEADLINE_MS = 1000;
/** This scrape's read (metricsResponse starts each scrape without one). */
let figures: Promise<DatabaseFigures | undefined> | undefined;
interface DatabaseFigures {
  outbox: Awaited<ReturnType<typeof outboxRow>>;
  jobs: Awaited<ReturnType<typeof jobRows>>;
}

/** The database's figures for this scrape (the collectors of one scrape share one read), or undefined. */
function databaseFigures(): Promise<DatabaseFigures | undefined> {
  if (figures) return figures;
  const read = Promise.all([outboxRow(), jobRows()]).then(([outbox, jobs]) => ({ outbox, jobs }));
  const deadline = new Promise<undefined>((resolve) => setTimeout(resolve, DB_READ_DEADLINE_MS));
  figures = Promise.race([read.catch(() => undefined), deadline]);
  read.catch(() => {}); // settles after the deadline: nobody waits for it any more
  return figures;
}

async function outboxRow() {
  const database = getDatabaseSafe();
  if (!database) return undefined;
  const r = await database.db.execute<{ backlog: number; oldest: number | null }>(sql`select
    count(*)::int as backlog,
    extract(epoch from now() - min(case when status = 'SENDING' then locked_until else next_attempt_at end))::float8 as oldest
    from email_outbox where status <> 'SENT' and attempts < ${MAX_ATTEMPTS}`);
  const row = r.rows[0];
  return row
    ? { backlog: row.backlog, oldest: row.oldest === null ? 0 : Math.max(0, Number(row.oldest)) }
    : undefined;
}

async function jobRows() {
  const database = getDatabaseSafe();
  if (!database) return [];
  const r = await database.db.execute<{ name: string; last_run: number | null; failed: boolean }>(sql`select
    name, extract(epoch from last_run_at)::float8 as last_run, last_error is not null as failed from job_runs`);
  return r.rows;
}

/** Counts one answered request; `route` is a pattern ("/api/oem/company/:companyId"), never a raw path. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  metrics().requests.record(method, route, status, seconds);
}

/** GET /metrics: 404 unless METRICS_TOKEN is set, 401 without that bearer token. */
export async function metricsResponse(
  authorization: string | undefined,
): Promise<{ status: number; contentType: string; body: string }> {
  const token = env().METRICS_TOKEN;
  if (!token) return { status: 404, contentType: "text/plain; charset=utf-8", body: "Not Found\n" };
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!given || !safeEqual(given, token)) {
    return { status: 401, contentType: "text/plain; charset=utf-8", body: "Unauthorized\n" };
  }
  const { registry } = metrics();
  figures = undefined;
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}
