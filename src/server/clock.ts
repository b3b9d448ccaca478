// The application's clock for work that waits for time to pass (the ticket refund job). It is the
// system clock, plus an offset that only the test build can move (POST /api/test-hooks/clock,
// registered with TEST_HOOKS=1; docs/reliability.md): a browser journey can let five business days
// pass without waiting for them. Tests in-process set the system clock itself (vi.setSystemTime).

let offsetMs = 0;

/** Now, as the jobs that wait for a deadline see it. */
export function appNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** How far the app clock is ahead of the system clock (0 outside tests). */
export function appClockOffsetMs(): number {
  return offsetMs;
}

/** Moves the clock forward (test hook only); returns the new now. */
export function advanceAppClock(ms: number): Date {
  offsetMs += ms;
  return appNow();
}

/** The offset back to 0 (tests). */
export function resetAppClock(): void {
  offsetMs = 0;
}
