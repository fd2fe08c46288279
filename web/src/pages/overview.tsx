import { call } from "../api/client";
import { Loading } from "../components/loading";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { Refusal } from "../components/refusal";
import { Section } from "../components/section";
import { useLoad } from "../hooks/use-load";
import { useSession } from "../session/session";
import { Ledger } from "./overview/ledger";
import { UsageChart } from "./overview/usage-chart";
import { WalletSummary } from "./overview/wallet-summary";

/** The wallet (what video time there is and where it came from) and how much the dashboard was used. */
export default function Overview() {
  const { account } = useSession();
  const wallet = useLoad(async () => {
    const [balance, plans] = await Promise.all([
      call("wallet.get", {}),
      call("catalog.listPlans", { query: { limit: 100 } }),
    ]);
    return { balance, plans: plans.data };
  });
  return (
    <>
      <PageHeader
        title="Overview"
        description="Your balance of video time, every movement of it, and how much you have used the service."
      />
      {account && !account.account.emailVerified ? (
        <Notice tone="warning">
          <p>
            <strong>Verify your email address.</strong> We mailed a link to {account.account.email}; open it to finish
            setting up. Rendering a reviewed walkthrough and exporting a marketing video need it.
          </p>
        </Notice>
      ) : null}
      <Section titleId="wallet-title" title="Video time">
        <Refusal failure={wallet.failure} />
        {wallet.data ? <WalletSummary wallet={wallet.data.balance} plans={wallet.data.plans} /> : null}
        {wallet.loading && !wallet.data ? <Loading /> : null}
      </Section>
      <UsageChart />
      <Ledger />
    </>
  );
}
