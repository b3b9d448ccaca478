// The whole domain of PRODUCT.md in one place. Money is integer yen; times are timestamptz.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---------------------------------------------------------------- enums
export const companyType = pgEnum("company_type", ["BUYER", "SUPPLIER"]);
export const companyStatus = pgEnum("company_status", ["ACTIVE", "DEACTIVATED"]);
export const paymentStatus = pgEnum("payment_status", ["OEM_FREE", "OEM_PAID"]);
export const memberRole = pgEnum("member_role", ["ADMIN", "GENERAL"]);
export const invitationStatus = pgEnum("invitation_status", ["PENDING", "ACCEPTED", "CANCELLED"]);
export const verificationPurpose = pgEnum("verification_purpose", [
  "EMAIL_VERIFY",
  "PASSWORD_RESET",
  "EMAIL_CHANGE",
]);
export const inquiryType = pgEnum("inquiry_type", ["BULK", "NOMINATION"]);
// AWARDED: the buyer chose a supplier (発注先決定); the inquiry takes no entries (issue 33).
export const inquiryStatus = pgEnum("inquiry_status", [
  "REVIEW",
  "OPEN",
  "CLOSED",
  "CANCELLED",
  "REJECTED",
  "AWARDED",
]);
export const recipientKind = pgEnum("recipient_kind", ["SELECTED", "NOMINATED"]);
// AWARDED / WITHDRAWN: the entry follows its deal thread (受注, 辞退; decision 0032).
export const entryStatus = pgEnum("entry_status", [
  "ENTERED",
  "CANCELLED",
  "SHORTLISTED",
  "DECLINED",
  "AWARDED",
  "WITHDRAWN",
]);
export const caseStatus = pgEnum("case_status", ["PUBLISHED", "DRAFT"]);
export const newsAudience = pgEnum("news_audience", ["ALL", "BUYER", "SUPPLIER"]);
export const newsStatus = pgEnum("news_status", ["DRAFT", "PUBLISHED"]);
export const purchaseStatus = pgEnum("purchase_status", ["PENDING", "PAID", "CANCELLED"]);
export const planStatus = pgEnum("plan_status", [
  "WAITING",
  "ACTIVE",
  "CANCEL_SCHEDULED",
  "ENDED",
  "REJECTED",
]);
export const outboxStatus = pgEnum("outbox_status", ["PENDING", "SENDING", "SENT", "FAILED"]);
export const fileKind = pgEnum("file_kind", ["IMAGE", "DOCUMENT"]);
export const reasonAudience = pgEnum("reason_audience", ["ALL", "BUYER", "SUPPLIER"]);
export const supportStatus = pgEnum("support_status", ["NEW", "IN_PROGRESS", "DONE"]);
export const dealStatus = pgEnum("deal_status", ["NEW", "QUOTED", "AWARDED", "DECLINED", "WITHDRAWN"]);
export const dealSide = pgEnum("deal_side", ["BUYER", "SUPPLIER"]);
export const ticketRefundKind = pgEnum("ticket_refund_kind", ["NO_REPLY", "OPERATOR"]);
export const certificationKind = pgEnum("certification_kind", ["CERTIFICATION", "LICENSE"]);
export const certificateStatus = pgEnum("certificate_status", ["PENDING", "VERIFIED", "REJECTED"]);
export const dealMessageKind = pgEnum("deal_message_kind", [
  "MESSAGE",
  "QUOTE",
  "NO_QUOTE",
  "AWARD",
  "DECLINE",
]);

