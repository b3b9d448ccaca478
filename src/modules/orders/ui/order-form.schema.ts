import { z } from "zod";
import type { OrderInput } from "@/modules/orders/order.schema";
import type { OrderDraft } from "@/modules/orders/order-view.schema";

// The order form's values as the inputs hold them (text, radios, selects), checked in the browser
// before anything is sent, and turned into the API's OrderInput. The server re-checks everything.

export const MAX_FORM_DELIVERIES = 12;

/** 「3,000」「３０００」 → 3000; "" → null; anything else → NaN. */
export function parseCount(value: string | undefined): number | null {
  const s = (value ?? "").normalize("NFKC").replace(/[,\s]/g, "");
  if (s === "") return null;
  return /^\d+$/.test(s) ? Number(s) : Number.NaN;
}

const needCount =
  (label: string, min = 1) =>
  (v: string, ctx: z.RefinementCtx, path: (string | number)[]) => {
    const n = parseCount(v);
    if (n === null) ctx.addIssue({ code: "custom", path, message: `${label}を入力してください` });
    else if (Number.isNaN(n) || n < min)
      ctx.addIssue({
        code: "custom",
        path,
        message: `${label}は${min.toLocaleString("ja-JP")}以上の整数で入力してください`,
      });
  };

const delivery = z.object({ date: z.string(), quantity: z.string(), paymentDue: z.string() });
const paidMaterial = z.object({
  item: z.string().trim().min(1, "支給品名を入力してください"),
  quantity: z.string(),
  unit: z.string().trim().min(1, "単位を入力してください"),
  unitPriceYen: z.string(),
  handoverDate: z.string().min(1, "引渡日を入力してください"),
  settlementDate: z.string().min(1, "決済期日を入力してください"),
  settlementMethod: z.string().trim().min(1, "決済方法を入力してください"),
});
const openTerm = z.object({
  field: z.enum(["", "SPECIFICATION", "PLACE", "INSPECTION"]),
  reason: z.string().trim().min(1, "定められない理由を入力してください"),
  expectedBy: z.string().min(1, "確定予定日を入力してください"),
});
const facts = z.object({
  capitalYen: z.string(),
  employeeCount: z.string(),
  individual: z.enum(["", "yes", "no"]),
});

/** `missing`: the figures the act's verdict still needs (draft.law.missing), required here. */
export const orderFormSchema = (missing: OrderDraft["law"]["missing"]) =>
  z
    .object({
      quantity: z.string(),
      includeTooling: z.boolean(),
      includeSample: z.boolean(),
      split: z.boolean(),
      deliveries: z.array(delivery),
      place: z.object({ address: z.string(), contact: z.string() }),
      inspection: z.object({ required: z.enum(["yes", "no"]), days: z.string() }),
      payment: z.object({
        kind: z.enum(["CLOSING", "FIXED"]),
        closingDay: z.string(),
        monthsLater: z.string(),
        payDay: z.string(),
        method: z.enum(["BANK_TRANSFER", "ELECTRONIC_CLAIM"]),
        methodDetail: z.string(),
        cashableConfirmed: z.boolean(),
      }),
      paidMaterials: z.array(paidMaterial),
      openTerms: z.array(openTerm),
      facts: z.object({ buyer: facts, supplier: facts }),
      overrideReason: z.string(),
      notes: z.string().max(1000, "備考は1000文字以内で入力してください"),
    })
    .superRefine((v, ctx) => {
      needCount("数量")(v.quantity, ctx, ["quantity"]);
      v.deliveries.forEach((d, i) => {
        if (!d.date)
          ctx.addIssue({
            code: "custom",
            path: ["deliveries", i, "date"],
            message: "納期を入力してください",
          });
        if (v.split) needCount("納入数量")(d.quantity, ctx, ["deliveries", i, "quantity"]);
        if (v.payment.kind === "FIXED" && !d.paymentDue)
          ctx.addIssue({
            code: "custom",
            path: ["deliveries", i, "paymentDue"],
            message: "支払期日を入力してください",
          });
      });
      const sum = scheduleSum(v);
      const quantity = parseCount(v.quantity);
      if (v.split && quantity && sum !== quantity)
        ctx.addIssue({
          code: "custom",
          path: ["split"],
          message: "納入数量の合計を発注数量と一致させてください",
        });
      const open = new Set(v.openTerms.map((t) => t.field));
      if (!open.has("PLACE") && !v.place.address.trim())
        ctx.addIssue({ code: "custom", path: ["place", "address"], message: "納入場所を入力してください" });
      if (v.inspection.required === "yes" && !open.has("INSPECTION")) {
        const days = parseCount(v.inspection.days);
        if (days === null || Number.isNaN(days) || days < 1 || days > 60)
          ctx.addIssue({
            code: "custom",
            path: ["inspection", "days"],
            message: "検査完了期日は納品後1〜60日で入力してください",
          });
      }
      if (v.payment.method === "ELECTRONIC_CLAIM") {
        if (!v.payment.methodDetail.trim())
          ctx.addIssue({
            code: "custom",
            path: ["payment", "methodDetail"],
            message: "電子記録債権の内容を入力してください",
          });
        if (!v.payment.cashableConfirmed)
          ctx.addIssue({
            code: "custom",
            path: ["payment", "cashableConfirmed"],
            message: "支払期日までに満額を現金化できることを確認してください",
          });
      }
      v.paidMaterials.forEach((m, i) => {
        needCount("支給数量")(m.quantity, ctx, ["paidMaterials", i, "quantity"]);
        needCount("支給単価", 0)(m.unitPriceYen, ctx, ["paidMaterials", i, "unitPriceYen"]);
      });
      v.openTerms.forEach((t, i) => {
        if (!t.field)
          ctx.addIssue({
            code: "custom",
            path: ["openTerms", i, "field"],
            message: "未定事項の項目を選んでください",
          });
      });
      for (const m of missing) {
        const side = m.side === "BUYER" ? "buyer" : "supplier";
        const value = v.facts[side][m.field];
        if (m.field === "individual") {
          if (!value)
            ctx.addIssue({
              code: "custom",
              path: ["facts", side, m.field],
              message: "どちらかを選んでください",
            });
        } else
          needCount(m.field === "capitalYen" ? "資本金" : "従業員数", 0)(value, ctx, [
            "facts",
            side,
            m.field,
          ]);
      }
    });
