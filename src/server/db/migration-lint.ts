import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isNoTransaction, type Statement, splitStatements } from "./migration-sql";

// The migration check (decision 0043, docs/migrations.md): while a release rolls out, the old
// version runs on the new schema, and a migration must not hold a lock that queues the traffic.
// So a migration only expands (add tables, nullable or defaulted columns, indexes built
// concurrently); a contracting statement says why it is safe now in a `-- contract:` comment.
// lock_timeout is the runner's (migrator.ts): a file may only raise it for itself, with a reason.

export interface Finding {
  file: string;
  line: number;
  message: string;
}

/**
 * Applied on every database before the check existed (2026-11-29): their findings are allowed
 * (changing them now would reach only fresh databases), and their content is pinned byte for byte.
 */
export const GRANDFATHERED: Record<string, { sha256: string; reason: string }> = {
  "0000_init": g(
    "ef5363ac5c3d7abfa012be8efb68624e208ea614c519adfd535c089931344938",
    "creates the schema: its indexes are on tables it creates",
  ),
  "0001_search_grams_and_recruits": g(
    "e9ce1f5f86ed86b0b7d9cdeb1a1cced24ef1247f37cd677ab23854a2df9b21ff",
    "plain CREATE INDEX on inquiries and supplier_profiles",
  ),
  "0002_owner_list_order": g(
    "62a85f9b0bd96a4f76867e04ecf49a9b06efefacf975bf3721fe73618be742a3",
    "plain CREATE INDEX on entries and inquiries",
  ),
  "0003_owner_company_list_order": g(
    "9314cb277f03428ba0fa33985c8bdf0651edbf54762f9869bd8aa6f4751257b3",
    "plain CREATE INDEX on companies",
  ),
  "0004_support_status_page_views": g(
    "3a93c0a4481dd69f3ac5305f8d0f176c0e643b8180a58ac456812f43df20deca",
    "passes the rules",
  ),
  "0005_deal_room": g("179647239c431c641d5b892ef418ba8deec0e5f2883fe8ef58502d4db2ae85df", "passes the rules"),
  "0006_trust": g(
    "807c48943ce691a4fd51e204c6e9a36b44aaa280fe0228e2584782727985356e",
    "plain CREATE INDEX on deal_threads and ticket_usages",
  ),
  "0007_capabilities": g(
    "3f598d5b7dea0bf2c6bb9ea276bf456add5e28536f09b1b5b606bd7f50195313",
    "plain CREATE INDEX on supplier_profiles",
  ),
  "0008_change_feed": g(
    "76126318002a3b88ab94f272d12b7661ac7df7e207d94001865315b44c2b1527",
    "passes the rules",
  ),
  "0009_live_entries_index": g(
    "bbe53e4b028eca56ab4d3ef212575f6dc3c6c1465be7b361d6363387e1a65873",
    "plain CREATE INDEX on entries",
  ),
  "0010_supplier_listing": g(
    "341cab1246c3de021d350aac0210f6f8d15265065bfccfa1fbc9f5109128b81a",
    "plain CREATE INDEX on supplier_profiles",
  ),
  "0011_supplier_listing_triggers": g(
    "b2b4304fceb1d1dba9d72238f6a1b5e25a140d38362478001f39ea7104c8ddef",
    "passes the rules",
  ),
  "0012_suppliers_change_feed": g(
    "b547cf0946827cbe315963b7081b632fa26316164c95955e6e0a14e21f8c2e37",
    "passes the rules",
  ),
  "0013_public_pages_change_feed": g(
    "0e17975bafd766af64dbc02fc7ce4735757da3386bdc8b95c2e880938dc78f7f",
    "passes the rules",
  ),
  "0014_nominations_in_order": g(
    "4dd328c9a8a14f3feedb054a8c151d9e62ce10c45a6066277cc7e53a0aebb773",
    "rebuilds inquiries_nominated_idx with a plain DROP INDEX and CREATE INDEX: the example in docs/migrations.md of what is now refused",
  ),
  "0015_shared_member_history": g(
    "94088367b8117f717eb4191dd182fd4b8e97845fb56965ac97cd3efc278251d6",
    "passes the rules",
  ),
  "0016_decision_closes_the_loop": g(
    "b6f4aa19ab0757b607e7d51beab160014e5f4b7b02e87284118736e168554a9d",
    "passes the rules",
  ),
};

function g(sha256: string, reason: string) {
  return { sha256, reason };
}

