import { call } from "../api/client";
import { fileAddress } from "../api/files";
import { PageHeader } from "../components/page-header";
import { PagedSection } from "../components/paged-section";
import { formatDateTime, formatNumber, formatSeconds } from "../format";
import { useLoad } from "../hooks/use-load";
import { usePages } from "../hooks/use-pages";
import { Link } from "../router/link";
import { AreaNav } from "./walkthroughs/area-nav";
import { JobState } from "./walkthroughs/job-status";
import { artifactsOf, type Job } from "./walkthroughs/jobs";
import { readPlan } from "./walkthroughs/plan-file";

/** The site a finished plan is of (read from its plan file), or a placeholder while there is none. */
function PlanSite({ job }: { job: Job }) {
  const [file] = artifactsOf(job, "storyboard");
  const plan = useLoad(() => (file?.url ? readPlan(file.url) : Promise.resolve(null)), job.id);
  const label = plan.data
    ? `${plan.data.url} (${plan.data.beats.length} beats)`
    : `Plan of ${formatDateTime(job.createdAt)}`;
  return <Link to={`/walkthroughs/plans/${job.id}`}>{label}</Link>;
}

/** The walkthrough videos and the plans they come from. */
export default function Walkthroughs() {
  const renders = usePages((cursor) => call("renders.list", { query: { limit: 20, cursor } }));
  const plans = usePages((cursor) => call("storyboards.list", { query: { limit: 20, cursor } }));
  const plan = (
    <Link className="button primary" to="/walkthroughs/new">
      Plan a walkthrough
    </Link>
  );
  return (
    <>
      <AreaNav />
      <PageHeader
        title="Walkthroughs"
        description="Product walkthroughs filmed from a live website: plan one, review its beats, then render the video."
        actions={plan}
      />
      <PagedSection
        titleId="videos-title"
        title="Videos"
        pages={renders}
        empty={{
          title: "No videos yet",
          body: "Plan a walkthrough, review its beats, then render it: the video appears here.",
        }}
        columns={["Video", "Status", "Length", "Video time"]}
        row={(r) => {
          const [poster] = artifactsOf(r, "poster");
          return (
            <tr key={r.id}>
              <th scope="row">
                <span className="video-cell">
                  {poster?.url ? <img className="thumb" src={fileAddress(poster.url)} alt="" /> : null}
                  <Link to={`/walkthroughs/videos/${r.id}`}>Video of {formatDateTime(r.createdAt)}</Link>
                </span>
              </th>
              <td>
                <JobState job={r} />
                {r.progress ? <span className="muted block small">{formatNumber(r.progress.percent)} %</span> : null}
              </td>
              <td className="num">{r.result?.durationSeconds ? formatSeconds(r.result.durationSeconds) : "—"}</td>
              <td className="num">
                {r.cost.secondsCharged !== null
                  ? formatSeconds(r.cost.secondsCharged)
                  : `${formatSeconds(r.cost.secondsReserved)} held`}
              </td>
            </tr>
          );
        }}
      />
      <PagedSection
        titleId="plans-title"
        title="Plans"
        pages={plans}
        empty={{ title: "No plans yet", body: "A plan is the list of beats a video is filmed from.", action: plan }}
        columns={["Plan", "Status", "Started"]}
        row={(s) => (
          <tr key={s.id}>
            <th scope="row" className="url">
              <PlanSite job={s} />
            </th>
            <td>
              <JobState job={s} />
            </td>
            <td className="when">{formatDateTime(s.createdAt)}</td>
          </tr>
        )}
      />
    </>
  );
}