export type OrderFormValues = z.infer<ReturnType<typeof orderFormSchema>>;

/** What the deliveries add up to; a single delivery carries the whole order. */
export function scheduleSum(v: Pick<OrderFormValues, "split" | "deliveries" | "quantity">): number {
  if (!v.split) return parseCount(v.quantity) ?? 0;
  return v.deliveries.reduce((s, d) => {
    const n = parseCount(d.quantity);
    return s + (n && !Number.isNaN(n) ? n : 0);
  }, 0);
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
const emptyFacts = { capitalYen: "", employeeCount: "", individual: "" as const };

/** The form's start: the quote's defaults, or a past order's terms for 「同じ条件で再発注」. */
export function initialValues(draft: OrderDraft): OrderFormValues {
  const base: OrderFormValues = {
    quantity: "",
    includeTooling: Boolean(draft.toolingCostYen),
    includeSample: false,
    split: false,
    deliveries: [{ date: "", quantity: "", paymentDue: "" }],
    place: { address: draft.buyerAddress, contact: "" },
    inspection: { required: "no", days: "" },
    payment: {
      kind: "CLOSING",
      closingDay: "31",
      monthsLater: "1",
      payDay: "31",
      method: "BANK_TRANSFER",
      methodDetail: "",
      cashableConfirmed: false,
    },
    paidMaterials: [],
    openTerms: [],
    facts: { buyer: { ...emptyFacts }, supplier: { ...emptyFacts } },
    overrideReason: "",
    notes: "",
  };
  const t = draft.from?.terms;
  if (!t) return base;
  const terms = t.payment.terms;
  return {
    ...base,
    quantity: text(t.quantity),
    includeTooling: t.lines.some((l) => l.kind === "TOOLING"),
    includeSample: t.lines.some((l) => l.kind === "SAMPLE"),
    split: t.deliveries.length > 1,
    deliveries: t.deliveries.map((d) => ({
      date: d.date,
      quantity: text(d.quantity),
      paymentDue: terms.kind === "FIXED" ? d.paymentDue : "",
    })),
    place: t.place ? { address: t.place.address, contact: t.place.contact ?? "" } : base.place,
    inspection: {
      required: t.inspection.required ? "yes" : "no",
      days: text(t.inspection.daysAfterReceipt),
    },
    payment: {
      ...base.payment,
      ...(terms.kind === "CLOSING"
        ? {
            kind: "CLOSING",
            closingDay: text(terms.closingDay),
            monthsLater: text(terms.monthsLater),
            payDay: text(terms.payDay),
          }
        : { kind: "FIXED" }),
      method: t.payment.method,
      methodDetail: t.payment.methodDetail ?? "",
      cashableConfirmed: t.payment.cashableConfirmed,
    },
    paidMaterials: t.paidMaterials.map((m) => ({
      ...m,
      quantity: text(m.quantity),
      unitPriceYen: text(m.unitPriceYen),
    })),
    openTerms: t.openTerms.map((o) => ({ field: o.field, reason: o.reason, expectedBy: o.expectedBy })),
    notes: t.notes ?? "",
  };
}

/** The closing terms the selects describe (numbers), for the due-date preview and the API. */
export function closingOf(p: OrderFormValues["payment"]) {
  return {
    kind: "CLOSING" as const,
    closingDay: Number(p.closingDay),
    monthsLater: Number(p.monthsLater) as 0 | 1 | 2 | 3,
    payDay: Number(p.payDay),
  };
}

const orNull = (s: string) => s.trim() || undefined;

/** The API body: numbers from the text inputs, only the asked figures in `facts`. */
export function toOrderInput(v: OrderFormValues, draft: OrderDraft): OrderInput {
  const quantity = parseCount(v.quantity) ?? 0;
  const fixed = v.payment.kind === "FIXED";
  const rows = v.split ? v.deliveries : v.deliveries.slice(0, 1);
  const open = new Set(v.openTerms.map((t) => t.field));
  const asked = (side: "BUYER" | "SUPPLIER") => {
    const f = v.facts[side === "BUYER" ? "buyer" : "supplier"];
    const out: NonNullable<NonNullable<OrderInput["facts"]>["buyer"]> = {};
    for (const m of draft.law.missing.filter((x) => x.side === side)) {
      if (m.field === "individual") out.individual = f.individual === "yes";
      else out[m.field] = parseCount(f[m.field]);
    }
    return Object.keys(out).length ? out : undefined;
  };
  const buyer = asked("BUYER");
  const supplier = asked("SUPPLIER");
  return {
    quoteVersion: draft.quoteVersion,
    quantity,
    includeTooling: Boolean(draft.toolingCostYen) && v.includeTooling,
    includeSample: Boolean(draft.sampleCostYen) && v.includeSample,
    deliveries: rows.map((d) => ({
      date: d.date,
      quantity: v.split ? (parseCount(d.quantity) ?? 0) : quantity,
      ...(fixed ? { paymentDue: d.paymentDue } : {}),
    })),
    place: open.has("PLACE") ? null : { address: v.place.address.trim(), contact: orNull(v.place.contact) },
    inspection: {
      required: v.inspection.required === "yes",
      daysAfterReceipt: v.inspection.required === "yes" ? parseCount(v.inspection.days) : null,
    },
    payment: {
      terms: fixed ? { kind: "FIXED" } : closingOf(v.payment),
      method: v.payment.method,
      methodDetail: v.payment.method === "ELECTRONIC_CLAIM" ? orNull(v.payment.methodDetail) : undefined,
      cashableConfirmed: v.payment.method === "ELECTRONIC_CLAIM" && v.payment.cashableConfirmed,
    },
    paidMaterials: v.paidMaterials.map((m) => ({
      ...m,
      quantity: parseCount(m.quantity) ?? 0,
      unitPriceYen: parseCount(m.unitPriceYen) ?? 0,
    })),
    openTerms: v.openTerms.map((t) => ({
      field: t.field as "SPECIFICATION" | "PLACE" | "INSPECTION",
      reason: t.reason.trim(),
      expectedBy: t.expectedBy,
    })),
    facts: buyer || supplier ? { buyer, supplier } : undefined,
    overrideReason: orNull(v.overrideReason),
    notes: orNull(v.notes),
    reorderOf: draft.from?.orderId,
  };
}

/** A server error key ("payment.terms", "inspection.daysAfterReceipt") → the form's field. */
export function formKeyOf(serverKey: string): string {
  if (serverKey.startsWith("payment.terms")) return "payment.kind";
  if (serverKey === "inspection.daysAfterReceipt") return "inspection.days";
  if (serverKey === "deliveries") return "split";
  return serverKey;
}