const NAME = String.raw`(?:"(?:[^"]|"")+"|[\w$]+)(?:\.(?:"(?:[^"]|"")+"|[\w$]+))?`;
const name = (raw: string) => {
  const last = raw.match(/(?:"(?:[^"]|"")+"|[\w$]+)$/)?.[0] ?? raw;
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
};
const re = (source: string) => new RegExp(source, "i");
const CREATE_TABLE = re(String.raw`^CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(${NAME})`);
const ALTER_TABLE = re(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${NAME})\s+(.*)$`);
const CREATE_INDEX = re(
  String.raw`^CREATE\s+(?:UNIQUE\s+)?INDEX\s+(CONCURRENTLY\s+)?(IF\s+NOT\s+EXISTS\s+)?(?:${NAME}\s+)?ON\s+(?:ONLY\s+)?(${NAME})`,
);
const DROP_INDEX = re(String.raw`^DROP\s+INDEX\s+(CONCURRENTLY\s+)?(IF\s+EXISTS\s+)?`);
const DROP_OBJECT = re(String.raw`^DROP\s+(TABLE|TYPE|VIEW|MATERIALIZED\s+VIEW|SCHEMA)\b`);
const RENAME = re(String.raw`^ALTER\s+(TABLE|TYPE)\b.*\bRENAME\b`);
const COLUMN_ACTION = String.raw`ALTER\s+(?:COLUMN\s+)?${NAME}\s+`;
const TIMEOUT_SETTING = /\b(lock_timeout|statement_timeout)\b/i;

/** The contract comment's reason, when it says something. */
const marker = (s: Statement, key: string) =>
  s.comments
    .map((c) => new RegExp(`^${key}:\\s*(.*)$`, "i").exec(c)?.[1]?.trim() ?? "")
    .find((reason) => reason.length >= 10);

/** The findings of one migration file's text (`file` names it in the findings). */
export function lintMigration(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const statements = splitStatements(text);
  const noTransaction = isNoTransaction(text);
  const created = new Set<string>();
  for (const s of statements) {
    const add = (message: string) => findings.push({ file, line: s.line, message });
    const contract = marker(s, "contract");
    const refuseUnlessContract = (what: string) => {
      if (!contract)
        add(
          `${what} breaks the version still running during the rollout: do it in a later release, once no running version reads it, with a comment "-- contract: <which release stopped using it>" on the line before`,
        );
    };
    const sql = s.sql;
    const table = CREATE_TABLE.exec(sql);
    if (table) created.add(name(table[1]!));

    const index = CREATE_INDEX.exec(sql);
    if (index && !index[1] && !created.has(name(index[3]!)))
      add(
        `CREATE INDEX on "${name(index[3]!)}", a table that exists before this migration, without CONCURRENTLY: it blocks every write to the table while it builds. Use CREATE INDEX CONCURRENTLY IF NOT EXISTS in a file that starts with "-- migrate: no-transaction"`,
      );
    const dropIndex = DROP_INDEX.exec(sql);
    if (dropIndex && !dropIndex[1])
      add(
        "DROP INDEX without CONCURRENTLY takes an ACCESS EXCLUSIVE lock on its table: use DROP INDEX CONCURRENTLY IF EXISTS in a no-transaction file",
      );

    if (/\bCONCURRENTLY\b/i.test(sql) && !noTransaction)
      add(
        'CONCURRENTLY cannot run inside a transaction: put the statement in its own file whose first line is "-- migrate: no-transaction"',
      );
    if (noTransaction) {
      const idempotent =
        (index?.[1] && index[2]) || (dropIndex?.[1] && dropIndex[2]) || TIMEOUT_SETTING.test(sql);
      if (!idempotent)
        add(
          "a no-transaction file holds only CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS and DROP INDEX CONCURRENTLY IF EXISTS: its statements run one by one and must be safe to run again after a failure",
        );
    }

    const drop = DROP_OBJECT.exec(sql);
    if (drop) refuseUnlessContract(`DROP ${drop[1]!.toUpperCase()}`);
    if (RENAME.test(sql)) refuseUnlessContract("RENAME");

    const alter = ALTER_TABLE.exec(sql);
    if (alter) {
      const target = name(alter[1]!);
      const actions = alter[2]!;
      const existing = !created.has(target);
      // column-level DROP DEFAULT / DROP NOT NULL / DROP IDENTITY only relax a column
      const withoutColumnDrops = actions.replace(re(`${COLUMN_ACTION}DROP\\s+\\w+`), "");
      if (/\bDROP\s+(?!CONSTRAINT\b)/i.test(withoutColumnDrops))
        refuseUnlessContract(`DROP COLUMN on "${target}"`);
      if (re(`${COLUMN_ACTION}(?:SET\\s+DATA\\s+)?TYPE\\b`).test(actions))
        refuseUnlessContract(`ALTER COLUMN … TYPE on "${target}"`);
      if (existing && re(`${COLUMN_ACTION}SET\\s+NOT\\s+NULL`).test(actions))
        refuseUnlessContract(`SET NOT NULL on a column of "${target}"`);
      for (const column of actions.matchAll(/\bADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?([^,]*)/gi)) {
        const definition = column[1]!;
        if (/^(CONSTRAINT|CHECK|FOREIGN|UNIQUE|PRIMARY|EXCLUDE)\b/i.test(definition)) {
          if (existing) checkConstraint(definition, target, add);
          continue;
        }
        if (existing && /\bNOT\s+NULL\b/i.test(definition) && !/\b(DEFAULT|GENERATED)\b/i.test(definition))
          refuseUnlessContract(
            `ADD COLUMN … NOT NULL without a DEFAULT on "${target}" (the old version's inserts fail)`,
          );
      }
    }

    if (TIMEOUT_SETTING.test(sql)) {
      const local = /^SET\s+LOCAL\s+(lock_timeout|statement_timeout)\b/i.test(sql);
      if (!marker(s, "lock-timeout") || (!local && !noTransaction))
        add(
          'the runner sets lock_timeout (5 s) for every migration: a file may only raise it for its own transaction, with "SET LOCAL lock_timeout = …" and a comment "-- lock-timeout: <why this file may wait longer>" on the line before',
        );
    }
  }
  return findings;
}