// ---------------------------------------------------------------- master data
export const prefectures = pgTable("prefectures", {
  id: smallint("id").primaryKey(), // JIS X 0401 code, 1 = 北海道 … 47 = 沖縄県
  name: text("name").notNull().unique(),
  region: text("region").notNull(),
});

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const features = pgTable("features", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

// Capability master lists (issue 20): seeded at boot, extended by the operator in the console.
export const processes = pgTable("processes", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const materials = pgTable("materials", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Certifications (ISO …) and licences (化粧品製造業許可 …) a supplier can hold and a buyer can require. */
export const certificationTypes = pgTable("certification_types", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  kind: certificationKind("kind").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const deactivationReasons = pgTable("deactivation_reasons", {
  id: serial("id").primaryKey(),
  audience: reasonAudience("audience").notNull().default("ALL"),
  label: text("label").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ---------------------------------------------------------------- identity
export const users = pgTable("users", {
  id: id(),
  email: text("email").notNull().unique(), // always stored lower-cased
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  emailVerifiedAt: ts("email_verified_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userSessions = pgTable(
  "user_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(), // sha256 of the bearer token
    activeCompanyId: uuid("active_company_id").references(() => companies.id),
    expiresAt: ts("expires_at").notNull(),
    lastUsedAt: ts("last_used_at").notNull().defaultNow(),
    revokedAt: ts("revoked_at"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

export const owners = pgTable("owners", {
  id: id(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  disabledAt: ts("disabled_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const ownerSessions = pgTable(
  "owner_sessions",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => owners.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    lastUsedAt: ts("last_used_at").notNull().defaultNow(),
    revokedAt: ts("revoked_at"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("owner_sessions_owner_idx").on(t.ownerId)],
);

/** Single-use links: email verification, password reset, email change. */
export const verificationTokens = pgTable(
  "verification_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: verificationPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    newEmail: text("new_email"),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verification_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters shared by every app process (login, reset, resend). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: ts("reset_at").notNull(),
});

// ---------------------------------------------------------------- companies
export const companies = pgTable(
  "companies",
  {
    id: id(),
    type: companyType("type").notNull(),
    status: companyStatus("status").notNull().default("ACTIVE"),
    name: text("name").notNull(),
    nameKana: text("name_kana"),
    namePublished: boolean("name_published").notNull().default(true),
    // Suppliers only; buyers keep null. Follows plan contracts, never edited by hand.
    paymentStatus: paymentStatus("payment_status"),
    postalCode: text("postal_code"),
    prefectureId: smallint("prefecture_id").references(() => prefectures.id),
    address: text("address"),
    phone: text("phone"),
    website: text("website"),
    representativeName: text("representative_name"),
    establishedYear: smallint("established_year"),
    capitalYen: bigint("capital_yen", { mode: "number" }),
    employeeCount: integer("employee_count"),
    industry: text("industry"),
    description: text("description"),
    logoFileId: uuid("logo_file_id"),
    // 法人番号 (13 digits, check digit verified on input); optional.
    corporateNumber: text("corporate_number"),
    // Buyers only: the operator stopped this company sending nominations (abuse signals).
    nominationsSuspendedAt: ts("nominations_suspended_at"),
    nominationsSuspendedReason: text("nominations_suspended_reason"),
    nominationsSuspendedByOwnerId: uuid("nominations_suspended_by_owner_id").references(() => owners.id),
    deactivatedAt: ts("deactivated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("companies_type_status_idx").on(t.type, t.status),
    // The owner console's company lists, newest (or oldest) first: the page without sorting them all.
    index("companies_type_created_idx").on(t.type, t.createdAt, t.id),
  ],
);

/** OEM information of a supplier company (1:1 with companies of type SUPPLIER). */
export const supplierProfiles = pgTable(
  "supplier_profiles",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    catchphrase: text("catchphrase"),
    strengths: text("strengths"),
    minimumLot: text("minimum_lot"),
    leadTime: text("lead_time"),
    capacity: text("capacity"),
    certifications: text("certifications"),
    services: text("services"),
    priceRange: text("price_range"),
    // Pre-segmented words (Intl.Segmenter) of name, profile and cases, for keyword search.
    searchText: text("search_text").notNull().default(""),
    profileCompleteness: smallint("profile_completeness").notNull().default(0),
    // Structured capabilities (issue 20). MOQ and capacity share one unit (QUANTITY_UNITS).
    quantityUnit: text("quantity_unit"),
    moqMin: integer("moq_min"),
    moqMax: integer("moq_max"),
    monthlyCapacity: integer("monthly_capacity"),
    smallLotAccepted: boolean("small_lot_accepted"),
    smallLotMin: integer("small_lot_min"),
    sampleAvailable: boolean("sample_available"),
    sampleDays: smallint("sample_days"),
    processIds: integer("process_ids").array().notNull().default(sql`'{}'::integer[]`),
    materialIds: integer("material_ids").array().notNull().default(sql`'{}'::integer[]`),
    // Kept by the certificates' writes and the expiry job: the certification types this supplier
    // holds a VERIFIED, unexpired certificate of (the badge, the search filter, the fit).
    verifiedCertificationIds: integer("verified_certification_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // The public listing (decision 0026), kept by triggers from companies, memberships and users
    // (migration 0011): the application never writes these. `listed` is the public rule
    // (supplier-directory's isPublicSupplier); the others are the company's ranking columns, so
    // that the search filters and ranks on this one table and its indexes.
    listed: boolean("listed").notNull().default(false),
    paid: boolean("paid").notNull().default(false),
    companyCreatedAt: ts("company_created_at").notNull().defaultNow(),
    companyUpdatedAt: ts("company_updated_at").notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The search's two orders, walked from the top: a page without sorting every supplier.
    index("supplier_profiles_recommended_idx")
      .on(
        t.paid.desc().nullsFirst(),
        t.profileCompleteness.desc().nullsFirst(),
        t.companyUpdatedAt.desc().nullsFirst(),
        t.companyId,
      )
      .where(sql`${t.listed}`),
    index("supplier_profiles_newest_idx")
      .on(t.companyCreatedAt.desc().nullsFirst(), t.companyId)
      .where(sql`${t.listed}`),
    index("supplier_profiles_verified_certs_idx").using("gin", t.verifiedCertificationIds),
    index("supplier_profiles_process_ids_idx").using("gin", t.processIds),
    index("supplier_profiles_moq_idx").on(t.moqMin),
    index("supplier_profiles_capacity_idx").on(t.monthlyCapacity),
    // The characters and character pairs of each stored word (search_grams(), created by migration
    // 0001): a keyword's pairs find the candidates, even two-character Japanese words; LIKE decides.
    // fastupdate off: profiles change rarely, and a pending list would be scanned by every search.
    index("supplier_profiles_search_grams_idx")
      .using("gin", sql`search_grams(${t.searchText})`)
      .with({ fastupdate: false }),
  ],
);

export const companyCategories = pgTable(
  "company_categories",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.categoryId] }),
    index("company_categories_cat_idx").on(t.categoryId),
  ],
);

export const companyFeatures = pgTable(
  "company_features",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    featureId: integer("feature_id")
      .notNull()
      .references(() => features.id),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.featureId] }),
    index("company_features_feat_idx").on(t.featureId),
  ],
);

export const supplierFactories = pgTable(
  "supplier_factories",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefectureId: smallint("prefecture_id")
      .notNull()
      .references(() => prefectures.id),
    address: text("address"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("supplier_factories_company_idx").on(t.companyId),
    index("supplier_factories_pref_idx").on(t.prefectureId),
  ],
);

/** A certificate or licence a supplier uploaded; the operator verifies it (issue 20). */
export const supplierCertifications = pgTable(
  "supplier_certifications",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    certificationTypeId: integer("certification_type_id")
      .notNull()
      .references(() => certificationTypes.id),
    number: text("number").notNull(),
    issuer: text("issuer").notNull(),
    // The last day it is valid (Japan date); null = no expiry (some licences).
    expiresOn: date("expires_on"),
    documentFileId: uuid("document_file_id")
      .notNull()
      .references(() => files.id),
    status: certificateStatus("status").notNull().default("PENDING"),
    reviewedAt: ts("reviewed_at"),
    reviewedByOwnerId: uuid("reviewed_by_owner_id").references(() => owners.id),
    rejectionReason: text("rejection_reason"),
    // Set once by the expiry job: the reminder 30 days before, and the badge's removal at expiry.
    reminderSentAt: ts("reminder_sent_at"),
    expiredAt: ts("expired_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("supplier_certifications_company_idx").on(t.companyId, t.createdAt),
    // The operator's queue, oldest first.
    index("supplier_certifications_pending_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'PENDING'`),
    // The expiry job: verified certificates that still show a badge, by expiry.
    index("supplier_certifications_expiry_idx")
      .on(t.expiresOn)
      .where(sql`${t.status} = 'VERIFIED' and ${t.expiredAt} is null and ${t.expiresOn} is not null`),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: memberRole("role").notNull(),
    // The person's profile within this company (spec: companyUserProfile).
    name: text("name").notNull(),
    department: text("department"),
    phone: text("phone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("memberships_user_company_uq").on(t.userId, t.companyId),
    index("memberships_company_idx").on(t.companyId),
  ],
);

// Who has ever been a member of which company (issue 33, decision 0035): filled by a trigger on
// every insert into memberships and never deleted (a membership removed, a user deleted, the pair
// stays), so "two companies share a member" holds at any time since the history began. The track
// records leave deals between such companies out of every public figure.
export const membershipHistory = pgTable(
  "membership_history",
  {
    userId: uuid("user_id").notNull(),
    companyId: uuid("company_id").notNull(),
    firstJoinedAt: ts("first_joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index("membership_history_company_idx").on(t.companyId, t.userId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
    role: memberRole("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    status: invitationStatus("status").notNull().default("PENDING"),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    cancelledAt: ts("cancelled_at"),
    lastSentAt: ts("last_sent_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_company_idx").on(t.companyId, t.status)],
);

// ---------------------------------------------------------------- files and images
export const files = pgTable(
  "files",
  {
    id: id(),
    kind: fileKind("kind").notNull(),
    companyId: uuid("company_id").references(() => companies.id), // null: not yet tied to a company
    uploadedByUserId: uuid("uploaded_by_user_id").references(() => users.id),
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    sha256: text("sha256").notNull(),
    caption: text("caption"),
    createdAt: createdAt(),
  },
  (t) => [index("files_company_idx").on(t.companyId)],
);

export const companyImages = pgTable(
  "company_images",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.fileId] })],
);

// ---------------------------------------------------------------- case studies
export const caseStudies = pgTable(
  "case_studies",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    categoryId: integer("category_id").references(() => categories.id),
    clientIndustry: text("client_industry"),
    body: text("body").notNull(),
    lotSize: text("lot_size"),
    period: text("period"),
    status: caseStatus("status").notNull().default("DRAFT"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("case_studies_company_idx").on(t.companyId, t.status)],
);

export const caseStudyImages = pgTable(
  "case_study_images",
  {
    caseStudyId: uuid("case_study_id")
      .notNull()
      .references(() => caseStudies.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.caseStudyId, t.fileId] })],
);

// ---------------------------------------------------------------- inquiries (contacts) and entries
export const inquiries = pgTable(
  "inquiries",
  {
    id: id(),
    type: inquiryType("type").notNull(),
    status: inquiryStatus("status").notNull(),
    buyerCompanyId: uuid("buyer_company_id")
      .notNull()
      .references(() => companies.id),
    createdByUserId: uuid("created_by_user_id")
      .notNull()
      .references(() => users.id),
    nominatedCompanyId: uuid("nominated_company_id").references(() => companies.id), // NOMINATION only
    title: text("title").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    description: text("description").notNull(),
    quantity: text("quantity").notNull(),
    targetUnitPriceYen: integer("target_unit_price_yen"),
    budgetYen: bigint("budget_yen", { mode: "number" }),
    desiredDeliveryDate: date("desired_delivery_date"),
    entryDeadline: date("entry_deadline"), // BULK only
    ndaRequired: boolean("nda_required").notNull().default(false),
    // Requirements (issue 20), all optional: quantities in one unit (QUANTITY_UNITS).
    lotQuantity: integer("lot_quantity"),
    monthlyQuantity: integer("monthly_quantity"),
    quantityUnit: text("quantity_unit"),
    requiredCertificationIds: integer("required_certification_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    processIds: integer("process_ids").array().notNull().default(sql`'{}'::integer[]`),
    materialIds: integer("material_ids").array().notNull().default(sql`'{}'::integer[]`),
    sampleWanted: boolean("sample_wanted").notNull().default(false),
    rejectionReason: text("rejection_reason"),
    reviewedByOwnerId: uuid("reviewed_by_owner_id").references(() => owners.id),
    reviewedAt: ts("reviewed_at"),
    publishedAt: ts("published_at"),
    closedAt: ts("closed_at"),
    cancelledAt: ts("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("inquiries_buyer_idx").on(t.buyerCompanyId, t.createdAt),
    index("inquiries_public_idx").on(t.type, t.status, t.publishedAt),
    // A supplier's nominations: the page in the list's order (read backwards) and the total from
    // the index alone (a supplier with hundreds of nominations read and sorted them all).
    index("inquiries_nominated_idx").on(t.nominatedCompanyId, t.type, t.createdAt, t.id),
    index("inquiries_deadline_idx").on(t.status, t.entryDeadline),
    // Public recruits: the page in its order (read backwards), and the count from the index alone.
    index("inquiries_recruits_idx")
      .on(t.publishedAt, t.id, t.entryDeadline)
      .where(sql`${t.type} = 'BULK' and ${t.status} = 'OPEN'`),
    // The owner console's lists, newest first over every buyer: the page from the index (read
    // backwards) instead of sorting every inquiry.
    index("inquiries_created_idx").on(t.createdAt, t.id),
  ],
);

export const inquiryPrefectures = pgTable(
  "inquiry_prefectures",
  {
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    prefectureId: smallint("prefecture_id")
      .notNull()
      .references(() => prefectures.id),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.prefectureId] })],
);

/** Suppliers an inquiry is addressed to: picked in search (SELECTED) or the nominee (NOMINATED). */
export const inquiryRecipients = pgTable(
  "inquiry_recipients",
  {
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    supplierCompanyId: uuid("supplier_company_id")
      .notNull()
      .references(() => companies.id),
    kind: recipientKind("kind").notNull(),
    notifiedAt: ts("notified_at"),
    readAt: ts("read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.inquiryId, t.supplierCompanyId] }),
    index("inquiry_recipients_supplier_idx").on(t.supplierCompanyId),
  ],
);

export const inquiryAttachments = pgTable(
  "inquiry_attachments",
  {
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.fileId] })],
);

