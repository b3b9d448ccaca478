import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptJsonAnswer } from "./kept-json";

const rows = [
  { id: 1, name: "北海道", region: "北海道" },
  { id: 47, name: "沖縄県", region: "九州・沖縄" },
];
let kept = rows;
let serialised = 0;
const answer = keptJsonAnswer((items: typeof rows) => {
  serialised++;
  return { items };
});
const app = new Hono();
app.get("/json", (c) => c.json({ items: kept }, 200));
app.get("/kept", (c) => answer(c, kept));

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw head (without Date) and body bytes Node sends. */
function raw(path: string): Promise<{ status: number; head: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ port, host: "127.0.0.1", path }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const head: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i] !== "Date") head.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode ?? 0, head, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

describe("keptJsonAnswer", () => {
  it("answers the bytes and headers c.json() answers, served by node-server and in app.request()", async () => {
    const [json, kept] = await Promise.all([raw("/json"), raw("/kept")]);
    expect(kept).toEqual(json);
    expect(kept.head).toContain("Content-Type: application/json");
    const [a, b] = await Promise.all([app.request("/json"), app.request("/kept")]);
    expect(b.status).toBe(a.status);
    expect([...b.headers]).toEqual([...a.headers]);
    expect(await b.text()).toBe(await a.text());
  });

  it("serialises once per kept value, and again for a new one", async () => {
    kept = [...rows];
    serialised = 0;
    await raw("/kept");
    await raw("/kept");
    await app.request("/kept");
    expect(serialised).toBe(1);
    kept = [...rows, { id: 13, name: "東京都", region: "関東" }];
    const fresh = await raw("/kept");
    expect(serialised).toBe(2);
    expect(JSON.parse(fresh.body.toString("utf8")).items).toHaveLength(3);
    expect(fresh).toEqual(await raw("/json"));
  });
});
