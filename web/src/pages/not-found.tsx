import { PageHeader } from "../components/page-header";
import { Link } from "../router/link";

export function NotFound() {
  return (
    <>
      <PageHeader title="No page here" description="This address is not a page of the dashboard." />
      <p>
        <Link to="/">Go to the overview</Link>
      </p>
    </>
  );
}