export const entries = pgTable(
  "entries",
  {
    id: id(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    supplierCompanyId: uuid("supplier_company_id")
      .notNull()
      .references(() => companies.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    status: entryStatus("status").notNull().default("ENTERED"),
    message: text("message").notNull(),
    proposedUnitPriceYen: integer("proposed_unit_price_yen"),
    leadTime: text("lead_time"),
    cancelledAt: ts("cancelled_at"),
    decidedAt: ts("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("entries_inquiry_supplier_uq").on(t.inquiryId, t.supplierCompanyId),
    index("entries_supplier_idx").on(t.supplierCompanyId, t.createdAt),
    // The owner console's entry list, newest first over every supplier (1,000,000 rows in the bench).
    index("entries_created_idx").on(t.createdAt, t.id),
    // Every inquiry list's live entry count (perInquiry), from the index alone.
    index("entries_live_by_inquiry_idx").on(t.inquiryId).where(sql`${t.status} <> 'CANCELLED'`),
  ],
);

export const entryAttachments = pgTable(
  "entry_attachments",
  {
    entryId: uuid("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.fileId] })],
);

// ---------------------------------------------------------------- deal room (src/modules/deals)
/**
 * One thread per inquiry × supplier company, opened when the supplier may respond (docs/deal-room.md).
 * The row also carries the supplier's quote state and the buyer's decision: one of each per thread.
 */
export const dealThreads = pgTable(
  "deal_threads",
  {
    id: id(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    buyerCompanyId: uuid("buyer_company_id")
      .notNull()
      .references(() => companies.id),
    supplierCompanyId: uuid("supplier_company_id")
      .notNull()
      .references(() => companies.id),
    status: dealStatus("status").notNull().default("NEW"),
    quoteVersion: integer("quote_version").notNull().default(0), // 0: no quote yet
    messageCount: integer("message_count").notNull().default(0),
    lastMessageAt: ts("last_message_at"),
    buyerReadAt: ts("buyer_read_at"),
    supplierReadAt: ts("supplier_read_at"),
    buyerUnread: integer("buyer_unread").notNull().default(0),
    supplierUnread: integer("supplier_unread").notNull().default(0),
    // Email batching: when set, one mail to that side goes at this time if still unread.
    buyerMailDueAt: ts("buyer_mail_due_at"),
    supplierMailDueAt: ts("supplier_mail_due_at"),
    // 辞退 by the supplier, or the buyer's decision (award / decline).
    reasonCode: text("reason_code"),
    reasonNote: text("reason_note"),
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id),
    decidedAt: ts("decided_at"),
    awardedVersion: integer("awarded_version"),
    poNumber: text("po_number").unique(),
    // A GENERAL member's 「決定を依頼」: the version it asks the ADMINs to award (cleared by a decision).
    awardRequestVersion: integer("award_request_version"),
    awardRequestedByUserId: uuid("award_requested_by_user_id").references(() => users.id),
    awardRequestedAt: ts("award_requested_at"),
    // Buyer reply figures (track records): the window is opened_at + 5 business days; the first
    // reply is the buyer's first message or decision; counted once the window closed or replied.
    replyWindowEndsAt: ts("reply_window_ends_at"),
    buyerFirstReplyAt: ts("buyer_first_reply_at"),
    replyCountedAt: ts("reply_counted_at"),
    // The buyer and the supplier share a member (issue 33): the thread's reply figures were taken out
    // of (or never added to) the buyer's kept record. Set once, never cleared: the history is kept.
    recordsExcludedAt: ts("records_excluded_at"),
    openedAt: ts("opened_at").notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deal_threads_inquiry_supplier_uq").on(t.inquiryId, t.supplierCompanyId),
    index("deal_threads_buyer_idx").on(t.buyerCompanyId, t.lastMessageAt),
    index("deal_threads_supplier_idx").on(t.supplierCompanyId, t.lastMessageAt),
    index("deal_threads_reply_window_idx").on(t.replyWindowEndsAt).where(sql`${t.replyCountedAt} is null`),
    index("deal_threads_mail_due_idx")
      .on(t.buyerMailDueAt, t.supplierMailDueAt)
      .where(sql`${t.buyerMailDueAt} is not null or ${t.supplierMailDueAt} is not null`),
  ],
);

export const dealMessages = pgTable(
  "deal_messages",
  {
    id: id(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => dealThreads.id),
    side: dealSide("side").notNull(),
    kind: dealMessageKind("kind").notNull().default("MESSAGE"),
    authorUserId: uuid("author_user_id").references(() => users.id),
    body: text("body").notNull(),
    quoteVersion: integer("quote_version"), // QUOTE: the version it announces
    reportedAt: ts("reported_at"),
    reportedByUserId: uuid("reported_by_user_id").references(() => users.id),
    reportReason: text("report_reason"),
    reportResolvedAt: ts("report_resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // A thread's page, newest first, read by keyset (created_at, id).
    index("deal_messages_thread_idx").on(t.threadId, t.createdAt, t.id),
    index("deal_messages_reported_idx").on(t.reportedAt).where(sql`${t.reportedAt} is not null`),
  ],
);

export const dealMessageFiles = pgTable(
  "deal_message_files",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => dealMessages.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.fileId] }),
    index("deal_message_files_file_idx").on(t.fileId),
  ],
);

/** A quote's versions: written once, never changed (a revision is a new row). */
export const dealQuoteVersions = pgTable(
  "deal_quote_versions",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => dealThreads.id),
    version: integer("version").notNull(),
    tiers: jsonb("tiers").$type<Array<{ quantity: number; unitPriceYen: number }>>().notNull(),
    sampleCostYen: integer("sample_cost_yen"),
    sampleLeadDays: integer("sample_lead_days"),
    toolingCostYen: integer("tooling_cost_yen"),
    moq: integer("moq"),
    leadTimeDays: integer("lead_time_days").notNull(),
    paymentTerms: text("payment_terms").notNull(),
    validUntil: date("valid_until").notNull(),
    notes: text("notes"),
    fileIds: uuid("file_ids").array().notNull().default(sql`'{}'::uuid[]`),
    submittedByUserId: uuid("submitted_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.version] })],
);

/** Reminders to a buyer about an inquiry left undecided after its deadline: one row per stage sent. */
export const dealReminders = pgTable(
  "deal_reminders",
  {
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    stage: smallint("stage").notNull(), // days after the deadline: 3 or 7
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.stage] })],
);

