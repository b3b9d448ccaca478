import { z } from "zod";
import { supplierInquirySummary } from "@/modules/inquiries/inquiry.schema";

// The buyer's track record as suppliers see it (docs/trust-plan.md "Buyer figures"): figures only —
// never the buyer's name, prefecture or 法人番号 — so they can be shown before a ticket is used.
// A buyer with fewer than 3 published inquiries is new: its rates and median are null (「実績なし（新規）」).

/** Reply and decision rates in whole percent, null when new or when nothing was counted yet. */
export const buyerRecordSummary = z.object({
  isNew: z.boolean(),
  replyRate: z.number().int().nullable(),
  decisionRate: z.number().int().nullable(),
});
export type BuyerRecordSummary = z.infer<typeof buyerRecordSummary>;

/** The card on the inquiry page, next to 「チケットを使う」. */
export const buyerFigures = buyerRecordSummary.extend({
  /** The month the company registered, Japan time: "2024-05". */
  memberSince: z.string(),
  /** The inquiry's creator verified their email address. */
  emailVerified: z.boolean(),
  /** A 法人番号 with a valid check digit is registered (the number itself is never shown). */
  corporateNumberVerified: z.boolean(),
  /** Inquiries the company published in the last 12 months. */
  inquiriesLast12Months: z.number().int(),
  /** Threads counted for the reply rate, and those answered within 5 business days (null when new). */
  replyOpportunities: z.number().int().nullable(),
  repliedInTime: z.number().int().nullable(),
  /** Closed inquiries with at least one supplier, and those where every supplier got a decision. */
  closedInquiries: z.number().int().nullable(),
  decidedInquiries: z.number().int().nullable(),
  /** Median minutes from a thread's opening to the buyer's first reply (null when new or none yet). */
  medianFirstReplyMinutes: z.number().int().nullable(),
});
export type BuyerFigures = z.infer<typeof buyerFigures>;

/** A row of the supplier's recruit and nomination lists: the inquiry (with its fit) and its buyer's compact figures. */
export const supplierInquiryRow = supplierInquirySummary.extend({
  buyerRecord: buyerRecordSummary.nullable(),
});
