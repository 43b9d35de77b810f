export function sharedSingletons(): Record<string, { singleton: true; requiredVersion: string }>;
