import { hashPassword } from "@/server/auth/password";
import { hashToken } from "@/server/auth/tokens";
import { getStorage } from "@/server/storage/storage";
import type { Db } from "../client";
import * as t from "../schema";
import { DEMO_BUYERS, DEMO_OWNER } from "./demo-buyers.data";
import { buildSearchText, DemoClock, japaneseDate, seededRng, withTax } from "./demo-helpers";
import { LOGO_VARIANTS, type Motif, type RenderedImage, renderDemoImages } from "./demo-images";
import { DEMO_INQUIRIES } from "./demo-inquiries.data";
import { DEMO_NEWS } from "./demo-news.data";
import {
  DEMO_EXPIRED_INVITATION,
  DEMO_SUPPLIER_GENERAL,
  DEMO_SUPPLIERS,
  type DemoSupplier,
  GALLERY_CAPTIONS,
} from "./demo-suppliers.data";

export const DEMO_PASSWORD = "Demo-pass-2026";

const PLAN_FEE_YEN = 30_000;
const TICKET_PRICES: Record<number, number> = { 1: 5_000, 5: 22_500, 10: 40_000 };

const CATEGORY_MOTIF: Record<string, Motif> = {
  cosmetics: "bottle",
  "health-food": "capsule",
  food: "pouch",
  beverage: "drink",
  apparel: "shirt",
  "bags-accessories": "bag",
  goods: "mug",
  "daily-necessities": "soap",
  electronics: "circuit",
  "machine-parts": "gear",
  "metal-processing": "gear",
  "resin-molding": "container",
  packaging: "box",
  pet: "paw",
  furniture: "chair",
  "medical-devices": "medical",
};

/** Plan history of the suppliers that are not simply paid (ACTIVE) or free without a contract. */
const PLAN_STARTS_MONTHS_AGO: Record<string, number> = {
  bisui: 6,
  "natural-pharma": 5,
  setouchi: 4,
  bishu: 6,
  tsubame: 3,
  toho: 5,
  arc: 2,
  "medical-toyama": 1,
};
const CANCEL_SCHEDULED_SUPPLIER = "bishu";
const WAITING_SUPPLIER = "petlife";
const ENDED_SUPPLIER = "shinshu-foods";

type Row<T extends { $inferInsert: unknown }> = T["$inferInsert"];

