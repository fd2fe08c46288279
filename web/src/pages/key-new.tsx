import { useState } from "react";
import { call } from "../api/client";
import type { Operations } from "../api/openapi-types";
import type { GrantableScope } from "../api/types";
import { CheckedForm } from "../components/checked-form";
import { CountField, countProblem, optionalCount } from "../components/count-field";
import { InputField } from "../components/input-field";
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

/** The limits a key may set (each only lowers the service's own), with the API's bounds. */
const LIMITS = [
  { field: "rateLimitPerMinute", label: "Requests per minute", max: 600, hint: "1 to 600" },
  { field: "rateLimitPerDay", label: "Requests per day", max: 864_000, hint: "1 to 864,000 (UTC days)" },
] as const;
type LimitField = (typeof LIMITS)[number]["field"];

/** The first day a key may expire: tomorrow (UTC), as the API counts days. */
const tomorrowUtc = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export default function KeyNew() {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<GrantableScope[]>([]);
  const [limits, setLimits] = useState<Record<LimitField, string>>({ rateLimitPerMinute: "", rateLimitPerDay: "" });
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
          rateLimitPerMinute: optionalCount(limits.rateLimitPerMinute) ?? null,
          rateLimitPerDay: optionalCount(limits.rateLimitPerDay) ?? null,
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
    expires: expires && expires < tomorrowUtc() ? "Choose a day after today (UTC)." : null,
  };
  const limitProblem = (l: (typeof LIMITS)[number]) => countProblem(limits[l.field], 1, l.max);
  const shown = (problem: string | null) => (tried ? problem : null);
  return (
    <>
      <PageHeader
        title="Create an API key"
        description="Give each program its own key, with only the scopes it needs."
      />
      <CheckedForm
        wide
        valid={Object.values(problems).every((p) => p === null) && LIMITS.every((l) => limitProblem(l) === null)}
        onTried={() => setTried(true)}
        onValid={() => void action.run()}
      >
        <InputField
          label="Name"
          hint="Where the key is used, such as “CI pipeline”. Shown in the key list."
          problem={shown(problems.name)}
          required
          maxLength={120}
          value={name}
          onChange={setName}
        />
        <ScopePicker value={scopes} onChange={setScopes} problem={shown(problems.scopes)} />
        <fieldset className="group">
          <legend>Limits (optional)</legend>
          <p className="hint">
            Empty means the service's own limits. A key's limit can only lower them, never raise them.
          </p>
          <div className="row">
            {LIMITS.map((l) => (
              <CountField
                key={l.field}
                label={l.label}
                hint={l.hint}
                min={1}
                max={l.max}
                value={limits[l.field]}
                onChange={(text) => setLimits({ ...limits, [l.field]: text })}
                problem={shown(limitProblem(l))}
              />
            ))}
          </div>
        </fieldset>
        <InputField
          label="Expiry date (optional)"
          hint="The key stops working at the end of this day (UTC). Empty: it never expires."
          problem={shown(problems.expires)}
          type="date"
          min={tomorrowUtc()}
          value={expires}
          onChange={setExpires}
        />
        <Refusal failure={action.failure} labels={LABELS} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={action.busy}>
            {action.busy ? "Creating…" : "Create key"}
          </button>
          <Link className="button" to="/keys">
            Cancel
          </Link>
        </div>
      </CheckedForm>
    </>
  );
}
