import type { MatrixCase } from "./matrix";
import { all, onlyCompanyOf, ownCompany } from "./matrix-helpers";

// The ticket refund's rows of the authorization matrix (issue 19): the supplier's usage history
// with its refunds. A supplier's own company only; a buyer company is no supplier (404).

export const ticketRefundMatrix: MatrixCase[] = [
  {
    op: "GET /api/billing/ticket_usage/company/{companyId}",
    name: "own company",
    request: (p, a) => ({ path: `/api/billing/ticket_usage/company/${ownCompany(p, a)}?page=1&perPage=10` }),
    expect: {
      ...all(404),
      anonymous: 401,
      owner: 403,
      freeSupplier: 200,
      paidSupplier: 200,
      otherSupplier: 200,
    },
  },
  {
    op: "GET /api/billing/ticket_usage/company/{companyId}",
    name: "another supplier's company",
    request: (p) => ({ path: `/api/billing/ticket_usage/company/${p.otherSupplier.companyId}` }),
    expect: onlyCompanyOf("otherSupplier", 200),
  },
];
