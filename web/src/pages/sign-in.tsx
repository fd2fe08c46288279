import { useState } from "react";
import { EmailField } from "../components/email-field";
import { InputField } from "../components/input-field";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { useAction } from "../hooks/use-load";
import { useLocation } from "../router/history";
import { Link } from "../router/link";
import { useSession } from "../session/session";

/** Sign-in; once signed in, the app returns the person to the page they asked for (`next`). */
export function SignIn() {
  const { signIn } = useSession();
  const { search } = useLocation();
  const [email, setEmail] = useState(search.get("email") ?? "");
  const [password, setPassword] = useState("");
  const action = useAction(signIn);
  const next = search.get("next");
  return (
    <>
      <PageHeader title="Sign in" />
      {search.get("reason") === "expired" ? (
        <Notice tone="info">
          <p>Your session has ended. Sign in again to carry on where you were.</p>
        </Notice>
      ) : null}
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(email, password);
        }}
      >
        <EmailField value={email} onChange={setEmail} />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          value={password}
          onChange={setPassword}
        />
        <Refusal failure={action.failure} labels={{ email: "Email address", password: "Password" }} />
        <button type="submit" className="button primary" disabled={action.busy}>
          {action.busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <p className="aside">
        New to Clipwright?{" "}
        <Link to={`/sign-up${next ? `?next=${encodeURIComponent(next)}` : ""}`}>Create an account</Link>
      </p>
    </>
  );
}
