// The moves of a company (pure): registered ACTIVE; deactivation (退会, by its ADMIN) is final —
// the company's pages, inquiries and entries close with it, and it never comes back (PRODUCT.md).

export type CompanyStatus = "ACTIVE" | "DEACTIVATED";
export type CompanyEvent = "REGISTER" | "DEACTIVATE";

export const COMPANY_STATUSES: readonly CompanyStatus[] = ["ACTIVE", "DEACTIVATED"];

export const COMPANY_TRANSITIONS: Record<
  CompanyStatus | "NEW",
  Partial<Record<CompanyEvent, CompanyStatus>>
> = {
  NEW: { REGISTER: "ACTIVE" },
  ACTIVE: { DEACTIVATE: "DEACTIVATED" },
  DEACTIVATED: {},
};

/** Where an event leads; the repository guards the move with companyStatesAllowing. */
export function companyOutcome(event: CompanyEvent): CompanyStatus {
  for (const from of ["NEW", ...COMPANY_STATUSES] as const) {
    const to = COMPANY_TRANSITIONS[from][event];
    if (to) return to;
  }
  throw new Error(`company event ${event} leads nowhere`);
}

export function companyStatesAllowing(event: CompanyEvent): CompanyStatus[] {
  return COMPANY_STATUSES.filter((s) => COMPANY_TRANSITIONS[s][event] !== undefined);
}
