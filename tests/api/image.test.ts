import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/api/app";
import { UPLOADS_PER_10_MINUTES } from "@/modules/files/files.service";
import { db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import { LocalDiskStorage, setStorage } from "@/server/storage/storage";
import { type Account, registerVerified } from "../factories/accounts";
import { api } from "../factories/http";

const UNSUPPORTED = "画像ファイル（JPEG・PNG・WebP・GIF・AVIF）を選択してください。";
// A decompression bomb is small: its danger is in the pixels, not the bytes.
const MAX_BOMB_BYTES = 200 * 1024;

let dir: string;
let supplier: Account;
let buyer: Account;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "oem-images-"));
  setStorage(new LocalDiskStorage(dir));
  [supplier, buyer] = await Promise.all([registerVerified("SUPPLIER"), registerVerified("BUYER")]);
});

afterAll(async () => {
  setStorage(undefined);
  await rm(dir, { recursive: true, force: true });
});

function solid(width: number, height: number, background = "#2a6f97") {
  return sharp({ create: { width, height, channels: 3, background } });
}

function form(data: Buffer | string, name: string, type: string, caption?: string) {
  const f = new FormData();
  f.append("file", new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type }));
  if (caption !== undefined) f.append("caption", caption);
  return f;
}

/** GET with the raw bytes (the shared helper reads bodies as text). */
const app = createApp();
async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await app.request(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function storedRow(id: string) {
  const [row] = await db().select().from(files).where(eq(files.id, id));
  return row!;
}

describe("uploading images", () => {
  it("stores a Base64 PNG (data URL) for the active company and serves it publicly", async () => {
    const png = await solid(64, 48).png().toBuffer();
    const res = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      body: {
        image: `data:image/png;base64,${png.toString("base64")}`,
        fileName: "工場.png",
        caption: "工場の外観",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: `/api/image/${res.body.id}`,
      contentType: "image/png",
      width: 64,
      height: 48,
      caption: "工場の外観",
    });
    expect(res.body.byteSize).toBeGreaterThan(0);

    const row = await storedRow(res.body.id);
    expect(row).toMatchObject({
      kind: "IMAGE",
      companyId: supplier.companyId,
      uploadedByUserId: supplier.userId,
      originalName: "工場.png",
      storageKey: `images/${res.body.id}.png`,
    });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);

    const served = await fetchImage(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600, must-revalidate");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(served.bytes.length).toBe(res.body.byteSize);
    const meta = await sharp(served.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 64, 48]);

    const again = await fetchImage(res.body.url, { "if-none-match": served.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("accepts bare Base64 without a file name", async () => {
    const webp = await solid(20, 10).webp().toBuffer();
    const res = await api("POST", "/api/image/base64/upload", {
      token: buyer.token,
      body: { image: webp.toString("base64") },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: "image/webp", width: 20, height: 10, caption: null });
    expect((await storedRow(res.body.id)).originalName).toBe("image.webp");
  });

  it("stores a JPEG sent as form data", async () => {
    const jpeg = await solid(120, 80).jpeg().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(jpeg, "photo.jpg", "image/jpeg", "製品写真"),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      contentType: "image/jpeg",
      width: 120,
      height: 80,
      caption: "製品写真",
    });
    const served = await fetchImage(res.body.url);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(served.bytes).metadata()).format).toBe("jpeg");
  });

  it("applies the EXIF orientation and drops EXIF and GPS data", async () => {
    const jpeg = await solid(60, 30)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "TestCam", Model: "Z" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "35/1 41/1 22/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "139/1 41/1 30/1",
        },
      })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(input.orientation).toBe(6);

    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(jpeg, "gps.jpg", "image/jpeg"),
    });
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([30, 60]);
    const served = await fetchImage(res.body.url);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.bytes.includes(Buffer.from("TestCam"))).toBe(false);
  });

  it("keeps the first frame of a GIF, as PNG", async () => {
    const gif = await solid(16, 16).gif().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(gif, "a.gif", "image/gif"),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: "image/png", width: 16, height: 16 });
  });

  it("ignores path tricks in the file name: the storage key is the server's own", async () => {
    const png = await solid(8, 8).png().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(png, "../../etc/passwd.png", "image/png"),
    });
    expect(res.status).toBe(201);
    const row = await storedRow(res.body.id);
    expect(row.storageKey).toBe(`images/${res.body.id}.png`);
    expect(row.originalName).toBe("passwd.png");
    expect(await readdir(dir)).toEqual(["images"]);
    expect(await readdir(path.join(dir, "images"))).toContain(`${res.body.id}.png`);

    const base64 = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      body: { image: png.toString("base64"), fileName: `..\\..\\windows\\${"x".repeat(400)}.png` },
    });
    expect(base64.status).toBe(201);
    const row2 = await storedRow(base64.body.id);
    expect(row2.storageKey).toBe(`images/${base64.body.id}.png`);
    expect(row2.originalName).toHaveLength(255);
    expect(row2.originalName).not.toContain("\\");
  });
});

