// The my-page tops (/account/buyer, /account/oem): what matters now for the active company.
import * as billing from "@/modules/billing/billing-counts.service";
import * as companies from "@/modules/companies/company-counts.service";
import * as entries from "@/modules/inquiries/entry-counts.service";
import * as inquiries from "@/modules/inquiries/inquiry-counts.service";
import { latestNewsFor, type NewsHeadline } from "@/modules/news/news-headlines.service";
import type { CompanyScope } from "@/server/auth/company-scope";
import type { DbOrTx } from "@/server/db/client";

// Each figure comes from the domain that owns it; this module only composes the two pages.

const LATEST = 5;

export type { NewsHeadline };
export type EntryStatus = entries.EntryStatus;
export type InquiryStatus = inquiries.InquiryStatus;
export type InquiryType = inquiries.InquiryType;

export interface BuyerDashboard {
  inquiryCounts: Record<inquiries.InquiryStatus, number>;
  latestInquiries: Array<{
    id: string;
    title: string;
    type: inquiries.InquiryType;
    status: inquiries.InquiryStatus;
    categoryName: string;
    entryDeadline: string | null;
    createdAt: Date;
    entryCount: number;
  }>;
  news: NewsHeadline[];
}

export interface SupplierDashboard {
  nominated: {
    openCount: number;
    latest: Array<{
      id: string;
      title: string;
      categoryName: string;
      desiredDeliveryDate: string | null;
      createdAt: Date;
      unread: boolean;
      entered: boolean;
    }>;
  };
  openPublicRecruits: number;
  entryCounts: Record<entries.EntryStatus, number>;
  ticketBalance: number;
  plan: {
    paymentStatus: "OEM_FREE" | "OEM_PAID";
    contract: {
      status: billing.PlanStatus;
      appliedAt: Date;
      startsOn: string | null;
      endsOn: string | null;
    } | null;
  };
  news: NewsHeadline[];
}

const INQUIRY_STATUSES: inquiries.InquiryStatus[] = [
  "REVIEW",
  "OPEN",
  "CLOSED",
  "AWARDED",
  "CANCELLED",
  "REJECTED",
];
const ENTRY_STATUSES: entries.EntryStatus[] = [
  "ENTERED",
  "SHORTLISTED",
  "AWARDED",
  "DECLINED",
  "WITHDRAWN",
  "CANCELLED",
];

function allStatuses<S extends string>(keys: S[], counts: Partial<Record<S, number>>): Record<S, number> {
  return Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) as Record<S, number>;
}

export async function buyerDashboard(
  scope: CompanyScope,
  db: DbOrTx,
  now = new Date(),
): Promise<BuyerDashboard> {
  const [counts, latest, headlines] = await Promise.all([
    inquiries.countBuyerInquiriesByStatus(scope, db),
    inquiries.latestBuyerInquiries(scope, db, LATEST),
    latestNewsFor(db, "BUYER", LATEST, now),
  ]);
  return {
    inquiryCounts: allStatuses(INQUIRY_STATUSES, counts),
    latestInquiries: latest.map((i) => ({ ...i, entryCount: Number(i.entryCount) })),
    news: headlines,
  };
}

export async function supplierDashboard(
  scope: CompanyScope,
  db: DbOrTx,
  now = new Date(),
): Promise<SupplierDashboard> {
  const [openNominated, latest, openRecruits, entryCounts, balance, paymentStatus, contract, headlines] =
    await Promise.all([
      inquiries.countOpenNominatedInquiries(scope, db),
      inquiries.latestNominatedInquiries(scope, db, LATEST),
      inquiries.countOpenPublicRecruits(db),
      entries.countSupplierEntriesByStatus(scope, db),
      billing.ticketBalanceOf(scope, db),
      companies.paymentStatusOf(scope, db),
      billing.currentPlanContract(scope, db),
      latestNewsFor(db, "SUPPLIER", LATEST, now),
    ]);
  return {
    nominated: {
      openCount: openNominated,
      latest: latest.map(({ readAt, entered, ...i }) => ({
        ...i,
        unread: readAt === null,
        entered: Boolean(entered),
      })),
    },
    openPublicRecruits: openRecruits,
    entryCounts: allStatuses(ENTRY_STATUSES, entryCounts),
    ticketBalance: balance,
    plan: { paymentStatus: paymentStatus ?? "OEM_FREE", contract },
    news: headlines,
  };
}
