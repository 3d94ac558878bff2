/**
 * The development server's environment, set before anything reads it (the
 * dev entry imports this module first, before ~/platform/env.server.ts would
 * default NODE_ENV to production): React, React Router and Vite in development mode, and
 * the embedded database, outbox and form secret in ./data-dev, so a developer
 * never writes into the production ./data by accident. An explicit DATA_DIR
 * still wins.
 */
process.env.NODE_ENV = "development";
process.env.DATA_DIR ||= "./data-dev";
