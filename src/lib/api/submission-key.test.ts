import { describe, expect, it } from "vitest";
import { ApiError } from "./client";
import { submissionKey } from "./submission-key";

describe("submissionKey", () => {
  it("keeps one key while the same body is retried after a lost answer, and renews it after an answer or a change", () => {
    const k = submissionKey();
    const first = k.keyFor({ a: 1 });
    expect(k.keyFor({ a: 1 })).toBe(first);
    k.settle(new ApiError(0, "NETWORK", "通信に失敗しました"));
    expect(k.keyFor({ a: 1 })).toBe(first);
    expect(k.keyFor({ a: 2 })).not.toBe(first);
    const second = k.keyFor({ a: 2 });
    k.settle(new ApiError(422, "VALIDATION_FAILED", "入力内容に誤りがあります"));
    expect(k.keyFor({ a: 2 })).not.toBe(second);
    const third = k.keyFor({ a: 2 });
    k.settle();
    expect(k.keyFor({ a: 2 })).not.toBe(third);
  });
});
