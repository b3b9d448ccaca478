import { beforeAll, describe, expect, it } from "vitest";
import { ACTORS, createPersonas, type Personas } from "../factories/actors";
import { api } from "../factories/http";
import { matrix } from "./authorization/matrix";

let personas: Personas;
let operations: string[];

beforeAll(async () => {
  personas = await createPersonas();
  const doc = await api("GET", "/api/openapi.json");
  operations = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} /api${path.replace(/^\/api/, "")}`),
  );
});

describe("authorization matrix", () => {
  it("has at least one case for every operation of the OpenAPI document", () => {
    const covered = new Set(matrix.map((c) => c.op));
    const missing = operations.filter((op) => !covered.has(op));
    expect(missing, `operations without a row in tests/api/authorization/matrix.ts`).toEqual([]);
    const unknown = [...covered].filter((op) => !operations.includes(op));
    expect(unknown, "rows naming an operation the API does not have").toEqual([]);
  });

  for (const row of matrix) {
    it(`${row.op}${row.name ? ` (${row.name})` : ""}`, async () => {
      const got: Record<string, number> = {};
      for (const actor of ACTORS) {
        const req = await row.request(personas, actor);
        const token = req.token === undefined ? personas[actor].token : (req.token ?? undefined);
        const method = row.op.split(" ")[0]!;
        const res = await api(method, req.path, { token, body: req.body });
        got[actor] = res.status;
        if (res.status >= 400 && res.status !== 404) {
          // Every refusal carries the error envelope with a Japanese message.
          expect(res.body?.error?.message, `${actor}: ${JSON.stringify(res.body)}`).toMatch(
            /[ぁ-んァ-ヶ一-龥]/,
          );
        }
      }
      expect(got).toEqual(row.expect);
    });
  }
});
