import type { ReactNode } from "react";

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  /** One line on what choosing it means. */
  help?: ReactNode;
}

export interface ChoiceGroup<T extends string> {
  title: string;
  choices: Choice<T>[];
  /** "list": one choice a line, with its help; "row": short choices side by side. */
  layout?: "list" | "row";
  /** A line under the group. */
  note?: ReactNode;
}

/**
 * Many checkboxes in named groups (scopes, event types): select all, clear, a live count, and the
 * field's problem announced with it. `all` gives the order the chosen values keep.
 */
export function ChoicePicker<T extends string>({
  name,
  legend,
  hint,
  all,
  groups,
  value,
  onChange,
  problem,
}: {
  /** Names the fieldset's class and the problem's id (`${name}-problem`). */
  name: string;
  legend: string;
  hint: ReactNode;
  all: readonly T[];
  groups: ChoiceGroup<T>[];
  value: T[];
  onChange: (chosen: T[]) => void;
  problem: string | null;
}) {
  const problemId = `${name}-problem`;
  const toggle = (choice: T, on: boolean) =>
    onChange(on ? all.filter((c) => c === choice || value.includes(c)) : value.filter((c) => c !== choice));
  const box = (choice: Choice<T>, inline: boolean) => (
    <label className={inline ? "choice inline" : "choice"} key={choice.value}>
      <input
        type="checkbox"
        checked={value.includes(choice.value)}
        onChange={(e) => toggle(choice.value, e.target.checked)}
        aria-invalid={problem ? true : undefined}
      />
      <span>
        {choice.label}
        {choice.help ? <span className="choice-help">{choice.help}</span> : null}
      </span>
    </label>
  );
  return (
    <fieldset className={`group ${name}`} aria-describedby={problem ? problemId : undefined}>
      <legend>{legend}</legend>
      <p className="hint">{hint}</p>
      <div className="picker-tools">
        <button type="button" className="link-button" onClick={() => onChange([...all])}>
          Select all
        </button>
        <button type="button" className="link-button" onClick={() => onChange([])}>
          Clear
        </button>
        <span className="muted" aria-live="polite">
          {value.length} of {all.length} chosen
        </span>
      </div>
      {problem ? (
        <p className="field-problem" id={problemId}>
          {problem}
        </p>
      ) : null}
      {groups.map((group) => (
        <fieldset key={group.title} className="choice-group">
          <legend>{group.title}</legend>
          {group.layout === "row" ? (
            <div className="choices-row">{group.choices.map((c) => box(c, true))}</div>
          ) : (
            <ul className="choices">
              {group.choices.map((c) => (
                <li key={c.value}>{box(c, false)}</li>
              ))}
            </ul>
          )}
          {group.note ? <p className="hint">{group.note}</p> : null}
        </fieldset>
      ))}
    </fieldset>
  );
}
