import { sectionsPage } from "~/components/sections-page";
import { pageMeta } from "~/lib/seo";
import { DashboardHeader, DemoDashboard } from "./sections";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/dashboard");

export default sectionsPage(DashboardHeader, DemoDashboard);