interface Member {
  userId: string;
  companyId: string;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

/**
 * Demo data for a fresh embedded database: an operator, buyers and ~30 suppliers with
 * profiles, pictures and case studies, inquiries in every status, entries, tickets,
 * plans, news and page views. Deterministic; returns the logins to print.
 */
export async function seedDemoData(
  db: Db,
): Promise<Array<{ role: string; email: string; password: string }>> {
  const rng = seededRng(20_260_401);
  const clock = new DemoClock();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const categoryRows = await db.select({ id: t.categories.id, slug: t.categories.slug }).from(t.categories);
  const featureRows = await db.select({ id: t.features.id, slug: t.features.slug }).from(t.features);
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const featureId = new Map(featureRows.map((f) => [f.slug, f.id]));
  const cat = (slug: string) => must(categoryId.get(slug), `category ${slug}`);
  const feat = (slug: string) => must(featureId.get(slug), `feature ${slug}`);

  const caseMotif = (slug: string) => must(CATEGORY_MOTIF[slug], `motif of ${slug}`);
  const images = await renderDemoImages([
    ...DEMO_SUPPLIERS.map((s) => s.motif),
    ...DEMO_SUPPLIERS.flatMap((s) => [...s.categories, ...s.cases.map((c) => c.category)].map(caseMotif)),
    "factory",
  ]);

  // ------------------------------------------------------------------ operator and people
  const ownerId = rng.uuid();
  const ownerRow: Row<typeof t.owners> = {
    id: ownerId,
    email: DEMO_OWNER.email,
    name: DEMO_OWNER.name,
    passwordHash,
    createdAt: clock.at(450, 9),
  };

  const users: Row<typeof t.users>[] = [];
  const companies: Row<typeof t.companies>[] = [];
  const memberships: Row<typeof t.memberships>[] = [];

  const addUser = (name: string, email: string, createdAt: Date) => {
    const id = rng.uuid();
    users.push({
      id,
      email: email.toLowerCase(),
      name,
      passwordHash,
      emailVerifiedAt: new Date(createdAt.getTime() + 10 * 60_000),
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  };
  const addMembership = (
    userId: string,
    companyId: string,
    role: "ADMIN" | "GENERAL",
    person: { name: string; department: string; phone: string },
    createdAt: Date,
  ) => {
    memberships.push({
      id: rng.uuid(),
      userId,
      companyId,
      role,
      name: person.name,
      department: person.department,
      phone: person.phone,
      createdAt,
      updatedAt: createdAt,
    });
  };

  // ------------------------------------------------------------------ buyers
  const buyerAdmin = new Map<string, Member>();
  const buyerGeneral = new Map<string, Member>();
  DEMO_BUYERS.forEach((b, i) => {
    const companyId = rng.uuid();
    const createdAt = clock.at(200 - i * 20, 10, 15 + i * 7);
    companies.push({
      id: companyId,
      type: "BUYER",
      name: b.name,
      nameKana: b.nameKana,
      postalCode: b.postalCode,
      prefectureId: b.prefectureId,
      address: b.address,
      phone: b.phone,
      website: b.website,
      representativeName: b.representativeName,
      establishedYear: b.establishedYear,
      capitalYen: b.capitalYen,
      employeeCount: b.employeeCount,
      industry: b.industry,
      description: b.description,
      createdAt,
      updatedAt: createdAt,
    });
    const adminId = addUser(b.admin.name, b.admin.email, createdAt);
    addMembership(adminId, companyId, "ADMIN", b.admin, createdAt);
    buyerAdmin.set(b.key, { userId: adminId, companyId });
    if (b.general) {
      const joined = clock.at(190 - i * 20, 14);
      const generalId = addUser(b.general.name, b.general.email, joined);
      addMembership(generalId, companyId, "GENERAL", b.general, joined);
      buyerGeneral.set(b.key, { userId: generalId, companyId });
    }
  });

  // ------------------------------------------------------------------ suppliers
  const supplierAdmin = new Map<string, Member>();
  const supplierGeneral = new Map<string, Member>();
  const supplierByKey = new Map<string, DemoSupplier>();
  const supplierCreatedDaysAgo = new Map<string, number>();
  const profiles: Row<typeof t.supplierProfiles>[] = [];
  const companyCategories: Row<typeof t.companyCategories>[] = [];
  const companyFeatures: Row<typeof t.companyFeatures>[] = [];
  const factories: Row<typeof t.supplierFactories>[] = [];
  const files: Array<Row<typeof t.files> & { image: RenderedImage }> = [];
  const companyImages: Row<typeof t.companyImages>[] = [];
  const caseStudies: Row<typeof t.caseStudies>[] = [];
  const caseStudyImages: Row<typeof t.caseStudyImages>[] = [];

  const addFile = (
    companyId: string,
    userId: string,
    image: RenderedImage,
    originalName: string,
    caption: string,
    createdAt: Date,
  ) => {
    const id = rng.uuid();
    files.push({
      id,
      kind: "IMAGE",
      companyId,
      uploadedByUserId: userId,
      storageKey: `images/${id}.${image.extension}`,
      originalName,
      contentType: image.contentType,
      byteSize: image.buffer.length,
      width: image.width,
      height: image.height,
      sha256: image.sha256,
      caption,
      createdAt,
      image,
    });
    return id;
  };
  const scene = (m: Motif) => must(images.scenes.get(m), `image ${m}`);

  DEMO_SUPPLIERS.forEach((s, i) => {
    supplierByKey.set(s.key, s);
    const companyId = rng.uuid();
    const daysAgo = 420 - i * 9;
    supplierCreatedDaysAgo.set(s.key, daysAgo);
    const createdAt = clock.at(daysAgo, 11, (i * 13) % 60);
    const adminId = addUser(s.admin.name, s.admin.email, createdAt);
    addMembership(adminId, companyId, "ADMIN", { ...s.admin, phone: s.phone }, createdAt);
    supplierAdmin.set(s.key, { userId: adminId, companyId });
    if (s.key === DEMO_SUPPLIER_GENERAL.supplierKey) {
      const joined = clock.at(daysAgo - 30, 13);
      const g = DEMO_SUPPLIER_GENERAL;
      const generalId = addUser(g.name, g.email, joined);
      addMembership(generalId, companyId, "GENERAL", { ...g, phone: s.phone }, joined);
      supplierGeneral.set(s.key, { userId: generalId, companyId });
    }

    // Pictures: logo, gallery (product, factory, second category), one per case study.
    const logoId = addFile(
      companyId,
      adminId,
      must(images.logos[i % LOGO_VARIANTS], "logo"),
      "logo.png",
      `${s.name}のロゴ`,
      clock.after(createdAt, 1),
    );
    const galleryMotifs: Motif[] = [s.motif, "factory", caseMotif(s.categories[1] ?? s.categories[0]!)];
    galleryMotifs.slice(0, s.gallery).forEach((m, k) => {
      const caption =
        m === "factory"
          ? `${s.factories[0]!.name}の外観`
          : must(GALLERY_CAPTIONS[m], `captions of ${m}`)[k % 3]!;
      const fileId = addFile(
        companyId,
        adminId,
        scene(m),
        `photo-${k + 1}.jpg`,
        caption,
        clock.after(createdAt, 2, k),
      );
      companyImages.push({ companyId, fileId, sortOrder: k });
    });

    companies.push({
      id: companyId,
      type: "SUPPLIER",
      name: s.name,
      nameKana: s.nameKana,
      namePublished: s.namePublished ?? true,
      paymentStatus: s.plan === "PAID" ? "OEM_PAID" : "OEM_FREE",
      postalCode: s.postalCode,
      prefectureId: s.prefectureId,
      address: s.address,
      phone: s.phone,
      website: s.website,
      representativeName: s.representativeName,
      establishedYear: s.establishedYear,
      capitalYen: s.capitalYen,
      employeeCount: s.employeeCount,
      industry: s.industry,
      description: s.description,
      logoFileId: logoId,
      createdAt,
      updatedAt: clock.after(createdAt, 3),
    });

    s.categories.forEach((slug) => {
      companyCategories.push({ companyId, categoryId: cat(slug) });
    });
    s.features.forEach((slug) => {
      companyFeatures.push({ companyId, featureId: feat(slug) });
    });
    s.factories.forEach((f, k) => {
      factories.push({ id: rng.uuid(), companyId, ...f, sortOrder: k });
    });
    s.cases.forEach((c, k) => {
      const caseId = rng.uuid();
      const at = clock.at(daysAgo - 15 - k * 25, 15, k * 10);
      caseStudies.push({
        id: caseId,
        companyId,
        title: c.title,
        categoryId: cat(c.category),
        clientIndustry: c.clientIndustry,
        body: c.body,
        lotSize: c.lotSize,
        period: c.period,
        status: c.draft ? "DRAFT" : "PUBLISHED",
        sortOrder: k,
        createdAt: at,
        updatedAt: at,
      });
      const fileId = addFile(
        companyId,
        adminId,
        scene(caseMotif(c.category)),
        `case-${k + 1}.jpg`,
        c.title,
        at,
      );
      caseStudyImages.push({ caseStudyId: caseId, fileId, sortOrder: 0 });
    });

    const published = s.cases.filter((c) => !c.draft);
    profiles.push({
      companyId,
      catchphrase: s.catchphrase,
      strengths: s.strengths,
      minimumLot: s.minimumLot,
      leadTime: s.leadTime,
      capacity: s.capacity ?? null,
      certifications: s.certifications ?? null,
      services: s.services,
      priceRange: s.priceRange ?? null,
      // A hidden name must not be findable by keyword either.
      searchText: buildSearchText([
        s.namePublished === false ? null : s.name,
        s.description,
        s.catchphrase,
        ...published.map((c) => c.title),
      ]),
      profileCompleteness: completeness(s, published.length),
      updatedAt: clock.after(createdAt, 3),
    });
  });

  // ------------------------------------------------------------------ inquiries, recipients, entries, ticket usages
  const inquiries: Row<typeof t.inquiries>[] = [];
  const inquiryPrefectures: Row<typeof t.inquiryPrefectures>[] = [];
  const recipients: Row<typeof t.inquiryRecipients>[] = [];
  const entries: Row<typeof t.entries>[] = [];
  const ticketUsages: Row<typeof t.ticketUsages>[] = [];

  for (const q of DEMO_INQUIRIES) {
    const id = rng.uuid();
    const author = must((q.by === "general" ? buyerGeneral : buyerAdmin).get(q.buyer), `buyer ${q.buyer}`);
    const createdAt = clock.at(q.createdDaysAgo, 9 + rng.int(0, 8), rng.int(0, 59));
    const ended = q.endedDaysAgo === undefined ? null : clock.at(q.endedDaysAgo, 15, rng.int(0, 59));
    const bulk = q.type === "BULK";
    const reviewed =
      bulk && (["OPEN", "CLOSED"].includes(q.status) || (q.status === "CANCELLED" && q.wasPublished));
    const reviewedAt = reviewed ? clock.after(createdAt, 0, 20) : q.status === "REJECTED" ? ended : null;
    const publishedAt = reviewed ? reviewedAt : null;
    const nominee = q.nominated ? must(supplierAdmin.get(q.nominated), `supplier ${q.nominated}`) : undefined;
    if (bulk === Boolean(nominee))
      throw new Error(`demo seed: ${q.title}: a nomination needs a nominee, a bulk none`);

    inquiries.push({
      id,
      type: q.type,
      status: q.status,
      buyerCompanyId: author.companyId,
      createdByUserId: author.userId,
      nominatedCompanyId: nominee?.companyId ?? null,
      title: q.title,
      categoryId: cat(q.category),
      description: q.description,
      quantity: q.quantity,
      targetUnitPriceYen: q.targetUnitPriceYen ?? null,
      budgetYen: q.budgetYen ?? null,
      desiredDeliveryDate: q.deliveryInDays === undefined ? null : clock.date(q.deliveryInDays),
      entryDeadline: bulk && q.deadlineInDays !== undefined ? clock.date(q.deadlineInDays) : null,
      ndaRequired: q.ndaRequired,
      rejectionReason: q.rejectionReason ?? null,
      reviewedByOwnerId: reviewedAt ? ownerId : null,
      reviewedAt,
      publishedAt,
      closedAt: q.status === "CLOSED" ? ended : null,
      cancelledAt: q.status === "CANCELLED" ? ended : null,
      createdAt,
      updatedAt: ended ?? reviewedAt ?? createdAt,
    });
    for (const prefectureId of q.prefectures ?? []) inquiryPrefectures.push({ inquiryId: id, prefectureId });

    const entryAt = new Map<string, Date>();
    for (const e of q.entries ?? []) {
      const supplier = must(supplierByKey.get(e.supplier), `supplier ${e.supplier}`);
      if (bulk && supplier.plan !== "PAID")
        throw new Error(`demo seed: only paid suppliers enter public recruits`);
      if (nominee && e.supplier !== q.nominated)
        throw new Error(`demo seed: only the nominee answers a nomination`);
      const member = must(
        (e.by === "general" ? supplierGeneral : supplierAdmin).get(e.supplier),
        `member of ${e.supplier}`,
      );
      const at = clock.after(publishedAt ?? createdAt, e.afterDays, 1 + rng.int(0, 6));
      entryAt.set(e.supplier, at);
      const decidedAt = e.status === "SHORTLISTED" || e.status === "DECLINED" ? clock.after(at, 2, 3) : null;
      const cancelledAt =
        e.status === "CANCELLED" ? (q.status === "CANCELLED" && ended ? ended : clock.after(at, 1)) : null;
      entries.push({
        id: rng.uuid(),
        inquiryId: id,
        supplierCompanyId: member.companyId,
        userId: member.userId,
        status: e.status,
        message: e.message,
        proposedUnitPriceYen: e.proposedUnitPriceYen ?? null,
        leadTime: e.leadTime ?? null,
        decidedAt,
        cancelledAt,
        createdAt: at,
        updatedAt: decidedAt ?? cancelledAt ?? at,
      });
      // A free supplier opened the nomination with a ticket before answering it.
      if (nominee && supplier.plan === "FREE") {
        ticketUsages.push({
          id: rng.uuid(),
          companyId: member.companyId,
          inquiryId: id,
          usedByUserId: member.userId,
          createdAt: new Date(at.getTime() - 20 * 60_000),
        });
      }
    }

    if (nominee && q.nominated) {
      const answered = entryAt.get(q.nominated);
      recipients.push({
        inquiryId: id,
        supplierCompanyId: nominee.companyId,
        kind: "NOMINATED",
        notifiedAt: createdAt,
        readAt: answered
          ? new Date(answered.getTime() - 60 * 60_000)
          : q.status === "OPEN"
            ? null
            : clock.after(createdAt, 0, 5),
      });
    }
    for (const key of q.selected ?? []) {
      const s = must(supplierAdmin.get(key), `supplier ${key}`);
      const answered = entryAt.get(key);
      recipients.push({
        inquiryId: id,
        supplierCompanyId: s.companyId,
        kind: "SELECTED",
        notifiedAt: publishedAt,
        readAt: answered ? new Date(answered.getTime() - 30 * 60_000) : null,
      });
    }
  }

  // ------------------------------------------------------------------ billing
  const lumiere = must(supplierAdmin.get("lumiere"), "supplier lumiere");
  const kyushu = must(supplierAdmin.get("kyushu-kenko"), "supplier kyushu-kenko");
  const purchase = (
    who: Member,
    quantity: number,
    status: "PAID" | "PENDING" | "CANCELLED",
    daysAgo: number,
    settledDaysAgo?: number,
  ): Row<typeof t.ticketPurchases> => {
    const createdAt = clock.at(daysAgo, 11, rng.int(0, 59));
    const settled = settledDaysAgo === undefined ? null : clock.at(settledDaysAgo, 14, rng.int(0, 59));
    return {
      id: rng.uuid(),
      companyId: who.companyId,
      requestedByUserId: who.userId,
      quantity,
      ...withTax(must(TICKET_PRICES[quantity], `ticket pack ${quantity}`)),
      status,
      paidAt: status === "PAID" ? settled : null,
      confirmedByOwnerId: status === "PAID" ? ownerId : null,
      cancelledAt: status === "CANCELLED" ? settled : null,
      createdAt,
      updatedAt: settled ?? createdAt,
    };
  };
  const ticketPurchases = [
    purchase(lumiere, 10, "CANCELLED", 58, 55),
    purchase(lumiere, 5, "PAID", 50, 47),
    purchase(lumiere, 1, "PENDING", 1),
    purchase(kyushu, 1, "PAID", 20, 18),
  ];

  const planContracts: Row<typeof t.planContracts>[] = [];
  for (const s of DEMO_SUPPLIERS) {
    const member = must(supplierAdmin.get(s.key), `supplier ${s.key}`);
    const base = { companyId: member.companyId, monthlyFeeYen: PLAN_FEE_YEN, appliedByUserId: member.userId };
    const months = PLAN_STARTS_MONTHS_AGO[s.key];
    if (s.plan === "PAID") {
      if (months === undefined) throw new Error(`demo seed: paid supplier ${s.key} has no plan start`);
      const startsOn = clock.monthStart(months);
      const appliedAt = clock.after(clock.morningOf(startsOn), -6);
      const cancelling = s.key === CANCEL_SCHEDULED_SUPPLIER;
      planContracts.push({
        id: rng.uuid(),
        ...base,
        status: cancelling ? "CANCEL_SCHEDULED" : "ACTIVE",
        appliedAt,
        activatedByOwnerId: ownerId,
        startsOn,
        cancelRequestedAt: cancelling ? clock.at(5, 16, 20) : null,
        endsOn: cancelling ? clock.monthEnd(0) : null,
        createdAt: appliedAt,
        updatedAt: cancelling ? clock.at(5, 16, 20) : clock.after(appliedAt, 3),
      });
    } else if (s.key === WAITING_SUPPLIER) {
      const appliedAt = clock.at(2, 11, 40);
      planContracts.push({
        id: rng.uuid(),
        ...base,
        status: "WAITING",
        appliedAt,
        note: "請求書の送付先は経理部宛てを希望",
        createdAt: appliedAt,
        updatedAt: appliedAt,
      });
    } else if (s.key === ENDED_SUPPLIER) {
      const startsOn = clock.monthStart(5);
      const appliedAt = clock.after(clock.morningOf(startsOn), -4);
      const cancelRequestedAt = clock.morningOf(clock.monthStart(3));
      planContracts.push({
        id: rng.uuid(),
        ...base,
        status: "ENDED",
        appliedAt,
        activatedByOwnerId: ownerId,
        startsOn,
        cancelRequestedAt,
        endsOn: clock.monthEnd(3),
        createdAt: appliedAt,
        updatedAt: clock.morningOf(clock.monthStart(2)),
      });
    }
  }

  // ------------------------------------------------------------------ news and page views
  const news: Row<typeof t.news>[] = DEMO_NEWS.map((n, k) => {
    const publishedAt = n.publishedDaysAgo === undefined ? null : clock.at(n.publishedDaysAgo, 10, 0);
    const createdAt = publishedAt ? clock.after(publishedAt, -1) : clock.at(1, 17, 30 + k);
    const body =
      n.mentionInDays === undefined
        ? n.body
        : n.body.replace("{date}", japaneseDate(clock.date(n.mentionInDays)));
    return {
      id: rng.uuid(),
      title: n.title,
      body,
      audience: n.audience,
      status: publishedAt ? "PUBLISHED" : "DRAFT",
      publishedAt,
      createdByOwnerId: ownerId,
      createdAt,
      updatedAt: publishedAt ?? createdAt,
    };
  });

  const pageViews: Row<typeof t.pageViews>[] = [];
  for (const s of DEMO_SUPPLIERS) {
    const { companyId } = must(supplierAdmin.get(s.key), `supplier ${s.key}`);
    const base = s.plan === "PAID" ? rng.int(25, 60) : s.key === "lumiere" ? 30 : rng.int(4, 20);
    const days = Math.min(60, must(supplierCreatedDaysAgo.get(s.key), "created") - 1);
    for (let d = 0; d < days; d++) {
      const day = clock.date(-d);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 0.45 : 1;
      const trend = 0.8 + 0.4 * ((60 - d) / 60);
      const count = Math.max(0, Math.round(base * weekend * trend * (0.6 + rng.next() * 0.8)));
      pageViews.push({ companyId, day, count });
    }
  }

  // ------------------------------------------------------------------ an invitation that ran out
  const inviter = must(supplierAdmin.get(DEMO_SUPPLIER_GENERAL.supplierKey), "free supplier");
  const invitationRows: Row<typeof t.invitations>[] = [
    {
      id: rng.uuid(),
      companyId: inviter.companyId,
      email: DEMO_EXPIRED_INVITATION.email,
      name: DEMO_EXPIRED_INVITATION.name,
      role: "GENERAL",
      tokenHash: hashToken(DEMO_EXPIRED_INVITATION.token),
      status: "PENDING",
      invitedByUserId: inviter.userId,
      expiresAt: clock.at(5, 10),
      lastSentAt: clock.at(12, 10),
      createdAt: clock.at(12, 10),
    },
  ];

  // ------------------------------------------------------------------ write: files first, then one transaction
  const storage = getStorage();
  for (let k = 0; k < files.length; k += 16) {
    await Promise.all(
      files.slice(k, k + 16).map((f) => storage.put(f.storageKey, f.image.buffer, f.image.contentType)),
    );
  }
  const fileRows = files.map(({ image: _image, ...row }) => row);

  await db.transaction(async (tx) => {
    await tx.insert(t.owners).values(ownerRow);
    await tx.insert(t.users).values(users);
    await tx.insert(t.companies).values(companies);
    await tx.insert(t.memberships).values(memberships);
    await tx.insert(t.invitations).values(invitationRows);
    await tx.insert(t.supplierProfiles).values(profiles);
    await tx.insert(t.companyCategories).values(companyCategories);
    await tx.insert(t.companyFeatures).values(companyFeatures);
    await tx.insert(t.supplierFactories).values(factories);
    await tx.insert(t.files).values(fileRows);
    await tx.insert(t.companyImages).values(companyImages);
    await tx.insert(t.caseStudies).values(caseStudies);
    await tx.insert(t.caseStudyImages).values(caseStudyImages);
    await tx.insert(t.inquiries).values(inquiries);
    await tx.insert(t.inquiryPrefectures).values(inquiryPrefectures);
    await tx.insert(t.inquiryRecipients).values(recipients);
    await tx.insert(t.entries).values(entries);
    await tx.insert(t.ticketPurchases).values(ticketPurchases);
    await tx.insert(t.ticketUsages).values(ticketUsages);
    await tx.insert(t.planContracts).values(planContracts);
    await tx.insert(t.news).values(news);
    await tx.insert(t.pageViews).values(pageViews);
  });

  const generalBuyer = must(DEMO_BUYERS[0]?.general, "general buyer");
  const paidSupplier = must(
    DEMO_SUPPLIERS.find((s) => s.plan === "PAID"),
    "paid supplier",
  );
  return [
    { role: "運営者", email: DEMO_OWNER.email, password: DEMO_PASSWORD },
    { role: "発注者（管理者）", email: must(DEMO_BUYERS[0], "buyer").admin.email, password: DEMO_PASSWORD },
    { role: "発注者（一般）", email: generalBuyer.email, password: DEMO_PASSWORD },
    {
      role: "OEMメーカー 無料プラン（管理者）",
      email: must(supplierByKey.get(DEMO_SUPPLIER_GENERAL.supplierKey), "free supplier").admin.email,
      password: DEMO_PASSWORD,
    },
    { role: "OEMメーカー（一般）", email: DEMO_SUPPLIER_GENERAL.email, password: DEMO_PASSWORD },
    { role: "OEMメーカー 有料プラン（管理者）", email: paidSupplier.admin.email, password: DEMO_PASSWORD },
  ];
}

/** Share of the profile a supplier has filled in, 0..100. */
function completeness(s: DemoSupplier, publishedCases: number): number {
  const checks = [
    Boolean(s.description),
    Boolean(s.catchphrase),
    Boolean(s.strengths),
    Boolean(s.minimumLot),
    Boolean(s.leadTime),
    Boolean(s.capacity),
    Boolean(s.certifications),
    Boolean(s.services),
    Boolean(s.priceRange),
    Boolean(s.website),
    s.categories.length > 0,
    s.features.length >= 3,
    s.factories.length > 0,
    s.gallery >= 2,
    publishedCases >= 2,
    publishedCases >= 3,
    true, // logo
  ];
  return Math.round((100 * checks.filter(Boolean).length) / checks.length);
}
