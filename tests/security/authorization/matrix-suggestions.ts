import type { MatrixCase } from "./matrix";
import { all } from "./matrix-helpers";

// The suggestions of the bulk inquiry flow (issue 20): public like the supplier search, the same
// answer for everyone, signed in or not (the flow asks before sign-in).

export const suggestionMatrix: MatrixCase[] = [
  {
    op: "POST /api/contact/suggestions",
    request: () => ({
      path: "/api/contact/suggestions",
      body: { categoryId: 1, prefectureIds: [13], lotQuantity: 1000, quantityUnit: "個", sampleWanted: true },
    }),
    expect: all(200),
  },
  {
    op: "POST /api/contact/suggestions",
    name: "a quantity without its unit",
    request: () => ({ path: "/api/contact/suggestions", body: { categoryId: 1, lotQuantity: 1000 } }),
    expect: all(422),
  },
];
