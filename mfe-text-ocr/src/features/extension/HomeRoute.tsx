import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ExtensionLoginClose } from './ExtensionLoginClose';

/** The landing routes honour ?source=extension before anything else. */
export function HomeRoute({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return params.get('source') === 'extension' ? <ExtensionLoginClose /> : children;
}
