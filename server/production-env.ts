/**
 * React and React Router choose their development or production builds from
 * NODE_ENV when they are first loaded, and the development builds render
 * several times slower. Default it to production before anything imports
 * them: every Node entry point imports this module first.
 */
process.env.NODE_ENV ??= "production";
