import type { EventType } from "../api/types";

interface EventGroup {
  resource: string;
  events: { type: EventType; outcome: string }[];
}

const group = (resource: string, types: EventType[]): EventGroup => ({
  resource,
  events: types.map((type) => ({ type, outcome: type.slice(type.lastIndexOf(".") + 1) })),
});

/** The 15 job events by the resource they are about (the spec's Events table): one per finished job. */
export const EVENT_GROUPS: EventGroup[] = [
  group("Renders (walkthrough videos)", ["render.succeeded", "render.failed", "render.cancelled"]),
  group("Storyboards (walkthrough plans)", ["storyboard.succeeded", "storyboard.failed", "storyboard.cancelled"]),
  group("Marketing exports", ["marketing.export.succeeded", "marketing.export.failed", "marketing.export.cancelled"]),
  group("Marketing generations", [
    "marketing.generation.succeeded",
    "marketing.generation.failed",
    "marketing.generation.cancelled",
  ]),
  group("Marketing sources (website scans)", [
    "marketing.source.succeeded",
    "marketing.source.failed",
    "marketing.source.cancelled",
  ]),
];

/** Sent only by "Send test event"; a test reaches the endpoint whether or not it subscribes to it. */
export const TEST_EVENT: EventType = "webhook.test";

export const ALL_EVENTS: EventType[] = [...EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.type)), TEST_EVENT];
