/** Types for eslint-layers.js (the layer rule), for its test. */
export const FEATURE_ORDER: string[];
export function refusal(importerFile: string, target: string): string | null;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
