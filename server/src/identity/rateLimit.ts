/**
 * Brake on password guessing: after repeated wrong passwords for one e-mail (or from one address) sign-in answers
 * 429 for a while. Covers signon (hooked onto the account routes from the outside, see registerLoginRateLimit)
 * and the link calls that also check a password (wechat/link, alipay/link).
 * Kept in memory: one reference-server process. Several processes behind a balancer would each count alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors.ts';

export interface LimitRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const EMAIL_RULE: LimitRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const ADDRESS_RULE: LimitRule = { maxFailures: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

interface Counter {
  failures: number;
  since: number;
  lockedUntil: number;
}

export class LoginLimiter {
  private counters = new Map<string, Counter>();
  constructor(private now: () => number = Date.now) {}

  private keys(ip: string, email: string): [string, LimitRule][] {
    return [[`email:${email.trim().toLowerCase()}`, EMAIL_RULE], [`ip:${ip}`, ADDRESS_RULE]];
  }

  /** Milliseconds until this e-mail / address may try again; 0 when it may now. */
  waitMs(ip: string, email: string): number {
    const now = this.now();
    let wait = 0;
    for (const [key] of this.keys(ip, email)) {
      const c = this.counters.get(key);
      if (c && c.lockedUntil > now) wait = Math.max(wait, c.lockedUntil - now);
    }
    return wait;
  }

  failed(ip: string, email: string): void {
    const now = this.now();
    for (const [key, rule] of this.keys(ip, email)) {
      const c = this.counters.get(key);
      const fresh = !c || now - c.since > rule.windowMs;
      const next: Counter = fresh ? { failures: 1, since: now, lockedUntil: 0 } : { ...c, failures: c.failures + 1 };
      if (next.failures >= rule.maxFailures) next.lockedUntil = now + rule.lockMs;
      this.counters.set(key, next);
    }
    this.sweep(now);
  }

  /** A right password clears the e-mail's count (the address keeps its own: it may be guessing many e-mails). */
  succeeded(email: string): void {
    this.counters.delete(`email:${email.trim().toLowerCase()}`);
  }

  /** Throws 429 while the e-mail or address is locked. */
  check(ip: string, email: string): void {
    const wait = this.waitMs(ip, email);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      throw new ApiError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }

  private sweep(now: number) {
    if (this.counters.size < 10_000) return;
    for (const [key, c] of this.counters) if (c.lockedUntil < now && now - c.since > ADDRESS_RULE.windowMs) this.counters.delete(key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    loginLimiter: LoginLimiter;
  }
}

const emailOf = (req: FastifyRequest) => {
  const body = req.body as { emailID?: unknown } | undefined;
  return typeof body?.emailID === 'string' ? body.emailID : '';
};

/**
 * Installs the limiter on the root instance and hooks it onto signon: refused before the password is checked
 * while locked; a 401 answer counts as a failure, a 200 clears the e-mail's count.
 */
export function registerLoginRateLimit(app: FastifyInstance, prefix: string) {
  const limiter = new LoginLimiter();
  app.decorate('loginLimiter', limiter);
  const signon = `${prefix}/common3/signon`;
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.url === signon) limiter.check(req.ip, emailOf(req));
  });
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.url !== signon) return;
    if (reply.statusCode === 401) limiter.failed(req.ip, emailOf(req));
    else if (reply.statusCode === 200) limiter.succeeded(emailOf(req));
  });
}
