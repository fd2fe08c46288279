import { useRef, useState } from "react";
import { call } from "../api/client";
import type { Operations } from "../api/openapi-types";
import { CheckedForm } from "../components/checked-form";
import { Field } from "../components/field";
import { InputField } from "../components/input-field";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { useAction } from "../hooks/use-load";
import { navigate } from "../router/history";
import { AreaNav } from "./walkthroughs/area-nav";
import {
  CREDENTIAL_LABELS,
  CredentialFields,
  credentialProblems,
  credentialsBody,
  NO_CREDENTIALS,
} from "./walkthroughs/credentials";

import {
  lengthProblem,
  NO_OPTIONS,
  OPTION_LABELS,
  OptionFields,
  optionsBody,
  useCatalog,
} from "./walkthroughs/options";

type Suggestions = Operations["storyboards.suggest"]["response"];
type Improved = Operations["storyboards.improveHint"]["response"];

const LABELS = { url: "Site address", hint: "Hint", ...OPTION_LABELS, ...CREDENTIAL_LABELS };
const HINT_MAX = 1000;

/** Planning a walkthrough: the site, what to show, the video's options and, if needed, a demo account. */
export default function WalkthroughsNew() {
  const catalog = useCatalog(true);
  const [url, setUrl] = useState("");
  const [hint, setHint] = useState("");
  const [options, setOptions] = useState(NO_OPTIONS);
  const [signIn, setSignIn] = useState(false);
  const [credentials, setCredentials] = useState(NO_CREDENTIALS);
  const [tried, setTried] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [improved, setImproved] = useState<Improved | null>(null);

  // Which submit button was pressed: plan for review (the usual way), or plan and render in one job.
  const mode = useRef<"plan" | "render">("plan");
  const plan = useAction(async () => {
    const body = {
      url: url.trim(),
      ...(hint.trim() ? { hint: hint.trim() } : {}),
      ...optionsBody(options),
      ...(signIn ? { credentials: credentialsBody(credentials) } : {}),
    };
    if (mode.current === "render") {
      const { resource } = await call("renders.create", { body });
      setCredentials(NO_CREDENTIALS); // the password is not kept in the page once sent
      navigate(`/walkthroughs/videos/${resource.id}`);
      return;
    }
    const job = await call("storyboards.create", { body });
    setCredentials(NO_CREDENTIALS);
    navigate(`/walkthroughs/plans/${job.id}`);
  });
  const suggest = useAction(async () => {
    setImproved(null);
    setSuggestions(await call("storyboards.suggest", { body: { url: url.trim() } }));
  });
  const improve = useAction(async () => {
    setSuggestions(null);
    setImproved(await call("storyboards.improveHint", { body: { hint } }));
  });

  const problems = {
    url: url.trim() ? null : "Give the address of the site to film.",
    hint: hint.trim() && hint.trim().length < 3 ? "Write at least 3 characters, or leave the hint empty." : null,
    length: lengthProblem(options),
    ...(signIn ? credentialProblems(credentials) : {}),
  };
  const shown = (p: string | null) => (tried ? p : null);
  const helper = suggest.failure ?? improve.failure;
  return (
    <>
      <AreaNav />
      <PageHeader
        title="Plan a walkthrough"
        description="Clipwright opens the site in a browser, explores it and writes a plan of beats for you to review. Planning uses no video time."
      />
      <CheckedForm
        wide
        valid={Object.values(problems).every((p) => p === null)}
        onTried={() => setTried(true)}
        onValid={() => void plan.run()}
      >
        <InputField
          label="Site address"
          hint="The page the walkthrough starts on."
          problem={shown(problems.url)}
          type="url"
          inputMode="url"
          required
          maxLength={2048}
          placeholder="https://www.example.com"
          value={url}
          onChange={setUrl}
        />
        <Field
          label="Hint (optional)"
          hint="What the walkthrough should show, in your words: “Show the pricing, then sign up.”"
          problem={shown(problems.hint)}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={HINT_MAX}
              value={hint}
              onChange={(e) => setHint(e.target.value)}
            />
          )}
        </Field>
        <div className="form-actions">
          <button
            type="button"
            className="button small"
            disabled={!url.trim() || suggest.busy}
            onClick={() => void suggest.run()}
          >
            {suggest.busy ? "Reading the site…" : "Suggest hints from the site"}
          </button>
          <button
            type="button"
            className="button small"
            disabled={hint.trim().length < 3 || improve.busy}
            onClick={() => void improve.run()}
          >
            {improve.busy ? "Improving…" : "Improve my hint"}
          </button>
        </div>
        <Refusal failure={helper} labels={LABELS} />
        {suggestions ? (
          <section className="suggestions" aria-label="Suggested hints">
            <h2>Suggestions for {suggestions.siteName}</h2>
            {suggestions.suggestions.length === 0 ? (
              <p>The page gave nothing to suggest. Write your own hint.</p>
            ) : null}
            <ul>
              {suggestions.suggestions.map((s) => (
                <li key={s.hint}>
                  <p>
                    {s.hint}
                    <span className="muted block small">{s.reason}</span>
                  </p>
                  <button type="button" className="button small" onClick={() => setHint(s.hint)}>
                    Use this hint<span className="visually-hidden">: {s.hint}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {improved ? (
          <Notice tone="info" live>
            <p>
              <strong>Improved:</strong> {improved.hint}
            </p>
            <ul>
              {improved.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <button
              type="button"
              className="button small"
              onClick={() => {
                setHint(improved.hint);
                setImproved(null);
              }}
            >
              Use the improved hint
            </button>
          </Notice>
        ) : null}
        <OptionFields catalog={catalog} value={options} onChange={setOptions} tried={tried} withTemplates />
        <fieldset className="group walk-group">
          <legend>Sign-in</legend>
          <label className="choice">
            <input type="checkbox" checked={signIn} onChange={(e) => setSignIn(e.target.checked)} />
            <span>
              The walkthrough is behind a sign-in
              <span className="choice-help">
                Clipwright signs in with a demo account first, then plans what is behind it.
              </span>
            </span>
          </label>
          {signIn ? <CredentialFields value={credentials} onChange={setCredentials} tried={tried} /> : null}
        </fieldset>
        <Refusal failure={plan.failure} labels={LABELS} />
        <div className="form-actions">
          <button
            type="submit"
            className="button primary"
            disabled={plan.busy}
            onClick={() => {
              mode.current = "plan";
            }}
          >
            {plan.busy ? "Starting…" : "Plan the walkthrough"}
          </button>
          <button
            type="submit"
            className="button"
            disabled={plan.busy}
            onClick={() => {
              mode.current = "render";
            }}
          >
            Skip the review: make the video now
          </button>
        </div>
        <p className="hint">
          Planning first lets you read each beat, change its narration and hide beats before any video time is held.
          Making the video now plans and films in one go, and holds its time at once.
        </p>
      </CheckedForm>
    </>
  );
}
