import { HIDDEN_NAME } from "@/lib/hidden-name";
import * as masterData from "@/modules/master-data/master-data.service";
import type { DbOrTx } from "@/server/db/client";
import { invalid } from "@/server/http/errors";
import { compareFits, fitOf, type InquiryNeeds, type SupplierCapabilities } from "./fit.service";
import { loadFitNames } from "./fit-names.service";
import type { NeedsInput } from "./requirement.schema";
import { normalisedRequirements, requirementProblems } from "./requirement.service";
import type { SuggestedSupplier } from "./suggestion.schema";

/** At most this many suppliers are suggested. */
export const SUGGESTION_LIMIT = 20;
/** The candidates read (those of the category first) before they are scored. */
export const CANDIDATE_LIMIT = 200;

/** A public supplier that meets the hard rules, as companies' fitCandidates reads it. */
export interface SuggestionCandidate {
  id: string;
  name: string;
  namePublished: boolean;
  logoFileId: string | null;
  catchphrase: string | null;
  prefectureName: string | null;
  capabilities: SupplierCapabilities;
}

/**
 * Reads the candidates in one statement (companies' fitCandidates, handed in by the route:
 * companies depends on inquiries, which depends on this module).
 */
export type CandidatesOf = (db: DbOrTx, needs: InquiryNeeds, limit: number) => Promise<SuggestionCandidate[]>;

/** The needs of a validated body; 422 with field errors for a category or ids the lists do not hold. */
export async function needsOfInput(db: DbOrTx, input: NeedsInput): Promise<InquiryNeeds> {
  const fields = await requirementProblems(db, input);
  const categories = await masterData.listCategories(db);
  if (!categories.some((c) => c.id === input.categoryId)) fields.categoryId = "カテゴリを選択してください";
  if (Object.keys(fields).length) throw invalid(fields);
  return {
    categoryId: input.categoryId,
    prefectureIds: [...new Set(input.prefectureIds)],
    ...normalisedRequirements(input),
  };
}

/**
 * The public suppliers that fit the needs, best first (the fit's score, then the candidates'
 * order: processes, region, profile), at most SUGGESTION_LIMIT, each with its reasons.
 */
export async function suggestSuppliers(
  db: DbOrTx,
  input: NeedsInput,
  candidatesOf: CandidatesOf,
): Promise<{ items: SuggestedSupplier[] }> {
  const needs = await needsOfInput(db, input);
  const [candidates, names] = await Promise.all([candidatesOf(db, needs, CANDIDATE_LIMIT), loadFitNames(db)]);
  const order = [...names.certifications.keys()];
  const items = candidates
    .map((c, rank) => ({ c, rank, fit: fitOf(needs, c.capabilities, names) }))
    // The SQL applied the gate and the hard rules already; the fit decides, should they ever disagree.
    .filter((s) => s.fit.fits)
    .sort((a, b) => compareFits(a.fit, b.fit) || a.rank - b.rank)
    .slice(0, SUGGESTION_LIMIT)
    .map(({ c, fit }) => {
      const verified = new Set(c.capabilities.verifiedCertificationIds);
      return {
        id: c.id,
        name: c.namePublished ? c.name : HIDDEN_NAME,
        namePublished: c.namePublished,
        catchphrase: c.catchphrase,
        prefectureName: c.prefectureName,
        logoUrl: c.namePublished && c.logoFileId ? `/api/image/${c.logoFileId}` : null,
        score: fit.score,
        met: fit.met,
        stated: fit.stated,
        reasons: fit.reasons,
        verifiedCertifications: order
          .filter((id) => verified.has(id))
          .map((id) => ({ id, name: names.certifications.get(id)!.name })),
      };
    });
  return { items };
}
