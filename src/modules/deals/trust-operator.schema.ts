import { z } from "zod";
import { listQuery } from "@/lib/console-listing";

// The console's abuse signals (/api/owner/trust-signals, docs/trust.md "Signals"): buyers who rarely
// reply or whose silence gave many tickets back, suppliers whose quotes are often declined, and the
// count of reported messages not handled yet.

/** The window of the refund and decline counts. */
export const SIGNAL_WINDOW_DAYS = 90;
/** A low reply rate: below this share, once at least LOW_REPLY_MIN_OPPORTUNITIES were counted. */
export const LOW_REPLY_RATE = 0.5;
export const LOW_REPLY_MIN_OPPORTUNITIES = 3;
/** Many refunds: this many no-reply refunds on the buyer's inquiries within the window. */
export const MANY_NO_REPLY_REFUNDS = 2;
/** Many declined quotes: this many of the supplier's threads declined (お見送り) within the window. */
export const MANY_DECLINES = 3;

export const BUYER_SIGNALS = ["low-reply", "refunds", "shared-member"] as const;
export type BuyerSignal = (typeof BUYER_SIGNALS)[number];

export const trustBuyersQuery = listQuery.extend({
  signal: z
    .enum(BUYER_SIGNALS, {
      error:
        "シグナルは low-reply（返信率が低い）、refunds（返却が多い）、shared-member（メンバー共通の企業との取引）のいずれかで指定してください",
    })
    .optional(),
});
export type TrustBuyersQuery = z.infer<typeof trustBuyersQuery>;

export const trustSuppliersQuery = listQuery;
export type TrustSuppliersQuery = z.infer<typeof trustSuppliersQuery>;

const company = z.object({ id: z.string(), name: z.string(), status: z.enum(["ACTIVE", "DEACTIVATED"]) });

/** A buyer with a signal: its reply figures (the track record), refunds in the window, its stop. */
export const trustBuyerItem = z.object({
  company,
  /** Threads counted for the reply rate (replied within the window, or the window ended). */
  opportunities: z.number(),
  repliedInTime: z.number(),
  /** repliedInTime / opportunities (0–1); null without opportunities. */
  replyRate: z.number().nullable(),
  closedInquiries: z.number(),
  decidedInquiries: z.number(),
  /** Tickets given back because this buyer did not answer (NO_REPLY), within the window. */
  noReplyRefunds: z.number(),
  lowReplyRate: z.boolean(),
  manyRefunds: z.boolean(),
  /**
   * Threads with a supplier that has had a member in common with this buyer (issue 33): such deals
   * count in no public figure, and any one of them flags the buyer.
   */
  sharedMemberDeals: z.number(),
  sharedMember: z.boolean(),
  /** When the operator stopped its nominations; null: it may send them. */
  nominationsSuspendedAt: z.string().nullable(),
});
export type TrustBuyerItem = z.infer<typeof trustBuyerItem>;

/** A supplier with many declined quotes: declines in the window, quotes sent and awards won (all time). */
export const trustSupplierItem = z.object({
  company,
  declined: z.number(),
  quotesSent: z.number(),
  awardsWon: z.number(),
});
export type TrustSupplierItem = z.infer<typeof trustSupplierItem>;

/** How many of each signal there are now: the tabs' counts. */
export const trustSummary = z.object({
  windowDays: z.number(),
  buyers: z.number(),
  suppliers: z.number(),
  openReports: z.number(),
  suspendedBuyers: z.number(),
});
export type TrustSummary = z.infer<typeof trustSummary>;
