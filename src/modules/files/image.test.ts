import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/http/errors";
import { MAX_IMAGE_BYTES, processImage, sanitizeOriginalName, sniffImageFormat } from "./image";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#804020" } });

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).code;
  }
}

describe("sniffImageFormat", () => {
  it("recognises the accepted formats by their leading bytes", async () => {
    expect(sniffImageFormat(await solid(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await solid(4, 4).png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await solid(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await solid(4, 4).gif().toBuffer())).toBe("gif");
    expect(sniffImageFormat(await solid(4, 4).avif().toBuffer())).toBe("avif");
  });

  it("recognises nothing else", async () => {
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from("<!doctype html><html></html>"))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from("%PDF-1.7 and some more text"))).toBeUndefined();
    expect(sniffImageFormat(await solid(4, 4).tiff().toBuffer())).toBeUndefined();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });
});

describe("processImage", () => {
  it("re-encodes each accepted format into its family", async () => {
    const cases: [Buffer, string, string][] = [
      [await solid(30, 20).jpeg().toBuffer(), "image/jpeg", "jpg"],
      [await solid(30, 20).png().toBuffer(), "image/png", "png"],
      [await solid(30, 20).webp().toBuffer(), "image/webp", "webp"],
      [await solid(30, 20).gif().toBuffer(), "image/png", "png"],
      [await solid(30, 20).avif().toBuffer(), "image/avif", "avif"],
    ];
    for (const [input, contentType, ext] of cases) {
      const out = await processImage(input);
      expect({ contentType: out.contentType, ext: out.ext, width: out.width, height: out.height }).toEqual({
        contentType,
        ext,
        width: 30,
        height: 20,
      });
    }
  });

  it("rotates by EXIF orientation and strips all metadata", async () => {
    const input = await solid(40, 10)
      .jpeg()
      .withMetadata({ orientation: 8 })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 0/1 0/1" } })
      .toBuffer();
    const out = await processImage(input);
    expect([out.width, out.height]).toEqual([10, 40]);
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it("refuses non-images with 415, oversize with 413, too many pixels with 422", async () => {
    expect(await codeOf(processImage(Buffer.from("just text, but long enough")))).toBe(
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const png = await solid(50, 50).png().toBuffer();
    expect(await codeOf(processImage(png.subarray(0, 30)))).toBe("UNSUPPORTED_MEDIA_TYPE");
    // A PNG signature glued to a JPEG: the decoder and the leading bytes must agree.
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    expect(await codeOf(processImage(Buffer.concat([png.subarray(0, 8), jpeg])))).toBe(
      "UNSUPPORTED_MEDIA_TYPE",
    );
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    png.copy(big);
    expect(await codeOf(processImage(big))).toBe("PAYLOAD_TOO_LARGE");
    const wide = await solid(10_000, 4_001).png().toBuffer();
    expect(await codeOf(processImage(wide))).toBe("VALIDATION_FAILED");
  });
});

describe("processImage limits", () => {
  it("refuses by the header alone above 25 MP or 8,000 px a side, and scales down only when asked", async () => {
    expect(await codeOf(processImage(await solid(5001, 5001).png().toBuffer()))).toBe("VALIDATION_FAILED");
    expect(await codeOf(processImage(await solid(8001, 8).png().toBuffer()))).toBe("VALIDATION_FAILED");
    const wide = await solid(4000, 1000).jpeg().toBuffer();
    expect([(await processImage(wide)).width, (await processImage(wide)).height]).toEqual([4000, 1000]);
    const fitted = await processImage(wide, { fitWithin: 2560 });
    expect([fitted.width, fitted.height]).toEqual([2560, 640]);
  });
});

describe("sanitizeOriginalName", () => {
  it("keeps only the last path segment, without control characters, at most 255 characters", () => {
    expect(sanitizeOriginalName("../../etc/passwd.png", "image.png")).toBe("passwd.png");
    expect(sanitizeOriginalName("C:\\Users\\me\\写真.jpg", "image.jpg")).toBe("写真.jpg");
    expect(sanitizeOriginalName("a\u0000b\u202e.png", "image.png")).toBe("ab.png");
    expect(sanitizeOriginalName("..", "image.png")).toBe("image.png");
    expect(sanitizeOriginalName(undefined, "image.webp")).toBe("image.webp");
    expect(Array.from(sanitizeOriginalName("あ".repeat(300), "x"))).toHaveLength(255);
  });
});
