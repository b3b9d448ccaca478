// The orders domain (src/modules/orders, issue 35): orders, their immutable versions, the 7条
// record (append-only) and price consultations. Money is integer yen; dates are Japan dates.
import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OrderTerms } from "@/modules/orders/order-terms";
import { companies, dealThreads, inquiries, users } from "./schema";

const ts = (name: string) => timestamp(name, { withTimezone: true });
// An issued PDF is kept with its data in the same row and transaction (decision 0048): no orphan file,
// no order without its document.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const orderStatus = pgEnum("order_status", ["ISSUED", "ACCEPTED", "RETURNED"]);
export const orderVersionKind = pgEnum("order_version_kind", ["ORIGINAL", "CHANGE", "SUPPLEMENT"]);
export const orderVersionState = pgEnum("order_version_state", ["PROPOSED", "ACCEPTED", "REJECTED"]);
export const priceConsultationStatus = pgEnum("price_consultation_status", [
  "OPEN",
  "ACCEPTED",
  "COUNTERED",
  "EXPLAINED",
]);

/** An order (発注): one per award, reorders included. Its terms live in its versions. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => dealThreads.id),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    buyerCompanyId: uuid("buyer_company_id")
      .notNull()
      .references(() => companies.id),
    supplierCompanyId: uuid("supplier_company_id")
      .notNull()
      .references(() => companies.id),
    sourceOrderId: uuid("source_order_id"), // 再発注: the order it was prefilled from
    status: orderStatus("status").notNull().default("ISSUED"),
    // The accepted (or, before the supplier's answer, the issued) version; a proposed change waits beside it.
    currentVersion: integer("current_version").notNull().default(1),
    pendingVersion: integer("pending_version"),
    title: text("title").notNull(),
    totalYen: bigint("total_yen", { mode: "number" }).notNull(),
    toriteki: text("toriteki").notNull(), // APPLIES | NOT_APPLICABLE (the verdict at ordering)
    openTerms: integer("open_terms").notNull().default(0), // 未定事項 left to fix (補充)
    issuedAt: ts("issued_at").notNull().defaultNow(),
    issuedByUserId: uuid("issued_by_user_id").references(() => users.id),
    firstOpenedAt: ts("first_opened_at"),
    answeredAt: ts("answered_at"),
    answeredByUserId: uuid("answered_by_user_id").references(() => users.id),
    // 注文請書: the supplier's acceptance, issued once as a PDF with its hash.
    acceptancePdf: bytea("acceptance_pdf"),
    acceptanceSha256: text("acceptance_sha256"),
    lastReminderAt: ts("last_reminder_at"),
    overdueAlertedAt: ts("overdue_alerted_at"),
  },
  (t) => [
    // The hot lists: each side's orders, newest first, read by keyset (issued_at, id).
    index("orders_buyer_idx").on(t.buyerCompanyId, t.issuedAt, t.id),
    index("orders_supplier_idx").on(t.supplierCompanyId, t.issuedAt, t.id),
    index("orders_thread_idx").on(t.threadId),
    // The console's list of every company's orders, newest first (migration 0019, decision 0050).
    index("orders_issued_idx").on(t.issuedAt, t.id),
    index("orders_unanswered_idx").on(t.issuedAt).where(sql`${t.status} = 'ISSUED'`),
  ],
);

/** An order's versions: the issued document's data and PDF, written once (a trigger refuses edits). */
export const orderVersions = pgTable(
  "order_versions",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    version: integer("version").notNull(),
    kind: orderVersionKind("kind").notNull(),
    terms: jsonb("terms").$type<OrderTerms>().notNull(),
    reason: text("reason"),
    reasonParty: text("reason_party"), // CHANGE: whose cause (BUYER | SUPPLIER), for a price cut
    pdf: bytea("pdf").notNull(),
    pdfSha256: text("pdf_sha256").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    createdAt: ts("created_at").notNull().defaultNow(),
    // The supplier's answer to a CHANGE (ORIGINAL and SUPPLEMENT are answered on the order).
    state: orderVersionState("state").notNull().default("ACCEPTED"),
    answeredAt: ts("answered_at"),
    answeredByUserId: uuid("answered_by_user_id").references(() => users.id),
    answerReason: text("answer_reason"),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.version] })],
);

/** The 7条 record: every event of an order, appended, never changed or deleted (a trigger refuses). */
export const orderEvents = pgTable(
  "order_events",
  {
    // In the order of writing: events of one transaction share `at` and keep their order here.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    at: ts("at").notNull().defaultNow(),
    kind: text("kind").notNull(),
    side: text("side"), // BUYER | SUPPLIER | OPERATOR | SYSTEM
    actorUserId: uuid("actor_user_id").references(() => users.id),
    version: integer("version"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    reason: text("reason"),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at, t.id)],
);

/** 価格協議: a supplier's request for a price review and the buyer's answer. */
export const priceConsultations = pgTable(
  "price_consultations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    status: priceConsultationStatus("status").notNull().default("OPEN"),
    drivers: jsonb("drivers")
      .$type<
        Array<{ driver: "MATERIAL" | "LABOUR" | "ENERGY" | "OTHER"; percent: number | null; note: string }>
      >()
      .notNull(),
    requestedUnitPriceYen: integer("requested_unit_price_yen"),
    message: text("message").notNull(),
    evidenceFileIds: uuid("evidence_file_ids").array().notNull().default(sql`'{}'::uuid[]`),
    dueOn: date("due_on").notNull(),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    answer: text("answer"),
    counterUnitPriceYen: integer("counter_unit_price_yen"),
    answeredByUserId: uuid("answered_by_user_id").references(() => users.id),
    answeredAt: ts("answered_at"),
    overdueAlertedAt: ts("overdue_alerted_at"),
  },
  (t) => [
    index("price_consultations_order_idx").on(t.orderId, t.requestedAt),
    index("price_consultations_open_idx").on(t.dueOn).where(sql`${t.status} = 'OPEN'`),
    uniqueIndex("price_consultations_one_open_uq").on(t.orderId).where(sql`${t.status} = 'OPEN'`),
  ],
);
