import type { Plan, Wallet } from "../../api/types";
import { Badge } from "../../components/badge";
import { Notice } from "../../components/notice";
import { formatDateTime, formatNumber, formatSeconds } from "../../format";

function Stat({ label, seconds, note }: { label: string; seconds: number; note: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>
        <span className="stat-value">{formatSeconds(seconds)}</span>
        <span className="stat-exact">{formatNumber(seconds)} seconds</span>
        <span className="stat-note">{note}</span>
      </dd>
    </div>
  );
}

/** The wallet's buckets (spec: Account, wallet.*), each with what it means. */
export function WalletSummary({ wallet, plans }: { wallet: Wallet; plans: Plan[] }) {
  const plan = plans.find((p) => p.id === wallet.planId);
  return (
    <>
      <div className="plan-line">
        <span>
          Plan: <strong>{plan?.name ?? wallet.planId ?? "none"}</strong>
        </span>
        {wallet.planId ? (
          <Badge tone={wallet.planActive ? "good" : "warn"}>{wallet.planActive ? "active" : "lapsed"}</Badge>
        ) : null}
        {wallet.planActive && wallet.planExpiresAt ? (
          <span className="muted">current period ends {formatDateTime(wallet.planExpiresAt)}</span>
        ) : null}
        {plan ? (
          <span className="muted">
            {formatSeconds(plan.secondsPerPeriod)} every {plan.periodDays} days
          </span>
        ) : null}
      </div>
      <dl className="stats">
        <Stat
          label="Available"
          seconds={wallet.availableSeconds}
          note="What new work can use: plan, top-up and free time, less what is held."
        />
        <Stat label="Plan" seconds={wallet.planSeconds} note="Granted each period; what is unused lapses at its end." />
        <Stat label="Top-up" seconds={wallet.paygSeconds} note="Bought separately; it does not lapse." />
        <Stat label="Free" seconds={wallet.freeSeconds} note="The sign-up gift; videos made with it carry a mark." />
        <Stat
          label="Reserved"
          seconds={wallet.reservedSeconds}
          note="Held for work still running; settled when it ends."
        />
      </dl>
      {wallet.paid ? null : (
        <Notice tone="info">
          <p>
            API keys need paid time: a live plan or top-up seconds (free seconds do not count). The operator of this
            service can add time to your account.
          </p>
        </Notice>
      )}
    </>
  );
}
