import { sql } from "drizzle-orm";
import { env } from "@/env";
import { iso, type Listing, listing, pageOf } from "@/lib/console-listing";
import { type Db, getDatabase } from "@/server/db/client";
import { outboxHealth } from "@/server/email/outbox.repository";
import { MAX_ATTEMPTS } from "@/server/email/relay";
import { jobs } from "@/server/jobs/background";
import { listJobRuns } from "@/server/jobs/job-runs.repository";
import { getStorage } from "@/server/storage/storage";
import type { ListQuery, SystemCheck, SystemCheckResults } from "./owner.schema";
import * as repo from "./system-check.repository";

// GET /api/owner/test: checks the database, file storage, email relay and scheduled jobs now,
// keeps the answer in system_checks (GET /api/owner/test-list shows the history).

const TIMEOUT_MS = 5000;
/** With SMTP configured, a mail still waiting after this long means the relay is stuck. */
const STALE_PENDING_SECONDS = 15 * 60;
/** Relays poll every 2 s and a dead sender's claim ends within seconds: a due mail unsent after this is stuck. */
export const STUCK_AFTER_SECONDS = 60;

type Status = "ok" | "warning" | "error";

async function timed(run: () => Promise<unknown>): Promise<{ ms: number; error?: string }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${TIMEOUT_MS / 1000}秒以内に応答がありません`)),
          TIMEOUT_MS,
        );
      }),
    ]);
    return { ms: Math.round(performance.now() - started) };
  } catch (e) {
    return { ms: Math.round(performance.now() - started), error: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

async function checkDatabase(db: Db): Promise<SystemCheckResults["database"]> {
  const kind = getDatabase().kind;
  const r = await timed(() => db.execute(sql`select 1`));
  return r.error
    ? { status: "error", message: `データベースに接続できません: ${r.error}`, latencyMs: r.ms, kind }
    : { status: "ok", message: "正常に応答しています", latencyMs: r.ms, kind };
}

async function checkStorage(): Promise<SystemCheckResults["storage"]> {
  let kind: "local" | "s3" | null = null;
  const r = await timed(async () => {
    const storage = getStorage();
    kind = storage.kind;
    await storage.check();
  });
  return r.error
    ? {
        status: "error",
        message: `ファイルの書き込み・読み出しに失敗しました: ${r.error}`,
        latencyMs: r.ms,
        kind,
      }
    : { status: "ok", message: "書き込み・読み出し・削除を確認しました", latencyMs: r.ms, kind };
}

async function checkEmail(db: Db): Promise<SystemCheckResults["email"]> {
  const smtpConfigured = Boolean(env().SMTP_URL);
  const h = await outboxHealth(db, MAX_ATTEMPTS, STUCK_AFTER_SECONDS);
  const facts = {
    smtpConfigured,
    pending: h.pending,
    oldestPendingSeconds: h.oldestSeconds,
    failed: h.failed,
    stuck: h.stuck,
    stuckAfterSeconds: STUCK_AFTER_SECONDS,
  };
  let status: Status = "ok";
  let message = `正常です（送信待ち ${h.pending}件）`;
  if (smtpConfigured && h.stuck > 0) {
    status = "error";
    message = `送信予定から${STUCK_AFTER_SECONDS}秒以上たっても送信されていないメールが${h.stuck}件あります。アプリのプロセスとSMTPサーバーを確認してください`;
  } else if (smtpConfigured && (h.oldestSeconds ?? 0) > STALE_PENDING_SECONDS) {
    status = "error";
    message = `送信待ちのメールが${Math.floor(STALE_PENDING_SECONDS / 60)}分以上残っています。SMTPサーバーへの接続を確認してください`;
  } else if (!smtpConfigured) {
    status = "warning";
    message = `SMTP_URLが未設定のため、メールは送信されず送信待ちに残ります（送信待ち ${h.pending}件）`;
  } else if (h.failed > 0) {
    status = "warning";
    message = `再試行の上限に達して送信できなかったメールが${h.failed}件あります`;
  }
  return { status, message, latencyMs: null, ...facts };
}

async function checkJobs(db: Db): Promise<SystemCheckResults["jobs"]> {
  const rows = new Map((await listJobRuns(db)).map((r) => [r.name, r]));
  const names = [...new Set([...jobs.map((j) => j.name), ...rows.keys()])].sort();
  const now = Date.now();
  const items = names.map((name) => {
    const row = rows.get(name);
    const every = jobs.find((j) => j.name === name)?.everyMs;
    let status: Status = "ok";
    if (!row?.lastRunAt) status = "warning";
    else if (row.lastError) status = "error";
    else if (every && now - row.lastRunAt.getTime() > 2 * every + 10 * 60_000) status = "warning";
    return {
      name,
      status,
      lastRunAt: iso(row?.lastRunAt),
      lastOkAt: iso(row?.lastOkAt),
      lastError: row?.lastError ?? null,
    };
  });
  const failed = items.filter((i) => i.status === "error").map((i) => i.name);
  const late = items.filter((i) => i.status === "warning").map((i) => i.name);
  const status: Status = failed.length ? "error" : late.length ? "warning" : "ok";
  const message = failed.length
    ? `前回の実行でエラーになったジョブがあります: ${failed.join(", ")}`
    : late.length
      ? `未実行または予定より遅れているジョブがあります: ${late.join(", ")}`
      : `すべてのジョブが予定どおり実行されています（${items.length}件）`;
  return { status, message, latencyMs: null, items };
}

function checkDto(row: repo.SystemCheckRow): SystemCheck {
  return {
    id: row.id,
    ok: row.ok,
    ownerId: row.ownerId,
    results: row.results as SystemCheckResults,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function runSystemCheck(db: Db, ownerId: string): Promise<SystemCheck> {
  const [database, storage, email, jobsResult] = await Promise.all([
    checkDatabase(db),
    checkStorage(),
    checkEmail(db).catch((e): SystemCheckResults["email"] => ({
      status: "error",
      message: `送信待ちメールを確認できません: ${e instanceof Error ? e.message : String(e)}`,
      latencyMs: null,
      smtpConfigured: Boolean(env().SMTP_URL),
      pending: 0,
      oldestPendingSeconds: null,
      failed: 0,
      stuck: 0,
      stuckAfterSeconds: STUCK_AFTER_SECONDS,
    })),
    checkJobs(db).catch((e): SystemCheckResults["jobs"] => ({
      status: "error",
      message: `ジョブの実行記録を確認できません: ${e instanceof Error ? e.message : String(e)}`,
      latencyMs: null,
      items: [],
    })),
  ]);
  const results: SystemCheckResults = { database, storage, email, jobs: jobsResult };
  const ok = Object.values(results).every((r) => r.status !== "error");
  return checkDto(await repo.insertSystemCheck(db, { ownerId, ok, results }));
}

export async function listSystemChecks(db: Db, q: ListQuery): Promise<Listing<SystemCheck>> {
  const { rows, total } = await repo.listSystemChecks(db, pageOf(q));
  return listing(q, rows.map(checkDto), total, {
    name: "system-checks",
    columns: [
      { header: "日時", value: (r) => new Date(r.createdAt) },
      { header: "結果", value: (r) => (r.ok ? "正常" : "異常あり") },
      { header: "データベース", value: (r) => r.results.database.message },
      { header: "ファイルストレージ", value: (r) => r.results.storage.message },
      { header: "メール送信", value: (r) => r.results.email.message },
      { header: "定期ジョブ", value: (r) => r.results.jobs.message },
      { header: "実行した運営者ID", value: (r) => r.ownerId },
    ],
  });
}
