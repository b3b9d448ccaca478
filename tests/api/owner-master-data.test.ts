import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { auditLogs } from "@/server/db/schema";
import { type Account, createOwner, registerAccount } from "../factories/accounts";
import { api } from "../factories/http";

// The operator extends the capability lists from the console: a new process, material or
// certification type is at the end of its list in GET /api/capabilities at once (this process),
// with a generated slug; a name that reads the same as one listed is refused; each addition is audited.

let owner: { id: string; token: string };
let supplier: Account;

const add = (list: string, body: unknown, token: string | null = owner.token) =>
  api("POST", `/api/owner/master-data/${list}`, { token: token ?? undefined, body });
const capabilities = async () => (await api("GET", "/api/capabilities")).body;

beforeAll(async () => {
  owner = await createOwner();
  supplier = await registerAccount("SUPPLIER");
});

describe("operator additions to the capability lists", () => {
  it("adds a process, a material and a certification type at the end of their lists, audited", async () => {
    // Read first: the lists are cached per process; the addition must show at once all the same.
    const before = await capabilities();
    const process = await add("processes", { name: "  真空成形 " });
    expect(process.status).toBe(201);
    expect(process.body).toEqual({
      id: expect.any(Number),
      slug: expect.stringMatching(/^op-[0-9a-f]{10}$/),
      name: "真空成形",
    });
    const material = await add("materials", { name: "竹繊維" });
    expect(material.status).toBe(201);
    const type = await add("certification-types", { name: "ハラール認証", kind: "CERTIFICATION" });
    expect(type.status).toBe(201);
    expect(type.body).toMatchObject({ name: "ハラール認証", kind: "CERTIFICATION" });

    const after = await capabilities();
    expect(after.processes).toHaveLength(before.processes.length + 1);
    expect(after.processes.at(-1)).toEqual(process.body);
    expect(after.materials.at(-1)).toEqual(material.body);
    expect(after.certificationTypes.at(-1)).toEqual(type.body);

    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.ownerId, owner.id), eq(auditLogs.action, "process.create")));
    expect(audits).toEqual([
      expect.objectContaining({
        targetType: "process",
        targetId: String(process.body.id),
        before: null,
        after: expect.objectContaining({ name: "真空成形" }),
      }),
    ]);
  });

  it("refuses a name that reads the same as a listed one (409), an empty or long name and a missing kind (422)", async () => {
    for (const name of ["ISO 9001", "iso9001", "ＩＳＯ　９００１"]) {
      const res = await add("certification-types", { name, kind: "CERTIFICATION" });
      expect(res.status, name).toBe(409);
      expect(res.body.error.fields.name).toBe("同じ名前の認証・許可がすでに登録されています");
    }
    expect((await add("processes", { name: "充填" })).status).toBe(409);
    // The same name in another list is another thing.
    expect((await add("materials", { name: "充填" })).status).toBe(201);

    const empty = await add("processes", { name: "  " });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.name).toBe("名前を入力してください");
    const long = await add("materials", { name: "素".repeat(51) });
    expect(long.body.error.fields.name).toBe("名前は50文字以内で入力してください");
    const noKind = await add("certification-types", { name: "新しい許可" });
    expect(noKind.status).toBe(422);
    expect(noKind.body.error.fields.kind).toMatch(/LICENSE/);
  });

  it("is for the operator only: 401 signed out, 403 for a member", async () => {
    for (const list of ["processes", "materials", "certification-types"]) {
      expect((await add(list, { name: "権限確認" }, null)).status).toBe(401);
      expect((await add(list, { name: "権限確認", kind: "LICENSE" }, supplier.token)).status).toBe(403);
    }
    const names = (await capabilities()).processes.map((p: { name: string }) => p.name);
    expect(names).not.toContain("権限確認");
  });
});