/**
 * Both-way private feedback after an award: one rating per thread and side. Never shown to the
 * other side (issue 33); it joins the aggregates (shown from 3) once both sides rated or 14 days
 * after the award, and only from AWARDED threads between companies that never shared a member.
 */
export const dealRatings = pgTable(
  "deal_ratings",
  {
    id: id(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => dealThreads.id),
    raterSide: dealSide("rater_side").notNull(),
    raterCompanyId: uuid("rater_company_id")
      .notNull()
      .references(() => companies.id),
    rateeCompanyId: uuid("ratee_company_id")
      .notNull()
      .references(() => companies.id),
    communication: smallint("communication").notNull(), // 1–5
    accuracy: smallint("accuracy").notNull(),
    speed: smallint("speed").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("deal_ratings_thread_side_uq").on(t.threadId, t.raterSide),
    index("deal_ratings_ratee_idx").on(t.rateeCompanyId, t.createdAt),
  ],
);

/**
 * A buyer's track record, kept incrementally by the deal events and the track-record job
 * (docs/trust.md): reply figures over threads whose reply window closed (or that were answered),
 * decision figures over closed inquiries. Recomputable from deal_threads and inquiries.
 */
export const buyerTrackRecords = pgTable("buyer_track_records", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id),
  opportunities: integer("opportunities").notNull().default(0),
  repliedInTime: integer("replied_in_time").notNull().default(0),
  // minutes from each thread's opening to the buyer's first reply, for the median
  firstReplyMinutes: integer("first_reply_minutes").array().notNull().default(sql`'{}'::int[]`),
  closedInquiries: integer("closed_inquiries").notNull().default(0),
  decidedInquiries: integer("decided_inquiries").notNull().default(0),
  updatedAt: updatedAt(),
});

