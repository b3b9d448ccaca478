import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/a11y";
import { ownerLogin, ownerToken } from "./support/journey";

// A full run failed axe's target-size on /owner/audit-log at 375 px once a row named both its record
// and its company (two links stacked 2 px apart): a row of that kind is made here, not left to
// whichever spec ran before the accessibility scan.
test("the audit log's rows with a record and a company link pass axe at every width", async ({
  page,
  request,
}) => {
  const token = await ownerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  // An active supplier: a spec earlier in the shard may have deactivated the newest one, and a
  // deactivated company gets no tickets (409).
  const oem = await request.get("/api/owner/oem?status=ACTIVE", { headers });
  const companyId = ((await oem.json()).items as Array<{ id: string }>)[0]!.id;
  const grant = await request.post("/api/owner/ticket-purchase", {
    headers,
    data: { companyId, quantity: 1 },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  await ownerLogin(page);
  await page.goto("/owner/audit-log");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page, "audit log")).toEqual([]);
});
