import type { MatrixCase } from "./matrix";

// The deal room's rows of the authorization matrix (console).
export const dealConsoleMatrix: MatrixCase[] = [];