/** Each closed inquiry's contribution to its buyer's decision figures (so a later decision updates it once). */
export const buyerInquiryOutcomes = pgTable(
  "buyer_inquiry_outcomes",
  {
    inquiryId: uuid("inquiry_id")
      .primaryKey()
      .references(() => inquiries.id),
    buyerCompanyId: uuid("buyer_company_id")
      .notNull()
      .references(() => companies.id),
    decided: boolean("decided").notNull(),
    countedAt: ts("counted_at").notNull().defaultNow(),
  },
  (t) => [index("buyer_inquiry_outcomes_buyer_idx").on(t.buyerCompanyId)],
);

/** A supplier's track record, recomputed by the nightly job from the deal room (counts only). */
export const supplierTrackRecords = pgTable("supplier_track_records", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id),
  nominations: integer("nominations").notNull().default(0),
  nominationsAnswered: integer("nominations_answered").notNull().default(0),
  medianFirstQuoteMinutes: integer("median_first_quote_minutes"),
  quotesSent: integer("quotes_sent").notNull().default(0),
  awardsWon: integer("awards_won").notNull().default(0),
  computedAt: ts("computed_at").notNull().defaultNow(),
});

// ---------------------------------------------------------------- news
export const news = pgTable(
  "news",
  {
    id: id(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    audience: newsAudience("audience").notNull().default("ALL"),
    status: newsStatus("status").notNull().default("DRAFT"),
    publishedAt: ts("published_at"),
    createdByOwnerId: uuid("created_by_owner_id").references(() => owners.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("news_published_idx").on(t.status, t.publishedAt)],
);

// ---------------------------------------------------------------- billing
export const ticketPurchases = pgTable(
  "ticket_purchases",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id),
    quantity: integer("quantity").notNull(),
    subtotalYen: integer("subtotal_yen").notNull(), // tax excluded
    taxYen: integer("tax_yen").notNull(),
    totalYen: integer("total_yen").notNull(),
    status: purchaseStatus("status").notNull().default("PENDING"),
    isGrant: boolean("is_grant").notNull().default(false), // credited by the operator free of charge
    idempotencyKey: text("idempotency_key"),
    paidAt: ts("paid_at"),
    confirmedByOwnerId: uuid("confirmed_by_owner_id").references(() => owners.id),
    cancelledAt: ts("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ticket_purchases_company_idx").on(t.companyId, t.status),
    uniqueIndex("ticket_purchases_idem_uq").on(t.companyId, t.idempotencyKey),
  ],
);

