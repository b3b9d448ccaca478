import { z } from "zod";
import { ratingAggregate } from "./rating.schema";

// A supplier's track record as buyers see it (docs/trust-plan.md "Supplier figures"): computed by
// the platform from the deal room, never typed by the supplier; counts only, no buyer names.

/** Below this many nominations received, the response rate shows as 「実績なし」. */
export const MIN_NOMINATIONS_SHOWN = 3;
/** Below this many quotes sent, the median time to the first quote shows as 「実績なし」. */
export const MIN_QUOTES_SHOWN = 3;

export const supplierFigures = z.object({
  companyId: z.string(),
  /** Published nominations naming the supplier. */
  nominations: z.number(),
  /** Of those, the ones whose thread has a supplier message, a quote or a 辞退. */
  nominationsAnswered: z.number(),
  /** answered / received in whole percent; null below 3 nominations (never 0 % for a newcomer). */
  responseRatePercent: z.number().nullable(),
  /** Median minutes from a thread's opening to its first quote version; null below 3 quotes sent. */
  medianFirstQuoteMinutes: z.number().nullable(),
  /** Threads with at least one quote version. */
  quotesSent: z.number(),
  /** Threads awarded to the supplier. */
  awardsWon: z.number(),
  /** Ratings received from buyers (visible ones only; averages from 3). */
  ratings: ratingAggregate,
  /** When the nightly job last computed the counts; null before its first run for this supplier. */
  computedAt: z.string().nullable(),
});
export type SupplierFigures = z.infer<typeof supplierFigures>;
