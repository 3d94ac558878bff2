/**
 * The traffic figures (issue 44, docs/decisions/024-traffic-figures.md):
 * page views and visitors counted on the server as daily aggregates, joined
 * to the enquiries' sources. What the site uses: the counter its HTTP hook
 * feeds (and the rules of what counts), the console's service, the retention
 * sweep's part, the digest's line and the CLI's export.
 */
export { createTrafficCounter, type PageView, type TrafficCounter } from "./counter.server";
export { agentOf, countedPath, whyNotCounted, type NotCounted } from "./rules";
export { dayFigures, trafficReport } from "./report.server";
export {
  createTrafficService,
  trafficCsvChunks,
  trafficCsvHeader,
  trafficDigestLine,
  trafficRetention,
  trafficRowCount,
  type TrafficDigestLine,
} from "./traffic.server";
export { trafficDaily, trafficMarks, trafficMonths, trafficSecrets, trafficTotals } from "./tables.server";
