// The dashboards routersh ships (builtin/*.yaml), bundled into the build as text, read by the
// same validator as a user's file (a test checks each against the simulator's metrics and logs).
import overview from './builtin/overview.yaml?raw';

const BUILTIN: ReadonlyMap<string, string> = new Map([['overview', overview]]);

export const builtinDashboardNames = (): string[] => [...BUILTIN.keys()];

/** The text of the built-in dashboard `name`, or undefined. */
export const builtinDashboard = (name: string): string | undefined => BUILTIN.get(name);
