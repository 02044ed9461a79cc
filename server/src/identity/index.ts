/** Picks the identity provider. Only the sandbox ships with the reference server; a real one is added here. */
import type { IdentityProvider } from './provider.ts';
import { sandboxIdentityProvider } from './sandbox.ts';

export function createIdentityProvider(name: string, apiPrefix: string): IdentityProvider {
  if (name === 'sandbox') return sandboxIdentityProvider(apiPrefix);
  throw new Error(`IDENTITY_PROVIDER '${name}' is not available in this build (only 'sandbox')`);
}

export type { IdentityChannel, IdentityKind, IdentityProvider, VerifiedIdentity } from './provider.ts';
export { IdentityCodeError } from './provider.ts';
