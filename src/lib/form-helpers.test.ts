import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { GENERIC_ERROR, messageOf, setFieldErrors } from "./form-helpers";

type Values = { email: string; password: string };

function recorder() {
  const calls: [string, { type: string; message?: string }][] = [];
  const setError = ((name: string, error: { type: string; message?: string }) => {
    calls.push([name, error]);
  }) as unknown as Parameters<typeof setFieldErrors<Values>>[1];
  return { calls, setError };
}

describe("setFieldErrors", () => {
  it("puts the listed fields' messages on their inputs and skips the others", () => {
    const { calls, setError } = recorder();
    const error = new ApiError(422, "VALIDATION_ERROR", "入力内容をご確認ください。", {
      email: "メールアドレスの形式が正しくありません",
      token: "リンクが正しくありません",
      password: "パスワードは8文字以上で入力してください",
    });
    setFieldErrors<Values>(error, setError, ["email", "password"]);
    expect(calls).toEqual([
      ["email", { type: "server", message: "メールアドレスの形式が正しくありません" }],
      ["password", { type: "server", message: "パスワードは8文字以上で入力してください" }],
    ]);
  });

  it("only the fields asked for", () => {
    const { calls, setError } = recorder();
    const error = new ApiError(422, "VALIDATION_ERROR", "x", { email: "a", password: "b" });
    setFieldErrors<Values>(error, setError, ["email"]);
    expect(calls).toEqual([["email", { type: "server", message: "a" }]]);
  });

  it("does nothing for a failure that is not an API answer", () => {
    const { calls, setError } = recorder();
    setFieldErrors<Values>(new TypeError("Failed to fetch"), setError, ["email"]);
    expect(calls).toEqual([]);
    expect(messageOf(new TypeError("Failed to fetch"))).toBe(GENERIC_ERROR);
  });
});
