import { z } from "zod";
import { fitView, needsInput } from "./requirement.schema";

// POST /api/contact/suggestions (issue 20): the public suppliers that fit what the bulk inquiry
// flow's content step holds, best first.

/** The body: the category, the desired regions and the requirements, as the inquiry body has them. */
export const suggestionInput = needsInput;

const named = z.object({ id: z.number(), name: z.string() });

export const suggestedSupplier = z.object({
  id: z.string(),
  /** 「企業名非公開」 for a supplier that does not publish its name, as on the search cards. */
  name: z.string(),
  namePublished: z.boolean(),
  catchphrase: z.string().nullable(),
  prefectureName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  score: fitView.shape.score,
  met: fitView.shape.met,
  stated: fitView.shape.stated,
  reasons: fitView.shape.reasons,
  /** The certifications and licences the operator verified, unexpired (the badges). */
  verifiedCertifications: z.array(named),
});
export type SuggestedSupplier = z.infer<typeof suggestedSupplier>;

export const suggestionsResult = z.object({ items: z.array(suggestedSupplier) });
