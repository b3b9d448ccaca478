import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { ERROR_CATALOGUE, errorContentFor, statusOfError } from "./error-catalogue";

describe("error catalogue (spec §8)", () => {
  it("keeps the spec's titles and messages verbatim", () => {
    expect(
      [401, 403, 404, 500].map((s) => [ERROR_CATALOGUE[s as 401].title, ERROR_CATALOGUE[s as 401].message]),
    ).toEqual([
      ["認証エラー", "ログインが必要です。"],
      ["アクセス制限", "このページへのアクセス権限がありません。"],
      ["ページが見つかりません", "お探しのページが見つかりませんでした。"],
      ["サーバーエラー", "サーバーで問題が発生しました。"],
    ]);
  });

  it("lists the 404 causes of the spec", () => {
    expect(ERROR_CATALOGUE[404].causes).toEqual([
      "URLが間違っている可能性があります",
      "ページが削除された可能性があります",
      "ページが移動した可能性があります",
    ]);
  });

  it("falls back to the 500 screen for any other status", () => {
    expect(errorContentFor(409).status).toBe(500);
    expect(errorContentFor(429).title).toBe("サーバーエラー");
    expect(errorContentFor(undefined).status).toBe(500);
  });

  it("takes the status from a failed response, else 500", () => {
    expect(statusOfError(new ApiError(403, "FORBIDDEN", "権限がありません"))).toBe(403);
    expect(statusOfError(new ApiError(401, "UNAUTHENTICATED", "ログインしてください"))).toBe(401);
    expect(statusOfError(new ApiError(0, "NETWORK", "通信に失敗しました"))).toBe(500);
    expect(statusOfError(new Error("boom"))).toBe(500);
    expect(statusOfError("boom")).toBe(500);
    expect(statusOfError({ status: 404 })).toBe(404);
  });
});
