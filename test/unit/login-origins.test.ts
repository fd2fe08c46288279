import { describe, expect, it } from "vitest";
import { approvedLoginOrigins, exactOrigin } from "../../src/pipelines/walkthrough/login-origins.js";

// Where a sign-in may go, computed once for the storyboard API's check, the sign-in's typing check and
// the egress proxy's hold on the whole sign-in (decisions 0017, 0028).

describe("login origins", () => {
  it("an additional origin is exactly an origin: scheme, host, non-default port, at most a trailing slash", () => {
    expect(exactOrigin("https://idp.example")).toBe("https://idp.example");
    expect(exactOrigin("https://idp.example/")).toBe("https://idp.example");
    expect(exactOrigin("http://127.0.0.1:8443")).toBe("http://127.0.0.1:8443");
    for (const raw of [
      "https://idp.example/login",
      "https://idp.example/?next=1",
      "https://user@idp.example",
      "https://idp.example:443",
      "idp.example",
      "data:text/html,x",
      "https://idp.example//",
    ])
      expect(exactOrigin(raw), raw).toBeNull();
  });

  it("credentials are typed only into the login URL's origin and the additional ones", () => {
    const approved = approvedLoginOrigins({
      loginUrl: "https://app.example/auth/login?next=/dash",
      additionalLoginOrigins: ["https://idp.example", "https://sso.example/", "https://idp.example/path"],
    });
    expect([...approved]).toEqual(["https://app.example", "https://idp.example", "https://sso.example"]);
    expect([...approvedLoginOrigins({ loginUrl: "https://app.example/login" })]).toEqual(["https://app.example"]);
  });

  it("the proxy also lets the sign-in reach the walkthrough's start page, each origin once", () => {
    const creds = { loginUrl: "https://login.example/", additionalLoginOrigins: ["https://idp.example"] };
    expect([...approvedLoginOrigins(creds, "https://www.example/start#top")]).toEqual([
      "https://login.example",
      "https://idp.example",
      "https://www.example",
    ]);
    expect([...approvedLoginOrigins(creds, "https://login.example/home")]).toEqual([
      "https://login.example",
      "https://idp.example",
    ]);
  });
});
