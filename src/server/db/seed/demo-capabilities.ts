// Structured capabilities and certificates of the demo suppliers (issue 20): what their free-text
// OEM information says, as numbers and master-list entries. Most certificates are verified by the
// operator; one waits in the console's queue and one expires within 30 days, so every state shows.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { refreshVerifiedCertifications } from "@/modules/certifications/certification-badges.service";
import { newDocument, toBuffer } from "@/server/pdf/pdf";
import { getStorage } from "@/server/storage/storage";
import type { Db } from "../client";
import * as t from "../schema";
import type { DemoContext, Member } from "./demo-context";
import { must } from "./demo-context";

interface DemoCertificate {
  type: string;
  number: string;
  issuer: string;
  /** Days from today to the last valid day; null = no expiry. */
  expiresInDays: number | null;
  status?: "PENDING" | "VERIFIED";
}

interface DemoCapability {
  unit: string;
  moq: [number, number | null];
  monthly: number;
  smallLotMin?: number;
  sampleDays?: number;
  processes: string[];
  materials: string[];
  certificates: DemoCertificate[];
}

const CAPABILITIES: Record<string, DemoCapability> = {
  lumiere: {
    unit: "個",
    moq: [300, 3000],
    monthly: 150_000,
    sampleDays: 14,
    processes: ["mixing", "emulsifying", "filling", "labeling", "packing"],
    materials: ["botanical-extract", "essential-oil"],
    certificates: [
      { type: "iso-22716", number: "JQA-CG0451", issuer: "一般財団法人日本品質保証機構", expiresInDays: 540 },
      { type: "cosmetics-manufacturing", number: "27CZ201234", issuer: "大阪府", expiresInDays: 900 },
    ],
  },
  bisui: {
    unit: "本",
    moq: [1000, 5000],
    monthly: 500_000,
    sampleDays: 21,
    processes: ["mixing", "emulsifying", "filling", "printing", "packing"],
    materials: ["botanical-extract", "pet-resin"],
    certificates: [
      { type: "iso-22716", number: "JSA-GMP-0872", issuer: "一般財団法人日本規格協会", expiresInDays: 20 },
      {
        type: "iso-9001",
        number: "JQA-QMA14820",
        issuer: "一般財団法人日本品質保証機構",
        expiresInDays: 400,
      },
      { type: "cosmetics-manufacturing", number: "13CZ200871", issuer: "東京都", expiresInDays: 1200 },
    ],
  },
  "natural-pharma": {
    unit: "袋",
    moq: [5000, 10_000],
    monthly: 300_000,
    sampleDays: 30,
    processes: ["tableting", "capsule", "granulating", "packing"],
    materials: ["vitamin", "lactic-acid-bacteria", "collagen"],
    certificates: [
      {
        type: "health-food-gmp",
        number: "JHFA-GMP-1129",
        issuer: "公益財団法人日本健康・栄養食品協会",
        expiresInDays: 700,
      },
      { type: "iso-22000", number: "JQA-FS0331", issuer: "一般財団法人日本品質保証機構", expiresInDays: 300 },
    ],
  },
  "kyushu-kenko": {
    unit: "袋",
    moq: [3000, null],
    monthly: 2_000_000,
    processes: ["powder-blending", "filling", "packing"],
    materials: ["protein", "collagen", "vitamin"],
    certificates: [
      {
        type: "health-food-gmp",
        number: "JHFA-GMP-1302",
        issuer: "公益財団法人日本健康・栄養食品協会",
        expiresInDays: 650,
      },
    ],
  },
  "shinshu-foods": {
    unit: "個",
    moq: [500, 2000],
    monthly: 200_000,
    smallLotMin: 200,
    sampleDays: 10,
    processes: ["retort", "filling", "labeling"],
    materials: [],
    certificates: [
      { type: "food-business", number: "長野保第1234号", issuer: "長野県", expiresInDays: 1500 },
    ],
  },
  setouchi: {
    unit: "個",
    moq: [2000, null],
    monthly: 900_000,
    sampleDays: 14,
    processes: ["baking", "filling", "packing"],
    materials: [],
    certificates: [
      { type: "fssc-22000", number: "FSSC-C123456", issuer: "SGSジャパン株式会社", expiresInDays: 800 },
      {
        type: "organic-jas",
        number: "OCJ-21-0456",
        issuer: "一般財団法人日本オーガニック認証機構",
        expiresInDays: 200,
      },
    ],
  },
  okinawa: {
    unit: "本",
    moq: [1000, null],
    monthly: 80_000,
    processes: ["mixing", "filling", "labeling"],
    materials: ["botanical-extract"],
    certificates: [
      { type: "haccp", number: "OKN-HACCP-0219", issuer: "沖縄県食品衛生協会", expiresInDays: 500 },
    ],
  },
  bishu: {
    unit: "枚",
    moq: [100, 1000],
    monthly: 20_000,
    smallLotMin: 50,
    sampleDays: 20,
    processes: ["knitting", "sewing", "printing"],
    materials: ["cotton", "wool", "polyester"],
    certificates: [],
  },
  tsubame: {
    unit: "個",
    moq: [300, 3000],
    monthly: 50_000,
    sampleDays: 25,
    processes: ["press", "welding", "surface-treatment"],
    materials: ["stainless", "copper"],
    certificates: [
      {
        type: "iso-9001",
        number: "JQA-QMA11502",
        issuer: "一般財団法人日本品質保証機構",
        expiresInDays: 350,
      },
    ],
  },
  toho: {
    unit: "個",
    moq: [1, 100],
    monthly: 10_000,
    sampleDays: 7,
    processes: ["cutting", "sheet-metal", "welding", "inspection"],
    materials: ["stainless", "aluminum", "steel"],
    certificates: [
      {
        type: "iso-9001",
        number: "JQA-QMA10877",
        issuer: "一般財団法人日本品質保証機構",
        expiresInDays: 420,
      },
      { type: "iso-14001", number: "JQA-EM5521", issuer: "一般財団法人日本品質保証機構", expiresInDays: 420 },
    ],
  },
  "hamamatsu-plastic": {
    unit: "個",
    moq: [1000, 10_000],
    monthly: 500_000,
    sampleDays: 30,
    processes: ["injection-molding", "assembly", "inspection"],
    materials: ["pp", "abs"],
    certificates: [
      {
        type: "iso-9001",
        number: "JSA-QM-3381",
        issuer: "一般財団法人日本規格協会",
        expiresInDays: 600,
        status: "PENDING",
      },
    ],
  },
  "yamato-jushi": {
    unit: "本",
    moq: [3000, 20_000],
    monthly: 800_000,
    processes: ["blow-molding", "printing"],
    materials: ["pet-resin", "pp"],
    certificates: [],
  },
  arc: {
    unit: "個",
    moq: [100, 1000],
    monthly: 100_000,
    sampleDays: 21,
    processes: ["pcb-assembly", "assembly", "inspection"],
    materials: [],
    certificates: [
      {
        type: "iso-9001",
        number: "JQA-QMA16034",
        issuer: "一般財団法人日本品質保証機構",
        expiresInDays: 480,
      },
      {
        type: "iatf-16949",
        number: "IATF-0412345",
        issuer: "ビューローベリタスジャパン株式会社",
        expiresInDays: 480,
      },
    ],
  },
};

