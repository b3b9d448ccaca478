import { AppError } from "@/server/http/errors";

// Decoding and re-encoding images is CPU-bound: a bounded queue keeps it from starving the pages.
export const DECODE_CONCURRENCY = 1;
export const DECODE_MAX_WAITING = 8;

const BUSY_MESSAGE = "画像の処理が混み合っています。しばらくしてからもう一度お試しください。";

export interface BoundedQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/** Runs at most `concurrency` tasks at once; refuses (503) when `maxWaiting` already wait. */
export function boundedQueue(concurrency: number, maxWaiting: number): BoundedQueue {
  let running = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (queue.length >= maxWaiting) throw new AppError("UNAVAILABLE", BUSY_MESSAGE, undefined, 5);
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** The one queue of this process for image decoding. */
export const decodeQueue = boundedQueue(DECODE_CONCURRENCY, DECODE_MAX_WAITING);