describe("refusing what is not an image", () => {
  it("refuses a text file named .png with 415", async () => {
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form("これは画像ではありません", "note.png", "image/png"),
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: UNSUPPORTED });
  });

  it("refuses SVG, as a file and as a data URL claiming PNG", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const file = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(svg, "logo.svg", "image/svg+xml"),
    });
    expect(file.status).toBe(415);
    const data = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      body: { image: `data:image/png;base64,${Buffer.from(svg).toString("base64")}` },
    });
    expect(data.status).toBe(415);
    expect(data.body.error.message).toBe(UNSUPPORTED);
  });

  it("refuses HTML disguised as .jpg and a PDF", async () => {
    const html = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(
        "<!doctype html><html><body><script>alert(1)</script></body></html>",
        "cat.jpg",
        "image/jpeg",
      ),
    });
    expect(html.status).toBe(415);
    const pdf = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF", "doc.png", "image/png"),
    });
    expect(pdf.status).toBe(415);
  });

  it("refuses a truncated image whose header looks right", async () => {
    const png = await solid(100, 100).png().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(png.subarray(0, 40), "broken.png", "image/png"),
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/[ぁ-ん]/);
  });

  it("refuses more than 10 MB with 413, as form data and as Base64", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const file = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(big, "big.png", "image/png"),
    });
    expect(file.status).toBe(413);
    expect(file.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "画像のファイルサイズは10MB以内にしてください。",
    });

    const b64 = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      body: { image: big.toString("base64") },
    });
    expect(b64.status).toBe(413);
    expect(b64.body.error.code).toBe("PAYLOAD_TOO_LARGE");

    const huge = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(Buffer.alloc(12 * 1024 * 1024), "huge.png", "image/png"),
    });
    expect(huge.status).toBe(413);

    // A declared Content-Length over the route's limit is refused before the body is read.
    const raw = JSON.stringify({ image: "A".repeat(15 * 1024 * 1024) });
    const declared = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      raw,
      headers: { "content-type": "application/json", "content-length": String(raw.length) },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses images over 25 megapixels with 422", async () => {
    const png = await solid(8000, 6000, "#ffffff").png().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(png, "wide.png", "image/png"),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain("2,500万画素");
  });

  it("answers 422 for bad Base64 and for a missing file field, in Japanese", async () => {
    const bad = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      body: { image: "***not base64***" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ image: "画像データ（Base64）の形式が正しくありません" });

    const empty = await api("POST", "/api/image/base64/upload", { token: supplier.token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.image).toBe("画像を選択してください");

    const noFile = new FormData();
    noFile.append("caption", "キャプションだけ");
    const missing = await api("POST", "/api/image/file/upload", { token: supplier.token, body: noFile });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ file: "画像ファイルを選択してください" });

    const png = await solid(8, 8).png().toBuffer();
    const longCaption = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(png, "a.png", "image/png", "あ".repeat(201)),
    });
    expect(longCaption.status).toBe(422);
    expect(longCaption.body.error.fields.caption).toBe("キャプションは200文字以内で入力してください");
  });

  it("refuses a JSON body on the form-data route with 415", async () => {
    const res = await api("POST", "/api/image/file/upload", { token: supplier.token, body: { file: "x" } });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/multipart\/form-data/);
  });
});