/** Ledger of spent tickets: one per supplier and inquiry; a refund marks it, never deletes it. */
export const ticketUsages = pgTable(
  "ticket_usages",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id),
    usedByUserId: uuid("used_by_user_id").references(() => users.id),
    idempotencyKey: text("idempotency_key"),
    refundedAt: ts("refunded_at"),
    refundedByOwnerId: uuid("refunded_by_owner_id").references(() => owners.id),
    // The no-reply refund clock: set when the supplier wrote its first message in the thread
    // (5 business days later); the buyer reading, writing or deciding before it stops it.
    refundDueAt: ts("refund_due_at"),
    buyerEngagedAt: ts("buyer_engaged_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ticket_usages_active_uq").on(t.companyId, t.inquiryId).where(sql`${t.refundedAt} is null`),
    index("ticket_usages_company_idx").on(t.companyId, t.createdAt),
    index("ticket_usages_refund_due_idx")
      .on(t.refundDueAt)
      .where(sql`${t.refundedAt} is null and ${t.refundDueAt} is not null`),
  ],
);

/** The refund side of the ticket ledger: one row per refunded usage (automatic or by the operator). */
export const ticketRefunds = pgTable(
  "ticket_refunds",
  {
    id: id(),
    usageId: uuid("usage_id")
      .notNull()
      .unique()
      .references(() => ticketUsages.id),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    kind: ticketRefundKind("kind").notNull(),
    reason: text("reason"),
    refundedByOwnerId: uuid("refunded_by_owner_id").references(() => owners.id),
    createdAt: createdAt(),
  },
  (t) => [index("ticket_refunds_company_idx").on(t.companyId, t.createdAt)],
);

