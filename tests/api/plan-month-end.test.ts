import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { jobs } from "@/server/jobs/background";
import { createOwner, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";

// A cancelled unlimited plan ends with the month in Japan time (PRODUCT.md "Tickets and the
// unlimited plan"), on a controlled clock: the JavaScript clock is set (vi.setSystemTime) and the
// scheduled job of src/server/jobs/background.ts is run at chosen moments around midnight JST.
// billing.test.ts covers the same rule with the job's explicit date; here the whole path
// (activation, cancellation, the job, the session's paymentStatus, the paid-only list) runs on
// the set clock, including a cancellation just after midnight JST while UTC is still in the
// previous month. Everything of a test happens on its clock (sessions expire by it too).

const endPlansJob = jobs.find((j) => j.name === "end-expired-plans")!;

function at(iso: string) {
  vi.setSystemTime(new Date(iso));
}

async function runJobAt(iso: string) {
  at(iso);
  return (await endPlansJob.run(db())) as { ended: number; started: number };
}

async function paidSupplier(activatedAt: string) {
  at(activatedAt);
  const supplier = await registerAccount("SUPPLIER");
  const owner = await createOwner();
  expect(
    (
      await api("POST", "/api/billing/plan_contract/waiting", {
        headers: idem(),
        token: supplier.token,
        body: {},
      })
    ).status,
  ).toBe(201);
  const activated = await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
    token: owner.token,
    body: { action: "ACTIVATE" },
  });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  expect(activated.body.paymentStatus).toBe("OEM_PAID");
  return supplier;
}

async function stateOf(supplier: { token: string; companyId: string }) {
  const me = await api("GET", "/api/account/me", { token: supplier.token });
  const plan = await api("GET", `/api/billing/plan_contract/waiting/company/${supplier.companyId}`, {
    token: supplier.token,
  });
  const entered = await api("GET", `/api/oem/company/${supplier.companyId}/entries`, {
    token: supplier.token,
  });
  return {
    paymentStatus: me.body.companyDetails.paymentStatus as string,
    contract: plan.body.contract as { status: string; endsOn: string | null } | null,
    enteredList: entered.status,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the end of a cancelled plan, on a set clock", () => {
  it("cancelled on the last evening of March: paid until 23:59 JST on the 31st, free from midnight", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const supplier = await paidSupplier("2027-03-10T01:00:00Z"); // 10:00 JST
    expect((await stateOf(supplier)).contract?.status).toBe("ACTIVE");

    at("2027-03-31T14:30:00Z"); // 23:30 JST on 31 March
    const cancelled = await api("POST", "/api/billing/plan_contract/cancel", {
      token: supplier.token,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCEL_SCHEDULED", endsOn: "2027-03-31" });

    // 23:59 JST: the job ends nothing and the plan is in force.
    expect(await runJobAt("2027-03-31T14:59:00Z")).toMatchObject({ ended: 0 });
    expect(await stateOf(supplier)).toEqual({
      paymentStatus: "OEM_PAID",
      contract: expect.objectContaining({ status: "CANCEL_SCHEDULED", endsOn: "2027-03-31" }),
      enteredList: 200,
    });

    // 00:01 JST on 1 April (still 31 March in UTC): the job ends it; the company is free.
    expect((await runJobAt("2027-03-31T15:01:00Z")).ended).toBeGreaterThanOrEqual(1);
    const after = await stateOf(supplier);
    expect(after.paymentStatus).toBe("OEM_FREE");
    expect(after.contract).toBeNull(); // no contract in force or pending any more
    expect(after.enteredList).toBe(403);

    // A later run changes nothing more.
    expect((await runJobAt("2027-04-01T03:00:00Z")).ended).toBe(0);
    expect((await stateOf(supplier)).paymentStatus).toBe("OEM_FREE");
  });

  it("cancelled just after midnight JST on 1 April (UTC still in March): runs to the end of April", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const supplier = await paidSupplier("2027-03-15T01:00:00Z");

    at("2027-03-31T15:30:00Z"); // 00:30 JST on 1 April
    const cancelled = await api("POST", "/api/billing/plan_contract/cancel", {
      token: supplier.token,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCEL_SCHEDULED", endsOn: "2027-04-30" });

    // Through April it stays paid, to its last minute.
    for (const moment of ["2027-04-01T03:00:00Z", "2027-04-15T03:00:00Z", "2027-04-30T14:59:00Z"]) {
      await runJobAt(moment);
      expect((await stateOf(supplier)).paymentStatus, moment).toBe("OEM_PAID");
    }

    // 00:01 JST on 1 May.
    expect((await runJobAt("2027-04-30T15:01:00Z")).ended).toBeGreaterThanOrEqual(1);
    expect(await stateOf(supplier)).toMatchObject({ paymentStatus: "OEM_FREE", enteredList: 403 });
  });

  it("activated to start on a later day: free until that day's midnight JST, paid from it by the job", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    at("2027-05-20T01:00:00Z"); // 10:00 JST on 20 May
    const supplier = await registerAccount("SUPPLIER");
    const owner = await createOwner();
    const applied = await api("POST", "/api/billing/plan_contract/waiting", {
      headers: idem(),
      token: supplier.token,
      body: {},
    });
    expect(applied.status).toBe(201);
    const activated = await api("PUT", `/api/owner/plan-contract/${supplier.companyId}`, {
      token: owner.token,
      body: { action: "ACTIVATE", startsOn: "2027-06-01" },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.paymentStatus).toBe("OEM_FREE");

    // 23:59 JST on 31 May: not yet.
    expect(await runJobAt("2027-05-31T14:59:00Z")).toMatchObject({ started: 0 });
    expect((await stateOf(supplier)).paymentStatus).toBe("OEM_FREE");

    // 00:05 JST on 1 June (UTC still 31 May): the plan is in force, the company is paid.
    expect(await runJobAt("2027-05-31T15:05:00Z")).toMatchObject({ started: 1 });
    expect(await stateOf(supplier)).toMatchObject({
      paymentStatus: "OEM_PAID",
      contract: expect.objectContaining({ status: "ACTIVE" }),
      enteredList: 200,
    });
    // Once: a later run starts nothing more.
    expect(await runJobAt("2027-06-01T03:00:00Z")).toMatchObject({ started: 0 });
  });
});
