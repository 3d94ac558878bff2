/** The communication endpoint (POST /functions/v1/azure-communication), for the company's own services. */
export { COMMUNICATION_PATH, communicationPolicyFromEnv, communicationRouter } from "./api.server";
