import { describe, expect, it } from "vitest";
import { currentConsoleHref, safeConsoleRedirect } from "./console-nav";

describe("console menu", () => {
  it("highlights the dashboard only on /owner itself", () => {
    expect(currentConsoleHref("/owner")).toBe("/owner");
    expect(currentConsoleHref("/owner/buyers")).toBe("/owner/buyers");
    expect(currentConsoleHref("/owner/buyers/0f2c")).toBe("/owner/buyers");
    expect(currentConsoleHref("/owner/unknown")).toBeUndefined();
    expect(currentConsoleHref("/owner/deal-reports")).toBe("/owner/deal-reports");
  });

  it("sends the operator back to console pages only", () => {
    expect(safeConsoleRedirect("/owner/news?status=DRAFT")).toBe("/owner/news?status=DRAFT");
    expect(safeConsoleRedirect("https://evil.example/owner")).toBe("/owner");
    expect(safeConsoleRedirect("//evil.example")).toBe("/owner");
    expect(safeConsoleRedirect("/account/oem")).toBe("/owner");
    expect(safeConsoleRedirect("/owner/login")).toBe("/owner");
    expect(safeConsoleRedirect(null)).toBe("/owner");
  });

  it("judges the path a browser would follow, not the raw text", () => {
    expect(safeConsoleRedirect("/owner/../account/oem")).toBe("/owner");
    expect(safeConsoleRedirect("/owner/%2e%2e/login")).toBe("/owner");
    expect(safeConsoleRedirect("/ownerevil")).toBe("/owner");
    expect(safeConsoleRedirect("/owner/login?next=1")).toBe("/owner");
    expect(safeConsoleRedirect("/owner?tab=1")).toBe("/owner?tab=1");
    expect(safeConsoleRedirect("/owner/buyers/\t1")).toBe("/owner/buyers/1");
  });
});
