import { call, type ResponseOf } from "../../api/client";
import { PagedTable } from "../../components/paged-table";
import { Refusal } from "../../components/refusal";
import { Section } from "../../components/section";
import { formatDateTime } from "../../format";
import { useAction } from "../../hooks/use-load";
import type { Pages } from "../../hooks/use-pages";

type Revision = ResponseOf<"marketing.listRevisions">["data"][number];

function howMade(r: Revision): string {
  const o = r.origin;
  if (o.kind === "generation") return "Generated from the source";
  if (o.kind === "edit") return `Edited: “${o.instruction ?? ""}”`;
  if (o.kind === "revert") return `Went back to revision ${o.revertedTo ?? "?"}`;
  if (o.kind === "operations") return "Changed through the API";
  return "Replaced through the API";
}

/** A project's revisions in order, each with how it was made; an earlier one can be made the latest again. */
export function Revisions({
  projectId,
  pages,
  latest,
  onReverted,
}: {
  projectId: string;
  pages: Pages<Revision>;
  latest: number;
  onReverted: () => void;
}) {
  const revert = useAction(async (to: number) => {
    await call("marketing.createRevision", {
      params: { id: projectId },
      body: { expectedRevision: latest, operations: [{ op: "revert", toRevision: to }] },
    });
    onReverted();
  });
  return (
    <Section titleId="revisions-title" title="Revision history">
      <Refusal failure={revert.failure} />
      <PagedTable
        pages={pages}
        label="Revisions"
        empty={{ title: "No revisions", body: "A project starts with revision 1." }}
        columns={["Revision", "How it was made", "When", { name: "Actions", hidden: true }]}
        row={(r) => (
          <tr key={r.number}>
            <th scope="row">
              {r.number}
              {r.number === latest ? <span className="muted"> (latest)</span> : null}
            </th>
            <td>{howMade(r)}</td>
            <td className="when">{formatDateTime(r.createdAt)}</td>
            <td className="row-actions">
              {r.number !== latest ? (
                <button
                  type="button"
                  className="button small"
                  disabled={revert.busy}
                  onClick={() => void revert.run(r.number)}
                >
                  Go back to revision {r.number}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </Section>
  );
}
