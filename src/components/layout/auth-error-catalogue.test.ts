import { describe, expect, it } from "vitest";
import { authErrorContent, safeCallbackPath } from "./auth-error-catalogue";

describe("authErrorContent", () => {
  it("asks for a login on SessionRequired", () => {
    expect(authErrorContent("SessionRequired")).toMatchObject({ title: "ログインが必要です", login: true });
  });
  it("explains each known code in Japanese and falls back to a default", () => {
    for (const code of [
      "Configuration",
      "AccessDenied",
      "Verification",
      "CredentialsSignin",
      "OAuthCallback",
    ]) {
      expect(authErrorContent(code).title).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect(authErrorContent("MissingSecret")).toBe(authErrorContent("Configuration"));
    expect(authErrorContent("toString").title).toBe("ログインでエラーが発生しました");
    expect(authErrorContent(undefined).title).toBe("ログインでエラーが発生しました");
  });
});

describe("safeCallbackPath", () => {
  it("keeps same-site paths and drops anything else", () => {
    expect(safeCallbackPath("/account/oem/contact?page=2")).toBe("/account/oem/contact?page=2");
    expect(safeCallbackPath("http://localhost:3000/account/buyer")).toBe("/account/buyer");
    expect(safeCallbackPath("//evil.example")).toBeUndefined();
    expect(safeCallbackPath("/\\evil.example")).toBeUndefined();
    expect(safeCallbackPath("javascript:alert(1)")).toBeUndefined();
    expect(safeCallbackPath(undefined)).toBeUndefined();
  });

  it("drops a path whose tab or newline a browser removes, leaving another host", () => {
    expect(safeCallbackPath("/\t/evil.example/phish")).toBeUndefined();
    expect(safeCallbackPath("/\n/evil.example")).toBeUndefined();
    expect(safeCallbackPath("https://evil.example/account")).toBeUndefined();
  });
});
