import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const APP = "http://localhost:3000";

// Each of these leaves the site (or runs script) once a browser follows it.
const BYPASSES = [
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example/phish",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "  /\\evil.example",
  "\u0000//evil.example",
  "/\t\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/a/..//evil.example",
  "https://evil.example",
  "https:evil.example",
  "http:/\\evil.example",
  "HTTPS://evil.example/owner",
  "//localhost:3000@evil.example",
  "http://localhost:3000@evil.example/account",
  "https://user:pass@evil.example",
  "http://localhost:3000.evil.example/",
  "https://localhost:3000/account",
  "http://localhost:3001/account",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "account/buyer",
  "",
  "%2F%2Fevil.example",
];

describe("safeRedirect", () => {
  it.each(BYPASSES)("refuses %j", (value) => {
    expect(safeRedirect(value, APP)).toBeUndefined();
    expect(safeRedirect(value)).toBeUndefined();
  });

  it("keeps a path of this site with its query and fragment", () => {
    expect(safeRedirect("/account/oem/contact?page=2#top", APP)).toBe("/account/oem/contact?page=2#top");
    expect(safeRedirect("/buyer/single-inquiry?companyId=abc&step=1")).toBe(
      "/buyer/single-inquiry?companyId=abc&step=1",
    );
    expect(safeRedirect("/")).toBe("/");
  });

  it("keeps an absolute URL of the app's own origin as its path", () => {
    expect(safeRedirect("http://localhost:3000/account/buyer?x=1", APP)).toBe("/account/buyer?x=1");
    // Without the app's origin only paths are accepted.
    expect(safeRedirect("http://localhost:3000/account/buyer")).toBeUndefined();
  });

  it("returns the normalised path, never the raw input", () => {
    expect(safeRedirect("/account/\tbuyer")).toBe("/account/buyer");
    expect(safeRedirect("/owner/../account/buyer")).toBe("/account/buyer");
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("takes the first of repeated parameters and ignores nothing-values", () => {
    expect(safeRedirect(["/account/buyer", "//evil.example"])).toBe("/account/buyer");
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect(null)).toBeUndefined();
  });
});
