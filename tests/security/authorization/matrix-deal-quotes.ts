import type { MatrixCase } from "./matrix";

// The deal room's rows of the authorization matrix (quotes).
export const dealQuoteMatrix: MatrixCase[] = [];
