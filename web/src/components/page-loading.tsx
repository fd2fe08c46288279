import type { ApiFailure } from "../api/failure";
import { Loading } from "./loading";
import { PageHeader } from "./page-header";
import { Refusal } from "./refusal";

/** A page before its data has come: its title, then why loading failed or that it is still loading. */
export function PageLoading({
  title,
  failure,
  loading,
}: {
  title: string;
  failure: ApiFailure | null;
  loading: boolean;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Refusal failure={failure} />
      {loading ? <Loading /> : null}
    </>
  );
}
