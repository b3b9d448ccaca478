import { describe, expect, it } from "vitest";
import { AppError } from "@/server/http/errors";
import { boundedQueue } from "./decode-queue";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("boundedQueue", () => {
  it("never runs more tasks at once than its concurrency, and runs them all in order", async () => {
    const queue = boundedQueue(1, 10);
    let active = 0;
    let peak = 0;
    const done: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        queue.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await later(5);
          active--;
          done.push(i);
        }),
      ),
    );
    expect(peak).toBe(1);
    expect(done).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("refuses with 503 in Japanese when the waiting line is full, and frees its slot after a failure", async () => {
    const queue = boundedQueue(1, 1);
    const first = queue.run(() => later(20));
    const second = queue.run(() => later(1));
    const third = queue.run(() => later(1));
    await expect(third).rejects.toBeInstanceOf(AppError);
    await third.catch((e: AppError) => {
      expect(e.status).toBe(503);
      expect(e.message).toContain("混み合っています");
    });
    await Promise.all([first, second]);
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(async () => "next")).toBe("next");
  });
});
