import { describe, expect, it } from "vitest";
import { z } from "zod";
import { numberFromText } from "./validation";

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]!.message;
};

describe("the product's wording for messages no schema sets", () => {
  it("answers a wrong type in our words, not the library's 「無効な入力: …が期待されましたが…」", () => {
    expect(messageOf(z.boolean(), "true")).toBe("「はい」か「いいえ」で指定してください");
    expect(messageOf(z.number(), Number.NaN)).toBe("数値で入力してください");
    expect(messageOf(z.coerce.number(), "abc")).toBe("数値で入力してください");
    expect(messageOf(z.number().int(), 1.5)).toBe("整数で入力してください");
    expect(messageOf(z.string(), 12)).toBe("文字で入力してください");
    expect(messageOf(z.array(z.number()), "1,2")).toBe("一覧の形式が正しくありません");
    expect(messageOf(z.object({ a: z.string() }), {})).toBe("入力してください");
  });

  it("names limits, choices and formats in Japanese", () => {
    expect(messageOf(z.string().max(3), "あいうえ")).toBe("3文字以内で入力してください");
    expect(messageOf(z.number().max(47), 48)).toBe("47以下で入力してください");
    expect(messageOf(z.array(z.number()).max(1), [1, 2])).toBe("1件以内で指定してください");
    expect(messageOf(z.enum(["A", "B"]), "C")).toBe("選択肢から選んでください");
    expect(messageOf(z.uuid(), "x")).toBe("IDの形式が正しくありません");
    expect(messageOf(z.strictObject({}), { x: 1 })).toBe("使用できない項目が含まれています");
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.number("都道府県を選択してください"), "13")).toBe("都道府県を選択してください");
  });
});

describe("numberFromText", () => {
  it("sends a form's digits as a JSON number and leaves other text for the schema to refuse", () => {
    expect(numberFromText("13")).toBe(13);
    expect(numberFromText(" 350 ")).toBe(350);
    expect(numberFromText("abc")).toBe("abc");
    expect(numberFromText("")).toBe("");
    // Signed and decimal numbers are numbers too, for the schema's range and integer messages.
    expect(numberFromText("-10")).toBe(-10);
    expect(numberFromText("−10")).toBe(-10);
    expect(numberFromText("1.5")).toBe(1.5);
    expect(numberFromText("1.")).toBe("1.");
  });
});
