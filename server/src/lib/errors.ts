export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: string[];
  constructor(statusCode: number, message: string | string[]) {
    const list = Array.isArray(message) ? message : [message];
    super(list[0]);
    this.statusCode = statusCode;
    this.errors = list;
  }
}

export const badRequest = (m: string | string[]) => new ApiError(400, m);
export const unauthorized = (m = 'Please sign in') => new ApiError(401, m);
export const forbidden = (m: string) => new ApiError(403, m);
export const notFound = (m = 'Not found') => new ApiError(404, m);
export const conflict = (m: string | string[]) => new ApiError(409, m);

export function errorBody(messages: string[]) {
  return { message: messages[0] ?? 'Error', errors: messages.length ? messages : ['Error'] };
}

/**
 * The database is unreachable for the moment (connection refused, dropped or timed out; PostgreSQL shutting down or
 * terminating the session): the request gets a 503 with a message and the server carries on; the pool reconnects.
 */
export function isDatabaseUnavailable(err: any): boolean {
  const code = typeof err?.code === 'string' ? err.code : '';
  // 08: connection exceptions; 28: the server refused our credentials; 3D000: the database is gone (dropped or
  // renamed); 57P0x: the server is shutting down or starting. None is the request's fault (probe N9).
  if (/^(08|28)/.test(code) || ['3D000', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i.test(String(err?.message ?? ''));
}
