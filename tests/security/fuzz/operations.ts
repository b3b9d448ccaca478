import { createHash, randomUUID } from "node:crypto";
import fc from "fast-check";
import { PASSWORD } from "../../factories/accounts";
import { makePaid, type Persona } from "../../factories/actors";
import { resetDealLimits } from "../../factories/deals";
import { api, idem } from "../../factories/http";
import { resetUploadLimits } from "../../factories/images";
import { inquiryBody, resetInquiryLimits } from "../../factories/inquiries";
import { capabilityPersona, planCapabilities } from "./capabilities";
import { planCertifications } from "./certifications";
import {
  commonHints,
  type FuzzContext,
  freshSession,
  idFrom,
  linkToken,
  pick,
  throwaway,
  uploadParts,
} from "./context";
import { dealPersona, planDeal } from "./deals";
import { orderPersona, planOrders } from "./orders";
import type { Operation, Shape } from "./requests";

/** Who calls an operation, with which ids, and whether it must run last. */
export interface OpPlan {
  persona: Persona;
  shape: Shape;
  /** Changes state other operations rely on (closes shared inquiries, ends sessions): runs last. */
  destructive: boolean;
  /** Requests sent at once: operations that wait on purpose (steady-time answers, argon2). */
  batch: number;
  /** A token per request (logout ends the one it is sent with). */
  tokenPerRequest?: () => Promise<string>;
  /** Called after a 2xx, to keep the persona usable (a new session after a password change). */
  after?: () => Promise<void>;
  /** Headers every request carries (the browser sign-in's CSRF cookie and origin). */
  headers?: Record<string, string>;
}

/** Operations whose answers wait on purpose or hash a password: sent several at a time. */
const SLOW = [
  "POST /api/auth/login",
  "POST /api/auth/owner-login",
  "POST /api/auth/register",
  "POST /api/buyer/register",
  "POST /api/oem/register",
  "POST /api/oem/company/{companyId}/invitation/register",
  "POST /api/oem/company/{companyId}/invitation/dry-run/register",
  "POST /api/password/email",
  "POST /api/password/reset",
  "PATCH /api/account/email/update",
  "PATCH /api/account/password/update",
  "POST /api/auth/signin",
  "POST /api/auth/callback/credentials",
];

/** Run last, in this order: they close, delete or end what the others use. */
export const LAST = [
  "POST /api/buyer/company/{companyId}/contact/{contactId}/close",
  "POST /api/buyer/company/{companyId}/contact/{contactId}/cancel",
  "PUT /api/buyer/company/{companyId}/contact/{contactId}/entry/{entryId}",
  "DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel",
  "DELETE /api/oem/company/{companyId}/case/{caseId}",
  "PUT /api/owner/contact/bulk/{contactId}",
  "PUT /api/owner/contact/nomination/{contactId}",
  "PUT /api/owner/contact/entry/{contactId}",
  "DELETE /api/owner/news/{newsId}",
  "PUT /api/owner/ticket-purchase/{ticketPurchaseId}",
  "DELETE /api/owner/ticket-purchase/{ticketPurchaseId}",
  "DELETE /api/owner/ticket-usage/{ticketUsageId}",
  "PUT /api/owner/plan-contract/{companyId}",
  "DELETE /api/oem/company/{companyId}/user/{userId}/invitation/cancel",
  "PATCH /api/oem/company/{companyId}/user/{userId}/role/update",
  "DELETE /api/oem/company/{companyId}/user/{userId}/delete",
  "POST /api/auth/logout",
  "PATCH /api/account/email/update",
  "PATCH /api/account/password/update",
  "POST /api/buyer/additional-register",
  "POST /api/oem/additional-register",
  "DELETE /api/buyer/company/{companyId}/deactivate",
  "DELETE /api/oem/company/{companyId}/deactivate",
];

