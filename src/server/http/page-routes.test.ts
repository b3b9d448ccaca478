import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageRouteOf, scanPageRoutes } from "./page-routes";

// Issue 34: every page was counted as "(page)" in the metrics. The label is the page's route
// pattern, read from the app directory as Next reads it.

const patterns = scanPageRoutes(path.resolve(import.meta.dirname, "../../app"));
const route = (url: string) => pageRouteOf(patterns, url);

describe("pageRouteOf (this app's src/app)", () => {
  it("labels a supplier page by its pattern, whatever the id and query", () => {
    expect(route("/oem/company/0b7f8a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("/oem/company/[id]");
    expect(route("/oem/company/abc?tab=cases")).toBe("/oem/company/[id]");
  });

  it("prefers a static segment to a dynamic one, and leaves route groups out", () => {
    expect(route("/oem/company")).toBe("/oem/company");
    expect(route("/owner/news/new")).toBe("/owner/news/new");
    expect(route("/owner/news/42")).toBe("/owner/news/[newsId]");
    expect(route("/owner")).toBe("/owner");
    expect(route("/")).toBe("/");
    expect(route("/oem/search?prefecture=13")).toBe("/oem/search");
  });

  it("gives Next's assets, images and metadata files their own labels, and unknown paths one", () => {
    expect(route("/_next/static/chunks/app.js")).toBe("(next asset)");
    expect(route("/_next/image?url=%2Fapi%2Fimage%2F1&w=640&q=75")).toBe("/_next/image");
    expect(route("/robots.txt")).toBe("/robots.txt");
    expect(route("/sitemap.xml")).toBe("/sitemap.xml");
    expect(route("/no/such/page/here")).toBe("(page not found)");
  });
});

describe("pageRouteOf (patterns)", () => {
  it("matches catch-all segments", () => {
    const ps = [
      {
        label: "/docs/[...slug]",
        segments: [
          { kind: "static" as const, name: "docs" },
          { kind: "catchAll" as const, optional: false },
        ],
      },
      {
        label: "/blog/[[...slug]]",
        segments: [
          { kind: "static" as const, name: "blog" },
          { kind: "catchAll" as const, optional: true },
        ],
      },
    ];
    expect(pageRouteOf(ps, "/docs/a/b")).toBe("/docs/[...slug]");
    expect(pageRouteOf(ps, "/docs")).toBe("(page not found)");
    expect(pageRouteOf(ps, "/blog")).toBe("/blog/[[...slug]]");
  });
});
