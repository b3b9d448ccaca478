import type { MatrixCase } from "./matrix";
import { ownerOnly } from "./matrix-helpers";

// The console's orders (issue 35): only the operator reads them, members get 403, signed out 401.
export const orderConsoleMatrix: MatrixCase[] = [
  {
    op: "GET /api/owner/orders",
    request: () => ({ path: "/api/owner/orders?overdue=ACKNOWLEDGEMENT" }),
    expect: ownerOnly(200),
  },
];