// Issue 15 item 13: a tiny file that decodes to a huge picture must not buy seconds of CPU.
describe("refusing decompression bombs", () => {
  const timed = async (call: () => Promise<{ status: number; body: any }>) => {
    const started = performance.now();
    const res = await call();
    return { ...res, ms: performance.now() - started };
  };

  it("refuses a small 6300×6300 PNG by its header, with a Japanese field error, well under a second", async () => {
    const png = await solid(6300, 6300, "#ffffff").png({ compressionLevel: 9 }).toBuffer();
    expect(png.length).toBeLessThan(MAX_BOMB_BYTES);
    const res = await timed(() =>
      api("POST", "/api/image/file/upload", {
        token: supplier.token,
        body: form(png, "bomb.png", "image/png"),
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.fields.file).toContain("2,500万画素");
    expect(res.ms).toBeLessThan(1000);
  });

  it("refuses a 1 kB AVIF of 6300×6300 before decoding it, well under a second", {
    timeout: 60_000,
  }, async () => {
    const avif = await solid(6300, 6300, "#ffffff").avif({ quality: 1, effort: 0 }).toBuffer();
    expect(avif.length).toBeLessThan(MAX_BOMB_BYTES);
    const res = await timed(() =>
      api("POST", "/api/image/base64/upload", {
        token: supplier.token,
        body: { image: avif.toString("base64") },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.fields.image).toContain("2,500万画素");
    expect(res.ms).toBeLessThan(1000);
  });

  it("refuses a side longer than 8,000 px even under the pixel limit", async () => {
    const png = await solid(8001, 10, "#ffffff").png().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(png, "strip.png", "image/png"),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.file).toContain("8,000ピクセル");
  });

  it("stores a large photo scaled down to 2,560 px on its longer side", async () => {
    const jpeg = await solid(4000, 1000).jpeg().toBuffer();
    const res = await api("POST", "/api/image/file/upload", {
      token: supplier.token,
      body: form(jpeg, "wide.jpg", "image/jpeg"),
    });
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([2560, 640]);
  });

  it("limits uploads that reach the decoder per account: the 101st within 10 minutes answers 429 in Japanese", async () => {
    const busy = await registerVerified("SUPPLIER");
    // A PNG's first bytes and nothing decodable: it costs the decoder a look, and counts.
    const broken = (await solid(50, 50).png().toBuffer()).subarray(0, 40);
    const attempt = (token = busy.token) =>
      api("POST", "/api/image/file/upload", { token, body: form(broken, "x.png", "image/png") });
    for (let i = 0; i < UPLOADS_PER_10_MINUTES; i++) expect((await attempt()).status).toBe(415);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/後にもう一度お試しください/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await attempt(supplier.token)).status).toBe(415);
  });
});

describe("who may upload", () => {
  it("answers 401 to anonymous callers on every upload call", async () => {
    const png = await solid(8, 8).png().toBuffer();
    const calls: [string, unknown][] = [
      ["/api/image/base64/upload", { image: png.toString("base64") }],
      ["/api/image/file/upload", form(png, "a.png", "image/png")],
      [`/api/image/company/${supplier.companyId}/base64/upload`, { image: png.toString("base64") }],
      [`/api/image/company/${supplier.companyId}/file/upload`, form(png, "a.png", "image/png")],
    ];
    for (const [url, body] of calls) {
      const res = await api("POST", url, { body });
      expect(res.status, url).toBe(401);
    }
    const caption = await api("PATCH", `/api/image/company/${supplier.companyId}/caption/update`, {
      body: { imageId: crypto.randomUUID(), caption: "x" },
    });
    expect(caption.status).toBe(401);
  });

  it("stores company-variant uploads on that company, and answers 404 for another company", async () => {
    const png = await solid(10, 10).png().toBuffer();
    const own = await api("POST", `/api/image/company/${supplier.companyId}/file/upload`, {
      token: supplier.token,
      body: form(png, "own.png", "image/png"),
    });
    expect(own.status).toBe(201);
    expect((await storedRow(own.body.id)).companyId).toBe(supplier.companyId);

    const ownBase64 = await api("POST", `/api/image/company/${buyer.companyId}/base64/upload`, {
      token: buyer.token,
      body: { image: png.toString("base64") },
    });
    expect(ownBase64.status).toBe(201);
    expect((await storedRow(ownBase64.body.id)).companyId).toBe(buyer.companyId);

    const other = await api("POST", `/api/image/company/${buyer.companyId}/file/upload`, {
      token: supplier.token,
      body: form(png, "x.png", "image/png"),
    });
    expect(other.status).toBe(404);
    const otherBase64 = await api("POST", `/api/image/company/${supplier.companyId}/base64/upload`, {
      token: buyer.token,
      body: { image: png.toString("base64") },
    });
    expect(otherBase64.status).toBe(404);
    const unknown = await api("POST", `/api/image/company/${crypto.randomUUID()}/base64/upload`, {
      token: buyer.token,
      body: { image: png.toString("base64") },
    });
    expect(unknown.status).toBe(404);
  });

  it("answers 404 before looking at the content for another company", async () => {
    const res = await api("POST", `/api/image/company/${buyer.companyId}/file/upload`, {
      token: supplier.token,
      body: form("not an image", "x.png", "image/png"),
    });
    expect(res.status).toBe(404);
  });
});

describe("captions", () => {
  it("updates the caption of the company's own image, and 404 for another company's image", async () => {
    const png = await solid(10, 10).png().toBuffer();
    const mine = await api("POST", "/api/image/base64/upload", {
      token: supplier.token,
      body: { image: png.toString("base64"), caption: "前" },
    });
    const theirs = await api("POST", "/api/image/base64/upload", {
      token: buyer.token,
      body: { image: png.toString("base64"), caption: "他社" },
    });

    const ok = await api("PATCH", `/api/image/company/${supplier.companyId}/caption/update`, {
      token: supplier.token,
      body: { imageId: mine.body.id, caption: "  新しいキャプション  " },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: mine.body.id, caption: "新しいキャプション", url: mine.body.url });

    const cleared = await api("PATCH", `/api/image/company/${supplier.companyId}/caption/update`, {
      token: supplier.token,
      body: { imageId: mine.body.id, caption: "" },
    });
    expect(cleared.body.caption).toBeNull();

    // Their image through my company, and through theirs.
    const viaMine = await api("PATCH", `/api/image/company/${supplier.companyId}/caption/update`, {
      token: supplier.token,
      body: { imageId: theirs.body.id, caption: "乗っ取り" },
    });
    expect(viaMine.status).toBe(404);
    const viaTheirs = await api("PATCH", `/api/image/company/${buyer.companyId}/caption/update`, {
      token: supplier.token,
      body: { imageId: theirs.body.id, caption: "乗っ取り" },
    });
    expect(viaTheirs.status).toBe(404);
    expect((await storedRow(theirs.body.id)).caption).toBe("他社");

    const tooLong = await api("PATCH", `/api/image/company/${supplier.companyId}/caption/update`, {
      token: supplier.token,
      body: { imageId: mine.body.id, caption: "あ".repeat(201) },
    });
    expect(tooLong.status).toBe(422);
  });
});

describe("serving", () => {
  it("answers 404 for an unknown or malformed image id", async () => {
    expect((await api("GET", `/api/image/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await api("GET", "/api/image/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
    expect((await api("GET", "/api/image/not-a-uuid")).status).toBe(404);
  });

  it("documents every image call in the OpenAPI document", async () => {
    const doc = (await api("GET", "/api/openapi.json")).body;
    expect(
      doc.paths["/api/image/file/upload"].post.requestBody.content["multipart/form-data"].schema.properties
        .file,
    ).toMatchObject({
      type: "string",
      format: "binary",
    });
    expect(doc.paths["/api/image/base64/upload"].post.security).toEqual([{ Bearer: [] }]);
    expect(doc.paths["/api/image/company/{companyId}/file/upload"].post.responses["201"]).toBeDefined();
    expect(doc.paths["/api/image/company/{companyId}/base64/upload"].post).toBeDefined();
    expect(doc.paths["/api/image/company/{companyId}/caption/update"].patch).toBeDefined();
    expect(doc.paths["/api/image/{imageId}"].get.security).toEqual([]);
  });
});
