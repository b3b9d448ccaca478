// What a supplier declares itself (its 特徴 tags) against what it registered as structured data and
// what the operator verified (issue 33 item 2): the public pages never show a tag the structured
// data contradicts, leave a certification claim a verified badge proves to the badge, and label the
// rest as the supplier's own words (自己申告). Pure: the callers hand in the master lists' slugs.

/** The 特徴 tags that claim a certification, and the certification types that prove each. */
const CERTIFICATION_CLAIMS: Readonly<Record<string, (certificationSlug: string) => boolean>> = {
  iso: (s) => s.startsWith("iso-"),
  gmp: (s) => s === "iso-22716" || s.includes("gmp"),
  organic: (s) => s.includes("organic"),
};

/** The tag a registered 「小ロット対応：対応しない」 contradicts. */
const SMALL_LOT = "small-lot";

/** Whether a 特徴 tag claims a certification (the search offers the verified filter instead). */
export function isCertificationClaim(featureSlug: string | undefined): boolean {
  return featureSlug !== undefined && featureSlug in CERTIFICATION_CLAIMS;
}

export interface ClaimFacts {
  /** The registered 小ロット対応: yes, no, or not registered. */
  smallLotAccepted: boolean | null;
  verifiedCertificationIds: readonly number[];
}

export interface ClaimSlugs {
  features: ReadonlyMap<number, string>;
  certifications: ReadonlyMap<number, string>;
}

/**
 * The 特徴 tags to show, in their order: without the ones the structured data contradicts and the
 * certification claims a verified badge (shown first) already proves.
 */
export function publicFeatures<F extends { id: number }>(
  features: readonly F[],
  facts: ClaimFacts,
  slugs: ClaimSlugs,
): F[] {
  const verified = facts.verifiedCertificationIds.flatMap((id) => slugs.certifications.get(id) ?? []);
  return features.filter((f) => {
    const slug = slugs.features.get(f.id);
    if (slug === SMALL_LOT) return facts.smallLotAccepted !== false;
    const provedBy = slug ? CERTIFICATION_CLAIMS[slug] : undefined;
    return !provedBy || !verified.some(provedBy);
  });
}
