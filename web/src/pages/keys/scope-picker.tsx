import type { GrantableScope } from "../../api/types";
import { Badge } from "../../components/badge";
import { ALL_SCOPES, SCOPE_GROUPS } from "../../content/scopes";

/** The 12 grantable scopes as checkboxes, grouped by area, each saying what it allows. */
export function ScopePicker({
  value,
  onChange,
  problem,
}: {
  value: GrantableScope[];
  onChange: (scopes: GrantableScope[]) => void;
  problem: string | null;
}) {
  const toggle = (scope: GrantableScope, on: boolean) =>
    onChange(on ? ALL_SCOPES.filter((s) => s === scope || value.includes(s)) : value.filter((s) => s !== scope));
  return (
    <fieldset className="group scope-picker" aria-describedby={problem ? "scopes-problem" : undefined}>
      <legend>Scopes</legend>
      <p className="hint">
        What the key may do. Managing keys and the support assistant stay with signed-in people: no key can have them.
      </p>
      <div className="picker-tools">
        <button type="button" className="link-button" onClick={() => onChange([...ALL_SCOPES])}>
          Select all
        </button>
        <button type="button" className="link-button" onClick={() => onChange([])}>
          Clear
        </button>
        <span className="muted" aria-live="polite">
          {value.length} of {ALL_SCOPES.length} chosen
        </span>
      </div>
      {problem ? (
        <p className="field-problem" id="scopes-problem">
          {problem}
        </p>
      ) : null}
      {SCOPE_GROUPS.map((group) => (
        <fieldset key={group.title} className="choice-group">
          <legend>{group.title}</legend>
          <ul className="choices">
            {group.scopes.map((s) => (
              <li key={s.scope}>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={value.includes(s.scope)}
                    onChange={(e) => toggle(s.scope, e.target.checked)}
                    aria-invalid={problem ? true : undefined}
                  />
                  <span>
                    <code>{s.scope}</code>
                    {s.spends ? <Badge tone="warn">spends video time</Badge> : null}
                    <span className="choice-help">{s.allows}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </fieldset>
  );
}
