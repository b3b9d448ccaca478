import { describe, expect, it } from "vitest";
import { loginRouteFor, userTypeOf } from "./user-type";

const details = (paymentStatus: "OEM_FREE" | "OEM_PAID" | null) => ({
  id: "c",
  name: "n",
  companyWebsite: null,
  ticketCount: 0,
  paymentStatus,
});

describe("userTypeOf (spec §4)", () => {
  it("derives the four user types", () => {
    expect(userTypeOf(null)).toBe("noLogin");
    expect(userTypeOf({ companyType: "BUYER", companyDetails: details(null) })).toBe("client");
    expect(userTypeOf({ companyType: null, companyDetails: null })).toBe("client");
    expect(userTypeOf({ companyType: "SUPPLIER", companyDetails: details("OEM_FREE") })).toBe("oem_free");
    expect(userTypeOf({ companyType: "SUPPLIER", companyDetails: details(null) })).toBe("oem_free");
    expect(userTypeOf({ companyType: "SUPPLIER", companyDetails: details("OEM_PAID") })).toBe("oem_paid");
  });
});

describe("loginRouteFor", () => {
  it("maps the protected prefixes to their login routes", () => {
    expect(loginRouteFor("/account/oem")).toBe("/oem/login");
    expect(loginRouteFor("/account/oem/case/edit")).toBe("/oem/login");
    expect(loginRouteFor("/account/buyer/inquiry")).toBe("/buyer/login");
    expect(loginRouteFor("/account/oembrand")).toBeUndefined();
    expect(loginRouteFor("/oem/search")).toBeUndefined();
  });
});
