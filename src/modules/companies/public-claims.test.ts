import { describe, expect, it } from "vitest";
import { isCertificationClaim, publicFeatures } from "./public-claims";

const slugs = {
  features: new Map([
    [1, "small-lot"],
    [2, "short-lead-time"],
    [5, "iso"],
    [6, "gmp"],
    [7, "organic"],
  ]),
  certifications: new Map([
    [1, "iso-9001"],
    [4, "iso-22716"],
    [11, "organic-jas"],
  ]),
};
const all = [1, 2, 5, 6, 7].map((id) => ({ id }));
const shown = (smallLotAccepted: boolean | null, verifiedCertificationIds: number[]) =>
  publicFeatures(all, { smallLotAccepted, verifiedCertificationIds }, slugs).map((f) => f.id);

describe("publicFeatures", () => {
  it("drops 「小ロット対応」 when small lots are registered as not accepted, and only then", () => {
    expect(shown(false, [])).toEqual([2, 5, 6, 7]);
    expect(shown(true, [])).toEqual([1, 2, 5, 6, 7]);
    expect(shown(null, [])).toEqual([1, 2, 5, 6, 7]);
  });

  it("leaves a certification claim a verified badge proves to the badge", () => {
    expect(shown(null, [1])).toEqual([1, 2, 6, 7]); // ISO 9001 proves 「ISO認証」
    expect(shown(null, [4])).toEqual([1, 2, 7]); // ISO 22716 is an ISO and the cosmetics GMP
    expect(shown(null, [11])).toEqual([1, 2, 5, 6]);
  });

  it("knows the tags that claim a certification", () => {
    expect(["iso", "gmp", "organic", "small-lot", undefined].map(isCertificationClaim)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
