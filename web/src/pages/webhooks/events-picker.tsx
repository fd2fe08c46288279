import type { EventType } from "../../api/types";
import { ChoicePicker } from "../../components/choice-picker";
import { ALL_EVENTS, EVENT_GROUPS, TEST_EVENT } from "../../content/events";

const label = (text: string, type: EventType) => (
  <>
    {text}
    <code className="muted">{type}</code>
  </>
);

const GROUPS = [
  ...EVENT_GROUPS.map((group) => ({
    title: group.resource,
    layout: "row" as const,
    choices: group.events.map((e) => ({ value: e.type, label: label(e.outcome, e.type) })),
  })),
  {
    title: "Test events",
    layout: "row" as const,
    choices: [{ value: TEST_EVENT, label: label("test", TEST_EVENT) }],
    note: "A test you send from the endpoint's page arrives whether or not this is ticked.",
  },
];

/** The 16 event types as checkboxes: each resource's succeeded, failed and cancelled, and the test event. */
export function EventsPicker(props: {
  value: EventType[];
  onChange: (events: EventType[]) => void;
  problem: string | null;
}) {
  return (
    <ChoicePicker
      name="events-picker"
      legend="Events"
      hint="An event is sent once a job has finished: succeeded, failed or cancelled."
      all={ALL_EVENTS}
      groups={GROUPS}
      {...props}
    />
  );
}
