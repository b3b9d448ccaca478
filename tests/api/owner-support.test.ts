import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, registerVerified, uniqueEmail } from "../factories/accounts";
import { api } from "../factories/http";

// Issue 15 item 31: support requests carry a status (新規 / 対応中 / 完了) the operator sets, audited.
let owner: Awaited<ReturnType<typeof createOwner>>;

async function submitSupport(message: string) {
  const email = uniqueEmail("help");
  const res = await api("POST", "/api/support", {
    body: { category: "その他", message, name: "問い合わせ 花子", email },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const list = (query: string) => api("GET", `/api/owner/support-requests?${query}`, { token: owner.token });
const setStatus = (id: string, body: unknown, token = owner.token) =>
  api("PUT", `/api/owner/support-requests/${id}`, { token, body });

beforeAll(async () => {
  owner = await createOwner();
});

describe("the status of a support request", () => {
  it("starts as NEW, is set by the operator with an audit row, and filters the list", async () => {
    const marker = `状態テスト${Date.now()}`;
    const first = await submitSupport(`${marker} 一件目`);
    const second = await submitSupport(`${marker} 二件目`);

    const all = await list(`keyword=${encodeURIComponent(marker)}`);
    expect(all.body.items.map((i: { status: string }) => i.status)).toEqual(["NEW", "NEW"]);

    const changed = await setStatus(first, { status: "IN_PROGRESS" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: first, status: "IN_PROGRESS" });

    const inProgress = await list(`keyword=${encodeURIComponent(marker)}&status=IN_PROGRESS`);
    expect(inProgress.body.items.map((i: { id: string }) => i.id)).toEqual([first]);
    const fresh = await list(`keyword=${encodeURIComponent(marker)}&status=NEW`);
    expect(fresh.body.items.map((i: { id: string }) => i.id)).toEqual([second]);

    expect((await setStatus(first, { status: "DONE" })).body.status).toBe("DONE");
    const audit = await api("GET", `/api/owner/audit-log?targetType=support_request&targetId=${first}`, {
      token: owner.token,
    });
    expect(audit.body.items).toHaveLength(2);
    expect(audit.body.items[0]).toMatchObject({
      action: "support_request.status",
      owner: { id: owner.id },
      before: { status: "IN_PROGRESS" },
      after: { status: "DONE" },
    });
    expect(audit.body.items[1]).toMatchObject({
      before: { status: "NEW" },
      after: { status: "IN_PROGRESS" },
    });

    const csv = await list(`keyword=${encodeURIComponent(marker)}&format=csv`);
    expect(String(csv.body)).toContain("完了");
  });

  it("refuses an unknown status in Japanese, an unknown request with 404, and anyone but the operator", async () => {
    const id = await submitSupport("権限の確認");
    const bad = await setStatus(id, { status: "CLOSED" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.status).toBe("対応状況を選択してください");
    const badFilter = await list("status=CLOSED");
    expect(badFilter.status).toBe(422);
    expect(badFilter.body.error.fields.status).toBe("対応状況を選択してください");

    const missing = await setStatus(crypto.randomUUID(), { status: "DONE" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("お問い合わせが見つかりませんでした。");

    expect((await api("PUT", `/api/owner/support-requests/${id}`, { body: { status: "DONE" } })).status).toBe(
      401,
    );
    const user = await registerVerified("BUYER");
    expect((await setStatus(id, { status: "DONE" }, user.token)).status).toBe(403);
    expect((await list(`keyword=${encodeURIComponent("権限の確認")}`)).body.items[0].status).toBe("NEW");
  });
});
