import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { boundaryOf, parsePartHeaders, SpooledFile, spoolMultipart } from "./multipart";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "multipart-test-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LIMITS = {
  maxFileBytes: 1024 * 1024,
  maxBodyBytes: 1024 * 1024 + 64 * 1024,
  tooLarge: "大きすぎます。",
};

/** The form as a browser (undici's serializer) sends it, cut into the given chunk sizes. */
async function encoded(
  form: FormData,
  cuts: number[],
): Promise<{ stream: ReadableStream<Uint8Array>; type: string }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  const bytes = Buffer.from(await req.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (at >= bytes.length) break;
    chunks.push(bytes.subarray(at, at + cut));
    at += cut;
  }
  if (at < bytes.length) chunks.push(bytes.subarray(at));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return { stream, type: req.headers.get("content-type")! };
}

describe("spoolMultipart", () => {
  it("reads back every field and file byte for byte, however the body is cut into chunks", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 3000 }),
        fc.string({ maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 30 }),
        async (bytes, caption, cuts) => {
          // Bytes that look like a delimiter's start, inside the file, must stay data.
          const data = Buffer.concat([Buffer.from("\r\n--"), Buffer.from(bytes), Buffer.from("\r\n-")]);
          const form = new FormData();
          form.append("caption", caption);
          form.append(
            "file",
            new File([new Uint8Array(data)], "見積書 (第1版).pdf", { type: "application/pdf" }),
          );
          const { stream, type } = await encoded(form, cuts);
          const sub = await mkdtemp(path.join(dir, "p-"));
          const parsed = await spoolMultipart(stream, boundaryOf(type)!, sub, LIMITS);
          expect(parsed.get("caption")).toBe(caption);
          const file = parsed.get("file") as File;
          expect(file).toBeInstanceOf(SpooledFile);
          expect(file.name).toBe("見積書 (第1版).pdf");
          expect(file.type).toBe("application/pdf");
          expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
        },
      ),
      { seed: 34_0042, numRuns: 60 },
    );
  });

  it("stops at the first byte over the file limit with a 413, without reading the rest", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(LIMITS.maxFileBytes + 1)], "big.bin"));
    const { stream, type } = await encoded(form, [64 * 1024]);
    let pulled = 0;
    const counting = stream.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled += chunk.length;
          controller.enqueue(chunk);
        },
      }),
    );
    const err = await spoolMultipart(counting, boundaryOf(type)!, dir, LIMITS).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(413);
    expect((err as AppError).fields).toEqual({ file: "大きすぎます。" });
    expect(pulled).toBeLessThanOrEqual(LIMITS.maxFileBytes + 2 * 64 * 1024);
  });

  it("takes a file of exactly the limit", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(LIMITS.maxFileBytes).fill(7)], "exact.bin"));
    const { stream, type } = await encoded(form, [100_000]);
    const parsed = await spoolMultipart(stream, boundaryOf(type)!, dir, LIMITS);
    expect((parsed.get("file") as File).size).toBe(LIMITS.maxFileBytes);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it("answers 400 for a body cut off before its closing delimiter", async () => {
    const form = new FormData();
    form.append("file", new File(["abc"], "a.txt"));
    const req = new Request("http://x/", { method: "POST", body: form });
    const bytes = Buffer.from(await req.arrayBuffer());
    const stream = new Response(bytes.subarray(0, bytes.length - 10)).body!;
    const err = await spoolMultipart(
      stream,
      boundaryOf(req.headers.get("content-type")!)!,
      dir,
      LIMITS,
    ).catch((e) => e);
    expect((err as AppError).status).toBe(400);
  });

  it("answers 400, not a server error, when the client's body breaks off mid-file", async () => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(200_000)], "a.bin"));
    const { stream, type } = await encoded(form, Array(8).fill(30_000));
    const reader = stream.getReader();
    let reads = 0;
    const breaking = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (++reads > 2) return controller.error(new Error("aborted"));
        const { value } = await reader.read();
        controller.enqueue(value!);
      },
    });
    const err = await spoolMultipart(breaking, boundaryOf(type)!, dir, LIMITS).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe("ファイルの送信が途中で途切れました。もう一度お試しください。");
  });
});

describe("part headers", () => {
  it("reads the name, a quoted filename as sent (backslashes kept), an RFC 5987 filename* and the type", () => {
    expect(
      parsePartHeaders(
        'Content-Disposition: form-data; name="file"; filename="..\\..\\x.png"\r\nContent-Type: image/png',
      ),
    ).toEqual({ name: "file", filename: "..\\..\\x.png", type: "image/png" });
    expect(
      parsePartHeaders(
        `Content-Disposition: form-data; name="file"; filename="x"; filename*=UTF-8''${encodeURIComponent("図面.dxf")}`,
      ),
    ).toEqual({ name: "file", filename: "図面.dxf", type: "application/octet-stream" });
    expect(parsePartHeaders('Content-Disposition: attachment; name="file"')).toBeUndefined();
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
  });
});
