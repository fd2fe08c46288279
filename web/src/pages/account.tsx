import { Badge } from "../components/badge";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { Section } from "../components/section";
import { formatDateTime } from "../format";
import { useSession } from "../session/session";
import { sessionExpiresAt } from "../session/token-store";

/** Who is signed in, whether the address is verified, and signing out. */
export default function Account() {
  const { account, signOut } = useSession();
  if (!account) return <PageHeader title="Account" />;
  const a = account.account;
  return (
    <>
      <PageHeader title="Account" description="Your profile and this sign-in." />
      {a.emailVerified ? null : (
        <Notice tone="warning">
          <p>
            <strong>Your email address is not verified yet.</strong> We mailed a link to {a.email} when you signed up;
            it works for 48 hours. Rendering a reviewed walkthrough and exporting a marketing video wait for it;
            everything else works already.
          </p>
        </Notice>
      )}
      <dl className="facts">
        <div>
          <dt>Name</dt>
          <dd>{a.name}</dd>
        </div>
        <div>
          <dt>Email address</dt>
          <dd>
            {a.email} {a.emailVerified ? <Badge tone="good">verified</Badge> : <Badge tone="warn">not verified</Badge>}
          </dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatDateTime(a.createdAt)}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{a.role}</dd>
        </div>
        <div className="wide">
          <dt>Account id</dt>
          <dd>
            <code>{a.id}</code>
          </dd>
        </div>
      </dl>
      <Section titleId="signin-title" title="This sign-in">
        <p>
          This sign-in is kept in this browser tab only and forgotten when the tab closes. It lasts until{" "}
          {formatDateTime(sessionExpiresAt())}. A sign-in can do everything your account can, including managing API
          keys, which no key can do.
        </p>
        <button type="button" className="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </Section>
    </>
  );
}
