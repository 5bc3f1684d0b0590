/**
 * The one error catalogue. Every error the server answers, on the API and on the
 * admin API, is an ApiError rendered as `{ error: { code, message } }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers the answer carries besides the error body (`WWW-Authenticate` on a 401). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { code: number; message: string };
}

export function errorBody(status: number, message: string): ErrorBody {
  return { error: { code: status, message } };
}

export const errors = {
  badRequest: (message: string) => new ApiError(400, message),
  invalid: (where: string, message: string) => new ApiError(400, `Invalid ${where}: ${message}`),
  unauthorized: (message = 'A valid bearer token is required: send "Authorization: Bearer <token>"') =>
    new ApiError(401, message),
  forbidden: (action: string) => new ApiError(403, `You do not have permission to ${action}`),
  notFound: (what: string, id?: string) =>
    new ApiError(404, id === undefined ? `${what} not found` : `${what} "${id}" not found`),
  routeNotFound: (method: string, path: string) => new ApiError(404, `No route for ${method} ${path}`),
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    new ApiError(405, `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`),
  /**
   * A request field that names a record the state lacks: 400 naming the field, but 404 for an
   * empty id, which the official document allows and which names nothing (docs/behaviour.md).
   */
  unknownReference: (ids: string | readonly string[], message: string) =>
    new ApiError((typeof ids === 'string' ? ids === '' : ids.includes('')) ? 404 : 400, message),
  conflict: (message: string) => new ApiError(409, message),
  gone: (message: string) => new ApiError(410, message),
  preconditionFailed: (message: string) => new ApiError(412, message),
  payloadTooLarge: (limit: number) => new ApiError(413, `Request body is larger than ${limit} bytes`),
  unsupportedMediaType: (type: string) =>
    new ApiError(415, `Unsupported content type "${type}"; send application/json`),
  internal: (message = 'Internal error') => new ApiError(500, message),
  notImplemented: (operationId: string) =>
    new ApiError(501, `${operationId} is part of the GitBook API but not served by this mock yet`),
} as const;
