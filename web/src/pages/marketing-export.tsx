import { Breadcrumb } from "../components/breadcrumb";
import { PageHeader } from "../components/page-header";
import type { PageProps } from "../routes";
import { ExportStatus } from "./marketing/export-status";

/** One export on its own (from the list): progress, cancel, download. */
export default function MarketingExport({ params }: PageProps) {
  const id = params.id as string;
  return (
    <>
      <Breadcrumb to="/marketing">Marketing</Breadcrumb>
      <PageHeader title="Export" description="Its video can be downloaded once it has succeeded." />
      <ExportStatus id={id} />
    </>
  );
}
