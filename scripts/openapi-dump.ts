import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// Writes the app's OpenAPI document to a file for `redocly lint`; building it needs no database.
process.env.LOG_LEVEL ??= "silent";
const { createApp } = await import("@/api/app");
const out = process.argv[2] ?? "test-reports/openapi.json";
const res = await createApp().request("/api/openapi.json");
if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(await res.json(), null, 2)}\n`);
console.log(`OpenAPI document written to ${out}`);
