/**
 * The staff console as its routes reach it: through the router context
 * (`getAppContext(context).console`). Its type is its implementation's,
 * `createStaffConsole` in app/services.server.ts, whose services live beside it
 * (server/staff/*.server.ts): a method's definition is the code that runs.
 * The modules next to this one hold what the routes and the services share
 * (row types, labels, limits, form schemas). A type import only (erased when
 * built): eslint allows this one file to name server/ that way.
 */
import type { ServerStaffConsole } from "./services.server.ts";

/** The services without what only the server uses (the banner's change events, shutting down). */
export type StaffConsole = Omit<ServerStaffConsole, "siteBanner" | "close">;
