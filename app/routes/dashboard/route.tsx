import { pageMeta } from "~/lib/seo";
import { DashboardHeader, DemoDashboard } from "./sections";

export const meta = () => pageMeta("/dashboard");

export default function Page() {
  return (
    <>
      <DashboardHeader />
      <DemoDashboard />
    </>
  );
}