export const planContracts = pgTable(
  "plan_contracts",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    status: planStatus("status").notNull().default("WAITING"),
    monthlyFeeYen: integer("monthly_fee_yen").notNull(),
    appliedByUserId: uuid("applied_by_user_id").references(() => users.id),
    appliedAt: ts("applied_at").notNull().defaultNow(),
    activatedByOwnerId: uuid("activated_by_owner_id").references(() => owners.id),
    startsOn: date("starts_on"),
    cancelRequestedAt: ts("cancel_requested_at"),
    endsOn: date("ends_on"), // last day the plan is in force
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plan_contracts_company_idx").on(t.companyId, t.status)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    number: text("number").notNull().unique(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    ticketPurchaseId: uuid("ticket_purchase_id").references(() => ticketPurchases.id),
    planContractId: uuid("plan_contract_id").references(() => planContracts.id),
    billingMonth: text("billing_month"), // YYYY-MM for plan invoices
    lines: jsonb("lines").notNull(), // [{ label, quantity, unitPriceYen, amountYen, taxRate }]
    subtotalYen: integer("subtotal_yen").notNull(),
    taxYen: integer("tax_yen").notNull(),
    totalYen: integer("total_yen").notNull(),
    issuedAt: ts("issued_at").notNull().defaultNow(),
    dueOn: date("due_on"),
  },
  (t) => [index("invoices_company_idx").on(t.companyId, t.issuedAt)],
);

