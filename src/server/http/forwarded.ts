import { BlockList, isIP } from "node:net";

// Who the client is behind a reverse proxy. X-Forwarded-For and X-Forwarded-Proto are written by
// whoever sends the request, so they are read only when the socket peer is a proxy we trust
// (TRUST_PROXY), and only as far back as the chain of trusted proxies reaches.

/** TRUST_PROXY parsed: a number of proxy hops in front of the app, or the proxies' addresses. */
export type TrustProxy = { hops: number } | { addresses: BlockList; list: string[] } | undefined;

const OFF = new Set(["0", "off", "false", "no"]);

/** Parses TRUST_PROXY: off (default), a hop count ("1"), or a comma-separated list of IPs/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim().toLowerCase();
  if (!v || OFF.has(v)) return undefined;
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = new BlockList();
  const list = v.split(",").map((s) => s.trim());
  for (const entry of list) {
    if (entry === "loopback") {
      addresses.addSubnet("127.0.0.0", 8, "ipv4");
      addresses.addAddress("::1", "ipv6");
      continue;
    }
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (!family || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new Error(`"${entry}" is neither a number of hops nor an IP address or CIDR range`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) addresses.addAddress(address, type);
    else if (Number(prefix) > (family === 4 ? 32 : 128))
      throw new Error(`"${entry}" has a prefix length out of range`);
    else addresses.addSubnet(address, Number(prefix), type);
  }
  return { addresses, list };
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
export function normalizeAddress(address: string): string {
  const a = address.trim();
  return a.toLowerCase().startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

function isTrusted(trust: NonNullable<TrustProxy>, address: string, hop: number): boolean {
  if ("hops" in trust) return hop < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.addresses.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether the socket peer itself is a proxy we trust (its X-Forwarded-* and X-Request-Id count). */
export function trustsPeer(trust: TrustProxy, peer: string): boolean {
  return trust !== undefined && isTrusted(trust, normalizeAddress(peer), 0);
}

export interface ClientAddress {
  ip: string;
  protocol: "http" | "https";
}

/**
 * Walks from the socket peer back through X-Forwarded-For (right to left) while each address is a
 * trusted proxy; the first untrusted one is the client. The protocol is X-Forwarded-Proto's last
 * value (the one the trusted peer itself wrote), else the socket's.
 */
export function resolveClient(
  peer: string,
  headers: { forwardedFor?: string | null; forwardedProto?: string | null },
  trust: TrustProxy,
  socketProtocol: "http" | "https" = "http",
): ClientAddress {
  let ip = normalizeAddress(peer);
  if (!trust || !isTrusted(trust, ip, 0)) return { ip, protocol: socketProtocol };
  const chain = (headers.forwardedFor ?? "")
    .split(",")
    .map((s) => normalizeAddress(s))
    .filter((s) => isIP(s) !== 0);
  for (let hop = 1; chain.length > 0; hop++) {
    ip = chain.pop()!;
    if (!isTrusted(trust, ip, hop)) break;
  }
  const proto = headers.forwardedProto?.split(",").pop()?.trim().toLowerCase();
  return { ip, protocol: proto === "https" || proto === "http" ? proto : socketProtocol };
}

/**
 * A start-up warning when a hop count is trusted while the app listens on every interface: a hop
 * count believes X-Forwarded-For from whoever connects, so anyone reaching the port directly, not
 * through the proxy, forges their address (issue 34: 14 wrong passwords, not one 429).
 */
export function trustProxyWarning(trust: TrustProxy, host: string): string | undefined {
  if (!trust || !("hops" in trust)) return undefined;
  if (!["0.0.0.0", "::", "[::]", ""].includes(host.trim())) return undefined;
  return (
    `TRUST_PROXY=${trust.hops} believes X-Forwarded-For and X-Forwarded-Proto from whoever connects, and the app listens on all interfaces (HOST=${host || "(unset)"}): ` +
    "anyone who reaches this port directly, not through the proxy, can forge their address (sign-in limits) and protocol. " +
    "Listen only where the proxy reaches it (HOST=127.0.0.1, or a private address no one else reaches), or name the proxies (TRUST_PROXY=10.0.0.0/8)."
  );
}
