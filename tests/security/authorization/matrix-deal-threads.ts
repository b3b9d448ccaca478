import type { MatrixCase } from "./matrix";

// The deal room's rows of the authorization matrix (threads).
export const dealThreadMatrix: MatrixCase[] = [];
