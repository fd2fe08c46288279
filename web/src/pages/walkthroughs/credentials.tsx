import { InputField } from "../../components/input-field";

export interface Credentials {
  loginUrl: string;
  username: string;
  password: string;
}
export const NO_CREDENTIALS: Credentials = { loginUrl: "", username: "", password: "" };

export const CREDENTIAL_LABELS = {
  "credentials.loginUrl": "Sign-in page",
  "credentials.username": "Demo account's email or user name",
  "credentials.password": "Demo account's password",
};

export function credentialProblems(c: Credentials) {
  return {
    loginUrl: c.loginUrl.trim() ? null : "Give the address of the site's sign-in page.",
    username: c.username ? null : "Give the demo account's email or user name.",
    password: c.password ? null : "Give the demo account's password.",
  };
}

export const credentialsBody = (c: Credentials) => ({
  loginUrl: c.loginUrl.trim(),
  username: c.username,
  password: c.password,
});

/**
 * A demo account for a site behind a sign-in. The password is typed into a password field and never shown
 * again: the service keeps it sealed for two hours at most and never returns it.
 */
export function CredentialFields({
  value,
  onChange,
  tried,
}: {
  value: Credentials;
  onChange: (next: Credentials) => void;
  tried: boolean;
}) {
  const problems = credentialProblems(value);
  const shown = (p: string | null) => (tried ? p : null);
  const set = (key: keyof Credentials) => (text: string) => onChange({ ...value, [key]: text });
  return (
    <>
      <InputField
        label="Sign-in page"
        hint="The address of the site's sign-in form, such as https://app.example.com/login."
        problem={shown(problems.loginUrl)}
        type="url"
        inputMode="url"
        maxLength={2000}
        value={value.loginUrl}
        onChange={set("loginUrl")}
      />
      <div className="row">
        <InputField
          label="Demo account's email or user name"
          problem={shown(problems.username)}
          autoComplete="off"
          maxLength={200}
          value={value.username}
          onChange={set("username")}
        />
        <InputField
          label="Demo account's password"
          problem={shown(problems.password)}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={value.password}
          onChange={set("password")}
        />
      </div>
      <p className="hint">
        Use an account made for demonstrations. The password is kept sealed for at most two hours after its last use and
        is never shown again, here or anywhere.
      </p>
    </>
  );
}