/** Stored answers of requests sent with an Idempotency-Key, so a retry gets the same answer. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(), // route + actor company
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

// ---------------------------------------------------------------- activity
export const pageViews = pgTable(
  "page_views",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

// Who already counted as a view of a page today: a keyed hash of ip + user agent, never the ip itself.
export const pageViewVisitors = pgTable(
  "page_view_visitors",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.visitorHash] }),
    index("page_view_visitors_day_idx").on(t.day),
  ],
);

export const deactivationRecords = pgTable("deactivation_records", {
  id: id(),
  companyId: uuid("company_id").references(() => companies.id),
  userId: uuid("user_id").references(() => users.id),
  reasonIds: integer("reason_ids").array().notNull().default(sql`'{}'::integer[]`),
  comment: text("comment"),
  createdAt: createdAt(),
});

export const documentDownloadLeads = pgTable("document_download_leads", {
  id: id(),
  companyName: text("company_name").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  role: text("role"),
  interest: text("interest"),
  createdAt: createdAt(),
});

export const supportRequests = pgTable("support_requests", {
  id: id(),
  category: text("category").notNull(),
  message: text("message").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  companyName: text("company_name"),
  userId: uuid("user_id").references(() => users.id),
  companyId: uuid("company_id").references(() => companies.id),
  // Set by the operator in the console's support inbox (audited).
  status: supportStatus("status").notNull().default("NEW"),
  statusChangedAt: ts("status_changed_at"),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- infrastructure
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: outboxStatus("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    messageId: text("message_id"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    ownerId: uuid("owner_id").references(() => owners.id),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_target_idx").on(t.targetType, t.targetId),
    index("audit_logs_created_idx").on(t.createdAt),
  ],
);

/** Scheduled jobs remember their last run here, so they catch up after a restart. */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: ts("last_run_at"),
  lastOkAt: ts("last_ok_at"),
  lastError: text("last_error"),
  lockedUntil: ts("locked_until"),
});

export const systemChecks = pgTable("system_checks", {
  id: id(),
  ownerId: uuid("owner_id").references(() => owners.id),
  ok: boolean("ok").notNull(),
  results: jsonb("results").notNull(),
  createdAt: createdAt(),
});
