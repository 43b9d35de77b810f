import type { UserConfigFnObject } from 'vite';

export function sharedSingletons(): Record<
  string,
  { singleton: true; requiredVersion: string; import?: string }
>;

/** What the shell and every remote compile for. */
export const BUILD_TARGET: string;

/** The whole Vite configuration of a remote of the registry, on `env.PORT` or its own port. */
export function remoteViteConfig(options: {
  name: string;
  env?: Record<string, string | undefined>;
}): UserConfigFnObject;
