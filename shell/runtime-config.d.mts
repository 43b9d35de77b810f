import type { Plugin } from 'vite';
export type RemoteEntry = { name: string; entry: string; routes: string[] };
export type RuntimeConfig = { apiUrl: string; affiliateSignupUrl: string; remotes: RemoteEntry[] };
export const REMOTES: { name: string; urlVar: string; defaultPort: number; routes: string[] }[];
export function buildRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig;
export function runtimeConfigPlugin(): Plugin;
