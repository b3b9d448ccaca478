import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { auditLogs } from "@/server/db/schema";
import { createPersonas, type Personas } from "../factories/actors";
import { api } from "../factories/http";
import { resetInquiryLimits } from "../factories/inquiries";
import { type MatrixCase, matrix } from "./authorization/matrix";
import { type Operation, operationsOf } from "./fuzz/requests";

// Every operator write is audited (decision 0008; src/modules/audit/audit.service.ts): each
// operation under /api/owner/* that is not a GET, read from the OpenAPI document so a new one
// cannot be left out, succeeds for the operator with the authorization matrix's request and
// writes at least one audit row carrying that request's id. Outside /api/owner/* an operator
// token writes nothing: every other write declaring a member token answers 403 and leaves every
// table as it was (decision 0007).

/** The operator's own session calls outside /api/owner (tests/security/operator-scope.test.ts). */
const OPERATOR_OWN = ["POST /api/auth/logout"];
/** Touched by any signed-in request (last seen), not by the operation. */
const BOOKKEEPING = new Set(["owner_sessions", "user_sessions", "rate_limits", "__drizzle_migrations"]);

let personas: Personas;
let operations: Operation[];

beforeAll(async () => {
  personas = await createPersonas();
  operations = operationsOf((await api("GET", "/api/openapi.json")).body);
}, 120_000);

beforeEach(resetInquiryLimits);

const isWrite = (op: Operation) => op.method.toUpperCase() !== "GET";
const isConsole = (op: Operation) => op.path.startsWith("/api/owner/");
const succeedsFor = (c: MatrixCase) => c.expect.owner >= 200 && c.expect.owner < 300;

async function send(c: MatrixCase, requestId: string) {
  const req = await c.request(personas, "owner");
  const token = req.token === undefined ? personas.owner.token : (req.token ?? undefined);
  const method = c.op.split(" ")[0]!;
  return api(method, req.path, {
    token,
    body: req.body,
    headers: { ...req.headers, "x-request-id": requestId },
  });
}

async function auditRowsOf(requestId: string) {
  return db().select().from(auditLogs).where(eq(auditLogs.requestId, requestId));
}

/** Rows and a digest of every table's content, bookkeeping tables left out. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await db().execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const t = sql.identifier(name);
    const r = await db().execute<{ n: number; h: string | null }>(
      sql`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${t} x`,
    );
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h ?? ""}`;
  }
  return out;
}

describe("operator writes are audited", () => {
  it("finds the console's writes in the OpenAPI document, each with a matrix case the operator succeeds in", () => {
    const writes = operations.filter((op) => isConsole(op) && isWrite(op)).map((op) => op.id);
    expect(writes.length).toBeGreaterThan(10);
    const covered = new Set(matrix.filter(succeedsFor).map((c) => c.op));
    expect(
      writes.filter((id) => !covered.has(id)),
      "console writes without a successful operator case in tests/security/authorization/matrix.ts",
    ).toEqual([]);
  });

  // One test per console write of the document: a new operation is checked without editing this file.
  const consoleWrites = matrix.filter(
    (c) => /^(POST|PUT|PATCH|DELETE) \/api\/owner\//.test(c.op) && succeedsFor(c),
  );
  for (const c of consoleWrites) {
    it(`${c.op}${c.name ? ` (${c.name})` : ""} writes its audit row in the same request`, async () => {
      expect(
        operations.some((op) => op.id === c.op),
        `${c.op} is not in the OpenAPI document`,
      ).toBe(true);
      const requestId = `audit-${randomUUID()}`;
      const res = await send(c, requestId);
      expect(res.status, JSON.stringify(res.body)).toBe(c.expect.owner);
      const rows = await auditRowsOf(requestId);
      expect(rows.length, `${c.op}: no audit row with the request's id`).toBeGreaterThanOrEqual(1);
      expect(rows.every((r) => r.ownerId === personas.owner.userId)).toBe(true);
    });
  }
});

describe("operator tokens outside the console write nothing", () => {
  const memberWrites = matrix.filter(
    (c) => /^(POST|PUT|PATCH|DELETE) /.test(c.op) && !c.op.includes(" /api/owner") && c.expect.owner === 403,
  );

  it("covers every member write of the OpenAPI document", () => {
    const refusedToOperator = new Set(memberWrites.map((c) => c.op));
    const memberOnly = operations.filter(
      (op) =>
        isWrite(op) &&
        !isConsole(op) &&
        !OPERATOR_OWN.includes(op.id) &&
        op.security.some((s) => "Bearer" in s) &&
        !op.security.some((s) => Object.keys(s).length === 0),
    );
    expect(memberOnly.map((op) => op.id).filter((id) => !refusedToOperator.has(id))).toEqual([]);
  });

  for (const c of memberWrites) {
    it(`${c.op}${c.name ? ` (${c.name})` : ""}: 403, no row written or changed`, async () => {
      const requestId = `member-${randomUUID()}`;
      const req = await c.request(personas, "owner");
      const before = await snapshot();
      expect(Object.keys(before).length, "tables compared").toBeGreaterThan(20);
      const method = c.op.split(" ")[0]!;
      const res = await api(method, req.path, {
        token: req.token === undefined ? personas.owner.token : (req.token ?? undefined),
        body: req.body,
        headers: { ...req.headers, "x-request-id": requestId },
      });
      expect(res.status).toBe(403);
      expect(await auditRowsOf(requestId)).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }
});
