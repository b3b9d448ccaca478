import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { createOwner, registerAccount } from "../factories/accounts";
import { api, idem } from "../factories/http";

async function pdfBytes(invoiceId: string, token: string, base = "/api/billing") {
  const res = await createApp().request(`${base}/invoice/${invoiceId}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe("invoice PDF", () => {
  it("is a qualified invoice in Japanese with the right totals", async () => {
    const s = await registerAccount("SUPPLIER", { companyName: "株式会社請求テスト工業" });
    const purchase = await api("POST", "/api/billing/ticket_purchase", {
      headers: idem(),
      token: s.token,
      body: { quantity: 5 },
    });
    const list = await api("GET", `/api/billing/invoices?companyId=${s.companyId}`, { token: s.token });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      id: purchase.body.invoiceId,
      kind: "TICKETS",
      subtotalYen: 22500,
      taxYen: 2250,
      totalYen: 24750,
    });

    const pdf = await pdfBytes(purchase.body.invoiceId, s.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const dir = mkdtempSync(path.join(tmpdir(), "invoice-"));
    const file = path.join(dir, "invoice.pdf");
    writeFileSync(file, pdf.bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const expected of [
      "請求書",
      "株式会社請求テスト工業",
      "登録番号：T1234567890123",
      "チケット5枚セット",
      "¥22,500",
      "消費税（10%）",
      "¥2,250",
      "¥24,750",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A page as PNG, for a person to look at (written next to the PDF).
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
  });

  it("keeps 御中 whole after a long company name and prints Japanese dates", async () => {
    // Names of every length around a line's width, so one of them ends just before 御中.
    const base = "株式会社ロングネーム精密機械工業ホールディングスアジアパシフィック";
    for (const extra of [
      "製造販売事業本部",
      "製造販売事業本部東日本",
      "製造販売事業本部東日本支店",
      "製造販売事業本部東日本支店営業",
      "製造販売事業本部東日本支店営業一課",
    ]) {
      const longName = base + extra;
      const s = await registerAccount("SUPPLIER", { companyName: longName });
      const purchase = await api("POST", "/api/billing/ticket_purchase", {
        token: s.token,
        body: { quantity: 1 },
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      expect(purchase.status).toBe(201);
      const pdf = await pdfBytes(purchase.body.invoiceId, s.token);
      const dir = mkdtempSync(path.join(tmpdir(), "invoice-long-"));
      const file = path.join(dir, "invoice.pdf");
      writeFileSync(file, pdf.bytes);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      const lines = text.split("\n").map((l) => l.trim());
      // 御中 sits on one line, either after the end of the name or on its own line.
      expect(
        lines.some((l) => l.endsWith("御中")),
        text,
      ).toBe(true);
      expect(
        lines.some((l) => l.endsWith("御")),
        text,
      ).toBe(false);
      // The whole name is printed, wrapped or not.
      expect(text.replace(/\s+/g, "")).toContain(`${longName}御中`);
      // Business dates in Japanese, never ISO.
      expect(text).toMatch(/発行日：\d{4}年\d{1,2}月\d{1,2}日/);
      expect(text).toMatch(/お支払期限：\d{4}年\d{1,2}月\d{1,2}日/);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "60",
        "-f",
        "1",
        "-l",
        "1",
        file,
        `/tmp/g-invoice-${extra.length}`,
      ]);
    }
  });

  it("answers 404 to another supplier and serves the operator on the console's path only", async () => {
    const s = await registerAccount("SUPPLIER");
    const other = await registerAccount("SUPPLIER");
    const purchase = await api("POST", "/api/billing/ticket_purchase", {
      headers: idem(),
      token: s.token,
      body: { quantity: 1 },
    });
    expect((await pdfBytes(purchase.body.invoiceId, other.token)).status).toBe(404);
    const owner = await createOwner();
    expect((await pdfBytes(purchase.body.invoiceId, owner.token, "/api/owner")).status).toBe(200);
    expect((await pdfBytes(purchase.body.invoiceId, owner.token)).status).toBe(403);
    expect((await pdfBytes(purchase.body.invoiceId, s.token, "/api/owner")).status).toBe(403);
    expect(
      (await api("GET", `/api/billing/invoices?companyId=${s.companyId}`, { token: other.token })).status,
    ).toBe(404);
  });
});
