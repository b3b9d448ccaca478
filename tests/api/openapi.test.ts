import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { api } from "../factories/http";

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await api("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every operation with responses and its security", async () => {
    const res = await api("GET", "/api/openapi.json");
    for (const [path, ops] of Object.entries(res.body.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.responses, `${method} ${path}`).toBeTruthy();
        expect(Array.isArray(op.security), `${method} ${path} declares security`).toBe(true);
        expect(op.summary, `${method} ${path} has a Japanese summary`).toMatch(/[ぁ-んァ-ヶ一-龥]/);
      }
    }
  });

  it("names every operation with a unique camelCase operationId, for generated clients", async () => {
    const res = await api("GET", "/api/openapi.json");
    const seen = new Map<string, string>();
    for (const [path, ops] of Object.entries(res.body.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, `${where} has an operationId`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        expect(seen.get(op.operationId), `${where} reuses ${op.operationId}`).toBeUndefined();
        seen.set(op.operationId, where);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it("names its server and its license, as Redocly's recommended rules ask", async () => {
    const res = await api("GET", "/api/openapi.json");
    expect(res.body.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    expect(res.body.info.license).toEqual({ name: "Proprietary", identifier: "LicenseRef-Proprietary" });
  });

  it("serves the reference page at /api/docs with its assets from this server", async () => {
    const page = await api("GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.body).toContain("/api/docs/swagger-ui-bundle.js");
    const js = await api("GET", "/api/docs/swagger-ui-bundle.js");
    expect(js.status).toBe(200);
  });
});
