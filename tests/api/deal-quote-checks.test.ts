// Issue 33 item 22: a quote with a unit price of ¥0 was accepted; an amount of money a supplier asks
// per piece is at least ¥1 (a free sample or no tooling cost stays ¥0).
import { describe, expect, it } from "vitest";
import { registerVerified } from "../factories/accounts";
import { quote } from "../factories/deal-quotes";
import { openDealThread } from "../factories/deals";

describe("quote amounts", () => {
  it("refuses a unit price of ¥0 on its tier, and takes ¥0 for the sample and the tooling", async () => {
    const buyer = await registerVerified("BUYER");
    const supplier = await registerVerified("SUPPLIER");
    const { threadId } = await openDealThread(buyer, supplier);
    const zero = await quote(supplier, threadId, {
      tiers: [
        { quantity: 1000, unitPriceYen: 500 },
        { quantity: 3000, unitPriceYen: 0 },
      ],
    });
    expect(zero.status).toBe(422);
    expect(zero.body.error.fields).toEqual({ "tiers.1.unitPriceYen": "単価は1円以上で入力してください" });
    const free = await quote(supplier, threadId, { sampleCostYen: 0, toolingCostYen: 0 });
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ version: 1, sampleCostYen: 0, toolingCostYen: 0 });
  });
});
