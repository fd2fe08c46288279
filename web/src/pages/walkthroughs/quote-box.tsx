import { call } from "../../api/client";
import { Loading } from "../../components/loading";
import { Refusal } from "../../components/refusal";
import { formatSeconds } from "../../format";
import { useLoad } from "../../hooks/use-load";

/** The price of a render with these options (POST /renders/quote: nothing is held or spent). */
export function QuoteBox({ body, at }: { body: Record<string, string | number>; at: string }) {
  const quote = useLoad(() => call("renders.quote", { body }), at);
  const q = quote.data;
  return (
    <section className="quote" aria-labelledby="quote-title">
      <h2 id="quote-title">Price</h2>
      <Refusal failure={quote.failure} />
      {!q && quote.loading ? <Loading what="Pricing the video" /> : null}
      {q ? (
        <>
          <dl className="facts">
            <div>
              <dt>Held when it starts</dt>
              <dd>{q.secondsToReserve === 0 ? "Nothing" : formatSeconds(q.secondsToReserve)}</dd>
            </div>
            <div>
              <dt>Length</dt>
              <dd>
                {q.targetSeconds
                  ? `${formatSeconds(q.targetSeconds)} (fixed)`
                  : q.maxSeconds
                    ? `Auto, up to ${formatSeconds(q.maxSeconds)}`
                    : "Auto"}
              </dd>
            </div>
            <div>
              <dt>Available to you</dt>
              <dd>{formatSeconds(q.availableSeconds)}</dd>
            </div>
          </dl>
          <p className="hint">
            Only the video's real length is charged once it is made; the rest of what is held goes back.
            {q.watermark ? " The video will carry the free-tier mark." : ""}
            {q.capped ? " The length was shortened to fit your balance." : ""}
          </p>
          {!q.sufficient ? (
            <p className="field-problem">
              Your balance is not enough for this video{q.needed ? `: it needs ${formatSeconds(q.needed)}` : ""}.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
