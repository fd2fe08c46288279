import type { ApiFailure } from "../api/failure";
import { type FieldLabels, refusalLines, refusalSentence } from "../api/refusals";

/** A refusal, said plainly, with what each field needs and the request id to quote. */
export function Refusal({ failure, labels }: { failure: ApiFailure | null; labels?: FieldLabels }) {
  if (!failure) return null;
  const lines = refusalLines(failure, labels);
  return (
    <div className="notice notice-error" role="alert">
      <p>{refusalSentence(failure)}</p>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {failure.requestId ? (
        <p className="request-id">
          Request id <code>{failure.requestId}</code>: quote it if you ask for help.
        </p>
      ) : null}
    </div>
  );
}
