import type { EventType } from "../../api/types";
import { ALL_EVENTS, EVENT_GROUPS, TEST_EVENT } from "../../content/events";

/** The 16 event types as checkboxes: each resource's succeeded, failed and cancelled, and the test event. */
export function EventsPicker({
  value,
  onChange,
  problem,
}: {
  value: EventType[];
  onChange: (events: EventType[]) => void;
  problem: string | null;
}) {
  const toggle = (type: EventType, on: boolean) =>
    onChange(on ? ALL_EVENTS.filter((t) => t === type || value.includes(t)) : value.filter((t) => t !== type));
  const box = (type: EventType, label: string) => (
    <label className="choice inline" key={type}>
      <input
        type="checkbox"
        checked={value.includes(type)}
        onChange={(e) => toggle(type, e.target.checked)}
        aria-invalid={problem ? true : undefined}
      />
      <span>
        {label}
        <code className="muted">{type}</code>
      </span>
    </label>
  );
  return (
    <fieldset className="group events-picker" aria-describedby={problem ? "events-problem" : undefined}>
      <legend>Events</legend>
      <p className="hint">An event is sent once a job has finished: succeeded, failed or cancelled.</p>
      <div className="picker-tools">
        <button type="button" className="link-button" onClick={() => onChange([...ALL_EVENTS])}>
          Select all
        </button>
        <button type="button" className="link-button" onClick={() => onChange([])}>
          Clear
        </button>
        <span className="muted" aria-live="polite">
          {value.length} of {ALL_EVENTS.length} chosen
        </span>
      </div>
      {problem ? (
        <p className="field-problem" id="events-problem">
          {problem}
        </p>
      ) : null}
      {EVENT_GROUPS.map((group) => (
        <fieldset key={group.resource} className="choice-group">
          <legend>{group.resource}</legend>
          <div className="choices-row">{group.events.map((e) => box(e.type, e.outcome))}</div>
        </fieldset>
      ))}
      <fieldset className="choice-group">
        <legend>Test events</legend>
        <div className="choices-row">{box(TEST_EVENT, "test")}</div>
        <p className="hint">A test you send from the endpoint's page arrives whether or not this is ticked.</p>
      </fieldset>
    </fieldset>
  );
}
