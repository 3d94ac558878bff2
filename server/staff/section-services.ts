import type { PgBoss } from "pg-boss";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/log.server";
import { consoleSections } from "~/routes/staff/sections";
import type { Store } from "../db/db.server";
import type { Keys } from "../db/keys.server";

/** What the console is built on: the enquiry pipeline's database, job queue and keys, in the web process. */
export type ConsoleDeps = { store: Store; boss: PgBoss; env: Env; log: Logger; keys: Keys };

/** What a section's service is built from: the console's deps and the fingerprint key (FINGERPRINT_KEY), which keys the audit log's hashes. */
export type SectionDeps = ConsoleDeps & { secret: string };

/**
 * The services of the console's sections, by the name a section gives in
 * app/routes/staff/sections.ts (`service: "dataRequests"`). Each one's module,
 * server/staff/<name in kebab-case>.server.ts (data-requests.server.ts),
 * default-exports the function that builds it from {@link SectionDeps} and
 * adds its own line here, typed by that function:
 *
 *     export default function build(deps: SectionDeps) { ... }
 *     declare module "./section-services" {
 *       interface SectionServices { dataRequests: ReturnType<typeof build> }
 *     }
 *
 * So a new section's service is its module and its test: nothing else names it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each section's module (above)
export interface SectionServices {}

type NamedService = Extract<(typeof consoleSections)[number], { service: string }>["service"];
/** Every service a section names has a module that declares it, and every one declared has its section (or this fails to compile). */
export const everyServiceHasItsSection: [NamedService, keyof SectionServices] extends [
  keyof SectionServices,
  NamedService,
]
  ? true
  : never = true;

/** The name of the module that builds the service `name`: "dataRequests" is built by ./data-requests.server.ts. */
export const serviceModule = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Builds the service of every section that names one, from its module. */
export async function createSectionServices(deps: SectionDeps): Promise<SectionServices> {
  const services: Record<string, unknown> = {};
  for (const section of consoleSections) {
    if (!("service" in section)) continue;
    // A template of one folder's files: Vite bundles every match; tsx and Node load the file itself.
    const module = (await import(`./${serviceModule(section.service)}.server.ts`)) as {
      default: (deps: SectionDeps) => unknown;
    };
    services[section.service] = module.default(deps);
  }
  return services as unknown as SectionServices;
}
