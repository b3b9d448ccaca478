// Whether an order (製造委託) falls under 取適法 (中小受託取引適正化法, in force 2026-01-01) and the
// フリーランス法, from both parties' capital, headcount and legal form (decision 0047). Pure: the
// order form shows the verdict and the order keeps it with the figures it was decided on.

/** 資本金 thresholds for 製造委託 (yen). */
export const CAPITAL_SMALL_YEN = 10_000_000;
export const CAPITAL_LARGE_YEN = 300_000_000;
/** 常時使用する従業員 threshold, new in 2026. */
export const EMPLOYEES_THRESHOLD = 300;

export interface PartyFacts {
  capitalYen: number | null;
  employeeCount: number | null;
  individual: boolean | null;
}
export type LawBasis = "CAPITAL" | "EMPLOYEES";
type Side = "BUYER" | "SUPPLIER";
type Field = "capitalYen" | "employeeCount" | "individual";
export interface LawVerdict {
  /** null: a figure needed to decide is missing. */
  toriteki: boolean | null;
  /** Which thresholds made it apply (empty when not). */
  basis: LawBasis[];
  /** フリーランス法: the supplier is an individual with no employees (null if unknown). */
  freelance: boolean | null;
  missing: Array<{ side: Side; field: Field }>;
  /** Japanese, shown on the order form. */
  summary: string;
}

/** A three-valued fact: null is "not known yet", with the figures that would settle it. */
interface Term {
  value: boolean | null;
  needs: Array<{ side: Side; field: Field }>;
}

const known = (value: boolean): Term => ({ value, needs: [] });

// Kleene AND: one false settles it, whatever else is unknown.
function all(...terms: Term[]): Term {
  if (terms.some((t) => t.value === false)) return known(false);
  if (terms.every((t) => t.value === true)) return known(true);
  return { value: null, needs: terms.filter((t) => t.value === null).flatMap((t) => t.needs) };
}

// A capital figure only exists for a company: an individual never meets the buyer's capital side.
function buyerCapital(buyer: PartyFacts, test: (yen: number) => boolean): Term {
  if (buyer.individual === true) return known(false);
  if (buyer.capitalYen !== null) return known(test(buyer.capitalYen));
  return { value: null, needs: unknownOf("BUYER", buyer, ["capitalYen", "individual"]) };
}

// An individual supplier is always on the small side of a capital threshold.
function supplierCapital(supplier: PartyFacts, limitYen: number): Term {
  if (supplier.individual === true) return known(true);
  if (supplier.capitalYen !== null) return known(supplier.capitalYen <= limitYen);
  return { value: null, needs: unknownOf("SUPPLIER", supplier, ["capitalYen", "individual"]) };
}

function employees(side: Side, party: PartyFacts, test: (count: number) => boolean): Term {
  if (party.employeeCount !== null) return known(test(party.employeeCount));
  return { value: null, needs: [{ side, field: "employeeCount" }] };
}

function unknownOf(side: Side, party: PartyFacts, fields: Field[]): Array<{ side: Side; field: Field }> {
  return fields.filter((field) => party[field] === null).map((field) => ({ side, field }));
}

const FIELD_ORDER: Field[] = ["capitalYen", "employeeCount", "individual"];

function uniqueSorted(needs: Array<{ side: Side; field: Field }>): Array<{ side: Side; field: Field }> {
  const keys = new Set(needs.map((n) => `${n.side}:${n.field}`));
  return (["BUYER", "SUPPLIER"] as const).flatMap((side) =>
    FIELD_ORDER.filter((field) => keys.has(`${side}:${field}`)).map((field) => ({ side, field })),
  );
}

