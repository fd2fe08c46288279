import { describe, expect, it } from "vitest";
import { loginUrlError, siteUrlError } from "../../src/domains/storyboards/url-errors.js";
import { webhookUrlError } from "../../src/domains/webhooks/check-url.js";
import type { BlockedKind } from "../../src/net/address.js";
import {
  deliveryBlockedReason,
  type GuardPolicy,
  inspectUrl,
  loginPolicy,
  type Problem,
  type Refusal,
  sitePolicy,
  type Verdict,
  webhookPolicy,
} from "../../src/net/guard.js";
import type { Resolver } from "../../src/net/resolver.js";
import { staticResolver } from "../support/static-resolver.js";

const PUBLIC_V4 = "93.184.216.34";
const PUBLIC_V6 = "2606:2800:220:1:248:1893:25c8:1946";

const resolver = staticResolver({
  "good.example": [PUBLIC_V4, PUBLIC_V6],
  "xdenied.example": [PUBLIC_V4],
  "evil.example": ["127.0.0.1"],
  "partly.example": [PUBLIC_V4, "10.0.0.5"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "v6local.example": ["fe80::1"],
  "nat.example": ["100.64.1.1"],
  "meta.example": ["169.254.169.254"],
  "zero.example": ["0.0.0.0"],
  "ula.example": ["fd12:3456::1"],
  "empty.example": [],
  localhost: ["127.0.0.1", "::1"],
});

const DENY = ["denied.example"];
const prod = webhookPolicy({ env: "production", allowPrivateHosts: [] }, DENY);
const dev = webhookPolicy({ env: "development", allowPrivateHosts: [] }, DENY);
const devAllow = webhookPolicy({ env: "test", allowPrivateHosts: ["127.0.0.1", "localhost"] }, DENY);

const refusal = (v: Verdict): Refusal => {
  if (v.ok) throw new Error(`expected a refusal, got ok for ${v.url.href}`);
  return v;
};
const LONG = `https://good.example/${"a".repeat(2049 - "https://good.example/".length)}`;

// [label, url, policy, problem, kind]
const HOSTILE: [string, string, GuardPolicy, Problem, BlockedKind?][] = [
  ["loopback literal", "https://127.0.0.1/", prod, "blocked", "loopback"],
  ["short loopback 127.1", "https://127.1/", prod, "blocked", "loopback"],
  ["loopback with trailing dot", "https://127.0.0.1./", prod, "blocked", "loopback"],
  ["0.0.0.0", "https://0.0.0.0/", prod, "blocked", "unspecified"],
  ["bare 0", "https://0/", prod, "blocked", "unspecified"],
  ["RFC 1918 10/8", "https://10.1.2.3/", prod, "blocked", "private"],
  ["RFC 1918 172.16/12", "https://172.16.5.4/", prod, "blocked", "private"],
  ["RFC 1918 172.31 edge", "https://172.31.255.255/", prod, "blocked", "private"],
  ["RFC 1918 192.168/16", "https://192.168.1.1/", prod, "blocked", "private"],
  ["cloud metadata", "https://169.254.169.254/latest/meta-data/", prod, "blocked", "link_local"],
  ["CGNAT literal", "https://100.64.0.1/", prod, "blocked", "carrier_grade_nat"],
  ["multicast", "https://224.0.0.1/", prod, "blocked", "multicast"],
  ["broadcast", "https://255.255.255.255/", prod, "blocked", "reserved"],
  ["IPv6 loopback", "https://[::1]/", prod, "blocked", "loopback"],
  ["IPv6 unspecified", "https://[::]/", prod, "blocked", "unspecified"],
  ["IPv4-mapped dotted", "https://[::ffff:127.0.0.1]/", prod, "blocked", "ipv4_mapped_ipv6"],
  ["IPv4-mapped hex", "https://[::ffff:7f00:1]/", prod, "blocked", "ipv4_mapped_ipv6"],
  ["IPv6 link-local", "https://[fe80::1]/", prod, "blocked", "link_local"],
  ["IPv6 unique local", "https://[fc00::1]/", prod, "blocked", "private"],
  ["NAT64 to loopback", "https://[64:ff9b::7f00:1]/", prod, "blocked", "reserved"],
  ["6to4 embedding loopback", "https://[2002:7f00:1::]/", prod, "blocked", "reserved"],
  ["decimal IPv4", "https://2130706433/", prod, "blocked", "loopback"],
  ["octal IPv4", "https://0177.0.0.1/", prod, "blocked", "loopback"],
  ["octal single number", "https://017700000001/", prod, "blocked", "loopback"],
  ["hex IPv4", "https://0x7f000001/", prod, "blocked", "loopback"],
  ["mixed hex dotted", "https://0x7f.0.0.1/", prod, "blocked", "loopback"],
  ["hex short form", "https://0x7f.1/", prod, "blocked", "loopback"],
  ["full-width digits", "https://\uff10x7f.1/", prod, "blocked", "loopback"],
  ["backslash before @", "https://127.0.0.1\\@good.example/", prod, "blocked", "loopback"],
  ["name → loopback", "https://evil.example/", prod, "blocked", "loopback"],
  ["upper-case name → loopback", "https://EVIL.Example/hook", prod, "blocked", "loopback"],
  ["name partly private", "https://partly.example/", prod, "blocked", "private"],
  ["name → IPv4-mapped", "https://mapped.example/", prod, "blocked", "ipv4_mapped_ipv6"],
  ["name → IPv6 link-local", "https://v6local.example/", prod, "blocked", "link_local"],
  ["name → CGNAT", "https://nat.example/", prod, "blocked", "carrier_grade_nat"],
  ["name → metadata", "https://meta.example/", prod, "blocked", "link_local"],
  ["name → 0.0.0.0", "https://zero.example/", prod, "blocked", "unspecified"],
  ["name → IPv6 ULA", "https://ula.example/", prod, "blocked", "private"],
  ["loopback in development", "http://127.0.0.1:8080/", dev, "blocked", "loopback"],
  ["unlisted loopback despite allow-list", "http://127.0.0.2/", devAllow, "blocked", "loopback"],
  ["name → listed address is not listed", "http://evil.example/", devAllow, "blocked", "loopback"],
  ["user and password", "https://user:pw@good.example/", prod, "credentials"],
  ["user only", "https://user@good.example/", prod, "credentials"],
  ["password only", "https://:pw@good.example/", prod, "credentials"],
  ["host-looking userinfo", "https://good.example@127.0.0.1/", prod, "credentials"],
  ["fragment", "https://good.example/hook#x", prod, "fragment"],
  ["empty fragment", "https://good.example/hook#", prod, "fragment"],
  ["bare host", "https://intranet/", prod, "bare_host"],
  ["localhost", "https://localhost/", prod, "bare_host"],
  ["localhost in development", "http://localhost:3000/", dev, "bare_host"],
  ["ftp", "ftp://good.example/", prod, "scheme"],
  ["file", "file:///etc/passwd", prod, "scheme"],
  ["javascript", "javascript:alert(1)", prod, "scheme"],
  ["data", "data:text/plain,hi", prod, "scheme"],
  ["gopher", "gopher://good.example/", dev, "scheme"],
  ["http in production", "http://good.example/", prod, "scheme"],
  ["non-default port in production", "https://good.example:8443/", prod, "port"],
  ["port 0 in development", "http://good.example:0/", dev, "port"],
  ["port 0 spelt 00, allow-listed host", "http://127.0.0.1:00/", devAllow, "port"],
  ["port 0 on an IPv6 literal", `https://[${PUBLIC_V6}]:0/`, dev, "port"],
  ["2049 characters", LONG, dev, "too_long"],
  ["denied host", "https://denied.example/", prod, "denied"],
  ["denied subdomain", "https://api.hooks.denied.example/", prod, "denied"],
  ["denied host, upper case, trailing dot", "https://DENIED.example./", prod, "denied"],
  ["unresolvable name", "https://nothing.example/", prod, "unresolvable"],
  ["name with no addresses", "https://empty.example/", prod, "unresolvable"],
  ["not a URL", "not a url", prod, "malformed"],
  ["scoped IPv6", "https://[fe80::1%25eth0]/", prod, "malformed"],
  ["five-part IPv4", "https://1.2.3.4.5/", prod, "malformed"],
  ["empty", "", prod, "malformed"],
];

describe("inspectUrl refuses hostile targets", () => {
  it("covers at least 30 of them", () => expect(HOSTILE.length).toBeGreaterThanOrEqual(30));

  it.each(HOSTILE)("%s: %s", async (_label, url, policy, problem, kind) => {
    const v = refusal(await inspectUrl(url, policy, resolver));
    expect(v.problem).toBe(problem);
    expect(v.kind).toBe(kind);
    if (problem === "blocked") expect(v.host).toBeTruthy();
  });

  it("allows nothing in production even when an allow-list is passed", async () => {
    const p = webhookPolicy({ env: "production", allowPrivateHosts: ["127.0.0.1"] });
    expect(refusal(await inspectUrl("https://127.0.0.1/", p, resolver)).kind).toBe("loopback");
  });

  it("runs cheap rules before asking DNS", async () => {
    let asked = 0;
    const counting: Resolver = {
      resolve: (h) => {
        asked++;
        return resolver.resolve(h);
      },
    };
    for (const url of ["https://user@evil.example/", "https://evil.example/#", "http://evil.example/", "https://x/"]) {
      await inspectUrl(url, prod, counting);
    }
    expect(asked).toBe(0);
  });

  it("treats a resolver failure of any kind as unresolvable", async () => {
    const broken: Resolver = { resolve: () => Promise.reject(new Error("SERVFAIL")) };
    expect(refusal(await inspectUrl("https://good.example/", prod, broken)).problem).toBe("unresolvable");
  });
});

describe("inspectUrl accepts public targets", () => {
  it("a public name, with every address it resolves to", async () => {
    const v = await inspectUrl("https://good.example/hooks?token=abc", prod, resolver);
    expect(v).toMatchObject({ ok: true, host: "good.example", addresses: [PUBLIC_V4, PUBLIC_V6] });
  });

  it("an explicit default port in production", async () => {
    expect((await inspectUrl("https://good.example:443/", prod, resolver)).ok).toBe(true);
  });

  it("a subdomain-looking name that is not under a denied host", async () => {
    expect((await inspectUrl("https://xdenied.example/", prod, resolver)).ok).toBe(true);
  });

  it("public IPv4 and IPv6 literals, without DNS", async () => {
    expect(await inspectUrl(`https://${PUBLIC_V4}/`, prod, resolver)).toMatchObject({
      ok: true,
      addresses: [PUBLIC_V4],
    });
    const v6 = await inspectUrl("https://[2606:4700:4700::1111]/", prod, resolver);
    expect(v6).toMatchObject({ ok: true, host: "[2606:4700:4700::1111]", addresses: ["2606:4700:4700::1111"] });
  });

  it("http and any port in development and test", async () => {
    expect((await inspectUrl("http://good.example:8080/h", dev, resolver)).ok).toBe(true);
    expect((await inspectUrl("http://good.example:8080/h", devAllow, resolver)).ok).toBe(true);
  });

  it("allow-listed 127.0.0.1 and localhost, only when listed", async () => {
    expect(await inspectUrl("http://127.0.0.1:3000/h", devAllow, resolver)).toMatchObject({
      ok: true,
      addresses: ["127.0.0.1"],
    });
    expect(await inspectUrl("http://localhost:3000/h", devAllow, resolver)).toMatchObject({
      ok: true,
      addresses: ["127.0.0.1", "::1"],
    });
    expect(refusal(await inspectUrl("http://127.0.0.1:3000/h", dev, resolver)).kind).toBe("loopback");
    expect(refusal(await inspectUrl("http://localhost:3000/h", dev, resolver)).problem).toBe("bare_host");
  });

  it("exactly 2048 characters", async () => {
    const url = `https://good.example/${"a".repeat(2048 - "https://good.example/".length)}`;
    expect((await inspectUrl(url, prod, resolver)).ok).toBe(true);
  });

  it("site addresses may carry a fragment and plain http; login pages need https in production", async () => {
    const site = sitePolicy({ env: "production", allowPrivateHosts: [] });
    expect((await inspectUrl("http://good.example/#/pricing", site, resolver)).ok).toBe(true);
    const login = loginPolicy({ env: "production", allowPrivateHosts: [] });
    expect(refusal(await inspectUrl("http://good.example/login", login, resolver)).problem).toBe("scheme");
  });
});

describe("refusal → spec errors", () => {
  const refuse = async (url: string, policy = prod) => refusal(await inspectUrl(url, policy, resolver));

  it("webhook: bare host is webhook_url_invalid with reason bare_host", async () => {
    const e = webhookUrlError(await refuse("https://intranet/"));
    expect([e.status, e.code, e.details]).toEqual([400, "webhook_url_invalid", { reason: "bare_host" }]);
  });

  it("webhook: the other syntactic rules are webhook_url_invalid", async () => {
    for (const url of ["http://good.example/", "https://u:p@good.example/", "https://good.example/#", LONG, "x"]) {
      expect(webhookUrlError(await refuse(url)).code).toBe("webhook_url_invalid");
    }
  });

  it("webhook: private resolution is webhook_url_blocked with the kind and details.host", async () => {
    const e = webhookUrlError(await refuse("https://partly.example/hook?secret=s3cr3t"));
    expect([e.status, e.code, e.details]).toEqual([
      400,
      "webhook_url_blocked",
      { reason: "private", host: "partly.example" },
    ]);
    expect(JSON.stringify(e.details)).not.toContain("s3cr3t");
  });

  it("webhook: unresolvable is webhook_url_blocked; denylist is webhook_host_denied", async () => {
    expect(webhookUrlError(await refuse("https://nothing.example/"))).toMatchObject({
      code: "webhook_url_blocked",
      details: { reason: "unresolvable", host: "nothing.example" },
    });
    expect(webhookUrlError(await refuse("https://a.denied.example/")).code).toBe("webhook_host_denied");
  });

  it("site: url_malformed, url_private, url_invalid", async () => {
    expect(siteUrlError(await refuse("::")).code).toBe("url_malformed");
    expect(siteUrlError(await refuse("https://[::1]/"))).toMatchObject({
      code: "url_private",
      details: { reason: "loopback", host: "[::1]" },
    });
    expect(siteUrlError(await refuse("http://good.example:0/", dev))).toMatchObject({
      code: "url_invalid",
      details: { reason: "port" },
    });
    for (const url of [
      "ftp://good.example/",
      "https://u@good.example/",
      "https://intranet/",
      "https://nothing.example/",
    ]) {
      expect(siteUrlError(await refuse(url)).code).toBe("url_invalid");
    }
  });

  it("login: login_url_invalid with the reason", async () => {
    expect(loginUrlError(await refuse("http://good.example/"))).toMatchObject({
      code: "login_url_invalid",
      details: { reason: "scheme" },
    });
    expect(loginUrlError(await refuse("https://meta.example/"))).toMatchObject({
      details: { reason: "link_local", host: "meta.example" },
    });
  });

  it("delivery: lastError is blocked:<kind or problem>", async () => {
    expect(deliveryBlockedReason(await refuse("https://evil.example/"))).toBe("blocked:loopback");
    expect(deliveryBlockedReason(await refuse("https://nothing.example/"))).toBe("blocked:unresolvable");
    expect(deliveryBlockedReason(await refuse("https://x.denied.example/"))).toBe("blocked:denied");
  });
});
