import { useState } from "react";
import { call } from "../api/client";
import { CheckedForm } from "../components/checked-form";
import { EmailField } from "../components/email-field";
import { Field } from "../components/field";
import { InputField } from "../components/input-field";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { useAction } from "../hooks/use-load";
import { Link } from "../router/link";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength, passwordProblem } from "./password-rules";

/**
 * Sign-up. The service answers the same whether or not the address already has an account (it mails
 * the owner instead), so the confirmation says what happens in both cases.
 */
export function SignUp() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [tried, setTried] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const action = useAction(async () => {
    const answer = await call("auth.signup", { body: { name: name.trim(), email, password } });
    setSentTo(answer.email);
  });
  const problem = passwordProblem(password);
  const nameProblem = name.trim() ? null : "Enter your name.";
  const emailProblem = /^\S+@\S+$/.test(email) ? null : "Enter an email address, like name@example.com.";

  if (sentTo) {
    return (
      <>
        <PageHeader title="Check your inbox" />
        <Notice tone="success" live>
          <p>
            We sent a message to <strong>{sentTo}</strong>.
          </p>
        </Notice>
        <p>
          If you are new here, it holds a link that verifies your address; the link works for 48 hours. If this address
          already has an account, the message says so: sign in instead.
        </p>
        <p>
          You can sign in now and look around while you wait. Rendering a reviewed walkthrough and exporting a marketing
          video need a verified address; API keys need paid time (a plan or top-up).
        </p>
        <p className="hint spaced">
          No message? A service without a mail server writes its mail to the <code>outbox</code> folder of its data
          directory, and its log says which file.
        </p>
        <p>
          <Link className="button primary" to={`/sign-in?email=${encodeURIComponent(sentTo)}`}>
            Sign in
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Create your account" description="Free seconds to try it out are included." />
      <CheckedForm
        valid={!problem && !nameProblem && !emailProblem}
        onTried={() => setTried(true)}
        onValid={() => void action.run()}
      >
        <InputField
          label="Your name"
          problem={tried ? nameProblem : null}
          autoComplete="name"
          required
          maxLength={120}
          value={name}
          onChange={setName}
        />
        <EmailField
          value={email}
          onChange={setEmail}
          hint="We send a link to it to check it is yours."
          problem={tried ? emailProblem : null}
        />
        <Field
          label="Password"
          hint={
            <>
              {PASSWORD_MIN} to {PASSWORD_MAX} characters. A few unrelated words make a password that is easy to
              remember and hard to guess.{" "}
              <span className={problem ? "rule-pending" : "rule-met"}>
                {password ? `${passwordLength(password)} characters${problem ? "" : ": good"}.` : ""}
              </span>
            </>
          }
          problem={tried ? problem : null}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Refusal
          failure={action.failure}
          labels={{ email: "Email address", password: "Password", name: "Your name" }}
        />
        <button type="submit" className="button primary" disabled={action.busy}>
          {action.busy ? "Creating your account…" : "Create account"}
        </button>
      </CheckedForm>
      <p className="aside">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </>
  );
}
