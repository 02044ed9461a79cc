/** Picks the payment provider (PAYMENT_PROVIDER). Only the sandbox ships with the reference server; a real one is added here. */
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider, type SandboxOptions } from './sandbox.ts';

export function createPaymentProvider(name: string, sandbox: SandboxOptions = {}): PaymentProvider {
  if (name === 'sandbox') return sandboxProvider(sandbox);
  throw new Error(`PAYMENT_PROVIDER '${name}' is not available in this build (only 'sandbox')`);
}
