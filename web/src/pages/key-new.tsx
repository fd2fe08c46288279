import { useState } from "react";
import { call } from "../api/client";
import type { Operations } from "../api/openapi-types";
import type { GrantableScope } from "../api/types";
import { Field } from "../components/field";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { SecretReveal } from "../components/secret-reveal";
import { useAction } from "../hooks/use-load";
import { Link } from "../router/link";
import { ScopePicker } from "./keys/scope-picker";

type Created = Operations["keys.create"]["response"];

const LABELS = {
  name: "Name",
  scopes: "Scopes",
  expires: "Expiry date",
  rateLimitPerMinute: "Requests per minute",
  rateLimitPerDay: "Requests per day",
};

/** The first day a key may expire: tomorrow (UTC), as the API counts days. */
const tomorrowUtc = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** An optional whole number from a text field, or undefined when it is empty. */
const optionalCount = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

/** What is wrong with an optional limit, as the API bounds it. */
function limitProblem(text: string, max: number): string | null {
  const n = optionalCount(text);
  if (n === undefined || (Number.isInteger(n) && n >= 1 && n <= max)) return null;
  return `Use a whole number from 1 to ${max.toLocaleString("en")}, or leave it empty.`;
}

export default function KeyNew() {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<GrantableScope[]>([]);
  const [perMinute, setPerMinute] = useState("");
  const [perDay, setPerDay] = useState("");
  const [expires, setExpires] = useState("");
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const action = useAction(async () => {
    setCreated(
      await call("keys.create", {
        body: {
          name: name.trim(),
          scopes,
          ...(expires ? { expires } : {}),
          rateLimitPerMinute: optionalCount(perMinute) ?? null,
          rateLimitPerDay: optionalCount(perDay) ?? null,
        },
      }),
    );
  });

  if (created) {
    return (
      <>
        <PageHeader title="Your new API key" />
        <SecretReveal title={`“${created.key.name}”`} secret={created.secret} what="key">
          <p>
            Send it in the <code>Authorization: Bearer …</code> header (or <code>X-API-Key</code>) of every call. It
            can: {created.key.scopes.join(", ")}.
          </p>
          <Link className="button primary" to="/keys">
            Done: back to the keys
          </Link>
        </SecretReveal>
      </>
    );
  }

  const problems = {
    name: name.trim() ? null : "Give the key a name.",
    scopes: scopes.length === 0 ? "Choose at least one scope." : null,
    perMinute: limitProblem(perMinute, 600),
    perDay: limitProblem(perDay, 864_000),
    expires: expires && expires < tomorrowUtc() ? "Choose a day after today (UTC)." : null,
  };
  const shown = (problem: string | null) => (tried ? problem : null);
  return (
    <>
      <PageHeader
        title="Create an API key"
        description="Give each program its own key, with only the scopes it needs."
      />
      <form
        className="form wide"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          const form = e.currentTarget;
          if (Object.values(problems).every((p) => p === null)) void action.run();
          // The first field with a problem, once React has marked it.
          else requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
        }}
      >
        <Field
          label="Name"
          hint="Where the key is used, such as “CI pipeline”. Shown in the key list."
          problem={shown(problems.name)}
        >
          {(control) => (
            <input {...control} required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <ScopePicker value={scopes} onChange={setScopes} problem={shown(problems.scopes)} />
        <fieldset className="group">
          <legend>Limits (optional)</legend>
          <p className="hint">
            Empty means the service's own limits. A key's limit can only lower them, never raise them.
          </p>
          <div className="row">
            <Field label="Requests per minute" hint="1 to 600" problem={shown(problems.perMinute)}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={600}
                  step={1}
                  value={perMinute}
                  onChange={(e) => setPerMinute(e.target.value)}
                />
              )}
            </Field>
            <Field label="Requests per day" hint="1 to 864,000 (UTC days)" problem={shown(problems.perDay)}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={864_000}
                  step={1}
                  value={perDay}
                  onChange={(e) => setPerDay(e.target.value)}
                />
              )}
            </Field>
          </div>
        </fieldset>
        <Field
          label="Expiry date (optional)"
          hint="The key stops working at the end of this day (UTC). Empty: it never expires."
          problem={shown(problems.expires)}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              min={tomorrowUtc()}
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          )}
        </Field>
        <Refusal failure={action.failure} labels={LABELS} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={action.busy}>
            {action.busy ? "Creating…" : "Create key"}
          </button>
          <Link className="button" to="/keys">
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