/** Writes the capabilities and certificates after the rest of the demo (one transaction). */
export async function seedDemoCapabilities(
  db: Db,
  ctx: DemoContext,
  supplierAdmin: ReadonlyMap<string, Member>,
  ownerId: string,
): Promise<void> {
  const { rng, clock } = ctx;
  const [processes, materials, types] = await Promise.all([
    db.select({ id: t.processes.id, slug: t.processes.slug }).from(t.processes),
    db.select({ id: t.materials.id, slug: t.materials.slug }).from(t.materials),
    db.select({ id: t.certificationTypes.id, slug: t.certificationTypes.slug }).from(t.certificationTypes),
  ]);
  const idOf = (rows: Array<{ id: number; slug: string }>, slug: string) =>
    must(
      rows.find((r) => r.slug === slug),
      `capability ${slug}`,
    ).id;
  // One sample document for every demo certificate (each row has its own stored copy).
  const doc = newDocument({ title: "証明書の見本（デモデータ）" });
  doc.fontSize(18).text("証明書の見本", { align: "center" });
  doc.moveDown().fontSize(11).text("これはデモデータ用の見本です。実在の証明書・許可証ではありません。");
  const pdf = await toBuffer(doc);
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  const storage = getStorage();
  await db.transaction(async (tx) => {
    for (const [key, c] of Object.entries(CAPABILITIES)) {
      const member = supplierAdmin.get(key);
      if (!member) continue;
      await tx
        .update(t.supplierProfiles)
        .set({
          quantityUnit: c.unit,
          moqMin: c.moq[0],
          moqMax: c.moq[1],
          monthlyCapacity: c.monthly,
          smallLotAccepted: c.smallLotMin !== undefined,
          smallLotMin: c.smallLotMin ?? null,
          sampleAvailable: c.sampleDays !== undefined,
          sampleDays: c.sampleDays ?? null,
          processIds: c.processes.map((s) => idOf(processes, s)),
          materialIds: c.materials.map((s) => idOf(materials, s)),
        })
        .where(eq(t.supplierProfiles.companyId, member.companyId));
      for (const [k, cert] of c.certificates.entries()) {
        const fileId = rng.uuid();
        const storageKey = `certificates/${fileId}.pdf`;
        await storage.put(storageKey, pdf, "application/pdf");
        const uploadedAt = clock.at(60 - k * 7, 15);
        await tx.insert(t.files).values({
          id: fileId,
          kind: "DOCUMENT",
          companyId: member.companyId,
          uploadedByUserId: member.userId,
          storageKey,
          originalName: `${cert.type}.pdf`,
          contentType: "application/pdf",
          byteSize: pdf.length,
          sha256,
          createdAt: uploadedAt,
        });
        const verified = (cert.status ?? "VERIFIED") === "VERIFIED";
        await tx.insert(t.supplierCertifications).values({
          id: rng.uuid(),
          companyId: member.companyId,
          certificationTypeId: idOf(types, cert.type),
          number: cert.number,
          issuer: cert.issuer,
          expiresOn: cert.expiresInDays === null ? null : clock.date(cert.expiresInDays),
          documentFileId: fileId,
          status: verified ? "VERIFIED" : "PENDING",
          reviewedAt: verified ? clock.after(uploadedAt, 1, 2) : null,
          reviewedByOwnerId: verified ? ownerId : null,
          createdAt: uploadedAt,
          updatedAt: uploadedAt,
        });
      }
      await refreshVerifiedCertifications(tx, member.companyId, clock.now);
    }
  });
}
