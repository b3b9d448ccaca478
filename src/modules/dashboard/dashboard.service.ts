// The my-page tops (/account/buyer, /account/oem): what matters now for the active company.
import { ticketBalance } from "@/modules/billing/billing.service";
import type { DbOrTx } from "@/server/db/client";
import * as repo from "./dashboard.repository";

const LATEST = 5;

export interface NewsHeadline {
  id: string;
  title: string;
  publishedAt: Date | null;
}

export interface BuyerDashboard {
  inquiryCounts: Record<repo.InquiryStatus, number>;
  latestInquiries: Array<{
    id: string;
    title: string;
    type: repo.InquiryType;
    status: repo.InquiryStatus;
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
  entryCounts: Record<repo.EntryStatus, number>;
  ticketBalance: number;
  plan: {
    paymentStatus: "OEM_FREE" | "OEM_PAID";
    contract: {
      status: repo.PlanStatus;
      appliedAt: Date;
      startsOn: string | null;
      endsOn: string | null;
    } | null;
  };
  news: NewsHeadline[];
}

const INQUIRY_STATUSES: repo.InquiryStatus[] = ["REVIEW", "OPEN", "CLOSED", "CANCELLED", "REJECTED"];
const ENTRY_STATUSES: repo.EntryStatus[] = ["ENTERED", "SHORTLISTED", "DECLINED", "CANCELLED"];

function allStatuses<S extends string>(keys: S[], counts: Partial<Record<S, number>>): Record<S, number> {
  return Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) as Record<S, number>;
}

export async function buyerDashboard(
  db: DbOrTx,
  buyerCompanyId: string,
  now = new Date(),
): Promise<BuyerDashboard> {
  const [counts, latest, headlines] = await Promise.all([
    repo.countBuyerInquiriesByStatus(db, buyerCompanyId),
    repo.latestBuyerInquiries(db, buyerCompanyId, LATEST),
    repo.latestNews(db, "BUYER", LATEST, now),
  ]);
  return {
    inquiryCounts: allStatuses(INQUIRY_STATUSES, counts),
    latestInquiries: latest.map((i) => ({ ...i, entryCount: Number(i.entryCount) })),
    news: headlines,
  };
}

export async function supplierDashboard(
  db: DbOrTx,
  supplierCompanyId: string,
  now = new Date(),
): Promise<SupplierDashboard> {
  const [openNominated, latest, openRecruits, entryCounts, balance, paymentStatus, contract, headlines] =
    await Promise.all([
      repo.countOpenNominatedInquiries(db, supplierCompanyId),
      repo.latestNominatedInquiries(db, supplierCompanyId, LATEST),
      repo.countOpenPublicRecruits(db),
      repo.countSupplierEntriesByStatus(db, supplierCompanyId),
      ticketBalance(db, supplierCompanyId),
      repo.findPaymentStatus(db, supplierCompanyId),
      repo.findCurrentPlanContract(db, supplierCompanyId),
      repo.latestNews(db, "SUPPLIER", LATEST, now),
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
