import type { GrantableScope } from "../../api/types";
import { Badge } from "../../components/badge";
import { ChoicePicker } from "../../components/choice-picker";
import { ALL_SCOPES, SCOPE_GROUPS } from "../../content/scopes";

const GROUPS = SCOPE_GROUPS.map((group) => ({
  title: group.title,
  choices: group.scopes.map((s) => ({
    value: s.scope,
    label: (
      <>
        <code>{s.scope}</code>
        {s.spends ? <Badge tone="warn">spends video time</Badge> : null}
      </>
    ),
    help: s.allows,
  })),
}));

/** The 12 grantable scopes as checkboxes, grouped by area, each saying what it allows. */
export function ScopePicker(props: {
  value: GrantableScope[];
  onChange: (scopes: GrantableScope[]) => void;
  problem: string | null;
}) {
  return (
    <ChoicePicker
      name="scope-picker"
      legend="Scopes"
      hint="What the key may do. Managing keys and the support assistant stay with signed-in people: no key can have them."
      all={ALL_SCOPES}
      groups={GROUPS}
      {...props}
    />
  );
}
