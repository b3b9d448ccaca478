import { describe, expect, it } from "vitest";
import "@/lib/validation";
import { certificationUpload } from "./certification.schema";

// Issue 33 item 22: the form's field is 「登録番号・許可番号」; its error named 「証明書・許可の番号」.
describe("certification upload messages", () => {
  it("names the number field as the form labels it", () => {
    const r = certificationUpload.safeParse({ certificationTypeId: 1, number: " ", issuer: "東京都" });
    const number = r.error?.issues.find((i) => i.path[0] === "number");
    expect(number?.message).toBe("登録番号・許可番号を入力してください");
    const long = certificationUpload.safeParse({
      certificationTypeId: 1,
      number: "1".repeat(101),
      issuer: "東京都",
    });
    expect(long.error?.issues.find((i) => i.path[0] === "number")?.message).toBe(
      "登録番号・許可番号は100文字以内で入力してください",
    );
  });
});
