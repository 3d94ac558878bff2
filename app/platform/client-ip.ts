/**
 * The header through which the Express server tells route actions the client
 * address (from req.ip, which honours TRUST_PROXY). The server always
 * overwrites it, so a client can never supply its own.
 */
export const CLIENT_IP_HEADER = "x-maternis-client-ip";
