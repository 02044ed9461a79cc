/** react-dom ships no types and the repository has no @types/react-dom: the one call the back office makes. */
declare module 'react-dom/client' {
  import type { ReactNode } from 'react';
  export function createRoot(container: Element): { render(children: ReactNode): void; unmount(): void };
}
declare module '*.css';