export async function planFor(op: Operation, ctx: FuzzContext): Promise<OpPlan> {
  const { p } = ctx;
  const id = op.id;
  const security = op.security.flatMap((s) => Object.keys(s));
  let persona: Persona = {};
  if (security.includes("Bearer")) {
    if (/^\/api\/(buyer\/company|contact|attachment|account)/.test(op.path)) persona = p.buyerAdmin;
    else if (/\/user(s|\/)/.test(op.path)) persona = ctx.team;
    else if (/^\/api\/billing\/(ticket|invoice)/.test(op.path)) persona = p.freeSupplier;
    else persona = p.paidSupplier;
  } else if (security.includes("OwnerBearer")) persona = p.owner;
  let tokenPerRequest: OpPlan["tokenPerRequest"];
  let after: OpPlan["after"];
  // Fresh per-company inquiry and per-account upload allowances (their own suites test them): an
  // operation's success must not depend on how many inquiries or uploads the ones before it sent.
  await resetInquiryLimits();
  await resetUploadLimits();
  await resetDealLimits();

  // Operations on a persona of their own: they end sessions, companies or change who is who.
  if (id === "POST /api/auth/logout") {
    const t = await throwaway("BUYER");
    persona = t;
    tokenPerRequest = () => freshSession(t.userId!, t.companyId);
  }
  if (id === "POST /api/auth/register/mail/resent") persona = await throwaway("BUYER", false);
  if (
    [
      "PATCH /api/account/email/update",
      "PATCH /api/account/password/update",
      "DELETE /api/buyer/company/{companyId}/deactivate",
      "POST /api/oem/additional-register",
    ].includes(id) ||
    id === "POST /api/reason"
  ) {
    const t = await throwaway("BUYER");
    persona = t;
    after = async () => {
      t.token = await freshSession(t.userId!, t.companyId);
    };
  }
  if (
    [
      "DELETE /api/oem/company/{companyId}/deactivate",
      "POST /api/buyer/additional-register",
      "POST /api/billing/plan_contract/waiting",
      "POST /api/billing/plan_contract",
      "POST /api/billing/plan_contract/cancel",
      "GET /api/billing/plan_contract/waiting/company/{companyId}",
    ].includes(id)
  ) {
    const t = await throwaway("SUPPLIER");
    persona = t;
    // Deactivation ends the sessions: a new one, so the next request is judged on its input, not a dead token.
    if (id === "DELETE /api/oem/company/{companyId}/deactivate")
      after = async () => {
        t.token = await freshSession(t.userId!, t.companyId);
      };
    // The application is withdrawn after each success, so the next valid one is accepted again, not a 409.
    if (id === "POST /api/billing/plan_contract")
      after = async () => {
        await api("POST", "/api/billing/plan_contract/cancel", {
          token: t.token,
          body: { companyId: t.companyId },
        });
      };
  }

  persona = orderPersona(op, p) ?? dealPersona(op, p) ?? persona;
  persona = (await capabilityPersona(op)) ?? persona;

  const own = persona.companyId;
  const hints = commonHints(ctx, own);
  const params: Record<string, fc.Arbitrary<string>> = {};
  const ownCompany = own
    ? fc.oneof({ weight: 6, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.uuid() })
    : undefined;
  if (ownCompany) params.companyId = ownCompany;

  // Path ids that exist, by operation family.
  if (op.path.startsWith("/api/buyer/company")) params.contactId = idFrom(ctx.buyerInquiries);
  else params.contactId = idFrom(ctx.supplierInquiries);
  params.entryId = idFrom(ctx.entryIds);
  params.caseId = idFrom(ctx.caseIds);
  params.newsId = idFrom(ctx.publishedNewsIds);
  params.imageId = idFrom(ctx.imageIds);
  params.invoiceId = idFrom(ctx.invoiceIds);
  params.ticketPurchaseId = idFrom(ctx.purchaseIds);
  params.ticketUsageId = idFrom(ctx.usageIds);
  if (op.path.includes("/user/")) params.userId = idFrom([...ctx.team.invitationIds, ...ctx.team.memberIds]);
  if (id.includes("/invitation/") || id.endsWith("/users")) params.companyId = idFrom([ctx.team.companyId]);
  if (op.path === "/api/attachment/{id}") params.id = idFrom(ctx.attachmentIds);
  if (op.path.startsWith("/api/owner/outbox/")) params.id = idFrom(ctx.outboxIds);
  if (op.path === "/api/owner/support-requests/{id}") params.id = idFrom(ctx.supportRequestIds);
  if (op.path === "/api/oem/{companyId}" || op.path === "/api/oem/view/{companyId}")
    params.companyId = idFrom(ctx.supplierIds);

  if (persona === p.owner) {
    hints.companyId = idFrom(ctx.supplierIds);
    if (op.path.startsWith("/api/owner/buyer/")) params.companyId = idFrom(ctx.buyerIds);
    if (op.path.startsWith("/api/owner/oem")) params.companyId = idFrom(ctx.supplierIds);
    if (op.path.startsWith("/api/owner/plan-contract")) params.companyId = idFrom(ctx.planApplicants);
    if (op.path.startsWith("/api/owner/contact/bulk")) params.contactId = idFrom(ctx.bulkInquiries);
    else if (op.path.startsWith("/api/owner/contact/nomination")) params.contactId = idFrom(ctx.nominations);
    else if (op.path.startsWith("/api/owner/contact")) params.contactId = idFrom(ctx.buyerInquiries);
    if (op.path.startsWith("/api/owner/news"))
      params.newsId = idFrom([...ctx.draftNewsIds, ...ctx.publishedNewsIds]);
  }
  if (id === "POST /api/billing/ticket_usage") hints.contactId = idFrom(ctx.freeNominations);
  // The supplier list's capability id filters (issue 20) as the query's text form: existing ids.
  if (id === "GET /api/oem") {
    hints.certificationIds = fc.oneof(
      pick(ctx.capabilityIds.certificationTypes).map(String),
      fc.constant(""),
    );
    hints.processIds = fc.oneof(pick(ctx.capabilityIds.processes).map(String), fc.constant(""));
  }
  await planDeal(op, p, ctx.deals, params, hints);
  await planOrders(op, p, params, hints);
  const capabilityParts = await planCapabilities(op, persona, params, hints, ctx.pdf);
  after = (await planCertifications(op, p, params)) ?? after;
  // Uploads count every attempt per user (decision 0036): each fuzzed upload starts with a fresh
  // allowance, so an odd file is refused for what it is, not for the ones sent before it.
  if (
    /^POST \/api\/(deals\/company\/\{companyId\}\/files|oem\/company\/\{companyId\}\/certifications)$/.test(
      id,
    )
  ) {
    const who = persona;
    const token = tokenPerRequest;
    tokenPerRequest = async () => {
      await resetUploadLimits();
      return token ? token() : who.token!;
    };
  }
  // A plan to cancel, so the first valid cancellation succeeds.
  if (id === "POST /api/billing/plan_contract/cancel") await makePaid(persona.companyId!);

  // The browser sign-in: the CSRF cookie its form token must match, sent from our own origin.
  let headers: Record<string, string> | undefined;
  if (
    ["POST /api/auth/signin", "POST /api/auth/callback/credentials", "POST /api/auth/signout"].includes(id)
  ) {
    const csrf = await api("GET", "/api/auth/csrf");
    const token = csrf.body.csrfToken as string;
    headers = {
      cookie: `oem_csrf=${token}`,
      origin: new URL(process.env.APP_URL ?? "http://localhost:3000").origin,
    };
    // Mostly the matching token, now and then one that matches nothing.
    hints.csrfToken = fc.constantFrom(token, token, token, "x".repeat(43));
    hints.password = fc.oneof(
      { weight: 3, arbitrary: fc.constant(PASSWORD) },
      { weight: 1, arbitrary: hints.password! },
    );
  }

  // The same seed draws the same addresses for every operation: each registration gets its own,
  // or the second one to run would find them all taken.
  if (/register/.test(id)) {
    const tag = createHash("sha256").update(id).digest("hex").slice(0, 6);
    hints.email = hints.email!.map((e) => (e as string).replace(/^fz-/, `fz-${tag}-`));
  }
  // Operations that need a state the ones running before them use up: their own rows, made now.
  if (id === "DELETE /api/oem/company/{companyId}/contact/{contactId}/entries/cancel") {
    const contactIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await api("POST", "/api/contact/create", {
        headers: idem(),
        token: p.buyerAdmin.token,
        body: inquiryBody({ type: "NOMINATION", nominatedCompanyId: p.paidSupplier.companyId }),
      });
      const entered = await api(
        "POST",
        `/api/oem/company/${p.paidSupplier.companyId}/contact/${created.body.id}/entries`,
        { token: p.paidSupplier.token, body: { message: "対応可能です" } },
      );
      // A setup that silently fails would only show as "no request succeeded" far from its cause.
      if (created.status !== 201 || entered.status >= 300)
        throw new Error(
          `entry to cancel: ${created.status} ${entered.status} ${JSON.stringify(entered.body)}`,
        );
      contactIds.push(created.body.id);
    }
    params.contactId = idFrom(contactIds);
  }
  // The stop on a buyer's nominations: buyers of their own (the shared buyer keeps nominating),
  // stopped beforehand for the lifting.
  if (id.endsWith(" /api/owner/buyer/{companyId}/nomination-suspension")) {
    const buyers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const companyId = (await throwaway("BUYER")).companyId!;
      if (op.method.toUpperCase() === "DELETE") {
        const stopped = await api("POST", `/api/owner/buyer/${companyId}/nomination-suspension`, {
          token: p.owner.token,
          body: { reason: "ファジングで解除するための停止です" },
        });
        if (stopped.status !== 200) throw new Error(`suspend to lift: ${stopped.status}`);
      }
      buyers.push(companyId);
    }
    params.companyId = idFrom(buyers);
    // After a success, back to the state the next valid request needs (stopped for lifting and
    // the other way round), so each success checks the answer's schema, not a 409.
    const back = op.method.toUpperCase() === "DELETE" ? "POST" : "DELETE";
    after = async () => {
      for (const companyId of buyers)
        await api(back, `/api/owner/buyer/${companyId}/nomination-suspension`, {
          token: p.owner.token,
          body: back === "POST" ? { reason: "ファジングで解除するための停止です" } : undefined,
        });
    };
  }
  if (id === "DELETE /api/owner/ticket-purchase/{ticketPurchaseId}") {
    const pending: string[] = [];
    for (let i = 0; i < 3; i++) {
      const bought = await api("POST", "/api/billing/ticket_purchase", {
        token: p.freeSupplier.token,
        headers: { "idempotency-key": randomUUID() },
        body: { quantity: 1 },
      });
      pending.push(bought.body.id);
    }
    params.ticketPurchaseId = idFrom(pending);
  }

  // Credentials that exist, so that some logins succeed.
  if (["POST /api/auth/login", "POST /api/auth/signin", "POST /api/auth/callback/credentials"].includes(id))
    hints.email = fc.oneof(fc.constant(p.buyerAdmin.email!), hints.email!);
  if (id === "POST /api/auth/owner-login") hints.email = fc.oneof(fc.constant(p.owner.email!), hints.email!);
  if (id === "POST /api/password/email")
    hints.email = fc.oneof(fc.constant(p.otherBuyer.email!), hints.email!);
  if (id === "POST /api/password/reset") {
    const t = await throwaway("BUYER");
    const tokens = [
      await linkToken(t.userId!, "PASSWORD_RESET"),
      await linkToken(t.userId!, "PASSWORD_RESET"),
    ];
    hints.token = fc.oneof(pick(tokens), hints.token!);
  }
  if (id === "POST /api/auth/email/verify") {
    const t = await throwaway("BUYER", false);
    const tokens = [await linkToken(t.userId!, "EMAIL_VERIFY"), await linkToken(t.userId!, "EMAIL_VERIFY")];
    hints.token = fc.oneof(pick(tokens), hints.token!);
  }
  if (id.includes("/invitation/") && !id.includes("/user/") && persona !== p.owner) {
    params.companyId = idFrom([ctx.team.companyId]);
    hints.token = fc.oneof(pick(ctx.team.inviteTokens), hints.token!);
  }
  if (id === "GET /api/account/invitation") hints.token = fc.oneof(pick(ctx.team.inviteTokens), hints.token!);

  const parts =
    capabilityParts ??
    (op.multipartBody
      ? uploadParts(ctx, /^\/api\/(attachment|deals)\//.test(op.path) ? "attachment" : "image")
      : undefined);
  return {
    persona,
    shape: { params, hints, ...(parts ? { parts } : {}) },
    destructive: LAST.includes(id),
    batch: SLOW.includes(id) ? 10 : 1,
    ...(tokenPerRequest ? { tokenPerRequest } : {}),
    ...(headers ? { headers } : {}),
    ...(after ? { after } : {}),
  };
}
