// Supplier companies of the demo seed: members, logo and gallery pictures, categories, features,
// factories, case studies and the public profile with its keyword text.
import type * as t from "../schema";
import type { DemoContext, Member, Row } from "./demo-context";
import { must } from "./demo-context";
import { buildSearchText } from "./demo-helpers";
import { LOGO_VARIANTS, type Motif } from "./demo-images";
import {
  DEMO_SUPPLIER_GENERAL,
  DEMO_SUPPLIERS,
  type DemoSupplier,
  GALLERY_CAPTIONS,
} from "./demo-suppliers.data";

export interface DemoSupplierRows {
  supplierAdmin: Map<string, Member>;
  supplierGeneral: Map<string, Member>;
  supplierByKey: Map<string, DemoSupplier>;
  supplierCreatedDaysAgo: Map<string, number>;
  profiles: Row<typeof t.supplierProfiles>[];
  companyCategories: Row<typeof t.companyCategories>[];
  companyFeatures: Row<typeof t.companyFeatures>[];
  factories: Row<typeof t.supplierFactories>[];
  companyImages: Row<typeof t.companyImages>[];
  caseStudies: Row<typeof t.caseStudies>[];
  caseStudyImages: Row<typeof t.caseStudyImages>[];
}

/** Every demo supplier; companies, users, memberships and files go to the context's rows. */
export function supplierRows(ctx: DemoContext): DemoSupplierRows {
  const { rng, clock, images, companies, cat, feat, caseMotif, scene, addUser, addMembership, addFile } = ctx;
  const supplierAdmin = new Map<string, Member>();
  const supplierGeneral = new Map<string, Member>();
  const supplierByKey = new Map<string, DemoSupplier>();
  const supplierCreatedDaysAgo = new Map<string, number>();
  const profiles: Row<typeof t.supplierProfiles>[] = [];
  const companyCategories: Row<typeof t.companyCategories>[] = [];
  const companyFeatures: Row<typeof t.companyFeatures>[] = [];
  const factories: Row<typeof t.supplierFactories>[] = [];
  const companyImages: Row<typeof t.companyImages>[] = [];
  const caseStudies: Row<typeof t.caseStudies>[] = [];
  const caseStudyImages: Row<typeof t.caseStudyImages>[] = [];

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

  return {
    supplierAdmin,
    supplierGeneral,
    supplierByKey,
    supplierCreatedDaysAgo,
    profiles,
    companyCategories,
    companyFeatures,
    factories,
    companyImages,
    caseStudies,
    caseStudyImages,
  };
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
