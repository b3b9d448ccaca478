// The process's own state, on globalThis so Next's bundled copy of our modules sees it too:
// once shutdown begins, the readiness probe answers 503 and the load balancer stops sending.

const holder = globalThis as unknown as { __oemShuttingDown?: boolean };

export function isShuttingDown(): boolean {
  return holder.__oemShuttingDown === true;
}

/** Tests reset it with `false`. */
export function setShuttingDown(value = true): void {
  holder.__oemShuttingDown = value;
}
