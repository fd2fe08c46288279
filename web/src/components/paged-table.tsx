import type { ReactNode } from "react";
import type { Pages } from "../hooks/use-pages";
import { EmptyState } from "./empty-state";
import { LoadMore } from "./load-more";
import { Loading } from "./loading";
import { Refusal } from "./refusal";
import { TableWrap } from "./table-wrap";

/**
 * A header cell: its name; `num` right-aligns it over numbers, `hidden` says it to screen readers only
 * (a column of buttons).
 */
export type Column = string | { name: string; num?: true; hidden?: true };

function HeaderCell({ column }: { column: Column }) {
  const { name, num, hidden } = typeof column === "string" ? { name: column } : column;
  return (
    <th scope="col" className={num ? "num" : undefined}>
      {hidden ? <span className="visually-hidden">{name}</span> : name}
    </th>
  );
}

/**
 * A cursor-paged list of the API as a table: its refusal, a loading line, the empty state that says how
 * to add the first row, and "Show more" while the API has more.
 */
export function PagedTable<T>({
  pages,
  label,
  empty,
  columns,
  row,
}: {
  pages: Pages<T>;
  /** Names the table's scrolling region for screen readers. */
  label: string;
  empty: { title: string; body: ReactNode; action?: ReactNode };
  columns: Column[];
  /** One `<tr>` for a row (with its key). */
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      <Refusal failure={pages.failure} />
      {pages.loading && !pages.rows ? <Loading /> : null}
      {pages.rows && pages.rows.length === 0 ? (
        <EmptyState title={empty.title} action={empty.action}>
          {empty.body}
        </EmptyState>
      ) : null}
      {pages.rows && pages.rows.length > 0 ? (
        <TableWrap label={label}>
          <table>
            <thead>
              <tr>
                {columns.map((c) => (
                  <HeaderCell key={typeof c === "string" ? c : c.name} column={c} />
                ))}
              </tr>
            </thead>
            <tbody>{pages.rows.map(row)}</tbody>
          </table>
        </TableWrap>
      ) : null}
      {pages.more ? <LoadMore onClick={pages.loadMore} busy={pages.loadingMore} /> : null}
    </>
  );
}
