import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { hashToken, newToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { emailOutbox, invitations, userSessions, verificationTokens } from "@/server/db/schema";
import { type Account, PASSWORD, registerAccount } from "../../factories/accounts";
import { addGeneralMember, createPersonas, type Persona, type Personas } from "../../factories/actors";
import { api, idem } from "../../factories/http";
import { creditTickets, inquiryBody } from "../../factories/inquiries";
import { insertNews } from "../../factories/news";
import { createDealContext, type DealFuzzContext } from "./deals";
import { type Hints, isoDate } from "./generate";
import type { Part } from "./requests";

/** The rows fuzzed requests point at, so valid requests reach the handlers and succeed now and then. */
export interface FuzzContext {
  p: Personas;
  categoryIds: number[];
  /** The capability master lists' ids (issue 20): processes, materials, certification types. */
  capabilityIds: { processes: number[]; materials: number[]; certificationTypes: number[] };
  featureIds: number[];
  reasonIds: number[];
  supplierIds: string[];
  buyerIds: string[];
  /** buyerAdmin's inquiries (nominations to the paid supplier, bulk ones). */
  buyerInquiries: string[];
  /** Inquiries the paid supplier sees: nominations to it and approved bulk ones. */
  supplierInquiries: string[];
  bulkInquiries: string[];
  nominations: string[];
  /** Nominations to the free supplier it has not opened yet (spending a ticket succeeds on them). */
  freeNominations: string[];
  entryIds: string[];
  caseIds: string[];
  imageIds: string[];
  attachmentIds: string[];
  publishedNewsIds: string[];
  draftNewsIds: string[];
  invoiceIds: string[];
  purchaseIds: string[];
  usageIds: string[];
  outboxIds: string[];
  /** A supplier whose members and invitations the member operations change. */
  team: Account & { invitationIds: string[]; memberIds: string[]; inviteTokens: string[] };
  /** Suppliers with a plan application waiting (the operator's plan operations). */
  planApplicants: string[];
  /** Messages sent to the operator from /support (the operator sets their status). */
  supportRequestIds: string[];
  /** The deal room: threads of the buyer and the paid supplier, their messages, files and quotes. */
  deals: DealFuzzContext;
  png: Uint8Array;
  pdf: Uint8Array;
}

async function ok<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function createContext(): Promise<FuzzContext> {
  const p = await createPersonas();
  const [categories, features, reasons] = await Promise.all([
    api("GET", "/api/categories"),
    api("GET", "/api/features"),
    api("GET", "/api/reason"),
  ]);
  const capabilities = (await api("GET", "/api/capabilities")).body;
  const png = new Uint8Array(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer(),
  );
  const pdf = new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  const buyer = p.buyerAdmin;
  const paid = p.paidSupplier;

  const nominations: string[] = [];
  for (let i = 0; i < 3; i++)
    nominations.push(
      (
        await ok(
          api("POST", "/api/contact/create", {
            headers: idem(),
            token: buyer.token,
            body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: paid.companyId }),
          }),
          "nominate",
        )
      ).id,
    );
  const bulkInquiries: string[] = [];
  for (let i = 0; i < 3; i++)
    bulkInquiries.push(
      (
        await ok(
          api("POST", "/api/contact/create", { headers: idem(), token: buyer.token, body: inquiryBody() }),
          "bulk",
        )
      ).id,
    );
  await ok(
    api("PUT", `/api/owner/contact/bulk/${bulkInquiries[0]}`, {
      token: p.owner.token,
      body: { action: "APPROVE" },
    }),
    "approve",
  );
  const entryIds: string[] = [];
  for (const id of [nominations[0]!, bulkInquiries[0]!])
    entryIds.push(
      (
        await ok(
          api("POST", `/api/oem/company/${paid.companyId}/contact/${id}/entries`, {
            token: paid.token,
            body: { message: "対応可能です" },
          }),
          "entry",
        )
      ).id,
    );

  const caseIds: string[] = [];
  for (let i = 0; i < 2; i++)
    caseIds.push(
      (
        await ok(
          api("POST", `/api/oem/company/${paid.companyId}/case`, {
            token: paid.token,
            body: { title: `事例${i}`, body: "内容", status: "PUBLISHED" },
          }),
          "case",
        )
      ).id,
    );
  const imageIds: string[] = [];
  for (let i = 0; i < 2; i++)
    imageIds.push(
      (
        await ok(
          api("POST", "/api/image/base64/upload", {
            token: paid.token,
            body: { image: `data:image/png;base64,${Buffer.from(png).toString("base64")}`, caption: "工場" },
          }),
          "image",
        )
      ).id,
    );
  const form = new FormData();
  form.set("file", new File([pdf], "見積.pdf", { type: "application/pdf" }));
  const attachmentIds = [
    (await ok(api("POST", "/api/attachment/upload", { token: buyer.token, body: form }), "attach")).id,
  ];

  const published = await insertNews([{ title: "お知らせ" }]);
  const drafts = await insertNews([1, 2, 3].map((i) => ({ title: `下書き${i}`, status: "DRAFT" as const })));

  // The free supplier buys (pending purchases with invoices) and spends a ticket on a nomination.
  const purchases = [];
  for (let i = 0; i < 3; i++)
    purchases.push(
      await ok(
        api("POST", "/api/billing/ticket_purchase", {
          headers: idem(),
          token: p.freeSupplier.token,
          body: { quantity: 1 },
        }),
        "buy",
      ),
    );
  await creditTickets(p.freeSupplier.companyId!, 5);
  const usageIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const nomination = await ok(
      api("POST", "/api/contact/create", {
        headers: idem(),
        token: buyer.token,
        body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: p.freeSupplier.companyId }),
      }),
      "nominate free",
    );
    usageIds.push(
      (
        await ok(
          api("POST", "/api/billing/ticket_usage", {
            token: p.freeSupplier.token,
            body: { contactId: nomination.id },
          }),
          "use",
        )
      ).id,
    );
  }
  const freeNominations: string[] = [];
  for (let i = 0; i < 3; i++)
    freeNominations.push(
      (
        await ok(
          api("POST", "/api/contact/create", {
            headers: idem(),
            token: buyer.token,
            body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: p.freeSupplier.companyId }),
          }),
          "nominate free",
        )
      ).id,
    );
  const outbox = await ok(api("GET", "/api/owner/outbox?perPage=5", { token: p.owner.token }), "outbox");
  // Sent mails may be resent (pending ones may not): without SMTP in tests, mark some sent.
  await db()
    .update(emailOutbox)
    .set({ status: "SENT", sentAt: new Date() })
    .where(
      inArray(
        emailOutbox.id,
        outbox.items.slice(0, 3).map((x: any) => x.id),
      ),
    );

  const teamAccount = await registerAccount("SUPPLIER", { companyName: "招待テスト工業株式会社" });
  const invitationIds: string[] = [];
  for (let i = 0; i < 3; i++)
    invitationIds.push(
      (
        await ok(
          api("POST", `/api/oem/company/${teamAccount.companyId}/user/invitation`, {
            token: teamAccount.token,
            body: { email: `fuzz-invitee-${i}-${randomUUID().slice(0, 8)}@example.co.jp`, role: "GENERAL" },
          }),
          "invite",
        )
      ).id,
    );
  const memberIds = [
    (await addGeneralMember(teamAccount.companyId)).userId,
    (await addGeneralMember(teamAccount.companyId)).userId,
  ];
  // Invitations whose link token the fuzzer knows (the emailed one is never read back).
  const inviteTokens = [newToken(), newToken(), newToken()];
  await db()
    .insert(invitations)
    .values(
      inviteTokens.map((t, i) => ({
        companyId: teamAccount.companyId,
        email: `fuzz-link-${i}-${randomUUID().slice(0, 8)}@example.co.jp`,
        role: "GENERAL" as const,
        tokenHash: hashToken(t),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );

  const planApplicants: string[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await registerAccount("SUPPLIER");
    await ok(
      api("POST", "/api/billing/plan_contract/waiting", { headers: idem(), token: s.token, body: {} }),
      "apply",
    );
    planApplicants.push(s.companyId);
  }

  const supportRequestIds: string[] = [];
  for (const category of ["サービスについて", "不具合のご報告"]) {
    const body = {
      category,
      message: "請求書の宛名を変更したいです。",
      name: "山田 花子",
      email: "help@example.co.jp",
    };
    supportRequestIds.push((await ok(api("POST", "/api/support", { body }), "support")).id);
  }

  const deals = await createDealContext(p, nominations);

  return {
    p,
    categoryIds: categories.body.items.map((c: any) => c.id),
    capabilityIds: {
      processes: capabilities.processes.map((c: any) => c.id),
      materials: capabilities.materials.map((c: any) => c.id),
      certificationTypes: capabilities.certificationTypes.map((c: any) => c.id),
    },
    featureIds: features.body.items.map((c: any) => c.id),
    reasonIds: reasons.body.items.map((c: any) => c.id),
    supplierIds: [paid.companyId!, p.freeSupplier.companyId!, p.otherSupplier.companyId!],
    buyerIds: [buyer.companyId!, p.otherBuyer.companyId!],
    buyerInquiries: [...nominations, ...bulkInquiries],
    supplierInquiries: [...nominations, bulkInquiries[0]!],
    bulkInquiries,
    nominations,
    freeNominations,
    entryIds,
    caseIds,
    imageIds,
    attachmentIds,
    publishedNewsIds: published,
    draftNewsIds: drafts,
    invoiceIds: purchases.map((x: any) => x.invoiceId).filter(Boolean),
    purchaseIds: purchases.map((x: any) => x.id),
    usageIds,
    outboxIds: outbox.items.map((x: any) => x.id),
    team: { ...teamAccount, invitationIds, memberIds, inviteTokens },
    planApplicants,
    supportRequestIds,
    deals,
    png,
    pdf,
  };
}

/** A new session of a user, written directly (logging in costs an argon2 verify and a steady 60 ms). */
export async function freshSession(userId: string, companyId?: string): Promise<string> {
  const token = newToken();
  await db()
    .insert(userSessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      activeCompanyId: companyId ?? null,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return token;
}

/** A verification link of a user whose token the fuzzer knows. */
export async function linkToken(userId: string, purpose: "EMAIL_VERIFY" | "PASSWORD_RESET"): Promise<string> {
  const token = newToken();
  await db()
    .insert(verificationTokens)
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** A throwaway account: operations that end sessions or companies run on these. */
export async function throwaway(type: "BUYER" | "SUPPLIER", verified = true): Promise<Persona> {
  const a = await registerAccount(type);
  if (verified) {
    const { markVerified } = await import("../../factories/accounts");
    await markVerified(a.userId);
  }
  return a;
}

export const pick = <T>(xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
/** One of `xs`, or an id that exists nowhere. */
export const idFrom = (xs: string[]): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: pick(xs) }, { weight: 1, arbitrary: fc.uuid() });

export const email = fc.stringMatching(/^[a-z0-9]{8,16}$/).map((s) => `fz-${s}@example.co.jp`);
export const password = fc.stringMatching(/^[A-Za-z]{4,12}[0-9]{2,6}$/);

/** Field hints every operation shares; `own` is the caller's company. */
export function commonHints(ctx: FuzzContext, own: string | undefined): Hints {
  const dataUrl = `data:image/png;base64,${Buffer.from(ctx.png).toString("base64")}`;
  return {
    email,
    newEmail: email,
    password: fc.oneof(fc.constant(PASSWORD), password),
    newPassword: password,
    currentPassword: fc.oneof(fc.constant(PASSWORD), password),
    website: fc.constantFrom("https://example.co.jp", "https://例え.jp/会社概要", ""),
    ...(own
      ? {
          companyId: fc.oneof(
            { weight: 5, arbitrary: fc.constant(own) },
            { weight: 1, arbitrary: fc.uuid() },
          ),
        }
      : {}),
    categoryId: fc.oneof(
      { weight: 5, arbitrary: pick(ctx.categoryIds) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }) },
    ),
    "categoryIds[]": pick(ctx.categoryIds),
    "processIds[]": pick(ctx.capabilityIds.processes),
    "materialIds[]": pick(ctx.capabilityIds.materials),
    "requiredCertificationIds[]": pick(ctx.capabilityIds.certificationTypes),
    quantityUnit: fc.constantFrom("個", "kg"),
    "featureIds[]": pick(ctx.featureIds),
    "reasonIds[]": pick(ctx.reasonIds),
    nominatedCompanyId: idFrom(ctx.supplierIds),
    "selectedCompanyIds[]": idFrom(ctx.supplierIds),
    "attachmentIds[]": idFrom(ctx.attachmentIds),
    "imageIds[]": idFrom(ctx.imageIds),
    fileId: idFrom(ctx.imageIds),
    imageId: idFrom(ctx.imageIds),
    logoFileId: fc.oneof(idFrom(ctx.imageIds), fc.constant(""), fc.constant(null)),
    entryId: idFrom(ctx.entryIds),
    desiredDeliveryDate: fc.oneof(fc.integer({ min: 10, max: 300 }).map(isoDate), fc.constant(null)),
    entryDeadline: fc.oneof(fc.integer({ min: 1, max: 60 }).map(isoDate), fc.constant(null)),
    startsOn: fc.integer({ min: 0, max: 40 }).map(isoDate),
    image: fc.oneof(
      { weight: 3, arbitrary: fc.constant(dataUrl) },
      { weight: 1, arbitrary: fc.base64String({ minLength: 4, maxLength: 40 }) },
    ),
    token: fc.stringMatching(/^[A-Za-z0-9_-]{10,60}$/),
    csrfToken: fc.stringMatching(/^[A-Za-z0-9_-]{10,60}$/),
    callbackUrl: fc.constantFrom(
      "/buyer",
      "/account/oem",
      "https://evil.example/",
      "//evil.example",
      "javascript:alert(1)",
    ),
    metadata: fc.jsonValue({ maxDepth: 2 }),
  };
}

/** A small PNG upload (with a caption now and then), or a PDF for attachments. */
export function uploadParts(ctx: FuzzContext, kind: "image" | "attachment"): fc.Arbitrary<Part[]> {
  const file: Part =
    kind === "image"
      ? { name: "file", value: ctx.png, fileName: "工場.png", type: "image/png" }
      : { name: "file", value: ctx.pdf, fileName: "見積依頼書.pdf", type: "application/pdf" };
  return fc
    .option(fc.constantFrom("第二工場", "", "生産ライン（2024年）"), { nil: undefined })
    .map((caption) =>
      kind === "image" && caption !== undefined ? [file, { name: "caption", value: caption }] : [file],
    );
}