export function lawOf(buyer: PartyFacts, supplier: PartyFacts): LawVerdict {
  const large = all(
    buyerCapital(buyer, (yen) => yen > CAPITAL_LARGE_YEN),
    supplierCapital(supplier, CAPITAL_LARGE_YEN),
  );
  const middle = all(
    buyerCapital(buyer, (yen) => yen > CAPITAL_SMALL_YEN && yen <= CAPITAL_LARGE_YEN),
    supplierCapital(supplier, CAPITAL_SMALL_YEN),
  );
  const headcount = all(
    employees("BUYER", buyer, (n) => n > EMPLOYEES_THRESHOLD),
    employees("SUPPLIER", supplier, (n) => n <= EMPLOYEES_THRESHOLD),
  );
  const freelanceTerm = all(
    supplier.individual === null
      ? { value: null, needs: unknownOf("SUPPLIER", supplier, ["individual"]) }
      : known(supplier.individual),
    employees("SUPPLIER", supplier, (n) => n === 0),
  );

  const capitalApplies = large.value === true || middle.value === true;
  const basis: LawBasis[] = [];
  if (capitalApplies) basis.push("CAPITAL");
  if (headcount.value === true) basis.push("EMPLOYEES");
  const criteria = [large, middle, headcount];
  const toriteki =
    basis.length > 0 ? true : criteria.every((c) => c.value === false) ? false : (null as boolean | null);

  // Only what could still change the verdict is asked: nothing for 取適法 once one criterion applies.
  const missing = uniqueSorted([
    ...(toriteki === null ? criteria.flatMap((c) => c.needs) : []),
    ...freelanceTerm.needs,
  ]);
  const freelance = freelanceTerm.value;
  const summary = summaryOf(toriteki, freelance, {
    large: large.value === true,
    middle: middle.value === true,
    headcount: headcount.value === true,
    supplierIndividual: supplier.individual === true,
    missing: toriteki === null ? uniqueSorted(criteria.flatMap((c) => c.needs)) : [],
  });
  return { toriteki, basis, freelance, missing, summary };
}

const FIELD_LABEL: Record<Field, string> = {
  capitalYen: "資本金",
  employeeCount: "従業員数",
  individual: "法人か個人か",
};
const SIDE_LABEL: Record<Side, string> = { BUYER: "発注者", SUPPLIER: "受注者" };

function summaryOf(
  toriteki: boolean | null,
  freelance: boolean | null,
  why: {
    large: boolean;
    middle: boolean;
    headcount: boolean;
    supplierIndividual: boolean;
    missing: Array<{ side: Side; field: Field }>;
  },
): string {
  const supplierSmall = why.supplierIndividual ? "個人" : null;
  const freelanceNote = "受注者は従業員のいない個人のため、フリーランス法の対象でもあります。";
  if (toriteki === true) {
    const reasons: string[] = [];
    if (why.large) reasons.push(`資本金基準：発注者 3億円超・受注者 ${supplierSmall ?? "3億円以下"}`);
    else if (why.middle)
      reasons.push(`資本金基準：発注者 1千万円超3億円以下・受注者 ${supplierSmall ?? "1千万円以下"}`);
    if (why.headcount) reasons.push("従業員基準：発注者 300人超・受注者 300人以下");
    const head = `この発注は取適法の対象です（${reasons.join("、")}）。`;
    return freelance === true ? `${head}${freelanceNote}` : head;
  }
  if (toriteki === false) {
    return freelance === true
      ? "この発注は取適法の対象外ですが、受注者が従業員のいない個人のため、フリーランス法の対象です（支払期日は受領日から60日以内）。"
      : "この発注は取適法の対象外です。同じ基準を参考として確認しています。";
  }
  const ask = (["BUYER", "SUPPLIER"] as const)
    .map((side) => {
      const fields = why.missing.filter((m) => m.side === side).map((m) => FIELD_LABEL[m.field]);
      return fields.length > 0 ? `${SIDE_LABEL[side]}の${fields.join("・")}` : null;
    })
    .filter((part): part is string => part !== null)
    .join("と");
  const request = `取適法の対象かを判断するため、${ask}を入力してください。`;
  return freelance === true ? `${request}${freelanceNote}` : request;
}
