// Answers that must not tell, by how long they take, which branch ran (an email that exists or
// not): the work runs, then the answer waits until a fixed time after the start.

/** Runs `work` and resolves no sooner than `floorMs` after the call, whatever it did. */
export async function inSteadyTime<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const until = performance.now() + floorMs;
  try {
    return await work();
  } finally {
    const left = until - performance.now();
    if (left > 0) await new Promise((r) => setTimeout(r, left));
  }
}
