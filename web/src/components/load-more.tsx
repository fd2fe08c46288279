/** The next page of a list (the API's cursor), loaded on request. */
export function LoadMore({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <div className="load-more">
      <button type="button" className="button" onClick={onClick} disabled={busy}>
        {busy ? "Loading…" : "Show more"}
      </button>
    </div>
  );
}
