import { describe, expect, it } from "vitest";
import { parseTrustProxy, resolveClient, trustProxyWarning } from "./forwarded";

const xff = (forwardedFor: string, forwardedProto?: string) => ({ forwardedFor, forwardedProto });

describe("TRUST_PROXY", () => {
  it("is off by default and for 0/off: forwarded headers are ignored", () => {
    for (const v of [undefined, "", "0", "off", "false"]) {
      expect(parseTrustProxy(v)).toBeUndefined();
      expect(resolveClient("10.0.0.1", xff("1.2.3.4", "https"), parseTrustProxy(v))).toEqual({
        ip: "10.0.0.1",
        protocol: "http",
      });
    }
  });

  it("refuses a value that is neither a hop count nor addresses", () => {
    expect(() => parseTrustProxy("true")).toThrow(/neither/);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow(/out of range/);
    expect(() => parseTrustProxy("10.0.0.1, nginx")).toThrow(/nginx/);
  });

  it("with one hop takes the address the proxy appended, not what the client wrote before it", () => {
    const trust = parseTrustProxy("1");
    expect(resolveClient("127.0.0.1", xff("6.6.6.6, 203.0.113.9", "https"), trust)).toEqual({
      ip: "203.0.113.9",
      protocol: "https",
    });
    // no header: the peer itself
    expect(resolveClient("::ffff:127.0.0.1", {}, trust).ip).toBe("127.0.0.1");
  });

  it("with a CIDR list reads X-Forwarded-For only from those peers, through every trusted hop", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.168.1.5, loopback");
    expect(resolveClient("203.0.113.7", xff("1.1.1.1", "https"), trust)).toEqual({
      ip: "203.0.113.7",
      protocol: "http",
    });
    expect(resolveClient("10.1.2.3", xff("6.6.6.6, 198.51.100.4, 192.168.1.5"), trust).ip).toBe(
      "198.51.100.4",
    );
    expect(resolveClient("127.0.0.1", xff("2001:db8::1"), trust).ip).toBe("2001:db8::1");
    // every hop trusted: the leftmost address
    expect(resolveClient("10.1.2.3", xff("10.9.9.9"), trust).ip).toBe("10.9.9.9");
  });
});

describe("trustProxyWarning", () => {
  it("warns when a hop count is trusted while listening on all interfaces", () => {
    expect(trustProxyWarning(parseTrustProxy("1"), "0.0.0.0")).toMatch(/TRUST_PROXY=1 .*HOST=0\.0\.0\.0/);
    expect(trustProxyWarning(parseTrustProxy("2"), "::")).toMatch(/forge their address/);
  });

  it("is quiet for named proxies, a private listening address, or no trust at all", () => {
    expect(trustProxyWarning(parseTrustProxy("10.0.0.0/8"), "0.0.0.0")).toBeUndefined();
    expect(trustProxyWarning(parseTrustProxy("1"), "127.0.0.1")).toBeUndefined();
    expect(trustProxyWarning(parseTrustProxy("1"), "10.0.0.11")).toBeUndefined();
    expect(trustProxyWarning(undefined, "0.0.0.0")).toBeUndefined();
  });
});
