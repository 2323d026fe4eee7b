import type { AdminLoginRequest, AdminSessionResponse, ApiErrorBody, ApiFieldError, AuditListResponse, CreateOperatorRequest, CreateOperatorResponse, OperatorListResponse, OperatorView, SetPasswordResponse, UpdateOperatorRequest } from '../../shared/api';
import { ApiError } from '../api/ApiError';

/**
 * An admin call the server refused: its status, `{ mensaje, code }` and any per-field refusals (`errors`), an
 * `ApiError` so the buyer's dialogs reused by the console (corrected answers) put them on their fields; a refused
 * event file's `problems` too (the event editor puts them at their fields).
 */
export class AdminApiError extends ApiError {
  constructor(status: number, code: string | undefined, mensaje: string, validationErrors: ApiFieldError[] = [], readonly problems: NonNullable<ApiErrorBody['problems']> = []) {
    super(status, mensaje, code, validationErrors);
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The console's HTTP calls: the session cookie goes with every one (same origin), and every
 * state-changing call carries the session's CSRF token in `X-CSRF-Token` (set from each login or
 * who-am-I answer). Other console pages build their calls on `request`.
 */
export function createAdminApi(language: () => string) {
  let csrf = '';
  const remember = <T extends { csrf_token?: string }>(answer: T): T => {
    if (answer.csrf_token) csrf = answer.csrf_token;
    return answer;
  };
  async function request<T>(method: string, url: string, payload?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'accept-language': language() };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (STATE_CHANGING.has(method) && csrf) headers['x-csrf-token'] = csrf;
    const response = await fetch(url, { method, credentials: 'same-origin', headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
    if (response.status === 204) return undefined as T;
    const answer = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    if (!response.ok) throw new AdminApiError(response.status, answer.code, answer.mensaje ?? String(response.status), answer.errors, answer.problems);
    return answer as T;
  }
  return {
    request,
    login: async (body: AdminLoginRequest) => remember(await request<AdminSessionResponse>('POST', '/api/admin/session', body)),
    whoAmI: async () => remember(await request<AdminSessionResponse>('GET', '/api/admin/session')),
    finishEnrolment: async (code: string) => remember(await request<AdminSessionResponse>('POST', '/api/admin/session/totp', { code })),
    logout: () => request<void>('DELETE', '/api/admin/session'),
    logoutEverywhere: () => request<void>('POST', '/api/admin/session/everywhere'),
    setPassword: (token: string, password: string) => request<SetPasswordResponse>('POST', '/api/admin/password', { token, password }),
    operators: () => request<OperatorListResponse>('GET', '/api/admin/operators'),
    addOperator: (body: CreateOperatorRequest) => request<CreateOperatorResponse>('POST', '/api/admin/operators', body),
    updateOperator: (id: string, body: UpdateOperatorRequest) => request<OperatorView>('PATCH', `/api/admin/operators/${encodeURIComponent(id)}`, body),
    audit: (before?: number) => request<AuditListResponse>('GET', `/api/admin/audit?limit=50${before ? `&before=${before}` : ''}`),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
