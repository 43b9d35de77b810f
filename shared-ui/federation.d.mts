import type { UserConfigFnObject } from 'vite';

/**
 * The modules shared as singletons (React's names served by Preact's compat layer among them);
 * `command` is Vite's, and the dev server's JSX runtime is shared only for 'serve'.
 */
export function sharedSingletons(options?: {
  command?: 'build' | 'serve';
}): Record<string, { singleton: true; requiredVersion: string; import?: string; version?: string }>;

/** What the shell and every remote compile for. */
export const BUILD_TARGET: string;

/** The whole Vite configuration of a remote of the registry, on `env.PORT` or its own port. */
export function remoteViteConfig(options: {
  name: string;
  env?: Record<string, string | undefined>;
}): UserConfigFnObject;
