import { describe, expect, it } from "vitest";
import { base64UploadInput, captionUpdateInput, fileUploadInput } from "./files.schema";

describe("base64UploadInput", () => {
  it("strips a data URL prefix and accepts bare Base64", () => {
    expect(base64UploadInput.parse({ image: "data:image/png;base64,iVBORw0KGgo=" }).image).toBe(
      "iVBORw0KGgo=",
    );
    expect(base64UploadInput.parse({ image: "iVBORw0K\nGgo=" }).image).toBe("iVBORw0KGgo=");
    expect(base64UploadInput.parse({ image: "aGVsbG8_-w" }).image).toBe("aGVsbG8_-w");
  });

  it("refuses what is not Base64 with a Japanese message", () => {
    for (const image of ["***", "data:image/png;base64,", "abcde", "a=b=", "<svg/>"]) {
      const r = base64UploadInput.safeParse({ image });
      expect(r.success, image).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/画像/);
    }
  });

  it("treats a blank caption as none and limits it to 200 characters", () => {
    expect(base64UploadInput.parse({ image: "AAAA", caption: "  " }).caption).toBeUndefined();
    expect(base64UploadInput.safeParse({ image: "AAAA", caption: "あ".repeat(201) }).success).toBe(false);
  });
});

describe("fileUploadInput", () => {
  it("needs a non-empty file", () => {
    expect(fileUploadInput.safeParse({}).error?.issues[0]?.message).toBe("画像ファイルを選択してください");
    expect(fileUploadInput.safeParse({ file: "text" }).success).toBe(false);
    expect(fileUploadInput.safeParse({ file: new File([], "empty.png") }).success).toBe(false);
    expect(fileUploadInput.safeParse({ file: new File(["x"], "a.png") }).success).toBe(true);
  });
});

describe("captionUpdateInput", () => {
  it("clears a blank caption and needs a UUID image id", () => {
    const id = "7c2d1c6e-5b7a-4b0e-9b1a-2f1e3d4c5b6a";
    expect(captionUpdateInput.parse({ imageId: id, caption: " " }).caption).toBeNull();
    expect(captionUpdateInput.parse({ imageId: id, caption: null }).caption).toBeNull();
    expect(captionUpdateInput.safeParse({ imageId: "x", caption: "a" }).success).toBe(false);
  });
});
