import type { ActorName, Personas } from "../../factories/actors";

// Expectation builders shared by the matrix files (matrix.ts and the matrix-deal-*.ts rows).

export const all = (status: number): Record<ActorName, number> => ({
  anonymous: status,
  buyerAdmin: status,
  buyerGeneral: status,
  otherBuyer: status,
  freeSupplier: status,
  paidSupplier: status,
  otherSupplier: status,
  owner: status,
});

/** A company-scoped call on `owner`'s company: only its members get `ok`, other members 404. */
export const onlyCompanyOf = (
  ownerOfCompany: ActorName,
  ok: number,
  others = 404,
): Record<ActorName, number> => ({
  ...all(others),
  anonymous: 401,
  owner: 403,
  [ownerOfCompany]: ok,
});

/** The persona's own company; personas without one (anonymous, operator) use the buyer's. */
export const ownCompany = (p: Personas, actor: ActorName) => p[actor].companyId ?? p.buyerAdmin.companyId!;

export const members = (member: number): Record<ActorName, number> => ({
  ...all(member),
  anonymous: 401,
  owner: 403,
});
export const ownerOnly = (ok: number): Record<ActorName, number> => ({
  ...all(403),
  anonymous: 401,
  owner: ok,
});