/** A constraint added to an existing table must not check every row while it holds the table's lock. */
function checkConstraint(definition: string, table: string, add: (message: string) => void): void {
  if (/\b(CHECK|FOREIGN\s+KEY)\b/i.test(definition) && !/\bNOT\s+VALID\b/i.test(definition))
    add(
      `ADD CONSTRAINT … CHECK / FOREIGN KEY on "${table}" reads every row while writes wait: add it NOT VALID, then VALIDATE CONSTRAINT in a later migration (that only blocks other DDL)`,
    );
  if (/\b(UNIQUE|PRIMARY\s+KEY)\b/i.test(definition) && !/\bUSING\s+INDEX\b/i.test(definition))
    add(
      `ADD CONSTRAINT … UNIQUE / PRIMARY KEY on "${table}" builds its index while writes wait: build a unique index CONCURRENTLY first, then ADD CONSTRAINT … USING INDEX`,
    );
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** Every migration of a drizzle folder, its journal, and the grandfathered files' contents. */
export function lintMigrationsFolder(folder: string, grandfathered = GRANDFATHERED): Finding[] {
  const findings: Finding[] = [];
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: JournalEntry[] };
  const files = readdirSync(folder).filter((f) => f.endsWith(".sql"));
  const tags = new Set(journal.entries.map((e) => e.tag));
  for (const f of files)
    if (!tags.has(f.replace(/\.sql$/, "")))
      findings.push({ file: f, line: 1, message: "not in meta/_journal.json: the runner never applies it" });
  let previous = -Infinity;
  for (const [i, entry] of journal.entries.entries()) {
    const file = `${entry.tag}.sql`;
    if (entry.idx !== i || entry.when <= previous)
      findings.push({
        file: "meta/_journal.json",
        line: 1,
        message: `${entry.tag}: idx must be ${i} and "when" later than the previous entry's (migrations are applied by "when")`,
      });
    previous = entry.when;
    if (!files.includes(file)) {
      findings.push({ file, line: 1, message: "listed in meta/_journal.json but missing" });
      continue;
    }
    const text = readFileSync(path.join(folder, file), "utf8");
    const old = grandfathered[entry.tag];
    if (old) {
      const sha256 = createHash("sha256").update(text).digest("hex");
      if (sha256 !== old.sha256)
        findings.push({
          file,
          line: 1,
          message: `applied everywhere already and grandfathered as it was (${old.reason}): an edit never reaches those databases; write a new migration instead`,
        });
      continue;
    }
    findings.push(...lintMigration(file, text));
  }
  return findings;
}
