import type { ComponentProps } from "react";
import { PagedTable } from "./paged-table";
import { Section } from "./section";

/**
 * A titled section holding one paged table, the table's scrolling region named as the section is: the
 * shape of each list on the overview pages (marketing, walkthroughs).
 */
export function PagedSection<T>({
  titleId,
  title,
  ...table
}: Omit<ComponentProps<typeof PagedTable<T>>, "label"> & { titleId: string; title: string }) {
  return (
    <Section titleId={titleId} title={title}>
      <PagedTable label={title} {...table} />
    </Section>
  );
}
